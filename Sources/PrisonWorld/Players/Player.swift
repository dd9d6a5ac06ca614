import PrisonRules

/// A simulated player: it looks at a game and picks the group to break next.
///
/// To add a player, write a type conforming to `Player` in a file of its own and list it in
/// ``Players/all``.
public protocol Player: SendableMetatype {
    /// The name the command line knows the player by.
    static var name: String { get }
    /// One line on how the player chooses.
    static var summary: String { get }
    /// A player whose choices, when random, come from `generator` alone.
    init(generator: SeededGenerator)
    /// The group to break next in `game`; nil when the game has no move.
    mutating func chooseGroup(in game: Game) -> Group?
}

/// The simulated players.
public enum Players {
    /// Every player, in the order the command line lists them.
    public static let all: [any Player.Type] = [RandomPlayer.self, GreedyPlayer.self]

    /// The player named `name`.
    public static func named(_ name: String) -> (any Player.Type)? {
        all.first { $0.name == name }
    }
}
