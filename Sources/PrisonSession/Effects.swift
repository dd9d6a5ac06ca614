import PrisonRules
import PrisonSearch
import PrisonWorld

/// What the session asks of the front end that runs it, grouped by who carries it out. The
/// session does no input or output of its own: it says what is to be done, and the front end does
/// it (``Session/takeEffects()``). A host switches over the groups, and each group's carrier over
/// its own cases only: the player's files over ``Keeping``, the background jobs over ``Work``, the
/// window (or headset) over ``WindowEffect``.
public enum Effect: Equatable, Sendable {
    /// Play `sound`, its pitch (and speed) scaled by `pitch`.
    case sound(SoundEffect, pitch: Float)
    /// Keep something of the player's records (the game, its history, scores, statistics) for the
    /// next start: the player's database.
    case keep(Keeping)
    /// Keep the settings, now `settings`, for the next start: the player's configuration.
    case keepSettings(Settings)
    /// Work on a thread of the front end's own, answered later.
    case work(Work)
    /// What only the front end's window (or headset) can do.
    case window(WindowEffect)
}

/// What the session asks the player's database to keep (``Effect/keep(_:)``).
public enum Keeping: Equatable, Sendable {
    /// Keep `game` as the player's game in progress, for the next start.
    case game(Game)
    /// Forget the game in progress: it is over.
    case forgetGame
    /// Keep the games U goes back to (`earlier`, the last one the nearest) and those
    /// Ctrl+Shift+Z returns to (`later`, likewise), for the next start.
    case gameHistory(earlier: [Game], later: [Game])
    /// Keep the best scores, now `table`.
    case scores(ScoreTable)
    /// Keep the statistics, now `statistics`.
    case statistics(Statistics)
}

/// Work the session asks the front end to do off its thread (``Effect/work(_:)``).
public enum Work: Equatable, Sendable {
    /// Search for a hint and answer with ``Session/hintFound(_:for:)``.
    case searchHint(HintQuery)
    /// Build a board and answer with ``Session/boardBuilt(_:for:)``.
    case buildBoard(BoardOrder)
    /// Stop building the board of `order`: it is wanted no more, and no answer is expected.
    case cancelBoard(BoardOrder)
}

/// What only the front end's window (or headset) can do (``Effect/window(_:)``).
public enum WindowEffect: Equatable, Sendable {
    /// Switch between a window and the full screen.
    case toggleFullscreen
    /// Save a screenshot of the frame, to `path` or (nil) to a new file of the front end's choosing.
    case screenshot(path: String?)
    /// Capture the pointer for mouse-look (true) or give it back (false).
    case mouseLook(Bool)
    /// Close the front end: the session is over.
    case quit
}

/// A hint to search for: the best move in `game` for a tap at `time`, going on from `plan`.
public struct HintQuery: Equatable, Sendable {
    /// The game the hint is for.
    package let game: Game
    /// The world time of the tap the hint is for (the combo multiplier depends on it).
    package let time: Duration
    /// The plan of the hint before, which the search goes on from.
    package let plan: SearchPlan?
    /// How long the search may take.
    static let budget = SearchBudget(time: .milliseconds(300))

    /// The best group to break, with the plan it belongs to, or nil when there is no move: the
    /// search the front end runs for this query, on any thread.
    public func search() -> (group: Group, plan: SearchPlan)? {
        game.hint(within: Self.budget, at: time, continuing: plan)
    }
}

/// A board to build: of `origin`'s shape and colours, from `seed`.
public struct BoardOrder: Equatable, Sendable {
    /// What the board is made of.
    package let origin: GameOrigin
    /// The seed it is made from.
    package let seed: UInt64

    /// The board, or why there is none: the build the front end runs for this order, on any
    /// thread; it ends early once `shouldStop` returns true.
    public func build(shouldStop: @escaping @Sendable () -> Bool = { false }) -> Result<Board, BoardError> {
        Result { () throws(BoardError) in try origin.board(seed: seed, shouldStop: shouldStop) }
    }
}

/// What the front end can play sounds on, at the start.
public struct SoundOutput: Hashable, Sendable {
    /// Whether there is a device to play on: without one, the session does not offer sound.
    var isAvailable: Bool
    /// Whether the sound starts off (the player's setting can turn it off too).
    var isMuted: Bool

    /// An output that is `available` or not, starting `muted` or not.
    public init(isAvailable: Bool, isMuted: Bool = false) {
        self.isAvailable = isAvailable
        self.isMuted = isMuted
    }
}
