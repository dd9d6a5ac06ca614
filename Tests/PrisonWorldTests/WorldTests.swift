import PrisonRules
import PrisonSearch
import PrisonSpace
import PrisonSpaceTesting
import PrisonWorld
import Testing

/// A world on the board of `text`, with default settings and rules unless given.
func world(_ text: String, rules: Rules = Rules()) throws -> World {
    World(game: Game(start: try Board(text: text), rules: rules))
}

func cell(_ wall: Int, _ column: Int, _ row: Int) -> Cell { Cell(wall: wall, column: column, row: row) }

extension World {
    /// Advances time until nothing moves or is due to move, a second at a time.
    @discardableResult
    func settle() -> [WorldEvent] {
        var events: [WorldEvent] = []
        while isAnimating { events += advance(by: .seconds(1)) }
        return events
    }

    /// The cells of the blocks a move broke.
    func brokenCells(_ outcome: MoveOutcome) -> Set<Cell> { Set(outcome.removal.broken.map(\.cell)) }

    /// Where the entity of the block in `cell` is drawn, in the world.
    func drawnPosition(of cell: Cell) -> SIMD3<Float>? { block(in: cell)?.entity.position(relativeTo: nil) }
}

@Suite("Taps by ray cast")
struct TapTests {
    /// Four walls of width 3: wall w holds a pair of colour w + 1 in columns 0 and 1, and a lone
    /// block in column 2; the lone 5 of wall 0 and the lone 5 of wall 1's column 0 do not touch.
    static let pairs = "115 225 335 445"

    @Test("A tap on each wall, by a ray from the eye, breaks that wall's pair", arguments: 0..<4)
    func eachWall(wall: Int) throws {
        let world = try world(Self.pairs, rules: Rules(corners: .open))
        let outcome = try world.tap(lookingAt: cell(wall, 0, 0))
        #expect(world.brokenCells(outcome) == [cell(wall, 0, 0), cell(wall, 1, 0)])
        #expect(outcome.move.time == .zero)
        #expect(world.game.board.blockCount == 10)
    }

    @Test("A click on the screen where a block is drawn taps it, on every wall", arguments: 0..<4)
    func screenTaps(wall: Int) throws {
        let world = try world(Self.pairs, rules: Rules(corners: .open))
        let viewport = SIMD2<Float>(1280, 720)
        world.camera.setOrientation(world.layout.rotation(ofWall: wall), relativeTo: nil)
        let centre = try #require(world.drawnPosition(of: cell(wall, 1, 0)))
        let pixel = try #require(world.camera.project(centre, viewport: viewport))
        let ray = try #require(world.camera.ray(through: pixel, viewport: viewport))
        let target = try #require(world.target(along: ray))
        #expect(target.cell == cell(wall, 1, 0))
        #expect(target.hit.normal.dot(world.settings.eye - target.hit.position) > 0, "hit on the face toward the player")
        let preview = try #require(world.preview(of: target))
        #expect(preview.group == world.game.board.group(at: cell(wall, 1, 0), corners: .open))
        #expect(preview.points == 0 && preview.multiplier == 1)
        let outcome = try world.tap(along: ray)
        #expect(world.brokenCells(outcome) == [cell(wall, 0, 0), cell(wall, 1, 0)])
    }

    @Test("A group that links around a corner breaks whole, from a tap on either wall")
    func cornerLinks() throws {
        // Wall 0's column 2 and wall 1's column 0 meet at the front right corner.
        let text = "121 114 565 787"
        for tapped in [cell(0, 2, 0), cell(1, 0, 0)] {
            let linked = try world(text)
            let outcome = try linked.tap(lookingAt: tapped)
            #expect(linked.brokenCells(outcome) == [cell(0, 2, 0), cell(1, 0, 0), cell(1, 1, 0)])
        }
        let open = try world(text, rules: Rules(corners: .open))
        #expect(throws: TapMiss.loneBlock(cell(0, 2, 0))) { try open.tap(lookingAt: cell(0, 2, 0)) }
        #expect(open.brokenCells(try open.tap(lookingAt: cell(1, 0, 0))) == [cell(1, 0, 0), cell(1, 1, 0)])
    }

    @Test("A miss and a lone block change nothing and say why")
    func misses() throws {
        let world = try world(Self.pairs)
        let before = world.game
        #expect(throws: TapMiss.noBlock) { try world.tap(along: Ray(origin: world.settings.eye, direction: [0, 1, 0])) }
        #expect(throws: TapMiss.noBlock) { try world.tap(along: Ray(origin: [.nan, 0, 0], direction: [0, 0, -1])) }
        #expect(throws: TapMiss.loneBlock(cell(2, 2, 0))) { try world.tap(lookingAt: cell(2, 2, 0)) }
        #expect(throws: TapMiss.noBlock) { try world.tap(lookingAt: cell(0, 0, 5)) }
        #expect(world.game == before)
        #expect(world.advance(by: .seconds(1)).allSatisfy { if case .dangerBegan = $0.kind { true } else { false } })
        #expect(TapMiss.loneBlock(cell(2, 2, 0)).description == "the block at 2 2 0 has no neighbour of its colour")
        let early = MoveError.timeBeforePreviousMove(.seconds(1), previous: .seconds(2))
        #expect(TapMiss.refused(early).description == "the rules refuse the move: \(early)", "the rules' reason, not a lone block")
    }
}

@Suite("Taps while the world animates")
struct AnimationPhaseTests {
    /// One wall: breaking the two 1s lets the 3s above fall beside the 3 in column 2.
    static let fallingThrees = """
        33.
        113
        """
    /// One wall: breaking the two 1s leaves columns 0 and 1 empty; the 2s of column 2 slide left.
    static let slidingTwos = """
        ..2
        112
        """

    @Test("A breaking block cannot be hit: the ray goes through where it is drawn")
    func breaking() throws {
        let world = try world(Self.fallingThrees)
        let ray = try #require(world.ray(toward: cell(0, 0, 0)))
        try world.tap(lookingAt: cell(0, 0, 0))
        world.advance(by: .milliseconds(500))
        let breaking = try #require(world.blocks.first { $0.phase == .breaking })
        #expect(breaking.cell == nil && breaking.entity.collision == nil)
        #expect(breaking.entity.transform.scale.x < 1 && breaking.entity.transform.scale.x > 0, "it shrinks")
        #expect(world.target(along: ray) == nil)
        #expect(throws: TapMiss.noBlock) { try world.tap(along: ray) }
        #expect(world.space.raycast(origin: ray.origin, direction: ray.direction, mask: .all).isEmpty)
        world.settle()
        #expect(world.blocks.count == 3, "broken blocks leave the room when their break ends")
    }

    @Test("A block waiting or falling is hit where it is drawn and means the cell it is going to",
          arguments: [(0.5, BlockPhase.waiting, 2), (1.15, .falling, 1)])
    func fallingBlock(at time: Double, phase: BlockPhase, multiplier: Int) throws {
        let world = try world(Self.fallingThrees)
        try world.tap(lookingAt: cell(0, 0, 0))
        world.advance(by: .seconds(time))
        // The 3 that was in column 0, row 1 is now in the rules' cell (0, 0, 0).
        let three = try #require(world.block(in: cell(0, 0, 0)))
        #expect(three.phase == phase)
        let drawn = three.entity.position(relativeTo: nil)
        let resting = world.layout.centre(wall: 0, column: 0, row: 0)
        #expect(drawn.y > resting.y + 0.01, "still above its cell")
        let ray = try #require(world.ray(toward: cell(0, 0, 0)))
        let target = try #require(world.target(along: ray))
        #expect(target.block.entity === three.entity && target.cell == cell(0, 0, 0))
        #expect(target.hit.position.y > resting.y + 0.01, "hit where it is drawn")
        let outcome = try world.tap(along: ray)
        #expect(world.brokenCells(outcome) == [cell(0, 0, 0), cell(0, 1, 0), cell(0, 2, 0)])
        #expect(outcome.multiplier == multiplier)
        #expect(outcome.points == multiplier && outcome.bonus == 1000)
        #expect(world.game.isCleared)
    }

    @Test("A sliding block is hit where it is drawn and means the column it is going to")
    func slidingBlock() throws {
        let world = try world(Self.slidingTwos)
        try world.tap(lookingAt: cell(0, 0, 0))
        // Nothing falls, so the columns slide as soon as the break ends.
        world.advance(by: .milliseconds(1000 + 100))
        let two = try #require(world.block(in: cell(0, 0, 1)))
        #expect(two.phase == .sliding)
        let x = two.entity.position(relativeTo: nil).x
        #expect(x > world.layout.centre(wall: 0, column: 0, row: 1).x + 0.01)
        #expect(x < world.layout.centre(wall: 0, column: 2, row: 1).x - 0.01)
        let outcome = try world.tap(lookingAt: cell(0, 0, 1))
        #expect(world.brokenCells(outcome) == [cell(0, 0, 0), cell(0, 0, 1)])
    }

    @Test("Falls wait for the break, slides wait for the falls, and everything ends at its cell")
    func timeline() throws {
        let world = try world("""
            2.3
            213
            113
            """)
        // Breaking the 1s: column 0's 2s fall a row, column 1 empties, column 2's 3s slide left.
        let outcome = try world.tap(lookingAt: cell(0, 0, 0))
        #expect(world.brokenCells(outcome) == [cell(0, 0, 0), cell(0, 1, 0), cell(0, 1, 1)])
        func phases(ofColumn column: Int) -> Set<BlockPhase> {
            Set(world.blocks.filter { $0.cell?.column == column }.map(\.phase))
        }
        world.advance(by: .milliseconds(999))
        #expect(phases(ofColumn: 0) == [.waiting] && phases(ofColumn: 1) == [.waiting])
        world.advance(by: .milliseconds(2))
        #expect(phases(ofColumn: 0) == [.falling] && phases(ofColumn: 1) == [.waiting], "slides wait for the falls")
        world.advance(by: .milliseconds(300))
        #expect(phases(ofColumn: 0) == [.resting] && phases(ofColumn: 1) == [.sliding])
        world.settle()
        for block in world.blocks {
            let cell = try #require(block.cell)
            #expect(block.phase == .resting)
            #expect(block.entity.transform == world.restingTransform(at: cell))
        }
    }
}

@Suite("Combos on the world clock")
struct ComboTests {
    /// One wall: two pairs, the 2s slide left when the 1s break.
    static let twoPairs = "1122"

    @Test("A tap one microsecond before the break ends raises the multiplier; at the end it does not",
          arguments: [(0.999_999, 2), (1.0, 1), (1.5, 1)])
    func edgeOfTheWindow(after seconds: Double, multiplier: Int) throws {
        let world = try world(Self.twoPairs)
        try world.tap(lookingAt: cell(0, 0, 0))
        world.advance(by: .seconds(seconds))
        #expect(world.time == Duration(sessionSeconds: seconds))
        let second = try world.tap(lookingAt: cell(0, 0, 0))
        #expect(second.multiplier == multiplier)
        #expect(world.multiplier == multiplier)
    }

    @Test("The break lasts the combo window of the rules")
    func breakLastsTheWindow() throws {
        let world = try world(Self.twoPairs, rules: Rules(comboWindow: .milliseconds(400)))
        try world.tap(lookingAt: cell(0, 0, 0))
        world.advance(by: .milliseconds(399))
        #expect(world.blocks.contains { $0.phase == .breaking })
        #expect(world.multiplier == 1)
        world.advance(by: .milliseconds(1))
        #expect(!world.blocks.contains { $0.phase == .breaking })
        #expect(try world.tap(lookingAt: cell(0, 0, 0)).multiplier == 1)
    }

    @Test("Multiplier events: up on a combo, back to 1 when the break ends")
    func multiplierEvents() throws {
        let world = try world("112233")
        try world.tap(lookingAt: cell(0, 0, 0))
        var events = world.advance(by: .milliseconds(500))
        try world.tap(lookingAt: cell(0, 0, 0))
        events += world.advance(by: .milliseconds(500))
        try world.tap(lookingAt: cell(0, 0, 0))
        let changes = (events + world.settle()).compactMap { event -> (Duration, Int, Int)? in
            if case .multiplierChanged(let from, let to) = event.kind { (event.time, from, to) } else { nil }
        }
        #expect(changes.map(\.0) == [.milliseconds(500), .milliseconds(1000), .milliseconds(2000)])
        #expect(changes.map { [$0.1, $0.2] } == [[1, 2], [2, 3], [3, 1]])
        #expect(world.game.history.map(\.multiplier) == [1, 2, 3])
    }
}

@Suite("Undo, events and the end")
struct UndoAndEventTests {
    @Test("Undo in every phase brings every block back to its cell, broken ones too",
          arguments: [0.0, 0.5, 1.1, 1.4, 3.0])
    func undoMidAnimation(after seconds: Double) throws {
        let world = try world("""
            2.3
            213
            113
            """)
        let start = world.game.board
        try world.tap(lookingAt: cell(0, 0, 0))
        world.advance(by: .seconds(seconds))
        let undone = try #require(world.undo())
        #expect(undone.removal.broken.count == 3)
        #expect(world.game.board == start)
        world.advance(by: .milliseconds(200))
        #expect(world.blocks.contains { $0.phase == .returning })
        world.settle()
        #expect(world.blocks.count == start.blockCount)
        for block in world.blocks {
            let cell = try #require(block.cell)
            #expect(start[cell] == block.block)
            #expect(block.entity.transform == world.restingTransform(at: cell))
            #expect(block.entity.parent === world.walls[cell.wall])
            #expect(block.entity.collision != nil)
        }
        #expect(world.undo() == nil)
        // Redo breaks the same group again, animated from now.
        let redone = try #require(world.redo())
        #expect(redone.removal == undone.removal && redone.points == undone.points)
        #expect(redone.move.time == world.time, "a redo is a tap now")
        world.settle()
        #expect(world.blocks.count == start.blockCount - 3)
    }

    @Test("Events come in time order with a fixed order at the same time, ending with the open walls")
    func eventsInOrder() throws {
        let world = try world(AnimationPhaseTests.fallingThrees)
        typealias Kind = WorldEvent.Kind
        #expect(world.advance(by: .zero).map(\.kind) == [.dangerBegan(groups: 2, walls: [0])])
        try world.tap(lookingAt: cell(0, 0, 0))
        let first = world.advance(by: .seconds(2))
        #expect(first.map(\.kind) == [.groupBroke(size: 2, colour: 1, points: 0, multiplier: 1), .blocksLanded(count: 2)])
        #expect(first.map(\.time) == [.zero, .milliseconds(1300)])
        try world.tap(lookingAt: cell(0, 1, 0))
        let second = world.settle()
        #expect(second.map(\.kind) == [
            .groupBroke(size: 3, colour: 3, points: 1, multiplier: 1), .dangerEnded, .roomCleared(score: 1001),
        ])
        #expect(second.map(\.time) == [.seconds(2), .seconds(2), .milliseconds(3550)])
        #expect(world.hasEnded)
        #expect(isClose(world.walls[0].position(relativeTo: nil), [0, -0.9, -0.9], tolerance: 1e-5), "the front wall moved out and down")
        #expect(world.advance(by: .seconds(1)).isEmpty)
    }

    @Test("Game over: the blocks left topple to the floor; undo stands them up again")
    func gameOver() throws {
        let world = try world("""
            2..
            113
            """)
        let before = world.game.board
        try world.tap(lookingAt: cell(0, 0, 0))
        #expect(world.game.isOver && !world.hasEnded, "the rules know at once; the picture follows")
        let events = world.settle()
        #expect(events.last?.kind == .gameEnded(score: 0))
        #expect(events.last?.time == .milliseconds(1550))
        let left = world.blocks
        #expect(left.count == 2 && left.allSatisfy { $0.phase == .toppling && $0.entity.collision == nil })
        for block in left {
            #expect(abs(block.entity.position(relativeTo: nil).y - world.settings.blockSize / 2) < 1e-5, "on the floor")
        }
        world.undo()
        world.settle()
        #expect(!world.hasEnded && world.game.board == before)
        for block in world.blocks {
            #expect(block.entity.transform == world.restingTransform(at: try #require(block.cell)))
        }
    }

    @Test("A game over from the start (a dead board, a finished save) plays its end at once")
    func deadFromTheStart() throws {
        let world = try world("12\n21\n")
        #expect(world.game.isOver && world.isAnimating)
        let events = world.settle()
        #expect(events.map(\.kind) == [.gameEnded(score: 0)] && events.first?.time == .zero)
        #expect(world.hasEnded && world.blocks.allSatisfy { $0.phase == .toppling })
    }

    @Test("Danger marks the blocks of the few groups left")
    func dangerMarks() throws {
        let world = try world("""
            1.....
            122334
            """)
        #expect(world.danger?.groups.count == 3)
        #expect(Set(world.blocks.filter(\.isInDanger).compactMap(\.cell)) == [
            cell(0, 0, 0), cell(0, 0, 1), cell(0, 1, 0), cell(0, 2, 0), cell(0, 3, 0), cell(0, 4, 0),
        ])
        #expect(world.block(in: cell(0, 5, 0))?.isInDanger == false)
    }
}

@Suite("Determinism")
struct DeterminismTests {
    /// Everything a front end could see of the world, bit for bit.
    struct Snapshot: Equatable {
        let blocks: [[String]]
        let game: Game
        let events: [WorldEvent]
    }

    /// A session of taps at random times and random frame steps, with undo and redo.
    func session(seed: UInt64) throws -> Snapshot {
        var random = SeededGenerator(seed: seed)
        let board = try Board.random(room: Room(walls: 4, width: 5, height: 4), colours: 3, seed: seed)
        let world = World(game: Game(start: board))
        var events: [WorldEvent] = []
        for _ in 0..<40 {
            switch random.below(10) {
            case 0: world.undo()
            case 1: world.redo()
            default:
                let groups = world.game.availableGroups
                if !groups.isEmpty {
                    let group = groups[random.below(groups.count)]
                    _ = try? world.tap(lookingAt: group.cells[random.below(group.size)])
                }
            }
            events += world.advance(by: .microseconds(random.below(90_000) * 10))
        }
        let blocks = world.blocks.map { [
            "\($0.block.id)", "\($0.entity.transform)", "\($0.phase)", "\(String(describing: $0.cell))",
        ] }
        return Snapshot(blocks: blocks, game: world.game, events: events)
    }

    @Test("The same taps at the same times give the same world, bit for bit", arguments: [1, 2, 3] as [UInt64])
    func sameWorld(seed: UInt64) throws {
        let first = try session(seed: seed)
        #expect(first == (try session(seed: seed)))
        #expect(first.game.moves.count > 3)
    }
}

@Suite("The README's world example")
struct ReadmeWorldExampleTests {
    @Test("The example runs: a tap breaks a group or says why not, and update reports the events")
    func example() throws {
        let world = World(game: Game(start: try Board.random(room: .standard, colours: 5, seed: 7)))
        let aimed = world.target(along: Ray(origin: [0, 1.6, 0], direction: [0.1, -0.2, -1]))
        let expected = aimed.flatMap(world.preview(of:))
        var broke = false
        do {
            let outcome = try world.tap(along: Ray(origin: [0, 1.6, 0], direction: [0.1, -0.2, -1]))
            #expect(outcome.removal.broken.count == expected?.group.size)
            broke = true
        } catch {
            #expect(error == (aimed.map { .loneBlock($0.cell) } ?? .noBlock))
            #expect(world.game.moves.isEmpty, "a miss plays nothing")
        }
        #expect(broke == (expected != nil))
        let events = world.advance(by: .seconds(1.0 / 60))
        #expect(events.contains { if case .groupBroke = $0.kind { true } else { false } } == broke)
        world.undo()
        world.settle()
        #expect(world.game.board == world.game.start)
    }
}

@Suite("Regressions found in review")
struct RegressionTests {
    static let pairs = TapTests.pairs

    @Test("Undo after a finished break, then any cast: the returned blocks can be tapped")
    func undoThenCast() throws {
        let world = try world(Self.pairs, rules: Rules(corners: .open))
        try world.tap(lookingAt: cell(0, 0, 0))
        world.settle()
        world.undo()
        _ = world.target(along: Ray(origin: world.settings.eye, direction: [0, 1, 0]))  // a hover, say
        world.settle()
        let ray = try #require(world.ray(toward: cell(0, 0, 0)))
        #expect(world.target(along: ray)?.cell == cell(0, 0, 0))
        #expect(throws: Never.self) { try world.tap(lookingAt: cell(0, 0, 0)) }
    }

    @Test("A redo is a tap now: within a break it raises the multiplier, shown and scored alike")
    func redoScoresNow() throws {
        let world = try world(Self.pairs, rules: Rules(corners: .open))
        try world.tap(lookingAt: cell(0, 0, 0))
        world.advance(by: .milliseconds(500))
        #expect(try world.tap(lookingAt: cell(1, 0, 0)).multiplier == 2)
        world.advance(by: .milliseconds(100))
        world.undo()
        world.advance(by: .seconds(5))
        let redone = try #require(world.redo())
        #expect(redone.multiplier == 1 && world.multiplier == 1, "long after the first break")
        world.advance(by: .milliseconds(200))
        #expect(try world.tap(lookingAt: cell(2, 0, 0)).multiplier == 2, "inside the redone break")
    }

    @Test("Many small frames give the same events at the same times as one big step", arguments: [7, 16_667, 333_333])
    func framesDoNotDrift(microseconds: Int64) throws {
        func play(frame: Duration) throws -> (events: [WorldEvent], world: World) {
            let world = try world("""
                2.3
                213
                113
                """)
            try world.tap(lookingAt: cell(0, 0, 0))
            var events: [WorldEvent] = []
            while world.time < .seconds(3) { events += world.advance(by: frame) }
            return (events, world)
        }
        let small = try play(frame: .microseconds(microseconds)), big = try play(frame: .seconds(3))
        #expect(small.events == big.events)
        #expect(small.events.contains { if case .blocksLanded = $0.kind { true } else { false } })
        for (a, b) in zip(small.world.blocks, big.world.blocks) { #expect(a.entity.transform == b.entity.transform) }
    }

    @Test("When the world stops animating every block has landed, whatever the frame steps",
          arguments: [0.001, 0.002, 0.004, 0.005, 0.008, 0.0])
    func framesLand(step: Double) throws {
        for seed in UInt64(0)..<30 {
            var random = SeededGenerator(seed: seed, stream: 9)
            func frame() -> Double { step > 0 ? step : Double(10_000 + random.below(15_000)) / 1_000_000 }
            let start = try Board.random(room: try Room(walls: 4, width: 6, height: 5), colours: 3, seed: seed)
            let world = World(game: Game(start: start))
            guard let group = world.game.availableGroups.first else { continue }
            try world.tap(lookingAt: group.cells[0])
            for _ in 0..<Int(seed % 7) { world.advance(by: .seconds(frame())) }
            if seed % 2 == 0 { world.undo() }
            guard !world.game.isOver else { continue }
            while world.isAnimating { world.advance(by: .seconds(frame())) }
            for block in world.blocks {
                #expect(block.phase == .resting, "seed \(seed): block \(block.block.id) \(block.phase)")
                #expect(block.entity.transform == world.restingTransform(at: try #require(block.cell)))
            }
        }
        // The case found in review: an update that ends exactly on the end of the undo.
        let world = try world(Self.pairs, rules: Rules(corners: .open))
        try world.tap(lookingAt: cell(0, 0, 0))
        world.settle()
        world.undo()
        // The 5 slides back (0.25 s), then the pair grows back in its cells (0.4 s).
        let events = world.advance(by: .milliseconds(36)) + world.advance(by: .milliseconds(614))
        #expect(!world.isAnimating && world.blocks.allSatisfy { $0.phase == .resting })
        #expect(events.contains { if case .blocksLanded = $0.kind { true } else { false } })
    }

    @Test("A replanned block standing between its steps is waiting, not falling")
    func phaseBetweenPlans() throws {
        let world = try world("4.\n2.\n2.\n33", rules: Rules(corners: .open))
        try world.tap(lookingAt: cell(0, 0, 0))  // the 3s: column 0 falls from 1.0 s to 1.3 s
        world.advance(by: .milliseconds(1100))
        try world.tap(lookingAt: cell(0, 0, 0))  // the 2s, while the 4 falls
        world.advance(by: .milliseconds(500))  // 1.6 s: the 4's first fall ended; its next starts at 2.1 s
        #expect(world.block(in: cell(0, 0, 0))?.phase == .waiting)
    }
}

@Suite("Hints")
struct HintTests {
    @Test("A hint is a legal move of the board as it is now, also while blocks are moving")
    func hintsAreLegal() throws {
        let room = try Room(walls: 4, width: 5, height: 4)
        let world = World(game: Game(start: try Board.random(room: room, colours: 4, seed: 8)))
        var taps = 0
        while let hint = world.hint(within: SearchBudget(playouts: 300)) {
            let group = try #require(world.game.board.group(at: hint.cells[0]))
            #expect(group == hint && group.size >= 2)
            try world.tap(lookingAt: hint.cells[0])
            world.advance(by: .milliseconds(100))
            taps += 1
        }
        #expect(world.game.isOver && taps > 0)
        #expect(world.game.availableGroups.isEmpty)
    }

    @Test("The hint on a board with one good move is that move")
    func obviousHint() throws {
        // Breaking the 1s first joins the 2s into one group of four: 4 more points.
        let game = Game(start: try Board(text: "2112\n2112"))
        let hint = try #require(game.hint(within: SearchBudget(playouts: 50)))
        #expect(hint.colour == 1)
    }

    @Test("A hint goes on from the plan of the hint before while the game follows it, and not once it leaves it")
    func hintsFollowTheirPlan() throws {
        var game = Game(start: try Board.random(room: .classic, colours: 5, seed: 4))
        let (group, plan) = try #require(game.hint(within: SearchBudget(playouts: 3_000), continuing: nil))
        #expect(plan.line.count > 10 && group.cells.contains(plan.line[0]))
        #expect(plan.movesAhead(of: game) == plan.line)
        // Any block of the group hinted follows the plan.
        try game.play(Move(try #require(group.cells.last)))
        #expect(plan.movesAhead(of: game) == Array(plan.line.dropFirst()))
        // A search of one playout keeps the better of the plan's line and one fresh rollout: here
        // the plan's, so the next hint is the plan's next move.
        let next = try #require(game.hint(within: SearchBudget(playouts: 1), continuing: plan))
        #expect(next.group.cells.contains(plan.line[1]))
        #expect(next.plan.line == Array(plan.line.dropFirst()))
        // Another group than the plan's leaves the plan; undoing it returns to it.
        let other = try #require(game.availableGroups.first { !$0.cells.contains(plan.line[1]) })
        try game.play(Move(other.cells[0]))
        #expect(plan.movesAhead(of: game).isEmpty)
        game.undo()
        #expect(plan.movesAhead(of: game) == Array(plan.line.dropFirst()))
        game.undo()
        #expect(plan.movesAhead(of: game) == plan.line)
        #expect(next.plan.movesAhead(of: game).isEmpty, "undone past the start of the later plan")
        // Back to as many moves as when the later plan was made, by another move: not its board.
        let elsewhere = try #require(game.availableGroups.first { !$0.cells.contains(plan.line[0]) })
        try game.play(Move(elsewhere.cells[0]))
        #expect(next.plan.movesAhead(of: game).isEmpty && plan.movesAhead(of: game).isEmpty)
    }
}

@Suite("Seams")
struct SeamTests {
    /// The point where the inner faces of `cells` meet: the mean of their faces' middles.
    func seam(of cells: [Cell], in world: World) throws -> SIMD3<Float> {
        var sum = SIMD3<Float>.zero
        for cell in cells {
            let ray = try #require(world.ray(toward: cell))
            let hit = try #require(world.target(along: ray))
            sum += hit.hit.position
        }
        return sum / Float(cells.count)
    }

    /// Eyes at and around `eye`, as the window's camera stands.
    func origins(around eye: SIMD3<Float>) -> [SIMD3<Float>] {
        [eye, eye + [0.15, 0, 0], eye + [0.37, -0.21, 0.53], eye + [-1.1, 0.3, 0.9], eye + [0.01, 0.01, 0.01]]
    }

    @Test("A ray aimed exactly at the seam between blocks, or where four meet, taps one of them", arguments: [1, 4])
    func seamsAreHit(walls: Int) throws {
        let room = try Room(walls: walls, width: walls == 1 ? 15 : 12, height: walls == 1 ? 15 : 10)
        let world = World(game: Game(start: try Board.random(room: room, colours: 5, seed: 3)))
        var misses: [[Cell]] = []
        for wall in 0..<room.walls {
            for column in 0..<room.width - 1 {
                for row in 0..<room.height - 1 {
                    let square = [cell(wall, column, row), cell(wall, column + 1, row), cell(wall, column, row + 1), cell(wall, column + 1, row + 1)]
                    for cells in [Array(square[0...1]), [square[0], square[2]], square] {
                        let point = try seam(of: cells, in: world)
                        for origin in origins(around: world.settings.eye) {
                            let target = world.target(along: Ray(from: origin, through: point))
                            if target.map({ !cells.contains($0.cell) }) ?? true { misses.append(cells) }
                        }
                    }
                }
            }
        }
        #expect(misses.isEmpty, "\(misses.count) seams missed, first \(misses.prefix(3))")
    }
}
