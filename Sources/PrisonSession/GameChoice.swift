import PrisonRules
import PrisonSearch

/// What new games are made of, so N knows what to make next: the room, the colours, the rules,
/// and whether boards are built to be cleared.
public struct GameOrigin: Hashable, Sendable {
    /// The room's shape.
    var room: Room
    /// How many colours a new board has.
    package var colours: Int
    /// The rules games are played by.
    package var rules: Rules
    /// Whether new boards are built backwards from a clear, so each can be cleared.
    package var solvable: Bool

    /// Games of `room` with `colours` colours under `rules`, built to be cleared when `solvable`.
    package init(room: Room, colours: Int, rules: Rules, solvable: Bool = false) {
        self.room = room
        self.colours = colours
        self.rules = rules
        self.solvable = solvable
    }

    /// A new board of this origin from `seed`. A board built to be cleared can take seconds (up
    /// to about a minute in the biggest rooms of two colours, where the backward construction
    /// gets stuck and a search has to clear random boards), so front ends build it off the main
    /// thread and can give it up: once `shouldStop` returns true the build ends (the construction
    /// or the search, whichever is under way), and this throws.
    package func board(seed: UInt64, shouldStop: @escaping @Sendable () -> Bool = { false }) throws(BoardError) -> Board {
        guard solvable else { return try Board.random(room: room, colours: colours, seed: seed) }
        guard
            let built = try SolvableBoard.generated(
                room: room, colours: colours, corners: rules.corners, seed: seed, shouldStop: shouldStop)
        else { throw .noClearableBoardFound(room, colours: colours) }
        return built.board
    }

    /// The origin of games like `board`: its room, its colours (up to its highest, so new games
    /// keep as many) and `rules`.
    public init(like board: Board, rules: Rules) {
        self.init(room: board.room, colours: max(2, (board.colourCounts.lastIndex { $0 > 0 } ?? 0) + 1), rules: rules)
    }
}

/// The game a session plays, as a front end chose it.
package struct ChosenGame {
    /// The game to play, as it starts (a replay's is its start board).
    package let game: Game
    /// What N makes next.
    package let origin: GameOrigin
    /// Moves that play themselves (a replay), or nil for a game the player plays.
    package let replay: [Move]?
    /// Whether this is the player's game in progress, saved on quit for next time: the saved
    /// game resumed, or a new default board when there is none.
    package let isProgress: Bool
    /// Whether there was no game to resume, so the player may want to choose one (the menu).
    package var isFirstGame: Bool { isProgress && !resumed }
    private let resumed: Bool


    /// A game chosen by a front end: `game`, making games of `origin` next; with `replay`, its
    /// moves play themselves; `isProgress` for the player's game in progress, `resumed` when it
    /// was saved before (not a first game).
    package init(game: Game, origin: GameOrigin, replay: [Move]?, isProgress: Bool, resumed: Bool = false) {
        self.resumed = resumed
        self.game = game
        self.origin = origin
        self.replay = replay
        self.isProgress = isProgress
    }
}
