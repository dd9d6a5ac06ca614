import Foundation
import PrisonRules
import PrisonSearch

/// What new games are made of, so N knows what to make next: the room, the colours, the rules,
/// and whether boards are built to be cleared.
public struct GameOrigin: Hashable, Sendable {
    /// The room's shape.
    public var room: Room
    /// How many colours a new board has.
    public var colours: Int
    /// The rules games are played by.
    public var rules: Rules
    /// Whether new boards are built backwards from a clear, so each can be cleared.
    public var solvable: Bool

    /// Games of `room` with `colours` colours under `rules`, built to be cleared when `solvable`.
    public init(room: Room, colours: Int, rules: Rules, solvable: Bool = false) {
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
    public func board(seed: UInt64, shouldStop: @escaping @Sendable () -> Bool = { false }) throws(BoardError) -> Board {
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

/// Which game a player asked a front end for: a replay's file, a board's file, a new random
/// board's options (any of them makes a new board), or none of these for the game in progress.
public struct GameRequest: Hashable, Sendable {
    /// A saved game (or a `prison-sim run --replays` game) to watch play itself.
    public var replay: String?
    /// A board file (prison-sim's board format) to play.
    public var board: String?
    /// The seed of a new random board (the same seed, the same board).
    public var seed: UInt64?
    /// The walls of a new board's room: 4, or 1.
    public var walls: Int?
    /// The columns of each wall of a new board.
    public var width: Int?
    /// The rows of each wall of a new board.
    public var height: Int?
    /// The colours of a new board.
    public var colours: Int?

    /// A request of these options; none of them asks for the game in progress.
    public init(
        replay: String? = nil, board: String? = nil, seed: UInt64? = nil, walls: Int? = nil, width: Int? = nil,
        height: Int? = nil, colours: Int? = nil
    ) {
        self.replay = replay
        self.board = board
        self.seed = seed
        self.walls = walls
        self.width = width
        self.height = height
        self.colours = colours
    }

    /// Whether the request makes a new random board.
    public var makesNewBoard: Bool { seed != nil || walls != nil || width != nil || height != nil || colours != nil }

    /// The room a new board has: the options given, the default room's for the rest.
    public func room() throws(RoomError) -> Room {
        try Room(walls: walls ?? Room.standard.walls, width: width ?? Room.standard.width, height: height ?? Room.standard.height)
    }
}

/// The game a session plays, as chosen from a ``GameRequest``.
public struct ChosenGame {
    /// The game to play, as it starts (a replay's is its start board).
    public let game: Game
    /// What N makes next.
    public let origin: GameOrigin
    /// Moves that play themselves (a replay), or nil for a game the player plays.
    public let replay: [Move]?
    /// Whether this is the player's game in progress, saved on quit for next time: the saved
    /// game resumed, or a new default board when there is none.
    public let isProgress: Bool
    /// Whether there was no game to resume, so the player may want to choose one (the menu).
    public var isFirstGame: Bool { isProgress && !resumed }
    private let resumed: Bool

    /// The default number of colours of a new board.
    public static let defaultColours = 5

    /// The game `request` asks for: a replay's board, a board file, a new random board when any
    /// of its options is given, else the game in progress `profile` saved, else a new board of the
    /// shape last chosen in the menu (the default room until one is). A new board the request
    /// gives no seed for comes from `seed` (the front end draws it: the session's target reads no
    /// random source).
    public init(_ request: GameRequest, profile: Profile, seed: UInt64) throws(AssetError) {
        if let path = request.replay {
            let text = try readFile(atPath: path, what: "replay file")
            do throws(SaveError) {
                let played = try SavedGame(json: text).game()
                self.init(
                    game: Game(start: played.start, rules: played.rules), origin: GameOrigin(like: played.start, rules: played.rules),
                    replay: played.moves, isProgress: false)
                return
            } catch {
                throw AssetError("replay file '\(path)': \(error)")
            }
        }
        if let path = request.board {
            let text = try readText(atPath: path, what: "board file")
            do throws(TextError) {
                let start = try Board(text: text)
                let rules = Rules(fittedTo: start.room)
                self.init(game: Game(start: start, rules: rules), origin: GameOrigin(like: start, rules: rules), replay: nil, isProgress: false)
                return
            } catch {
                throw AssetError("board file '\(path)': \(error)")
            }
        }
        if !request.makesNewBoard, let saved = profile.savedGame() {
            self.init(
                game: saved, origin: GameOrigin(like: saved.start, rules: saved.rules), replay: nil, isProgress: true, resumed: true)
            return
        }
        let origin: GameOrigin
        if request.makesNewBoard {
            let room: Room
            do throws(RoomError) { room = try request.room() } catch { throw AssetError(error.description) }
            origin = GameOrigin(room: room, colours: request.colours ?? Self.defaultColours, rules: Rules(fittedTo: room))
        } else {
            // No game to resume: the shape last chosen on the menu's New-game page (its board a
            // random one; N goes on to build boards to be cleared when that was chosen).
            let options = profile.settings.newGame
            let room = (try? options.room()) ?? Room.standard
            origin = GameOrigin(room: room, colours: options.colours, rules: Rules(fittedTo: room), solvable: options.solvable)
        }
        do throws(BoardError) {
            var random = origin
            random.solvable = false
            let start = try random.board(seed: request.seed ?? seed)
            self.init(game: Game(start: start, rules: origin.rules), origin: origin, replay: nil, isProgress: !request.makesNewBoard)
        } catch {
            throw AssetError(error.description)
        }
    }

    private init(game: Game, origin: GameOrigin, replay: [Move]?, isProgress: Bool, resumed: Bool = false) {
        self.resumed = resumed
        self.game = game
        self.origin = origin
        self.replay = replay
        self.isProgress = isProgress
    }
}
