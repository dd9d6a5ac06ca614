import PrisonRules

extension Game {
    /// The best next move a search finds within `budget`, for a player who taps at `time` (nil:
    /// long after the last move): a hint. Nil when no move is left.
    public func hint(within budget: SearchBudget, at time: Duration? = nil, seed: UInt64 = 1) -> Group? {
        hint(within: budget, at: time, seed: seed, continuing: nil)?.group
    }

    /// The best next move a search finds within `budget`, for a player who taps at `time`, and
    /// the plan it belongs to: the search starts from what is left of `plan` (the plan of the
    /// hint before) when the game has followed it, so its line is never worse than that. Pass
    /// the plan returned to the next call. Nil when no move is left.
    public func hint(
        within budget: SearchBudget, at time: Duration? = nil, seed: UInt64 = 1, continuing plan: SearchPlan?
    ) -> (group: Group, plan: SearchPlan)? {
        guard !isOver else { return nil }
        let goal = SearchGoal(rules: rules, nextMultiplier: multiplier(forTapAt: time))
        let search = Search(method: .beam, goal: goal, budget: budget, seed: seed)
        let line = search.run(from: board, startingWith: plan?.movesAhead(of: self) ?? []).line
        guard let group = board.group(at: line.moves[0], corners: rules.corners) else { return nil }
        return (group, SearchPlan(board: board, line: line.moves))
    }
}
