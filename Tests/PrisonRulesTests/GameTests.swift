import Foundation
import PrisonRules
import Testing

@Suite("Games as values: undo, redo, replay, save")
struct GameTests {
    let start: Board = try! Board.random(room: try! Room(walls: 4, width: 5, height: 4), colours: 3, seed: 11)

    @Test("Redo at a new time scores as a tap at that time, never before the last timed move")
    func redoAtATime() throws {
        var game = Game(start: try Board(text: "112233"))
        try game.play(Move(Cell(column: 0, row: 0), at: .seconds(1)))
        try game.play(Move(Cell(column: 0, row: 0), at: .milliseconds(1500)))
        game.undo()
        let late = try #require(game.redo(at: .seconds(9)) as MoveOutcome?)
        #expect(late.move.time == .seconds(9) && late.multiplier == 1)
        game.undo()
        let again = try #require(game.redo(at: .milliseconds(1200)) as MoveOutcome?)
        #expect(again.move.time == .milliseconds(1200) && again.multiplier == 2)
        game.undo()
        let early = try #require(game.redo(at: .zero) as MoveOutcome?)
        #expect(early.move.time == .seconds(1), "held to the last timed move")
        game.undo()
        #expect(game.redo(at: nil)?.move.time == nil)
        #expect(game.redo(at: .seconds(3)) == nil)
    }

    @Test("Undo takes back moves to any depth and redo plays them again")
    func undoRedo() throws {
        let finished = try playRandomGame(on: start, seed: 3)
        #expect(finished.history.count > 5)
        var game = finished
        var states = [game]
        while let undone = game.undo() {
            #expect(undone == states.last!.history.last)
            states.append(game)
        }
        #expect(game.board == start)
        #expect(game.score == 0)
        #expect(game.undoneMoves.count == finished.history.count)
        #expect(game.undo() == nil)
        for state in states.reversed().dropFirst() {
            game.redo()
            #expect(game == state)
        }
        #expect(game.redo() == nil)
        #expect(game == finished)
    }

    @Test("A new move clears what undo took back")
    func newMoveClearsRedo() throws {
        var game = Game(start: try board("1122", "3344"))
        try game.play(tap(cell(0, 0, 0)))
        game.undo()
        #expect(game.undoneMoves.count == 1)
        try game.play(tap(cell(0, 2, 1)))
        #expect(game.undoneMoves.isEmpty)
        #expect(game.redo() == nil)
    }

    @Test("The move log replays to the identical game; a bad log names its move")
    func replay() throws {
        let game = try playRandomGame(on: start, rules: Rules(scoring: .nMinus1), seed: 9)
        let replayed = try Game(start: start, rules: Rules(scoring: .nMinus1), replaying: game.moves)
        #expect(replayed == game)
        var moves = game.moves
        moves.insert(Move(cell(0, 9, 0)), at: 2)
        #expect {
            try Game(start: start, replaying: moves)
        } throws: { error in
            (error as? ReplayError)?.index == 2 && (error as? ReplayError)?.reason == .outsideRoom(cell(0, 9, 0))
        }
    }

    @Test("A save file loads back to the identical game, redo included")
    func saveAndLoad() throws {
        var game = try playRandomGame(on: start, rules: Rules(corners: .open, comboWindow: .milliseconds(750)), seed: 5)
        game.undo()
        game.undo()
        let json = SavedGame(game).encoded()
        let loaded = try SavedGame(json: json).game()
        #expect(loaded == game)
        #expect(loaded.undoneMoves.count == 2)
        let text = String(decoding: json, as: UTF8.self)
        #expect(text.contains("\"format\" : \"puzzle-prison-game\""))
        #expect(text.contains("\"comboWindow\" : 0.75"))
    }

    @Test("A game started from another game's board numbers its blocks afresh and saves identical")
    func startFromMidGame() throws {
        let earlier = try playRandomGame(on: start, seed: 4)
        var midGame = earlier
        while midGame.history.count > 3 { midGame.undo() }
        let game = Game(start: midGame.board)
        #expect(game.start.rows == midGame.board.rows)
        #expect(game.start.placedBlocks.map(\.block.id.rawValue) != midGame.board.placedBlocks.map(\.block.id.rawValue))
        #expect(game.start == (try Board(text: midGame.board.text)))
        #expect(try SavedGame(json: SavedGame(game).encoded()).game() == game)
    }

    @Test(
        "Damaged save files are refused with a reason",
        arguments: [
            ("{", "not a readable save file"),
            (#"{"format":"other","version":1,"rules":{"scoring":"n-2","corners":"linked","comboWindow":1,"dangerThreshold":3},"start":["11"],"moves":[],"redo":[]}"#, "not a Puzzle Prison save file"),
            (#"{"format":"puzzle-prison-game","version":9,"rules":{"scoring":"n-2","corners":"linked","comboWindow":1,"dangerThreshold":3},"start":["11"],"moves":[],"redo":[]}"#, "version 9"),
            (#"{"format":"puzzle-prison-game","version":1,"rules":{"scoring":"n-3","corners":"linked","comboWindow":1,"dangerThreshold":3},"start":["11"],"moves":[],"redo":[]}"#, "not a readable save file"),
            (#"{"format":"puzzle-prison-game","version":1,"rules":{"scoring":"n-2","corners":"linked","comboWindow":-1,"dangerThreshold":3},"start":["11"],"moves":[],"redo":[]}"#, "not a readable save file"),
            (#"{"format":"puzzle-prison-game","version":1,"rules":{"scoring":"n-2","corners":"linked","comboWindow":1,"dangerThreshold":3},"start":["1x"],"moves":[],"redo":[]}"#, "the start board: line 1"),
            (#"{"format":"puzzle-prison-game","version":1,"rules":{"scoring":"n-2","corners":"linked","comboWindow":1,"dangerThreshold":3},"start":["11"],"moves":["0 0 0","0 0 0"],"redo":[]}"#, "move 2"),
            (#"{"format":"puzzle-prison-game","version":1,"rules":{"scoring":"n-2","corners":"linked","comboWindow":1,"dangerThreshold":3},"start":["11"],"moves":["zero"],"redo":[]}"#, "the moves: line 1"),
        ])
    func damagedSaves(json: String, reason: String) {
        #expect {
            try SavedGame(json: Data(json.utf8)).game()
        } throws: { error in
            "\(error)".contains(reason)
        }
    }
}
