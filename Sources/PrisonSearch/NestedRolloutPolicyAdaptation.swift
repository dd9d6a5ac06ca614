import Foundation
import PrisonRules

/// Nested Rollout Policy Adaptation (Rosin, 2011): rollouts draw moves with probabilities from a
/// policy of weights; at level n, a hundred level n-1 searches run in turn and after each the
/// policy is moved toward the best line so far. A move is a leader of a group (see ``Leader``):
/// listing leaders costs far less than listing groups, and a group with two leaders is simply
/// twice as likely. Moves of the colour with the most blocks start
/// with a bias against them (the tabu colour, as in the other searches' rollouts). The level is
/// the highest whose hundred-fold cost fits the budget; fresh searches follow while time is left.
enum NestedRolloutPolicyAdaptation {
    static let iterations = 100
    static let learningRate = 1.0
    /// The bias against the tabu colour's moves, in units of policy weight.
    static let tabuBias = -4.0

    /// Weights by move code.
    typealias Policy = [Double]

    static func search(from root: Position, incumbent: Line, in context: SearchContext) -> Line {
        var best = incumbent
        // A level-1 search measures what a rollout costs, to pick the level the budget allows.
        let start = ContinuousClock.now
        let room = root.board.room
        let fresh = Policy(repeating: 0, count: room.cellCount * Board.maximumColours)
        var policy = fresh
        best = better(nested(from: root, level: 1, policy: &policy, in: context), best)
        let perRollout = (ContinuousClock.now - start) / Double(max(context.allowance.playouts, 1))
        while !context.allowance.isSpent {
            let affordable = context.allowance.remaining(perPlayout: perRollout)
            var level = 1
            while level < 5 && pow(Double(iterations), Double(level + 1)) <= affordable { level += 1 }
            var policy = fresh
            best = better(nested(from: root, level: level, policy: &policy, in: context), best)
        }
        return best
    }

    private static func better(_ line: Line, _ other: Line) -> Line { line.isBetter(than: other) ? line : other }

    private static func nested(from root: Position, level: Int, policy: inout Policy, in context: SearchContext)
        -> Line
    {
        if level == 0 { return rollout(from: root, policy: policy, in: context) }
        var best: Line?
        for _ in 0..<iterations {
            var trial = policy
            let line = nested(from: root, level: level - 1, policy: &trial, in: context)
            if best.map({ line.score >= $0.score }) ?? true { best = line }
            if context.allowance.isSpent { break }
            adapt(&policy, toward: best!, from: root, in: context)
        }
        return best!
    }

    /// The code of a move: its group's first cell and colour, as an index into a policy.
    @inline(__always)
    private static func code(of leader: Leader, in room: Room) -> Int {
        ((leader.cell.wall * room.width + leader.cell.column) * room.height + leader.cell.row) * Board.maximumColours
            + leader.colour
    }

    /// The weights of the moves `groups` under `policy`, with the tabu colour's bias.
    private static func weights(
        of leaders: [Leader], in room: Room, tabu: Int, policy: Policy, into weights: inout [Double]
    ) {
        weights.removeAll(keepingCapacity: true)
        let biased = leaders.contains { $0.colour != tabu }
        for leader in leaders {
            weights.append(exp(policy[code(of: leader, in: room)] + (biased && leader.colour == tabu ? tabuBias : 0)))
        }
    }

    private static func rollout(from root: Position, policy: Policy, in context: SearchContext) -> Line {
        let tabu = SearchContext.tabuColour(of: root.board)
        context.working.load(root.board)
        var moves = root.moves
        var score = root.score
        var leaders: [Leader] = []
        var weights: [Double] = []
        while true {
            leaders.removeAll(keepingCapacity: true)
            context.working.appendLeaders(to: &leaders)
            if leaders.isEmpty { break }
            Self.weights(of: leaders, in: root.board.room, tabu: tabu, policy: policy, into: &weights)
            var pick = Double(context.generator.next() >> 11) * 0x1p-53 * weights.reduce(0, +)
            var chosen = 0
            while chosen < leaders.count - 1 && pick >= weights[chosen] {
                pick -= weights[chosen]
                chosen += 1
            }
            let cell = leaders[chosen].cell
            let size = context.working.removeGroup(at: cell)
            score += context.goal.points(forGroupOf: size, atMove: moves.count)
            moves.append(cell)
        }
        let remaining = context.working.blockCount
        context.allowance.countPlayout()
        return Line(moves: moves, score: remaining == 0 ? score + Rules.clearBonus : score, remaining: remaining)
    }

    /// Moves `policy` toward playing `line` from `root`: at each of its boards, the weight of the
    /// move it made rises and every legal move's weight falls in proportion to its probability.
    private static func adapt(_ policy: inout Policy, toward line: Line, from root: Position, in context: SearchContext)
    {
        let old = policy
        let tabu = SearchContext.tabuColour(of: root.board)
        context.working.load(root.board)
        var leaders: [Leader] = []
        var weights: [Double] = []
        for cell in line.moves.dropFirst(root.moves.count) {
            leaders.removeAll(keepingCapacity: true)
            context.working.appendLeaders(to: &leaders)
            Self.weights(of: leaders, in: root.board.room, tabu: tabu, policy: old, into: &weights)
            let total = weights.reduce(0, +)
            for (leader, weight) in zip(leaders, weights) {
                let code = code(of: leader, in: root.board.room)
                policy[code] -= learningRate * weight / total
                if leader.cell == cell { policy[code] += learningRate }
            }
            context.working.removeGroup(at: cell)
        }
    }
}
