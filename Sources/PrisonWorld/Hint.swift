import PrisonRules
import PrisonSearch

/// The line of moves a hint's search found, kept so that the next hint goes on from it: a
/// player who follows hints gets the search of every hint so far, not only the last one's.
public struct HintPlan: Hashable, Sendable {
    /// How many moves the game had played when the line was found.
    let movesBefore: Int
    /// The line's moves from the board of that time, each a cell of the group it breaks.
    public let line: [Cell]

    /// The moves of the line still ahead of `game`: the rest of the line when every move played
    /// since it was found broke the group the line broke; none when the game left the line (or
    /// was undone past its start).
    public func movesAhead(of game: Game) -> [Cell] {
        let played = game.history.count - movesBefore
        guard played >= 0, played <= line.count else { return [] }
        for (step, outcome) in game.history.suffix(played).enumerated()
        where !outcome.removal.broken.contains(where: { $0.cell == line[step] }) {
            return []
        }
        return Array(line[played...])
    }
}

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
        within budget: SearchBudget, at time: Duration? = nil, seed: UInt64 = 1, continuing plan: HintPlan?
    ) -> (group: Group, plan: HintPlan)? {
        guard !isOver else { return nil }
        let goal = SearchGoal(rules: rules, nextMultiplier: multiplier(forTapAt: time))
        let search = Search(method: .beam, goal: goal, budget: budget, seed: seed)
        let line = search.run(from: board, startingWith: plan?.movesAhead(of: self) ?? []).line
        guard let group = board.group(at: line.moves[0], corners: rules.corners) else { return nil }
        return (group, HintPlan(movesBefore: history.count, line: line.moves))
    }
}

extension World {
    /// The best next move a search finds within `budget`, scored with the multiplier a tap now
    /// would get: the hint a front end shows. Nil when no move is left. The search runs on this
    /// thread; a front end that must not wait can call `Game.hint(within:at:seed:continuing:)`
    /// on a copy of ``game`` elsewhere.
    public func hint(within budget: SearchBudget = .seconds(0.2)) -> Group? {
        game.hint(within: budget, at: time)
    }
}
