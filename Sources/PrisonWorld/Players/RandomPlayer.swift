import PrisonRules

/// Breaks a group chosen uniformly among the groups that can be broken.
public struct RandomPlayer: Player {
    private var generator: SeededGenerator

    public init(generator: SeededGenerator) { self.generator = generator }

    public mutating func chooseGroup(in game: Game) -> Group? {
        game.board.randomGroup(corners: game.rules.corners, using: &generator)
    }
}
