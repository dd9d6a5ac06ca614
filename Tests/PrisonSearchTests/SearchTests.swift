import Foundation
import PrisonRules
import PrisonSearch
import Synchronization
import Testing

/// The game `line` makes when its moves are played on `board`, each `interval` after the last
/// (untimed when nil).
func replay(_ line: Line, on board: Board, rules: Rules = Rules(), interval: Duration? = nil) throws -> Game {
    let moves = line.moves.enumerated().map { index, cell in Move(cell, at: interval.map { $0 * index }) }
    return try Game(start: board, rules: rules, replaying: moves)
}

/// A board and the index of the next move, as a key of exhaustive searches.
struct BoardAtMove: Hashable {
    let board: Board
    let index: Int
}

@Suite("Searches")
struct SearchTests {
    static let boards: [(String, Board)] = [
        ("classic 8x8", try! Board.random(room: try! Room(walls: 1, width: 8, height: 8), colours: 4, seed: 5)),
        ("four walls 5x4", try! Board.random(room: try! Room(walls: 4, width: 5, height: 4), colours: 4, seed: 6)),
    ]

    @Test("Every line a search returns replays to its score and blocks left, on classic boards and rooms",
          arguments: SearchMethod.allCases)
    func linesReplay(method: SearchMethod) throws {
        for (name, board) in Self.boards {
            for corners in CornerLinks.allCases {
                let rules = Rules(corners: corners)
                let result = Search(
                    method: method, goal: SearchGoal(rules: rules), budget: SearchBudget(playouts: 3_000), jobs: 2
                ).run(from: board)
                let game = try replay(result.line, on: board, rules: rules)
                #expect(game.score == result.line.score, "\(method) \(name) \(corners)")
                #expect(game.board.blockCount == result.line.remaining)
                #expect(game.isOver, "a line plays to the end")
                #expect(result.playouts >= 3_000)
            }
        }
    }

    @Test("A line scored with chained multipliers replays to its score with taps inside the combo window",
          arguments: SearchMethod.allCases)
    func chainedGoal(method: SearchMethod) throws {
        let board = Self.boards[1].1
        let goal = SearchGoal(nextMultiplier: 1, isChained: true)
        let line = Search(method: method, goal: goal, budget: SearchBudget(playouts: 2_000)).run(from: board).line
        let game = try replay(line, on: board, interval: .milliseconds(500))
        #expect(game.history.map(\.multiplier) == Array(1...line.moves.count))
        #expect(game.score == line.score)
    }

    @Test("Searches beat random play by far", arguments: SearchMethod.allCases)
    func strength(method: SearchMethod) throws {
        let board = try Board.random(room: .classic, colours: 5, seed: 3)
        var playouts = Playouts(room: .classic)
        var generator = SeededGenerator(seed: 1)
        let random = (0..<200).map { _ in playouts.playRandomly(from: board, using: &generator).score }
        let line = Search(method: method, budget: SearchBudget(playouts: 20_000)).run(from: board).line
        #expect(line.score > 4 * random.reduce(0, +) / random.count, "\(line.score)")
        #expect(line.score > random.max()!)
    }

    @Test("With one job, the same seed and playout budget give the same game", arguments: SearchMethod.allCases)
    func deterministic(method: SearchMethod) throws {
        let board = Self.boards[0].1
        let search = Search(method: method, budget: SearchBudget(playouts: 2_500), seed: 9)
        let first = search.run(from: board)
        #expect(search.run(from: board).line == first.line)
        #expect(Search(method: method, budget: SearchBudget(playouts: 2_500), seed: 10).run(from: board).playouts > 0)
    }

    @Test("The time budget is kept: the search answers at its deadline, not long after", arguments: SearchMethod.allCases)
    func timeBudget(method: SearchMethod) throws {
        // A generous margin: this checks that searches stop, not how fast a loaded machine is.
        let board = try Board.random(room: .standard, colours: 5, seed: 2)
        let result = Search(method: method, budget: .seconds(0.5), jobs: 2).run(from: board)
        #expect(result.elapsed >= .milliseconds(500))
        #expect(result.elapsed < .milliseconds(2500), "\(result.elapsed)")
        #expect(try replay(result.line, on: board).score == result.line.score)
    }

    @Test("A playout budget is spent to the last playout by every job, whatever stages a search has",
          arguments: SearchMethod.allCases)
    func playoutBudget(method: SearchMethod) throws {
        let board = try Board.random(room: try Room(walls: 1, width: 10, height: 10), colours: 5, seed: 6)
        for jobs in [1, 2, 3] {
            let result = Search(method: method, budget: SearchBudget(playouts: 1_000), jobs: jobs).run(from: board)
            #expect(result.playouts == jobs * 1_000, "\(method), \(jobs) jobs")
        }
    }

    @Test("A stop request returns the best line so far at once", arguments: SearchMethod.allCases)
    func stopRequest(method: SearchMethod) throws {
        let board = try Board.random(room: .standard, colours: 5, seed: 4)
        let result = Search(method: method, budget: .seconds(600), jobs: 2).run(from: board) { true }
        #expect(result.elapsed < .seconds(10))
        #expect(try replay(result.line, on: board).score == result.line.score)
    }

    @Test("A search that starts with a line found before never does worse", arguments: SearchMethod.allCases)
    func startingLine(method: SearchMethod) throws {
        let board = Self.boards[0].1
        let good = Search(method: .beam, budget: SearchBudget(playouts: 20_000)).run(from: board).line
        let again = Search(method: method, budget: SearchBudget(playouts: 10), seed: 3).run(
            from: board, startingWith: good.moves)
        #expect(again.line.score >= good.score)
    }

    /// The best score from `board` under `goal` after `index` moves, by trying every game
    /// (boards met again at the same move are looked up in `known`: with chained multipliers,
    /// points depend on the move's index).
    static func bestScore(from board: Board, goal: SearchGoal, atMove index: Int, known: inout [BoardAtMove: Int]) -> Int {
        if let score = known[BoardAtMove(board: board, index: index)] { return score }
        let groups = board.groups(corners: goal.rules.corners)
        var best = board.isEmpty ? Rules.clearBonus : 0
        for (k, group) in groups.enumerated() {
            var after = board
            try! after.removeGroup(at: group.cells[0], corners: goal.rules.corners)
            let score = goal.points(forGroupOf: group.size, atMove: index)
                + bestScore(from: after, goal: goal, atMove: index + 1, known: &known)
            best = k == 0 ? score : max(best, score)
        }
        known[BoardAtMove(board: board, index: index)] = best
        return best
    }

    @Test("A beam with room for every board of a small game finds its best score, checked by trying every game")
    func beamFindsTheBest() throws {
        let boards = [
            try Board.random(room: try Room(walls: 1, width: 5, height: 4), colours: 3, seed: 11),
            try Board.random(room: try Room(walls: 1, width: 5, height: 4), colours: 3, seed: 12),
            try Board.random(room: try Room(walls: 4, width: 2, height: 3), colours: 3, seed: 13),
        ]
        for board in boards {
            for goal in [SearchGoal(), SearchGoal(nextMultiplier: 2, isChained: true)] {
                let line = Search(method: .beam, goal: goal, budget: SearchBudget(playouts: 200_000)).run(from: board).line
                var known: [BoardAtMove: Int] = [:]
                #expect(line.score == Self.bestScore(from: board, goal: goal, atMove: 0, known: &known), "\(board)")
            }
        }
    }

    @Test("A board with no move: an empty line at once, whatever the budget", arguments: SearchMethod.allCases)
    func noMove(method: SearchMethod) throws {
        let board = try Board(text: "12\n21")
        let result = Search(method: method, budget: SearchBudget(playouts: 1_000_000)).run(from: board)
        #expect(result.line == Line(moves: [], score: 0, remaining: 4))
    }

    @Test("Few-colour boards in big rooms come from a search that cleared them")
    func searchedBoards() throws {
        for (room, colours) in [(try Room(walls: 4, width: 7, height: 5), 2), (try Room(walls: 1, width: 12, height: 10), 3)] {
            let made = try #require(try SolvableBoard.searched(room: room, colours: colours, seed: 7))
            #expect(made.board.blockCount == room.cellCount)
            #expect(try Game(start: made.board, replaying: made.solution.map { Move($0) }).isCleared)
            #expect(try SolvableBoard.searched(room: room, colours: colours, seed: 7) == made)
        }
    }

    @Test("A board that is wanted no more: the build stops, even one the construction would finish")
    func stoppedBuilds() throws {
        // Built backwards at the first attempt when nothing stops it.
        #expect(try SolvableBoard.generated(room: .classic, colours: 5, seed: 1) != nil)
        for askedBeforeStopping in [0, 1, 10] {
            let asked = Mutex(0)
            let stop: @Sendable () -> Bool = { asked.withLock { $0 += 1; return $0 > askedBeforeStopping } }
            #expect(try SolvableBoard.generated(room: .classic, colours: 5, seed: 1, shouldStop: stop) == nil)
            // Once it says stop, it is not asked again and again by work that goes on.
            #expect(asked.withLock { $0 } <= askedBeforeStopping + 3)
        }
    }
}
