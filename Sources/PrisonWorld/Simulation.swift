import Dispatch
import PrisonRules
import PrisonSearch
import Synchronization

/// The summary of one simulated game.
public struct GameRecord: Hashable, Sendable {
    /// The game's number in its run, from 0.
    public let index: Int
    /// The seed of the game's board: `prison-sim new --seed` with it makes the same board.
    public let seed: UInt64
    /// The final score, clear bonus included.
    public let score: Int
    /// The groups broken.
    public let moves: Int
    /// Whether the room was cleared.
    public let cleared: Bool
    /// The blocks left at the end.
    public let remaining: Int
    /// The highest multiplier any removal scored with.
    public let maxMultiplier: Int
    /// The removals that scored with a multiplier of 2 or more.
    public let comboRemovals: Int
    /// Taps whose ray found no group to break. Since 2.3.0, where blocks never overlap, a
    /// simulated player's taps do not miss; the field stays for the files and code that read it.
    public let missedTaps: Int

    /// A record with these figures, such as one read back from a file.
    public init(
        index: Int, seed: UInt64, score: Int, moves: Int, cleared: Bool, remaining: Int, maxMultiplier: Int,
        comboRemovals: Int, missedTaps: Int
    ) {
        self.index = index
        self.seed = seed
        self.score = score
        self.moves = moves
        self.cleared = cleared
        self.remaining = remaining
        self.maxMultiplier = maxMultiplier
        self.comboRemovals = comboRemovals
        self.missedTaps = missedTaps
    }
}

/// A simulated game: its summary and the whole game, which replays exactly.
public struct SimulatedGame: Sendable {
    /// The game's summary.
    public let record: GameRecord
    /// The whole game, which replays exactly.
    public let game: Game
}

/// Why a simulation cannot be set up.
public enum SimulationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No player has this name (see ``Players/all``).
    case unknownPlayer(String)
    /// Random boards of the room and colours cannot be made.
    case badBoard(BoardError)

    /// The problem in a sentence, for messages.
    public var description: String {
        switch self {
        case .unknownPlayer(let name): "there is no player named '\(name)'"
        case .badBoard(let error): "\(error)"
        }
    }
}

/// Games played by a simulated player on random boards, each one decided by the run's seed and
/// its number alone, so results do not depend on how many run at once.
public struct Simulation: Sendable {
    /// The room, colours and rules of every game.
    public let room: Room
    /// The colours of the random boards.
    public let colours: Int
    /// The rules every game is played by.
    public let rules: Rules
    /// The player, by its ``PlayerKind/name``.
    public let player: String
    /// The run's seed: with a game's number, it decides the game's board and the player's choices.
    public let seed: UInt64
    /// The world time between two taps.
    public let tapInterval: Duration
    /// Whether taps go through the world (rays, animation); false plays the rules alone.
    public let throughWorld: Bool
    /// The sizes and durations of the worlds the taps go through.
    public let settings: WorldSettings
    /// How long a searching player thinks about each move.
    public let thinking: SearchBudget

    /// The world time between two taps unless told otherwise: 0.8 s, within the default combo
    /// window, so a quick player's taps make combos.
    public static let defaultTapInterval = Duration.milliseconds(800)

    /// A simulation; throws when `player` names no player or random boards of `room` with
    /// `colours` cannot be made.
    public init(
        room: Room, colours: Int, rules: Rules = Rules(), player: String, seed: UInt64,
        tapInterval: Duration = Simulation.defaultTapInterval, throughWorld: Bool = true, settings: WorldSettings = WorldSettings(),
        thinking: SearchBudget = .seconds(0.1)
    ) throws(SimulationError) {
        guard Players.named(player) != nil else { throw .unknownPlayer(player) }
        do { _ = try Board.random(room: room, colours: colours, seed: seed) } catch { throw .badBoard(error) }
        self.room = room
        self.colours = colours
        self.rules = rules
        self.player = player
        self.seed = seed
        self.tapInterval = tapInterval
        self.throughWorld = throughWorld
        self.settings = settings
        self.thinking = thinking
    }

    /// Plays game `index`: a tap every ``tapInterval`` from time 0 until no move is left. In the
    /// world, each tap is a ray from the eye to the centre of the inner face of a block of the
    /// chosen group, where that block is at the moment.
    public func playGame(_ index: Int) -> SimulatedGame {
        // Never asked to stop, the game is played to its end.
        playGame(index, stoppingWhen: { false })!
    }

    /// Plays game `index` as ``playGame(_:)`` does, but abandons it, returning nil, as soon as
    /// `shouldStop` returns true: it is asked before every tap and while a searching player thinks.
    public func playGame(_ index: Int, stoppingWhen shouldStop: @escaping @Sendable () -> Bool) -> SimulatedGame? {
        var streams = SeededGenerator(seed: seed, stream: UInt64(index))
        let boardSeed = streams.next()
        var player = Players.named(self.player)!.makePlayer(
            PlayerSettings(
                generator: SeededGenerator(seed: streams.next()), thinking: thinking, tapInterval: tapInterval,
                shouldStop: shouldStop))
        var aim = SeededGenerator(seed: streams.next())
        // The setup was checked when the simulation was made: a random board can be made.
        let start = Game(start: try! Board.random(room: room, colours: colours, seed: boardSeed), rules: rules)
        var missedTaps = 0
        let game: Game
        if throughWorld {
            let world = World(game: start, settings: settings)
            while !shouldStop(), let group = player.chooseGroup(in: world.game) {
                do { try world.tap(lookingAt: group.cells[aim.below(group.size)]) } catch { missedTaps += 1 }
                world.advance(by: tapInterval)
            }
            while world.isAnimating, !shouldStop() { world.advance(by: .seconds(1)) }
            game = world.game
        } else {
            var rulesGame = start
            var time = Duration.zero
            while !shouldStop(), let group = player.chooseGroup(in: rulesGame) {
                let cell = group.cells[aim.below(group.size)]
                // A group the game itself offered is a legal move.
                try! rulesGame.play(Move(cell, at: time))
                time += tapInterval
            }
            game = rulesGame
        }
        // A game stops early only when it was told to: then it is abandoned.
        guard game.isOver else { return nil }
        let record = GameRecord(
            index: index, seed: boardSeed, score: game.score, moves: game.history.count, cleared: game.isCleared,
            remaining: game.board.blockCount, maxMultiplier: game.history.map(\.multiplier).max() ?? 0,
            comboRemovals: game.history.count { $0.multiplier >= 2 }, missedTaps: missedTaps)
        return SimulatedGame(record: record, game: game)
    }

    /// Plays games `0..<games` on `jobs` threads, handing each finished game to `finished` (from
    /// the thread that played it), until all are played or `shouldStop` returns true; games in
    /// progress when it does are abandoned (see ``playGame(_:stoppingWhen:)``), so a stop takes
    /// effect within a tap or a search's next check of its budget.
    public func run(
        games: Int, jobs: Int, shouldStop: @escaping @Sendable () -> Bool = { false },
        finished: @Sendable (SimulatedGame) -> Void
    ) {
        Self.forEachGame(count: games, jobs: jobs, shouldStop: shouldStop) { index in
            guard let played = playGame(index, stoppingWhen: shouldStop) else { return false }
            finished(played)
            return true
        }
    }

    /// The work loop of every batch of games: `jobs` threads take the numbers `0..<count` one at
    /// a time, in increasing order, and call `play` with each, until all are taken, `shouldStop`
    /// returns true (asked before each number), or `play` returns false (its game was
    /// abandoned), which stops that thread. Which thread plays a number never matters: a game
    /// depends on its number alone.
    public static func forEachGame(
        count: Int, jobs: Int, shouldStop: @Sendable () -> Bool, play: @Sendable (Int) -> Bool
    ) {
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, count))) { _ in
            while !shouldStop() {
                let number = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard number < count, play(number) else { return }
            }
        }
    }
}
