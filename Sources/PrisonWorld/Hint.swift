import PrisonRules
import PrisonSearch

extension Game {
    /// The best next move a search finds within `budget`, for a player who taps at `time` (nil:
    /// long after the last move): a hint. Nil when no move is left.
    public func hint(within budget: SearchBudget, at time: Duration? = nil, seed: UInt64 = 1) -> Group? {
        guard !isOver else { return nil }
        let goal = SearchGoal(rules: rules, nextMultiplier: multiplier(forTapAt: time))
        let line = Search(method: .beam, goal: goal, budget: budget, seed: seed).run(from: board).line
        return board.group(at: line.moves[0], corners: rules.corners)
    }
}

extension World {
    /// The best next move a search finds within `budget`, scored with the multiplier a tap now
    /// would get: the hint a front end shows. Nil when no move is left. The search runs on this
    /// thread; a front end that must not wait can call `Game.hint(within:at:seed:)` on a copy
    /// of ``game`` elsewhere.
    public func hint(within budget: SearchBudget = .seconds(0.2)) -> Group? {
        game.hint(within: budget, at: time)
    }
}
