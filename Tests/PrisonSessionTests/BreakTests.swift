import Foundation
import PrisonSession
import SessionFixture
import PrisonRules
import PrisonSpace
import PrisonWorld
import Testing

/// The break as drawn: blocks that burst into pieces from the tap, points rising from the group,
/// and a fade instead when motion is reduced, all read from the game and the time since the tap.
@Suite struct BreakTests {
    /// One wall of 6 x 4: a group of 0s across the bottom two rows and up the left column
    /// (14 blocks), the rest in colours 1 and 2.
    private static let columns = [[0, 0, 0, 0], [0, 0, 1, 2], [0, 0, 2, 1], [0, 0, 1, 2], [0, 0, 2, 1], [0, 0, 1, 1]]
    /// The cell tapped: the middle of the group's bottom row.
    private static let tapped = Cell(column: 2, row: 0)

    /// A session of the board above, with motion reduced or not.
    private func session(reducingMotion: Bool = false) throws -> Session {
        let game = Game(start: try Board(room: Room(walls: 1, width: 6, height: 4), columns: Self.columns))
        var records = PlayerRecords()
        records.settings.reduceMotion = reducingMotion
        let session = Session(
            game: game, origin: GameOrigin(like: game.start, rules: game.rules), palettes: Fixture.palettes, records: records,
            sound: SoundOutput(isAvailable: false), seed: 1, date: Date(timeIntervalSince1970: 1_800_000_000))
        session.advance(FrameInput(elapsed: .seconds(1), viewport: [1280, 720], date: Date(timeIntervalSince1970: 1_800_000_000)))
        return session
    }

    private func advance(_ session: Session, by duration: Duration) {
        session.advance(FrameInput(elapsed: duration, viewport: [1280, 720], date: Date(timeIntervalSince1970: 1_800_000_000)))
    }

    /// The position of a piece's centre.
    private func centre(_ piece: ScenePiece) -> SIMD3<Float> {
        SIMD3(piece.transform.columns.3.x, piece.transform.columns.3.y, piece.transform.columns.3.z)
    }

    @Test func piecesStartAtTheirBlockFallAndAreGoneByTheBreaksEndNeverBehindTheWall() throws {
        let session = try session()
        #expect(session.play(Self.tapped))
        let breaks = session.breaks().blocks
        let group = try #require(session.game.history.last).removal.broken
        #expect(breaks.count == group.count)
        #expect(breaks.allSatisfy { $0.age == 0 })
        let pieceCount = Shatter.split * Shatter.split * Shatter.split
        for (block, _) in breaks {
            let frame = block.frame.columns
            let middle = SIMD3(frame.3.x, frame.3.y, frame.3.z), out = SIMD3(frame.2.x, frame.2.y, frame.2.z)
            let up = SIMD3(frame.1.x, frame.1.y, frame.1.z), right = SIMD3(frame.0.x, frame.0.y, frame.0.z)
            func pieces(at t: Float) -> [ScenePiece] {
                var pieces: [ScenePiece] = []
                Shatter.pieces(of: block, at: t, reducesMotion: false, into: &pieces)
                return pieces
            }
            // Whole until the ripple comes, then its pieces, inside the block as they burst.
            #expect(pieces(at: block.delay / 2).count == (block.delay > 0 ? 1 : pieceCount))
            let start = pieces(at: block.delay)
            #expect(start.count == pieceCount)
            for piece in start {
                let offset = centre(piece) - middle
                for axis in [right, up, out] { #expect(abs((offset * axis).sum()) < block.size / 2) }
            }
            // Depth in front of the wall behind the block, which no piece goes below.
            func depth(_ piece: ScenePiece) -> Float { ((centre(piece) - middle) * out).sum() + block.size / 2 }
            let times = stride(from: block.delay, to: block.duration, by: 1.0 / 60).map { $0 }
            let flights = times.map(pieces(at:))
            #expect(flights.allSatisfy { $0.count == pieceCount })
            for index in 0..<pieceCount {
                let path = flights.map { $0[index] }
                #expect(path.allSatisfy { depth($0) >= depth(start[index]) - 1e-4 }, "piece \(index) stays in front of the wall")
                let heights = path.map { centre($0).y }
                let top = try #require(heights.max())
                #expect(heights.last! < top, "piece \(index) falls")
                #expect(heights.allSatisfy { $0 > 0 }, "piece \(index) stays above the floor")
                #expect(path.last!.opacity < path.first!.opacity)
            }
            #expect(pieces(at: block.duration).isEmpty)
            #expect(pieces(at: block.duration + 1).isEmpty)
            // A pure function: the same block at the same time gives the same pieces.
            #expect(pieces(at: block.delay + 0.3) == pieces(at: block.delay + 0.3))
        }
        // The ripple: the tapped block bursts first, the others later the further they are.
        let byDistance = breaks.map(\.block).sorted { $0.delay < $1.delay }
        #expect(byDistance.first?.delay == 0)
        #expect(breaks.map(\.block.delay).max()! > 0)
        #expect(breaks.allSatisfy { $0.block.delay < $0.block.duration / 2 })
        // Drawn, the group is pieces and no longer blocks; once the break ends, nothing.
        advance(session, by: .milliseconds(500))
        let scene = session.scene()
        #expect(scene.blocks.count == session.game.board.blockCount)
        #expect(scene.pieces.count == group.count * pieceCount)
        advance(session, by: .milliseconds(600))
        #expect(session.scene().pieces.isEmpty)
    }

    @Test func thePointsRiseFromTheGroupWithTheNumberTheRulesScored() throws {
        let session = try session()
        #expect(session.play(Self.tapped))
        advance(session, by: .milliseconds(300))
        // A second group within the combo window: the multiplier comes with its points.
        #expect(session.play(try #require(session.game.availableGroups.first?.cells.first)))
        advance(session, by: .milliseconds(100))
        let history = session.game.history
        try #require(history.count == 2)
        let points = session.scene().points
        #expect(points.map(\.points) == history.reversed().map(\.points))
        #expect(points.map(\.multiplier) == history.reversed().map(\.multiplier))
        #expect(points.first?.multiplier == 2)
        let layout = session.world.layout
        for (rising, outcome) in zip(points, history.reversed()) {
            let cells = outcome.removal.broken.map(\.cell)
            let middle = cells.reduce(SIMD3<Float>.zero) { $0 + layout.centre(wall: $1.wall, column: $1.column, row: $1.row) }
                / Float(cells.count)
            // Across the wall, where the group is; a block out into the room; risen above its middle.
            #expect(abs(rising.position.x - middle.x) < 1e-4)
            #expect(abs(rising.position.z - (middle.z + layout.blockSize)) < 1e-4)
            #expect(rising.position.y > middle.y)
            #expect(rising.opacity > 0)
        }
        // The HUD's total counts up to the game's score.
        #expect(session.hudState.score < session.game.score)
        advance(session, by: .seconds(2))
        #expect(session.hudState.score == session.game.score)
        #expect(session.scene().points.isEmpty)
    }

    @Test func reducedMotionFadesTheBlocksWhereTheyStandAndDrawsNoPiece() throws {
        let session = try session(reducingMotion: true)
        #expect(session.play(Self.tapped))
        let group = try #require(session.game.history.last).removal.broken
        let size = session.world.layout.blockSize * 0.97
        let wholes = session.breaks().blocks.map { $0.block.frame * simd_float4x4(scale: SIMD3(repeating: size)) }
        var opacities: [Float] = []
        for _ in 0..<3 {
            advance(session, by: .milliseconds(50))
            let pieces = session.scene().pieces
            // As many as the blocks, each the whole block where it stood: no piece, no ripple, no motion.
            #expect(pieces.count == group.count)
            #expect(pieces.map(\.transform) == wholes)
            opacities.append(pieces.first?.opacity ?? 0)
        }
        #expect(opacities == opacities.sorted(by: >))
        advance(session, by: .milliseconds(200))
        #expect(session.scene().pieces.isEmpty)
    }

    @Test func reduceMotionIsASettingOffByDefaultThatOldFilesLoadWithout() throws {
        #expect(!Settings().reduceMotion)
        let old = #"{"format": "puzzle-prison-settings", "version": 1, "sound": false}"#
        let read = try Settings.read(json: Data(old.utf8))
        #expect(!read.settings.reduceMotion && read.replaced.isEmpty)
        var on = Settings()
        on.reduceMotion = true
        #expect(try Settings(json: on.encoded()).reduceMotion)
        // The menu's Settings page turns it on and asks for the settings to be kept.
        let session = try session()
        session.press(KeyChord(.escape))
        session.press(KeyChord(try #require(Key(name: "s"))))
        let row = try #require(session.menuItems.firstIndex { $0.kind == .setting(.reduceMotion) })
        #expect(session.menuItems[row].value == "off")
        for _ in 0..<row { session.press(KeyChord(try #require(Key(name: "down")))) }
        session.press(KeyChord(.right))
        #expect(session.menuItems[row].value == "on")
        #expect(session.takeEffects().contains { if case .keepSettings(let kept) = $0 { kept.reduceMotion } else { false } })
    }
}
