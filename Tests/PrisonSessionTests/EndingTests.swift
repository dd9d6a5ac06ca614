import Foundation
import PrisonRules
import PrisonSession
import SessionFixture
import Testing

/// An ending is recorded when the move that ends the game is played, once, whatever the player
/// does before its end shows or after.
@Suite struct EndingTests {
    /// What the player does right after the last move.
    enum LeavingAction: String, CaseIterable, CustomTestStringConvertible {
        case newGame, restart, builtBoard, quit
        var testDescription: String { rawValue }
    }

    /// One wall of two blocks of one colour: one tap clears the room.
    static func pair(solvable: Bool = false) throws -> Fixture {
        let game = Game(start: try Board(room: Room(walls: 1, width: 2, height: 1), columns: [[0], [0]]))
        return try Fixture(game: game, origin: GameOrigin(room: game.start.room, colours: 2, rules: game.rules, solvable: solvable))
    }

    @Test(
        "A game left before its end shows is recorded once",
        arguments: LeavingAction.allCases, [0.0, 0.1, 1.0, 1.549, 3.0])
    func leavingAtOnce(action: LeavingAction, after seconds: Double) throws {
        let fixture = try Self.pair(solvable: action == .builtBoard)
        #expect(fixture.session.play(Cell(wall: 0, column: 0, row: 0)))
        fixture.wait(seconds, step: 0.016)
        switch action {
        case .newGame, .builtBoard: fixture.session.perform(.newGame)
        case .restart: fixture.session.perform(.restart)
        case .quit: break  // the game is kept at every serve, as quitting keeps it
        }
        fixture.wait(3)
        let statistics = fixture.kept.filter { if case .keep(.statistics) = $0 { true } else { false } }
        let scores = fixture.kept.filter { if case .keep(.scores) = $0 { true } else { false } }
        #expect(statistics.count == 1 && scores.count == 1, "kept: \(fixture.kept)")
        #expect(fixture.session.records.statistics.games.count == 1)
        #expect(fixture.session.records.scores.entries(for: try Room(walls: 1, width: 2, height: 1)).count == 1)
        if action != .quit { #expect(fixture.session.game.moves.isEmpty, "a new game is on") }
    }

    @Test("Going back into an ended game shows its end once, as it stood, with no second sound or record")
    func backIntoAnEndedGame() throws {
        let fixture = try Self.pair()
        fixture.session.play(Cell(wall: 0, column: 0, row: 0))
        fixture.wait(0.1)
        fixture.session.perform(.newGame)
        fixture.wait(1)
        var panels: [[String]?] = []
        fixture.session.perform(.undo)
        #expect(fixture.session.game.isCleared)
        for _ in 0..<120 {
            fixture.advance(by: .milliseconds(16))
            panels.append(fixture.session.hudState.ending)
        }
        #expect(panels.allSatisfy { $0?[2] == "1st in the top 10" }, "\(Set(panels.map { $0?[2] }))")
        // Forward to the new game and back again: still one ending, one sound.
        fixture.session.perform(.redo)
        fixture.wait(0.5)
        fixture.session.perform(.undo)
        fixture.wait(3)
        #expect(fixture.session.hudState.ending?[2] == "1st in the top 10")
        #expect(fixture.sound.played.filter { $0.effect == .cleared }.count == 0, "the end never showed in play")
        #expect(fixture.kept.filter { if case .keep(.scores) = $0 { true } else { false } }.count == 1)
        #expect(fixture.session.records.statistics.games.count == 1)
    }

    @Test("The end panel and its sound come once, when the end shows")
    func theEndShowsOnce() throws {
        let fixture = try Self.pair()
        fixture.session.play(Cell(wall: 0, column: 0, row: 0))
        fixture.wait(0.5)
        #expect(fixture.session.hudState.ending == nil, "recorded already, not shown yet")
        #expect(fixture.session.records.statistics.games.count == 1)
        fixture.wait(3)
        #expect(fixture.session.hudState.ending?[2] == "1st in the top 10")
        #expect(fixture.sound.played.filter { $0.effect == .cleared }.count == 1)
    }
}
