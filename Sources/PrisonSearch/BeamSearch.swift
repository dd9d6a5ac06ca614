import Dispatch
import PrisonRules
import Synchronization

/// Monte-Carlo beam search (after Cazenave, 2012): the boards reached after each number of
/// moves, cut to the `width` whose rollout scored most, every move of every board in the beam
/// tried with a tabu-colour rollout. The best line any rollout found is kept. The jobs share one
/// beam: each expands its share of the boards at every step.
///
/// Passes double the width while a pass costs little against the budget; then one pass as wide
/// as the rest of the budget allows, measured on the passes before (and again if time is left).
enum BeamSearch {
    static func search(from root: Position, incumbent: Line, with contexts: [SearchContext]) -> Line {
        var best = incumbent
        var width = 1
        while !contexts.contains(where: \.allowance.isSpent) {
            let before = contexts[0].allowance.playouts
            let started = ContinuousClock.now
            best = search(from: root, width: width, incumbent: best, with: contexts)
            // Jobs share the work evenly: the first job's account stands for each one's.
            // No rollout at all: the board has no move to try.
            guard contexts[0].allowance.playouts > before else { break }
            let used = contexts[0].allowance.playouts - before
            let perWidth = Double(used) / Double(width)
            let affordable = contexts[0].allowance.remaining(perPlayout: (ContinuousClock.now - started) / Double(used))
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

    private struct Expansion {
        var candidates: [Candidate] = []
        var best: Line?
    }

    private static func search(from root: Position, width: Int, incumbent: Line, with contexts: [SearchContext])
        -> Line
    {
        var best = incumbent
        var beam = [root]
        while !beam.isEmpty {
            let expansions = Mutex(Array(repeating: Expansion(), count: contexts.count))
            let current = beam
            DispatchQueue.concurrentPerform(iterations: contexts.count) { job in
                let expansion = expand(current, share: job, of: contexts.count, in: contexts[job])
                expansions.withLock { $0[job] = expansion }
            }
            var candidates: [Candidate] = []
            for expansion in expansions.withLock(\.self) {
                candidates += expansion.candidates
                if let line = expansion.best, line.isBetter(than: best) { best = line }
            }
            if contexts.contains(where: \.allowance.isSpent) { return best }
            candidates.sort {
                ($0.score, -$0.parent, -$0.order) > ($1.score, -$1.parent, -$1.order)
            }
            var seen = Set<Board>()
            var next: [Position] = []
            for candidate in candidates where next.count < width {
                let child = contexts[0].child(of: beam[candidate.parent], breaking: candidate.cell)
                if seen.insert(child.board).inserted { next.append(child) }
            }
            beam = next
        }
        return best
    }

    /// Tries every move of the boards `share`, `share + shares`, … of `beam` with a rollout.
    private static func expand(_ beam: [Position], share: Int, of shares: Int, in context: SearchContext)
        -> Expansion
    {
        var expansion = Expansion()
        for parent in stride(from: share, to: beam.count, by: shares) {
            let position = beam[parent]
            for (order, group) in context.groups(of: position.board).enumerated() {
                let (score, remaining) = context.rollout(from: position, first: group.cell)
                if expansion.best.map({ score >= $0.score }) ?? true {
                    let line = Line(moves: position.moves + context.rolloutMoves, score: score, remaining: remaining)
                    if expansion.best.map(line.isBetter(than:)) ?? true { expansion.best = line }
                }
                if context.allowance.isSpent { return expansion }
                expansion.candidates.append(Candidate(score: score, parent: parent, order: order, cell: group.cell))
            }
        }
        return expansion
    }
}
