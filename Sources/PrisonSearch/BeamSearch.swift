import Dispatch
import PrisonRules
import Synchronization

/// Monte-Carlo beam search (after Cazenave, 2012): the boards reached after each number of
/// moves, cut to the `width` whose rollout scored most, every move of every board in the beam
/// tried with a tabu-colour rollout. The best line any rollout found is kept; boards reached
/// twice in a layer are kept once.
///
/// The colour kept for the end is fixed for a whole search, not chosen again at each board:
/// job `k` keeps the colour with the `k`th most blocks at the start (the most, the second
/// most, …), and each job searches alone; the best line wins. On boards where the most frequent
/// colour is the wrong one to keep, the second job clears the board where the first cannot.
///
/// Passes double the width while a pass costs little against the budget; then one pass as wide
/// as the rest of the budget allows, measured on the passes before (and again if time is left).
enum BeamSearch {
    static func search(from root: Position, incumbent: Line, with contexts: [SearchContext]) -> Line {
        let counts = root.board.colourCounts
        // Colours by blocks on the board, most first (ties: the lower colour first).
        let ranked = counts.indices.filter { counts[$0] > 0 }.sorted { (counts[$0], -$0) > (counts[$1], -$1) }
        guard !ranked.isEmpty else { return incumbent }
        let lines = Mutex<[Line?]>(Array(repeating: nil, count: contexts.count))
        DispatchQueue.concurrentPerform(iterations: contexts.count) { job in
            contexts[job].keptColour = ranked[job % ranked.count]
            let found = passes(from: root, incumbent: incumbent, in: contexts[job])
            lines.withLock { $0[job] = found }
        }
        let found = lines.withLock { $0.map { $0! } }
        return found.dropFirst().reduce(found[0]) { $1.isBetter(than: $0) ? $1 : $0 }
    }

    /// Passes of ever wider beams from `root` in one job, until its budget is spent.
    private static func passes(from root: Position, incumbent: Line, in context: SearchContext) -> Line {
        var best = incumbent
        var width = 1
        while !context.allowance.isSpent {
            let before = context.allowance.playouts
            let started = ContinuousClock.now
            best = search(from: root, width: width, incumbent: best, in: context)
            // No rollout at all: the board has no move to try.
            guard context.allowance.playouts > before else { break }
            let used = context.allowance.playouts - before
            let perWidth = Double(used) / Double(width)
            let affordable = context.allowance.remaining(perPlayout: (ContinuousClock.now - started) / Double(used))
            let planned = perWidth * Double(width) * 2 * 16 < affordable ? Double(width) * 2 : affordable * 0.9 / perWidth
            width = Int(min(max(planned, 1), 1e9))
        }
        return best
    }

    private struct Candidate {
        let score: Int
        /// The index of the board in the beam, then of the move among the board's moves: the
        /// order of equal scores.
        let parent: Int
        let order: Int
        let cell: Cell
    }

    private static func search(from root: Position, width: Int, incumbent: Line, in context: SearchContext) -> Line {
        var best = incumbent
        var beam = [root]
        var candidates: [Candidate] = []
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
                    if context.allowance.isSpent { return best }
                    candidates.append(Candidate(score: score, parent: parent, order: order, cell: group.cell))
                }
            }
            candidates.sort { ($0.score, -$0.parent, -$0.order) > ($1.score, -$1.parent, -$1.order) }
            var seen = Set<Board>()
            var next: [Position] = []
            for candidate in candidates where next.count < width {
                let child = context.child(of: beam[candidate.parent], breaking: candidate.cell)
                if seen.insert(child.board).inserted { next.append(child) }
            }
            beam = next
        }
        return best
    }
}
