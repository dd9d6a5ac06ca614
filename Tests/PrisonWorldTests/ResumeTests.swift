import PrisonRules
import PrisonSpace
import PrisonWorld
import Testing

/// Four walls two columns wide: squares of 1s, 2s and 3s on walls 0 to 2 (no group links round
/// a corner), and four lone blocks on wall 3.
private let squares = "11 22 33 45\n11 22 33 54"

/// The game on `squares` with wall 0's square tapped at 5 s and wall 1's at 5.5 s, a combo.
private func timedGame() throws -> Game {
    try Game(
        start: try Board(text: squares),
        replaying: [Move(cell(0, 0, 0), at: .seconds(5)), Move(cell(1, 0, 0), at: .milliseconds(5500))])
}

@Suite("A world resumed from a game with timed moves")
struct ResumeTests {
    @Test("The game's moves are timed as expected: the second is a combo")
    func theGame() throws {
        let game = try timedGame()
        #expect(game.history.map(\.multiplier) == [1, 2])
    }

    @Test("The world's clock starts after the last timed move, its combo over")
    func clock() throws {
        let game = try timedGame()
        let world = World(game: game)
        #expect(world.time >= .milliseconds(5500) + game.rules.comboWindow)
        #expect(world.multiplier == 1)
        #expect(world.game == game)
    }

    @Test("A tap right away is played, after the old moves, and starts a new combo")
    func tapAtOnce() throws {
        let world = World(game: try timedGame())
        let outcome = try world.tap(lookingAt: cell(2, 0, 0))
        #expect(world.brokenCells(outcome) == [cell(2, 0, 0), cell(2, 1, 0), cell(2, 0, 1), cell(2, 1, 1)])
        #expect(outcome.multiplier == 1, "the old combo does not go on")
        #expect(outcome.points == 4)
        let time = try #require(outcome.move.time)
        #expect(time >= .milliseconds(5500))
        #expect(world.game.moves.count == 3)
        #expect(world.game.score == 4 + 8 + 4)
        #expect(world.multiplier == 1)
    }

    @Test("The same holds for a play by cell, and the combo works again after it")
    func playAtOnceThenCombo() throws {
        let game = try Game(
            start: try Board(text: "11 22 33 45\n11 22 33 54\n66 77 88 99"),
            replaying: [Move(cell(0, 0, 2), at: .seconds(5)), Move(cell(1, 0, 2), at: .milliseconds(5500))])
        let world = World(game: game)
        let first = try world.play(cell(2, 0, 1))
        #expect(first.multiplier == 1)
        world.advance(by: .milliseconds(500))
        let second = try world.tap(lookingAt: cell(3, 0, 0))
        #expect(second.multiplier == 2, "a tap within the window of the first new one is a combo")
        #expect(world.multiplier == 2)
    }

    @Test("A game whose moves are untimed resumes at time 0")
    func untimed() throws {
        let game = try Game(start: try Board(text: squares), replaying: [Move(cell(0, 0, 0))])
        let world = World(game: game)
        #expect(world.time == .zero)
        let outcome = try world.tap(lookingAt: cell(1, 0, 0))
        #expect(outcome.move.time == .zero)
        #expect(outcome.multiplier == 1)
    }

    @Test("A game whose last move is untimed resumes after its last timed one")
    func timedThenUntimed() throws {
        let game = try Game(
            start: try Board(text: squares),
            replaying: [Move(cell(0, 0, 0), at: .seconds(5)), Move(cell(1, 0, 0))])
        let world = World(game: game)
        #expect(world.time >= .seconds(5))
        let outcome = try world.tap(lookingAt: cell(2, 0, 0))
        #expect(outcome.multiplier == 1)
    }

    @Test("A resumed game with a move taken back redoes it now")
    func resumedRedo() throws {
        let game = try Game(
            start: try Board(text: squares),
            replaying: [Move(cell(0, 0, 0), at: .seconds(5)), Move(cell(1, 0, 0), at: .milliseconds(5500))], undone: 1)
        let world = World(game: game)
        let outcome = try #require(world.redo())
        #expect(outcome.move.time == world.time)
        #expect(world.game.moves.count == 2)
    }

    @Test("The blocks of a resumed world are those of its board, at rest in their cells")
    func blocksAtRest() throws {
        let world = World(game: try timedGame())
        #expect(world.blocks.count == world.game.board.blockCount)
        for block in world.blocks {
            let cell = try #require(block.cell)
            #expect(world.game.board[cell] == block.block)
            #expect(block.phase == .resting)
            #expect(block.entity.transform == world.restingTransform(at: cell))
        }
        #expect(!world.isAnimating)
    }
}

@Suite("Playing a cell")
struct PlayCellTests {
    @Test("Playing a cell breaks its group at the world's time")
    func playsNow() throws {
        let world = try world(squares)
        world.advance(by: .milliseconds(2250))
        let outcome = try world.play(cell(1, 1, 1))
        #expect(outcome.move == Move(cell(1, 1, 1), at: .milliseconds(2250)))
        #expect(world.brokenCells(outcome) == [cell(1, 0, 0), cell(1, 1, 0), cell(1, 0, 1), cell(1, 1, 1)])
        #expect(world.game.board.blockCount == 12)
        let events = world.advance(by: .zero)
        #expect(events.contains { $0.kind == .groupBroke(size: 4, colour: 2, points: 4, multiplier: 1) })
        #expect(world.blocks.filter { $0.phase == .breaking }.count == 4)
    }

    @Test("Playing cells scores combos as taps do")
    func combos() throws {
        let world = try world(squares)
        try world.play(cell(0, 0, 0))
        world.advance(by: .milliseconds(500))
        let second = try world.play(cell(1, 0, 0))
        #expect(second.multiplier == 2 && second.points == 8)
        world.advance(by: .milliseconds(1500))
        let third = try world.play(cell(2, 0, 0))
        #expect(third.multiplier == 1)
    }

    @Test("Playing a cell goes by the rules' board, even while its block is still on its way there")
    func byTheRules() throws {
        // One wall: breaking the three 1s brings the two 2s down side by side on row 0.
        let world = try world("2.\n12\n11")
        try world.play(cell(0, 0, 0))
        world.advance(by: .milliseconds(500))
        #expect(world.block(in: cell(0, 0, 0))?.phase == .waiting, "the 2 is still up where it was")
        let outcome = try world.play(cell(0, 0, 0))
        #expect(world.brokenCells(outcome) == [cell(0, 0, 0), cell(0, 1, 0)])
        #expect(outcome.multiplier == 2)
        #expect(outcome.move.time == .milliseconds(500))
        #expect(world.game.isCleared)
    }

    @Test("Playing an empty cell, or one outside the room, throws noBlock and changes nothing", arguments: [
        cell(0, 0, 1), cell(3, 1, 1), cell(4, 0, 0), cell(0, 2, 0), cell(0, 0, 5), cell(-1, 0, 0),
    ])
    func emptyCell(target: Cell) throws {
        let world = try world(".. 22 .3 4.\n11 22 33 54")
        world.advance(by: .seconds(1))
        let before = world.game, time = world.time
        let transforms = world.blocks.map(\.entity.transform)
        #expect(throws: TapMiss.noBlock) { try world.play(target) }
        #expect(world.game == before)
        #expect(world.time == time)
        #expect(world.blocks.map(\.entity.transform) == transforms)
        #expect(!world.isAnimating)
        #expect(world.advance(by: .zero).isEmpty)
    }

    @Test("Playing a lone block throws loneBlock with its cell and changes nothing", arguments: [
        cell(3, 0, 0), cell(3, 1, 0), cell(3, 0, 1), cell(3, 1, 1),
    ])
    func loneBlock(target: Cell) throws {
        let world = try world(squares)
        try world.play(cell(0, 0, 0))
        world.settle()
        let before = world.game, time = world.time
        let phases = world.blocks.map(\.phase)
        #expect(throws: TapMiss.loneBlock(target)) { try world.play(target) }
        #expect(world.game == before)
        #expect(world.time == time)
        #expect(world.blocks.map(\.phase) == phases)
        #expect(world.multiplier == 1)
        #expect(!world.isAnimating)
        #expect(world.advance(by: .zero).isEmpty)
    }
}
