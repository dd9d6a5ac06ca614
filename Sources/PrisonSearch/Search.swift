import PrisonRules

/// The ways to search for a good game.
public enum SearchMethod: String, CaseIterable, Sendable {
    /// Nested Monte-Carlo Search with tabu-colour rollouts.
    case nmcs
    /// Nested Rollout Policy Adaptation with a tabu-colour bias.
    case nrpa
    /// Monte-Carlo beam search: boards ranked by their best rollout.
    case beam

    /// One line on how the method searches.
    public var summary: String {
        switch self {
        case .nmcs: "nested Monte-Carlo search with tabu-colour rollouts, levels rising until the time is up"
        case .nrpa: "nested rollout policy adaptation, rollouts biased against the tabu colour, level fitted to the time"
        case .beam: "Monte-Carlo beam search: boards ranked by tabu-colour rollouts, ever wider beams until the time is up"
        }
    }
}

/// What a search found: the best line and how much work it took.
public struct SearchResult: Hashable, Sendable {
    /// The best line found.
    public let line: Line
    /// Playouts run by all jobs (for beam search, boards expanded).
    public let playouts: Int
    /// Wall-clock time from start to answer.
    public let elapsed: Duration
}

/// A search for the best game from a board: a method, a goal, a budget, jobs and a seed.
public struct Search: Sendable {
    /// How the search looks for good lines.
    public var method: SearchMethod
    /// What a line scores: the rules and the multipliers.
    public var goal: SearchGoal
    /// How long the search may run.
    public var budget: SearchBudget
    /// Threads searching at once, each on its own stream of random numbers: for beam search
    /// they share one beam, otherwise each searches alone and the best line wins.
    public var jobs: Int
    /// The seed of the searches' random numbers.
    public var seed: UInt64

    /// A search by `method` for the best line under `goal`, within `budget`, on `jobs` threads
    /// (at least 1), with random numbers from `seed`.
    public init(
        method: SearchMethod = .nmcs, goal: SearchGoal = SearchGoal(), budget: SearchBudget, jobs: Int = 1,
        seed: UInt64 = 1
    ) {
        self.method = method
        self.goal = goal
        self.budget = budget
        self.jobs = max(1, jobs)
        self.seed = seed
    }

    /// The best line found from `board` within the budget, or by the time `shouldStop` returns
    /// true; never worse than `moves`, a line found before (played as far as it is legal, then
    /// rolled out). With one job and a playout budget, the same board and seed give the same line.
    public func run(
        from board: Board, startingWith moves: [Cell] = [], shouldStop: @escaping @Sendable () -> Bool = { false }
    ) -> SearchResult {
        let start = ContinuousClock.now
        let contexts = (0..<jobs).map { job in
            SearchContext(
                board: board, goal: goal, generator: SeededGenerator(seed: seed, stream: UInt64(job)),
                allowance: Allowance(budget: budget, start: start, shouldStop: shouldStop))
        }
        let root = Position(board: board, moves: [], score: 0)
        let line: Line
        if method == .beam {
            line = BeamSearch.search(
                from: root, incumbent: contexts[0].incumbent(from: root, following: moves), with: contexts)
        } else {
            // One search a job, each on its own random numbers; the best line wins.
            let method = method
            let found = SearchContext.eachJob(of: contexts) { _, context in
                let incumbent = context.incumbent(from: root, following: moves)
                return method == .nmcs
                    ? NestedMonteCarlo.search(from: root, incumbent: incumbent, in: context)
                    : NestedRolloutPolicyAdaptation.search(from: root, incumbent: incumbent, in: context)
            }
            line = found[found.indexOfBest]
        }
        return SearchResult(
            line: line, playouts: contexts.reduce(0) { $0 + $1.allowance.playouts },
            elapsed: ContinuousClock.now - start)
    }
}
