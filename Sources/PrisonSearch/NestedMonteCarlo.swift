import PrisonRules

/// Nested Monte-Carlo Search (Cazenave, 2009): at level 1 every move is tried with a rollout
/// after it, at level n with a level n-1 search after it, and the move of the best line found so
/// far is played, remembering that line. Levels rise from 1 until the budget is spent.
enum NestedMonteCarlo {
    static func search(from root: Position, incumbent: Line, in context: SearchContext) -> Line {
        var best = incumbent
        var level = 1
        while !context.allowance.isSpent {
            let before = context.allowance.playouts
            best = nested(from: root, level: level, incumbent: best, in: context)
            // A level that needed no playout found every line the next one would: the game is
            // too short for higher levels to see more.
            if context.allowance.playouts == before { break }
            level += 1
        }
        return best
    }

    /// The best line through `start` a level-`level` search finds, starting from `incumbent`,
    /// which must pass through `start`.
    private static func nested(
        from start: Position, level: Int, incumbent: Line, in context: SearchContext
    ) -> Line {
        var best = incumbent
        var position = start
        while true {
            let groups = context.groups(of: position.board)
            if groups.isEmpty { return best }
            for group in groups {
                let child = context.child(of: position, breaking: group.cell)
                if level == 1 {
                    let (score, remaining) = context.rollout(from: child)
                    if score >= best.score {
                        let line = Line(moves: child.moves + context.rolloutMoves, score: score, remaining: remaining)
                        if line.isBetter(than: best) { best = line }
                    }
                } else {
                    let through = best.moves.starts(with: child.moves) ? best : context.rolloutLine(from: child)
                    let line = nested(from: child, level: level - 1, incumbent: through, in: context)
                    if line.isBetter(than: best) { best = line }
                }
                if context.allowance.isSpent { return best }
            }
            // The best line passes through `position`: follow it one move.
            position = context.child(of: position, breaking: best.moves[position.moves.count])
        }
    }
}
