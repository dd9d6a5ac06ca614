import PrisonRules

/// Breaks a group chosen uniformly among the groups that can be broken.
public struct RandomPlayer: Player {
    private var generator: SeededGenerator

    /// A random player drawing from `generator`.
    public init(generator: SeededGenerator) { self.generator = generator }

    /// A group drawn uniformly from those that can be broken, or nil when none is left.
    public mutating func chooseGroup(in game: Game) -> Group? {
        game.board.randomGroup(corners: game.rules.corners, using: &generator)
    }
}
