import Dispatch
import PrisonRules
import Synchronization

/// One job's working memory and account: the board it works on, its random numbers, its budget.
/// Used by one thread at a time.
final class SearchContext: @unchecked Sendable {
    let goal: SearchGoal
    var working: WorkingBoard
    var generator: SeededGenerator
    var allowance: Allowance
    /// The colour rollouts keep for the end; nil: the one with the most blocks on the board
    /// each rollout starts from.
    var keptColour: Int?
    /// The moves of the last ``rollout(from:)``.
    private(set) var rolloutMoves: [Cell] = []

    init(board: Board, goal: SearchGoal, generator: SeededGenerator, allowance: Allowance) {
        self.goal = goal
        working = WorkingBoard(board, corners: goal.rules.corners, keepsIdentities: false)
        self.generator = generator
        self.allowance = allowance
    }

    /// The groups `board` offers, in the order of their first cells.
    func groups(of board: Board) -> [GroupChoice] {
        working.load(board)
        var groups: [GroupChoice] = []
        working.appendGroups(to: &groups)
        return groups
    }

    /// The position after breaking the group at `cell`, which must be a move of `position`.
    func child(of position: Position, breaking cell: Cell) -> Position {
        working.load(position.board)
        let size = working.removeGroup(at: cell)
        precondition(size >= 2, "a search broke a group that is not a move")
        return Position(
            board: working.board, moves: position.moves + [cell],
            score: position.score + goal.points(forGroupOf: size, atMove: position.moves.count))
    }

    /// The final score and blocks left of a game played on from `position` by the tabu-colour
    /// policy: groups drawn at random, avoiding the colour that has the most blocks at the start
    /// while other groups are left, so that colour gathers into one large group for the end. The
    /// moves are in ``rolloutMoves``.
    ///
    /// With a `first` move, the rollout begins with it; it must be a move of `position`.
    func rollout(from position: Position, first: Cell? = nil) -> (score: Int, remaining: Int) {
        let tabu = keptColour ?? Self.tabuColour(of: position.board)
        working.load(position.board)
        rolloutMoves.removeAll(keepingCapacity: true)
        var score = position.score
        var index = position.moves.count
        if let first {
            let size = working.removeGroup(at: first)
            precondition(size >= 2, "a rollout began with a group that is not a move")
            rolloutMoves.append(first)
            score += goal.points(forGroupOf: size, atMove: index)
            index += 1
        }
        score = Self.playOut(
            &working, avoiding: tabu, using: &generator, recordingMoves: &rolloutMoves, goal: goal, from: index,
            score: score)
        let remaining = working.blockCount
        allowance.countPlayout()
        return (remaining == 0 ? score + Rules.clearBonus : score, remaining)
    }

    /// Plays the tabu-colour policy to the end on `working` and returns `score` plus the points
    /// of its moves, the first of them the `index`th move of the game. A static function on
    /// `inout` arguments, so that the loop runs without the run-time exclusivity checks that
    /// each access to a class's stored properties costs.
    private static func playOut(
        _ working: inout WorkingBoard, avoiding tabu: Int, using generator: inout SeededGenerator,
        recordingMoves moves: inout [Cell], goal: SearchGoal, from index: Int, score: Int
    ) -> Int {
        var score = score
        var index = index
        while let group = working.removeRandomGroup(avoiding: tabu, using: &generator) {
            moves.append(group.cell)
            score += goal.points(forGroupOf: group.size, atMove: index)
            index += 1
        }
        return score
    }

    /// The line of a rollout from `position`.
    func rolloutLine(from position: Position) -> Line {
        let (score, remaining) = rollout(from: position)
        return Line(moves: position.moves + rolloutMoves, score: score, remaining: remaining)
    }

    /// The best line known at the start: a rollout, or `moves` played from `root` as far as they
    /// are legal and then rolled out, whichever scores more.
    func incumbent(from root: Position, following moves: [Cell]) -> Line {
        let fresh = rolloutLine(from: root)
        var position = root
        for cell in moves {
            working.load(position.board)
            guard working.removeGroup(at: cell) > 0 else { break }
            position = child(of: position, breaking: cell)
        }
        guard position.moves.count > 0 else { return fresh }
        let followed = rolloutLine(from: position)
        return followed.isBetter(than: fresh) ? followed : fresh
    }

    /// The lines of `search` run by every job at once, each on its own thread with its own
    /// context, in the order of `contexts`.
    static func eachJob(
        of contexts: [SearchContext], _ search: @Sendable (_ job: Int, _ context: SearchContext) -> Line
    ) -> [Line] {
        let lines = Mutex<[Line?]>(Array(repeating: nil, count: contexts.count))
        DispatchQueue.concurrentPerform(iterations: contexts.count) { job in
            let found = search(job, contexts[job])
            lines.withLock { $0[job] = found }
        }
        return lines.withLock { $0.map { $0! } }
    }

    /// The colour rollouts keep for the end: the one with the most blocks on `board` (0 on an
    /// empty board).
    static func tabuColour(of board: Board) -> Int { coloursByCount(on: board).first ?? 0 }

    /// The colours that have blocks on `board`, the most blocks first (ties: the lower colour
    /// first): the order in which jobs keep colours for the end.
    static func coloursByCount(on board: Board) -> [Int] {
        let counts = board.colourCounts
        return counts.indices.filter { counts[$0] > 0 }.sorted { (counts[$0], -$0) > (counts[$1], -$1) }
    }
}
