import PrisonRules
import PrisonSearch

/// A simulated player: it looks at a game and picks the group to break next.
///
/// To add a player, write a type conforming to `Player` in a file of its own and list it in
/// ``Players/all``.
public protocol Player {
    /// The group to break next in `game`; nil when the game has no move.
    mutating func chooseGroup(in game: Game) -> Group?
}

/// What a simulated player is told when it sits down.
public struct PlayerSettings: Sendable {
    /// Its random choices come from this generator alone.
    public var generator: SeededGenerator
    /// How long a searching player thinks about each move.
    public var thinking: SearchBudget
    /// The time between its taps, with which a searching player counts the multipliers its
    /// taps will make; nil for moves without times.
    public var tapInterval: Duration?
    /// Asked while a searching player thinks: true cuts the thinking short (the game is being
    /// abandoned, as when a run is stopped).
    public var shouldStop: @Sendable () -> Bool

    /// Settings for a player: its random numbers, its thinking time and its tap interval.
    public init(
        generator: SeededGenerator, thinking: SearchBudget = .seconds(0.1), tapInterval: Duration? = nil,
        shouldStop: @escaping @Sendable () -> Bool = { false }
    ) {
        self.generator = generator
        self.thinking = thinking
        self.tapInterval = tapInterval
        self.shouldStop = shouldStop
    }
}

/// A kind of simulated player: its name on the command line, what it does, how to make one.
public struct PlayerKind: Sendable {
    /// The player's name on the command line.
    public let name: String
    /// One line on how the player chooses.
    public let summary: String
    /// Whether the player searches, and so takes time to think.
    public let searches: Bool
    private let make: @Sendable (PlayerSettings) -> any Player

    init(name: String, summary: String, searches: Bool = false, make: @escaping @Sendable (PlayerSettings) -> any Player) {
        self.name = name
        self.summary = summary
        self.searches = searches
        self.make = make
    }

    /// A player of this kind.
    public func makePlayer(_ settings: PlayerSettings) -> any Player { make(settings) }
}

/// The simulated players.
public enum Players {
    /// Every kind of player, in the order the command line lists them.
    public static let all: [PlayerKind] =
        [
            PlayerKind(name: "random", summary: "breaks a group chosen uniformly at random") {
                RandomPlayer(generator: $0.generator)
            },
            PlayerKind(
                name: "greedy", summary: "breaks the group worth the most points now (ties: fewest blocks left, then random)"
            ) { GreedyPlayer(generator: $0.generator) },
        ]
        + SearchMethod.allCases.map { method in
            PlayerKind(name: method.rawValue, summary: "searches: " + method.summary, searches: true) {
                SearchingPlayer(method: method, settings: $0)
            }
        }

    /// The kind of player named `name`.
    public static func named(_ name: String) -> PlayerKind? {
        all.first { $0.name == name }
    }
}
