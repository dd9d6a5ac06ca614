import Foundation
import Testing

@Suite("prison-sim play errors")
struct PlayErrorTests {
    /// Runs `play` on `board` and `moves` written to files; returns the result and the moves path.
    private func run(board: String, moves: String, options: [String] = []) throws -> SimResult {
        try withTemporaryDirectory { dir in
            let boardPath = try dir.write("board.txt", board)
            let movesPath = try dir.write("moves.txt", moves)
            return try runSim(["play", boardPath, movesPath] + options)
        }
    }

    @Test(
        "an illegal move exits 65, prints nothing on stdout, and names its line",
        arguments: [
            // An empty cell: column 3 holds one block.
            (board: Boards.classic, moves: "# first a comment\n\n3 2\n"),
            // A lone block: after the first move the 3 stands alone at column 1.
            (board: Boards.classic, moves: "1 0\n# the 3 is alone now\n1 0\n"),
            // A lone block from the start.
            (board: Boards.classic, moves: "\n\n3 0\n"),
            // Outside the room: column, row, wall, negative.
            (board: Boards.classic, moves: "1 0\n0 2\n9 0\n"),
            (board: Boards.classic, moves: "#\n#\n0 7\n"),
            (board: Boards.classic, moves: "\n#\n1 0 0\n"),
            (board: Boards.classic, moves: "\n\n-1 0\n"),
            (board: Boards.corner, moves: "\n\n4 0 0\n"),
            (board: Boards.corner, moves: "\n\n0 2 0\n"),
            // A cell that emptied with an earlier move.
            (board: Boards.corner, moves: "0 0 0\n\n3 1 1\n"),
            // After the room is clear every cell is empty.
            (board: Boards.tiny, moves: "0 1\n0 0\n0 0\n"),
            // A time before the previous move's.
            (board: Boards.columns, moves: "0 0 @2\n\n0 0 @1\n"),
        ])
    func illegalMove(board: String, moves: String) throws {
        let result = try run(board: board, moves: moves)
        #expect(result.status == 65, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.contains("line 3"), "\(result.stderr)")
        #expect(result.stderr.contains("moves.txt"), "the message names the moves file: \(result.stderr)")
        #expect(!result.stderr.contains("line 1:") && !result.stderr.contains("line 2:"))
    }

    @Test("an illegal move on standard input names its line too")
    func illegalMoveOnStandardInput() throws {
        try withTemporaryDirectory { dir in
            let board = try dir.write("board.txt", Boards.classic)
            let result = try runSim(["play", board], input: "1 0\n\n\n3 2\n")
            #expect(result.status == 65, "\(result)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains("line 4"), "\(result.stderr)")
        }
    }

    @Test(
        "a bad board file exits 65 and names the line",
        arguments: [
            // Ragged: a row with a different width.
            (board: "# ragged\n11\n222\n", line: 3),
            (board: "11\n1\n", line: 2),
            // Ragged: a row with a different number of walls.
            (board: "11 11 11 11\n11 11 11\n", line: 2),
            // An unknown character.
            (board: "11\n1x\n", line: 2),
            (board: "# letters\n\nab\n", line: 3),
            // A block floating above an empty cell.
            (board: "..\n1.\n.2\n", line: 2),
            (board: ".. .. .. ..\n.. 1. .. ..\n.. .. .. ..\n", line: 2),
            // An empty column left of a filled one on the same wall.
            (board: "# gap\n..\n.1\n", line: 3),
            (board: "1. .. .. ..\n1. .1 .. ..\n", line: 2),
            // Three walls.
            (board: "# three walls\n11 11 11\n11 11 11\n", line: 2),
            (board: "1 1 1\n", line: 1),
            // Too wide.
            (board: String(repeating: "1", count: 33) + "\n", line: 1),
        ])
    func badBoard(board: String, line: Int) throws {
        let result = try run(board: board, moves: "")
        #expect(result.status == 65, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.contains("line \(line)"), "\(result.stderr)")
        #expect(result.stderr.contains("board.txt"), "the message names the board file: \(result.stderr)")
    }

    @Test("an empty board file exits 65 with a message", arguments: ["", "# nothing\n\n"])
    func emptyBoard(_ board: String) throws {
        let result = try run(board: board, moves: "")
        #expect(result.status == 65, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(!result.stderr.isEmpty)
    }

    @Test("a missing board file exits 66 with a message")
    func missingBoard() throws {
        try withTemporaryDirectory { dir in
            let missing = dir.path("no-such-board.txt")
            let result = try runSim(["play", missing], input: "")
            #expect(result.status == 66, "\(result)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains("no-such-board.txt"), "\(result.stderr)")
        }
    }

    @Test("a board path that is a directory exits 66 with a message")
    func boardIsDirectory() throws {
        try withTemporaryDirectory { dir in
            let result = try runSim(["play", dir.url.path], input: "")
            #expect(result.status == 66, "\(result)")
            #expect(result.stdout.isEmpty)
            #expect(!result.stderr.isEmpty)
        }
    }

    @Test("a missing moves file exits 66 with a message")
    func missingMoves() throws {
        try withTemporaryDirectory { dir in
            let board = try dir.write("board.txt", Boards.classic)
            let result = try runSim(["play", board, dir.path("no-such-moves.txt")])
            #expect(result.status == 66, "\(result)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains("no-such-moves.txt"), "\(result.stderr)")
        }
    }

    @Test(
        "a malformed move line exits 65 and names the line",
        arguments: [
            "a b c", "1 2 3 @x", "1 0 @", "1 0 @-1", "1 0 @1e3", "1 0 @1.", "@1", "1", "0 1 0 0",
            "1 0 2 3 @1", "1,0", "99999999999999999999 0",
        ])
    func malformedMove(_ line: String) throws {
        let result = try run(board: Boards.classic, moves: "# moves\n1 0\n\(line)\n0 0 2\n")
        #expect(result.status == 65, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.contains("line 3"), "\(result.stderr)")
    }

    @Test("on four walls a move needs the wall", arguments: ["0 0", "1 0 @0.5"])
    func fourWallsNeedTheWall(_ line: String) throws {
        let result = try run(board: Boards.corner, moves: "\n\(line)\n")
        #expect(result.status == 65, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("line 2"), "\(result.stderr)")
    }

    @Test(
        "bad options exit 64 with nothing on stdout",
        arguments: [
            ["--scoring", "n-3"], ["--corners", "closed"], ["--combo-window", "-1"], ["--combo-window", "x"],
            ["--combo-window", "1e3"],
        ])
    func badOptions(_ options: [String]) throws {
        let result = try run(board: Boards.classic, moves: "1 0\n", options: options)
        #expect(result.status == 64, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(!result.stderr.isEmpty)
    }

    @Test("the board and the moves cannot both come from standard input")
    func bothFromStandardInput() throws {
        let result = try runSim(["play", "-", "-"], input: Boards.classic)
        #expect(result.status == 64, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(!result.stderr.isEmpty)
    }
}
