import PrisonRules

/// What a search scores: the rules, and the multiplier each removal gets.
public struct SearchGoal: Hashable, Sendable {
    /// The rules the points follow (scoring, corners, clear bonus).
    public var rules: Rules
    /// The multiplier of the next removal.
    public var nextMultiplier: Int
    /// Whether every removal after the next combos with the one before (multiplier one higher),
    /// as when taps come faster than the combo window; otherwise each scores with multiplier 1.
    public var isChained: Bool

    /// Every removal with multiplier 1, as in classic SameGame and as the move text plays moves
    /// without times: the default.
    public init(rules: Rules = Rules(), nextMultiplier: Int = 1, isChained: Bool = false) {
        self.rules = rules
        self.nextMultiplier = nextMultiplier
        self.isChained = isChained
    }

    /// The points for breaking a group of `size` as the `index`th removal from the search's start.
    @inline(__always)
    public func points(forGroupOf size: Int, atMove index: Int) -> Int {
        let multiplier = isChained ? nextMultiplier + index : index == 0 ? nextMultiplier : 1
        return rules.scoring.points(forGroupOf: size, multiplier: multiplier)
    }
}

/// A game a search found: the moves from the board it started on, each the first cell of the
/// group it breaks, and the score they make under the search's goal, clear bonus included.
public struct Line: Hashable, Sendable {
    /// The moves, each the first cell of the group it breaks.
    public let moves: [Cell]
    /// The score the moves make under the search's goal, clear bonus included.
    public let score: Int
    /// Blocks left when the moves are played.
    public let remaining: Int

    /// A line of `moves` scoring `score` and leaving `remaining` blocks.
    public init(moves: [Cell], score: Int, remaining: Int) {
        self.moves = moves
        self.score = score
        self.remaining = remaining
    }

    /// Whether the moves clear the board.
    public var isCleared: Bool { remaining == 0 }

    /// Whether this line scores more than `other`; of two equal scores, the shorter line wins
    /// (then the first in cell order), so comparisons never depend on the order lines come in.
    func isBetter(than other: Line) -> Bool {
        if score != other.score { return score > other.score }
        if moves.count != other.moves.count { return moves.count < other.moves.count }
        return moves.lexicographicallyPrecedes(other.moves)
    }
}

extension Array where Element == Line {
    /// The index of the best line (see ``Line/isBetter(than:)``); the array must not be empty.
    var indexOfBest: Int { indices.dropFirst().reduce(0) { self[$1].isBetter(than: self[$0]) ? $1 : $0 } }
}

/// A board reached by a search: the moves that lead to it from the start and their points.
struct Position {
    let board: Board
    let moves: [Cell]
    let score: Int
}
