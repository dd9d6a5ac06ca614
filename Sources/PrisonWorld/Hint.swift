import PrisonRules
import PrisonSearch

/// The line of moves a hint's search found, kept so that the next hint goes on from it: a
/// player who follows hints gets the search of every hint so far, not only the last one's.
public struct HintPlan: Hashable, Sendable {
    /// The board the line starts from.
    let board: Board
    /// The line's moves from the board it starts on, each a cell of the group it breaks.
    public let line: [Cell]

    /// The moves of the line still ahead of `game`: the rest of the line when the game's board is
    /// one the line passes through (the game followed it, breaking any block of each group);
    /// none when the game left the line, was undone past its start, or is another game.
    public func movesAhead(of game: Game) -> [Cell] {
        var board = board
        for step in 0...line.count {
            if board == game.board { return Array(line[step...]) }
            guard step < line.count, (try? board.removeGroup(at: line[step], corners: game.rules.corners)) != nil
            else { break }
        }
        return []
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
        return (group, HintPlan(board: board, line: line.moves))
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
