import PrisonRules

/// Monte-Carlo beam search (after Cazenave, 2012): the boards reached after each number of
/// moves, cut to the `width` whose rollout scored most, every move of every board in the beam
/// tried with a tabu-colour rollout. The best line any rollout found is kept; boards reached
/// twice in a layer are kept once, with the better moves to them (so a beam wide enough for
/// every board finds the best game).
///
/// The colour kept for the end is fixed for a whole search, not chosen again at each board:
/// job `k` keeps the colour with the `k`th most blocks at the start (the most, the second
/// most, …), and each job searches alone; the best line wins. On boards where the most frequent
/// colour is the wrong one to keep, the second job clears the board where the first cannot.
/// After a first tenth of the budget, a colour whose best line leads every other job's by more
/// than ``leadToJoin`` points is kept by every job for the rest, each going on from the best
/// line; otherwise each job goes on with its own colour from its own line.
///
/// Passes double the width while a pass costs little against the budget; then one pass as wide
/// as 90 % of the rest of the budget allows, measured on the passes before. The rest of the
/// budget searches again along the best line: from the board halfway down the moves left after
/// the last search's start, where a beam as wide as the first fits in the little time left, then
/// halfway again, and from the start again once the end is reached.
enum BeamSearch {
    /// The share of the budget after which a colour that leads by ``leadToJoin`` is kept by
    /// every job.
    static let firstStageShare = 0.1
    /// The points by which a colour's best line must lead every other job's after the first
    /// stage for every job to keep it.
    static let leadToJoin = 400

    static func search(from root: Position, incumbent: Line, with contexts: [SearchContext]) -> Line {
        let ranked = SearchContext.coloursByCount(on: root.board)
        guard !ranked.isEmpty else { return incumbent }
        let staged = contexts.count > 1 && ranked.count > 1
        let first = SearchContext.eachJob(of: contexts) { job, context in
            context.keptColour = ranked[job % ranked.count]
            if staged { context.allowance.endStage(atShare: firstStageShare) }
            return searchAlongBestLine(from: root, incumbent: incumbent, in: context)
        }
        let leader = first.indexOfBest
        guard staged else { return first[leader] }
        let joins = first.indices.allSatisfy { $0 == leader || first[leader].score - first[$0].score > leadToJoin }
        let leadingColour = contexts[leader].keptColour
        let rest = SearchContext.eachJob(of: contexts) { job, context in
            context.allowance.resume()
            guard joins else { return searchAlongBestLine(from: root, incumbent: first[job], in: context) }
            context.keptColour = leadingColour
            return searchAlongBestLine(from: root, incumbent: first[leader], in: context)
        }
        let lines = [first[leader]] + rest
        return lines[lines.indexOfBest]
    }

    /// Passes from `root`, then from ever later boards of the best line, until the budget is
    /// spent or a pass from `root` kept every board (the whole game was searched). Every search
    /// starts from a board of the best line with that line as incumbent, so the line only gets
    /// better.
    private static func searchAlongBestLine(from root: Position, incumbent: Line, in context: SearchContext) -> Line {
        var best = incumbent
        var position = root
        while !context.allowance.isSpent {
            let isComplete: Bool
            (best, isComplete) = passes(from: position, incumbent: best, in: context)
            if isComplete && position.moves.count == root.moves.count { break }
            let left = best.moves.count - position.moves.count
            if isComplete || left < 2 {
                position = root
                continue
            }
            for _ in 0..<left / 2 {
                position = context.child(of: position, breaking: best.moves[position.moves.count])
            }
        }
        return best
    }

    /// Passes of ever wider beams from `root` in one job: widths doubling while a pass costs
    /// little against the budget, then one pass planned to take 90 % of what is left. Returns
    /// the best line after that pass, and whether a pass kept every board (wider ones would find
    /// nothing new: the search from `root` is complete) or `root` has no move.
    private static func passes(from root: Position, incumbent: Line, in context: SearchContext)
        -> (line: Line, isComplete: Bool)
    {
        var best = incumbent
        var width = 1
        var isLast = false
        while !context.allowance.isSpent {
            let before = context.allowance.playouts
            let started = ContinuousClock.now
            let pass = search(from: root, width: width, incumbent: best, in: context)
            best = pass.line
            // No rollout at all: the board has no move to try.
            guard context.allowance.playouts > before else { return (best, true) }
            if pass.keptEveryBoard { return (best, true) }
            if isLast { break }
            let used = context.allowance.playouts - before
            let perWidth = Double(used) / Double(width)
            let affordable = context.allowance.remaining(perPlayout: (ContinuousClock.now - started) / Double(used))
            isLast = perWidth * Double(width) * 2 * 16 >= affordable
            let planned = isLast ? affordable * 0.9 / perWidth : Double(width) * 2
            width = Int(min(max(planned, 1), 1e9))
        }
        return (best, false)
    }

    private struct Candidate {
        let score: Int
        /// The index of the board in the beam, then of the move among the board's moves: the
        /// order of equal scores.
        let parent: Int
        let order: Int
        let cell: Cell
    }

    /// One pass of a beam of `width` from `root`: the best line found (never worse than
    /// `incumbent`), and whether no layer had to drop a board for want of width.
    private static func search(from root: Position, width: Int, incumbent: Line, in context: SearchContext)
        -> (line: Line, keptEveryBoard: Bool)
    {
        var best = incumbent
        var beam = [root]
        var candidates: [Candidate] = []
        var keptEveryBoard = true
        while !beam.isEmpty {
            // Every move of every board of the beam, tried with a rollout.
            candidates.removeAll(keepingCapacity: true)
            for (parent, position) in beam.enumerated() {
                for (order, group) in context.groups(of: position.board).enumerated() {
                    let (score, remaining) = context.rollout(from: position, first: group.cell)
                    if score >= best.score {
                        let line = Line(moves: position.moves + context.rolloutMoves, score: score, remaining: remaining)
                        if line.isBetter(than: best) { best = line }
                    }
                    if context.allowance.isSpent { return (best, false) }
                    candidates.append(Candidate(score: score, parent: parent, order: order, cell: group.cell))
                }
            }
            candidates.sort { ($0.score, -$0.parent, -$0.order) > ($1.score, -$1.parent, -$1.order) }
            // A board reached twice is kept once, with the moves that scored more on the way.
            var seen: [Board: Int] = [:]
            var next: [Position] = []
            for candidate in candidates {
                guard next.count < width else {
                    keptEveryBoard = false
                    break
                }
                let child = context.child(of: beam[candidate.parent], breaking: candidate.cell)
                if let kept = seen[child.board] {
                    if child.score > next[kept].score { next[kept] = child }
                } else {
                    seen[child.board] = next.count
                    next.append(child)
                }
            }
            beam = next
        }
        return (best, keptEveryBoard)
    }
}
