import Foundation
import PrisonRules
import Testing

/// Numbers read from files are range-checked as they are read, and text is parsed in time linear
/// in its length. The time limits only catch hangs: each test takes well under a second.
@Suite struct InputLimitTests {
    /// A save of a few moves on a small room, as JSON text to damage.
    private func saveText() throws -> String {
        var game = Game(start: try Board.random(room: Room(walls: 1, width: 6, height: 6), colours: 3, seed: 2))
        for _ in 0..<3 {
            guard let group = game.availableGroups.first else { break }
            try game.play(Move(group.cells[0]))
        }
        return String(decoding: SavedGame(game).encoded(), as: UTF8.self)
    }

    @Test(arguments: [
        ("\"dangerThreshold\" : 3", "\"dangerThreshold\" : 9223372036854775807", "the danger threshold must be 0 to 4096"),
        ("\"dangerThreshold\" : 3", "\"dangerThreshold\" : -1", "the danger threshold must be 0 to 4096"),
        ("\"comboWindow\" : 1", "\"comboWindow\" : 1000000000", "the combo window must be 0 to 60 seconds"),
        ("\"comboWindow\" : 1", "\"comboWindow\" : 60.000001", "the combo window must be 0 to 60 seconds"),
    ])
    func numbersOutOfRangeAreRefusedWhenRead(original: String, replacement: String, reason: String) throws {
        let text = try saveText()
        try #require(text.contains(original))
        let damaged = Data(text.replacingOccurrences(of: original, with: replacement).utf8)
        let error = #expect(throws: SaveError.self) { try SavedGame(json: damaged) }
        #expect(error?.description.contains(reason) == true, "\(String(describing: error))")
    }

    @Test func theLongestComboWindowIsStillRead() throws {
        let text = try saveText().replacingOccurrences(of: "\"comboWindow\" : 1", with: "\"comboWindow\" : 60")
        #expect(try SavedGame(json: Data(text.utf8)).game().rules.comboWindow == .seconds(60))
    }

    @Test func anyDangerThresholdIsSafeInAGame() throws {
        let board = try Board.random(room: .standard, colours: 5, seed: 1)
        for threshold in [Int.max, Int.min, -1, 0, 5000] {
            let game = Game(start: board, rules: Rules(dangerThreshold: threshold))
            #expect(threshold > 1000 ? game.danger != nil : game.danger == nil)
        }
    }

    @Test(arguments: [[""], ["0 0 0", ""], ["# a comment"], ["0 0 0\n0 0 1"]])
    func aSaveWhoseMoveLineIsNotOneMoveIsRefused(moves: [String]) throws {
        var save = SavedGame(Game(start: try Board.random(room: Room(walls: 1, width: 6, height: 6), colours: 3, seed: 2)))
        save.moves = moves
        let error = #expect(throws: SaveError.self) { try save.game() }
        #expect(error?.description.contains("is not one move") == true, "\(String(describing: error))")
    }

    @Test(.timeLimit(.minutes(1))) func aRowWithMillionsOfTrailingBlanksParsesInLinearTime() throws {
        let board = try Board.random(room: .standard, colours: 5, seed: 4)
        var rows = board.rows
        rows[3] += String(repeating: " ", count: 4_000_000)
        rows[5] += String(repeating: "\t", count: 1_000_000)
        #expect(try Board(text: rows.joined(separator: "\n")) == board)
    }

    @Test(.timeLimit(.minutes(1))) func movesLinesFullOfBlanksParseInLinearTime() throws {
        let blanks = String(repeating: " ", count: 2_000_000)
        let text = "0 3 0" + blanks + "\n" + blanks + "\n" + "1" + blanks + "2 0 @1.5" + blanks + "\n"
        let moves = try Move.parseLines(text, walls: 4)
        #expect(moves.map(\.line) == [1, 3])
        #expect(moves.map(\.move) == [Move(Cell(wall: 0, column: 3, row: 0)), Move(Cell(wall: 1, column: 2, row: 0), at: .milliseconds(1500))])
    }

    @Test(.timeLimit(.minutes(1))) func aHugeRowIsRefusedInLinearTime() throws {
        let text = String(repeating: "1", count: 3_000_000) + "\n"
        #expect(throws: TextError(line: 1, "a wall is at most 32 columns wide, not 3000000")) { try Board(text: text) }
    }
}
