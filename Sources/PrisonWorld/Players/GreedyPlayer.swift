import PrisonRules

/// Breaks the group that scores the most points now; among equals, the one that leaves the
/// fewest blocks, then one of those at random.
public struct GreedyPlayer: Player {
    private var generator: SeededGenerator

    /// A greedy player that breaks ties with `generator`.
    public init(generator: SeededGenerator) { self.generator = generator }

    /// The group that scores the most now, or nil when no group is left.
    public mutating func chooseGroup(in game: Game) -> Group? {
        // Every group scores with the same multiplier, so points and blocks left both follow the
        // group's size: the largest groups are the best, whatever the scoring.
        let groups = game.availableGroups
        guard let largest = groups.map(\.size).max() else { return nil }
        let best = groups.filter { $0.size == largest }
        return best[generator.below(best.count)]
    }
}
