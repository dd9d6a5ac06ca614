/// How a game played to its end finished.
public struct PlayoutResult: Hashable, Sendable {
    /// Points scored, clear bonus included.
    public let score: Int
    /// Groups removed.
    public let moves: Int
    /// Blocks left at the end.
    public let remaining: Int

    /// Whether the game cleared the room.
    public var isCleared: Bool { remaining == 0 }

    /// A result of `score` points in `moves` moves, leaving `remaining` blocks.
    public init(score: Int, moves: Int, remaining: Int) {
        self.score = score
        self.moves = moves
        self.remaining = remaining
    }
}

/// Plays games to their end at full speed, untimed (multiplier 1), recording nothing: the inner
/// loop of simulations and searches. Holds its own working memory, so keep one per thread and
/// reuse it.
public struct Playouts: ~Copyable {
    private var engine: Engine
    private let room: Room
    private let scoring: Scoring

    /// Working memory for boards of `room` under `rules`.
    public init(room: Room, rules: Rules = Rules()) {
        engine = Engine(room: room, corners: rules.corners, keepsIdentities: false)
        self.room = room
        scoring = rules.scoring
    }

    /// Plays `board` to the end, removing at every step one of the legal groups, each equally
    /// likely.
    ///
    /// A group is drawn by picking, uniformly, a block that may lead a group (it has a neighbour
    /// of its colour, but none below it or in the column before it), and keeping it only when it
    /// is its group's first block in strip order. Every group has exactly one first block, so
    /// every group has the same chance without listing the groups; a rejected pick stops as soon
    /// as it meets an earlier block.
    @inline(never)  // One call a playout; it keeps a symbol of its own for profilers.
    public mutating func playRandomly(from board: Board, using generator: inout SeededGenerator) -> PlayoutResult {
        playRandomly(from: board, using: &generator) { _ in }
    }

    /// Like ``playRandomly(from:using:)``, and reports each move as it is played: the cell of the
    /// first block of the group, which as a ``Move`` replays the game through ``Game``.
    @inline(__always)
    public mutating func playRandomly(
        from board: Board, using generator: inout SeededGenerator, reportingMoves report: (Cell) -> Void
    ) -> PlayoutResult {
        precondition(board.room == room, "a board of \(board.room) in playouts for \(room)")
        engine.load(board)
        var score = 0
        var moves = 0
        while true {
            guard let first = engine.fillRandomGroup(using: &generator) else { break }
            report(engine.cell(at: first))
            let size = engine.removeFound()
            score += scoring.points(forGroupOf: size)
            moves += 1
        }
        let remaining = engine.blockCount()
        return PlayoutResult(
            score: score + (remaining == 0 ? Rules.clearBonus : 0), moves: moves, remaining: remaining)
    }
}
