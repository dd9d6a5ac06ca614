import PrisonRules
import Testing

@Suite("Boards as text")
struct BoardTextTests {
    @Test("The example of the rules article reads and prints back")
    func rulesExample() throws {
        let text = ".01 2.. 340 1..\n101 22. 340 11.\n"
        let board = try Board(text: text)
        #expect(board.room == (try Room(walls: 4, width: 3, height: 2)))
        #expect(board[cell(0, 0, 0)]?.colour == 1)
        #expect(board[cell(0, 0, 1)] == nil)
        #expect(board[cell(0, 2, 1)]?.colour == 1)
        #expect(board[cell(2, 0, 1)]?.colour == 3)
        #expect(board[cell(3, 1, 0)]?.colour == 1)
        #expect(board.blockCount == 17)
        #expect(board.text == text)
        #expect(board.rows == [".01 2.. 340 1..", "101 22. 340 11."])
    }

    @Test("Comments, blank lines, trailing blanks and CRLF are ignored")
    func commentsAndBlankLines() throws {
        let board = try Board(text: "# a comment\r\n\r\n12  \r\n  # indented comment\n34\n\n")
        #expect(board.rows == ["12", "34"])
    }

    @Test("Blocks are numbered in cell order and keep their identity")
    func identities() throws {
        let board = try board("2.", "13")
        #expect(board[cell(0, 0, 0)]?.id == BlockID(0))
        #expect(board[cell(0, 0, 1)]?.id == BlockID(1))
        #expect(board[cell(0, 1, 0)]?.id == BlockID(2))
    }

    @Test(
        "Bad boards are refused with the line and the problem",
        arguments: [
            ("12\n123\n", 2, "ragged row"),
            ("12 34 56 78\n12 34 56\n", 2, "ragged row"),
            ("12\n1x\n", 2, "unknown character 'x'"),
            ("# header\n1.\n.2\n", 2, "unsettled"),
            ("1.2\n", 1, "empty column"),
            ("12 34 56\n", 1, "wrong wall count: 3"),
            ("12  34 56 78\n", 1, "one space"),
            ("12\n 12\n", 2, "starts with a blank"),
            ("1\u{301}1\n11\n", 1, "unknown character"),
            ("", 0, "no rows"),
            ("# only a comment\n", 0, "no rows"),
            (String(repeating: "1", count: 33) + "\n", 1, "at most 32 columns"),
            (String(repeating: "1\n", count: 33), 33, "at most 32 rows"),
        ])
    func badBoards(text: String, line: Int, problem: String) {
        #expect {
            try Board(text: text)
        } throws: { error in
            let error = error as! TextError
            return error.line == line && error.problem.contains(problem)
        }
    }

    @Test("An empty column left of a filled one is named on the bottom line")
    func gapColumnLine() {
        #expect(throws: TextError.self) { try Board(text: "... 1.. ... ...\n1.1 1.. ... ...\n") }
        do {
            _ = try Board(text: "... 1.. ... ...\n1.1 1.. ... ...\n")
        } catch {
            #expect(error.line == 2)
            #expect(error.description.contains("wall 0 has an empty column 1"))
        }
    }

    @Test("Rooms of 1 or 4 walls up to 32 x 32 are allowed, others refused")
    func roomShapes() throws {
        #expect(throws: RoomError.unsupportedWallCount(2)) { try Room(walls: 2, width: 3, height: 3) }
        #expect(throws: RoomError.unsupportedWidth(0)) { try Room(walls: 4, width: 0, height: 3) }
        #expect(throws: RoomError.unsupportedWidth(33)) { try Room(walls: 4, width: 33, height: 3) }
        #expect(throws: RoomError.unsupportedHeight(33)) { try Room(walls: 1, width: 3, height: 33) }
        let largest = try Room(walls: 4, width: 32, height: 32)
        let board = try Board.random(room: largest, colours: 10, seed: 5)
        #expect(board.blockCount == 4096)
        #expect(try Board(text: board.text) == board)
    }

    @Test("The generator gives the same board for the same seed, on every machine")
    func seededBoards() throws {
        let a = try Board.random(room: .classic, colours: 5, seed: 42)
        let b = try Board.random(room: .classic, colours: 5, seed: 42)
        let c = try Board.random(room: .classic, colours: 5, seed: 43)
        #expect(a == b)
        #expect(a != c)
        // Pinned: these rows change only if the generator changes, which would change every
        // seeded board and simulation users have recorded.
        #expect(a.rows.prefix(2) == ["314332041021104", "134220033410040"])
        #expect(Set(a.placedBlocks.map(\.block.colour)) == Set(0..<5))
        let ten = try Board.random(room: .standard, colours: 10, seed: 1)
        #expect(Set(ten.placedBlocks.map(\.block.colour)) == Set(0..<10))
        #expect(throws: BoardError.unsupportedColourCount(11)) { try Board.random(room: .classic, colours: 11, seed: 1) }
        #expect(throws: BoardError.unsupportedColourCount(1)) { try Board.random(room: .classic, colours: 1, seed: 1) }
    }

    @Test("Moves files: both forms, times, comments, and errors with their line")
    func movesText() throws {
        let moves = try Move.parseLines("# start\n3 4\n\n0 3 4 @1.35\n2 1 0 @0.0000005\n", walls: 1)
        #expect(moves.map(\.line) == [2, 4, 5])
        #expect(moves[0].move == Move(cell(0, 3, 4)))
        #expect(moves[1].move == Move(cell(0, 3, 4), at: .milliseconds(1350)))
        #expect(moves[2].move.time == .microseconds(1))
        #expect(moves[1].move.description == "0 3 4 @1.35")
        #expect(throws: TextError(line: 1, "'3 4' is not a move: expected 'wall column row', then optionally @seconds")) {
            try Move.parseLines("3 4", walls: 4)
        }
        for bad in ["a b c", "1 2 3 4", "1 2 3 @x", "1 2 3 @-1", "1 2 3 @1e3", "1 2 @", "@1"] {
            #expect(throws: TextError.self, "\(bad)") { try Move.parseLines("\n\(bad)", walls: 4) }
        }
    }

    @Test("Seconds are exact to the microsecond")
    func seconds() {
        #expect(Duration(secondsText: "1.35") == .milliseconds(1350))
        #expect(Duration(secondsText: "0.999999") == .microseconds(999_999))
        #expect(Duration(secondsText: "2") == .seconds(2))
        #expect(Duration(secondsText: "1.") == nil)
        #expect(Duration(secondsText: ".5") == nil)
        #expect(Duration(secondsText: "+1") == nil)
        #expect(Duration(sessionSeconds: .nan) == nil)
        #expect(Duration(sessionSeconds: -1) == nil)
        #expect(Duration(sessionSeconds: 1.35) == .milliseconds(1350))
        #expect(Duration(secondsText: "1000000000") == Duration.maximumSessionTime)
        #expect(Duration(secondsText: "999999999.9999996") == Duration.maximumSessionTime)
        #expect(Duration(secondsText: "1000000000.000001") == nil)
        #expect(Duration(sessionSeconds: 1e9 + 1) == nil)
        #expect(Duration.milliseconds(1350).secondsText == "1.35")
        #expect(Duration.seconds(3).secondsText == "3")
    }
}
