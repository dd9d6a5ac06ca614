import Foundation
import Testing

/// Hand-made boards whose games are worked out by hand from the rules.
enum Boards {
    /// One wall, 4 x 3. Groups: the 2s in column 0 (3 blocks), the 1s at (1,0), (1,1), (2,0)
    /// (3 blocks); the 3 is alone.
    ///
    /// Tapping the 1s (column 1 row 0) removes 3 blocks for (3-2)^2 = 1 point; columns 1 and 2
    /// empty, so the 3 slides from column 3 to column 1. Tapping the 2s then (column 0 row 2)
    /// removes 3 more for 1 point; column 0 empties and the 3 slides to column 0. One block is
    /// left and no group: game over, not cleared, score 2.
    static let classic = """
        2...
        21..
        2113

        """
    static let classicAfterFirst = ["2...", "2...", "23.."]
    static let classicAtEnd = ["....", "....", "3..."]

    /// One wall, 2 x 2: two groups of two, each worth 0 points; clearing adds 1000.
    static let tiny = "11\n22\n"

    /// Four walls, 2 x 2. The 1s at wall 3 column 1 (two blocks) and wall 0 column 0 (one block)
    /// form a group of 3 only through the corner link from wall 3 to wall 0. Every other block
    /// is alone, also across the other corners.
    static let corner = """
        .. .. .. .1
        12 34 56 71

        """

    /// Four walls, 1 x 2. The 2s of walls 1 and 2 form one group of 4 across the corner 1|2; the
    /// 1s of walls 3 and 0 one group of 4 across the corner 3|0.
    static let clearable = """
        1 2 2 1
        1 2 2 1

        """

    /// One wall, 3 x 4: three columns, each a group of 4 of its own colour, worth
    /// (4-2)^2 = 4 points each before the multiplier. Tapping column 0 three times clears it.
    static let columns = """
        123
        123
        123
        123

        """
}

@Suite("prison-sim play")
struct PlayTests {
    @Test("the JSON has every key of the contract with the right types")
    func jsonContract() throws {
        try withTemporaryDirectory { dir in
            let board = try dir.write("board.txt", Boards.classic)
            let result = try runSim(["play", board], input: "1 0\n")
            try #require(result.status == 0, "\(result)")
            #expect(result.stderr.isEmpty)
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            #expect(object["score"] is Int)
            #expect(object["remaining"] is Int)
            #expect(object["cleared"] is Bool)
            #expect(object["gameOver"] is Bool)
            #expect(object["board"] is [String])
            let steps = try #require(object["steps"] as? [[String: Any]])
            #expect(steps.count == 1)
            for key in ["wall", "column", "row", "removed", "points", "multiplier"] {
                #expect(steps.first?[key] is Int, "step key \(key)")
            }
            // Strict types: a boolean is not accepted where a number is expected, and so on.
            let report = try decodeReport(result)
            #expect(report.score == 1)
            #expect(report.cleared == false)
            #expect(report.gameOver == false)
            #expect(report.remaining == 4)
            #expect(report.board == Boards.classicAfterFirst)
            #expect(report.expectedSteps == [ExpectedStep(0, 1, 0, removed: 3, points: 1)])
        }
    }

    @Test("one wall: a game played to its end, scored (n-2)^2")
    func classicGame() throws {
        let report = try play(board: Boards.classic, moves: "1 0\n0 2\n")
        #expect(report.score == 2)
        #expect(report.cleared == false)
        #expect(report.gameOver == true)
        #expect(report.remaining == 1)
        #expect(report.board == Boards.classicAtEnd)
        #expect(
            report.expectedSteps == [
                ExpectedStep(0, 1, 0, removed: 3, points: 1),
                ExpectedStep(0, 0, 2, removed: 3, points: 1),
            ])
    }

    @Test("one wall: 'column row' and 'wall column row' are the same move", arguments: [
        "1 0\n0 2\n", "0 1 0\n0 0 2\n", "0 1 0\n0 2\n", "1 0\n0 0 2\n", "  1\t0  \n0 0 2   \n",
    ])
    func oneWallMoveForms(_ moves: String) throws {
        let report = try play(board: Boards.classic, moves: moves)
        #expect(report.score == 2)
        #expect(report.board == Boards.classicAtEnd)
        #expect(report.steps.map(\.column) == [1, 0])
        #expect(report.steps.map(\.row) == [0, 2])
        #expect(report.steps.map(\.wall) == [0, 0])
    }

    @Test("--scoring n-1 scores (n-1)^2")
    func scoringNMinus1() throws {
        let report = try play(board: Boards.classic, moves: "1 0\n0 2\n", options: ["--scoring", "n-1"])
        #expect(report.score == 8)
        #expect(report.steps.map(\.points) == [4, 4])
        #expect(report.board == Boards.classicAtEnd)
    }

    @Test("clearing a one-wall board adds 1000 even when the groups score 0")
    func tinyClear() throws {
        let report = try play(board: Boards.tiny, moves: "0 1\n0 0\n")
        #expect(report.score == 1000)
        #expect(report.cleared == true)
        #expect(report.gameOver == true)
        #expect(report.remaining == 0)
        #expect(report.board == ["..", ".."])
        #expect(report.steps.map(\.points) == [0, 0])
        #expect(report.steps.map(\.removed) == [2, 2])
        #expect(report.steps.map(\.bonus) == [0, 1000])
    }

    @Test("a group wraps around the corner from wall 3 to wall 0", arguments: ["0 0 0", "3 1 1", "3 1 0"])
    func cornerGroup(_ move: String) throws {
        let report = try play(board: Boards.corner, moves: move + "\n")
        #expect(report.steps.map(\.removed) == [3])
        #expect(report.score == 1)
        #expect(report.remaining == 6)
        // Wall 0: column 0 empties, the 2 slides to column 0. Wall 3: column 1 empties.
        #expect(report.board == [".. .. .. ..", "2. 34 56 7."])
        #expect(report.gameOver == true)
        #expect(report.cleared == false)
    }

    @Test("--corners open: the corner group is two groups, the lone 1 on wall 0 is no move")
    func openCorners() throws {
        let report = try play(board: Boards.corner, moves: "3 1 1\n", options: ["--corners", "open"])
        #expect(report.expectedSteps == [ExpectedStep(3, 1, 1, removed: 2, points: 0)])
        #expect(report.score == 0)
        #expect(report.remaining == 7)
        #expect(report.board == [".. .. .. ..", "12 34 56 7."])
        #expect(report.gameOver == true)

        try withTemporaryDirectory { dir in
            let board = try dir.write("board.txt", Boards.corner)
            let result = try runSim(["play", board, "-", "--corners", "open"], input: "0 0 0\n")
            #expect(result.status == 65, "\(result)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains("line 1"), "\(result.stderr)")
        }
    }

    @Test("clearing a four-wall room: two corner groups of 4, then the bonus")
    func fourWallClear() throws {
        let report = try play(board: Boards.clearable, moves: "1 0 0\n0 0 1\n")
        #expect(report.score == 4 + 4 + 1000)
        #expect(report.cleared == true)
        #expect(report.gameOver == true)
        #expect(report.remaining == 0)
        #expect(report.board == [". . . .", ". . . ."])
        #expect(
            report.expectedSteps == [
                ExpectedStep(1, 0, 0, removed: 4, points: 4),
                ExpectedStep(0, 0, 1, removed: 4, points: 4),
            ])
        #expect(report.steps.last?.bonus == 1000)

        let nMinus1 = try play(board: Boards.clearable, moves: "1 0 0\n0 0 1\n", options: ["--scoring", "n-1"])
        #expect(nMinus1.score == 9 + 9 + 1000)
    }

    @Test("a group can wrap around the whole room")
    func wholeRoomRing() throws {
        let report = try play(board: "1 1 1 1\n", moves: "2 0 0\n")
        #expect(report.expectedSteps == [ExpectedStep(2, 0, 0, removed: 4, points: 4)])
        #expect(report.score == 1004)
        #expect(report.cleared)
    }

    @Test(
        "the combo multiplier follows the window",
        arguments: [
            (options: [String](), multipliers: [1, 2, 1]),
            (options: ["--combo-window", "1"], multipliers: [1, 2, 1]),
            (options: ["--combo-window", "1.0"], multipliers: [1, 2, 1]),
            (options: ["--combo-window", "2"], multipliers: [1, 2, 3]),
            (options: ["--combo-window", "0.4"], multipliers: [1, 1, 1]),
            (options: ["--combo-window", "0"], multipliers: [1, 1, 1]),
        ])
    func combo(options: [String], multipliers: [Int]) throws {
        let report = try play(board: Boards.columns, moves: "0 0 @0\n0 0 @0.5\n0 0 @2\n", options: options)
        #expect(report.steps.map(\.multiplier) == multipliers)
        #expect(report.steps.map(\.points) == multipliers.map { 4 * $0 })
        #expect(report.steps.map(\.time) == [0, 0.5, 2])
        // The clear bonus is not multiplied.
        #expect(report.score == multipliers.reduce(0) { $0 + 4 * $1 } + 1000)
        #expect(report.cleared)
    }

    @Test("a removal exactly at the end of the window is not a combo; just inside it is")
    func comboBoundary() throws {
        let atEnd = try play(board: Boards.columns, moves: "0 0 @0\n0 0 @1\n")
        #expect(atEnd.steps.map(\.multiplier) == [1, 1])
        #expect(atEnd.score == 8)

        let inside = try play(board: Boards.columns, moves: "0 0 @0\n0 0 @0.999999\n")
        #expect(inside.steps.map(\.multiplier) == [1, 2])
        #expect(inside.score == 4 + 8)

        let window = try play(board: Boards.columns, moves: "0 0 @10\n0 0 @10.25\n", options: ["--combo-window", "0.25"])
        #expect(window.steps.map(\.multiplier) == [1, 1])
    }

    @Test("a move without a time gets multiplier 1, and breaks the chain")
    func untimedMove() throws {
        let report = try play(board: Boards.columns, moves: "0 0 @0\n0 0\n0 0 @0.5\n")
        #expect(report.steps.map(\.multiplier) == [1, 1, 1])
        #expect(report.steps.map(\.time) == [0, nil, 0.5])
        #expect(report.score == 12 + 1000)
    }

    @Test("moves come from standard input when MOVES is absent or '-'", arguments: [[String](), ["-"]])
    func movesFromStandardInput(_ movesArgument: [String]) throws {
        try withTemporaryDirectory { dir in
            let board = try dir.write("board.txt", Boards.classic)
            let result = try runSim(["play", board] + movesArgument, input: "1 0\n0 0 2\n")
            try #require(result.status == 0, "\(result)")
            #expect(result.stderr.isEmpty)
            let report = try decodeReport(result)
            #expect(report.score == 2)
            #expect(report.board == Boards.classicAtEnd)
            #expect(report.steps.count == 2)
        }
    }

    @Test("the board can come from standard input with MOVES a file")
    func boardFromStandardInput() throws {
        try withTemporaryDirectory { dir in
            let moves = try dir.write("moves.txt", "1 0\n0 0 2\n")
            let result = try runSim(["play", "-", moves], input: Boards.classic)
            try #require(result.status == 0, "\(result)")
            #expect(try decodeReport(result).board == Boards.classicAtEnd)
        }
    }

    @Test("blank lines and # lines in the moves are ignored")
    func commentsAndBlankLines() throws {
        let moves = "# a game\n\n1 0\n   \n# the 2s\n\t\n0 0 2\n\n# done\n"
        let report = try play(board: Boards.classic, moves: moves)
        #expect(report.score == 2)
        #expect(report.board == Boards.classicAtEnd)
        #expect(report.steps.count == 2)
        #expect(try play(board: Boards.classic, moves: "") == play(board: Boards.classic, moves: "# nothing\n\n"))
    }

    @Test("comments, blank lines and CRLF line ends in the board are accepted")
    func boardComments() throws {
        let board = "# a comment\n\n2...\n# between rows\n21..\r\n2113\n\n"
        let report = try play(board: board, moves: "1 0\n")
        #expect(report.board == Boards.classicAfterFirst)
    }

    @Test("no moves: the start board, score 0, no steps")
    func noMoves() throws {
        let report = try play(board: Boards.classic, moves: "")
        #expect(report.score == 0)
        #expect(report.steps.isEmpty)
        #expect(report.board == ["2...", "21..", "2113"])
        #expect(report.remaining == 7)
        #expect(report.gameOver == false)
        #expect(report.cleared == false)
    }
}
