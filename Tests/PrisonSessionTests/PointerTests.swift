import Foundation
import PrisonRules
import PrisonSession
import PrisonSpace
import SessionFixture
import Testing

/// A headset's panel and pointer: where a ray meets the panel, what the pointer meets (a block,
/// the panel or nothing) and what a select along a ray does.
@Suite struct PointerTests {
    /// A 1.6 m by 0.9 m panel 1.2 m ahead (along -z) at eye height, facing the player.
    static let ahead = PanelPlacement(centre: [0, 1.5, -1.2], turn: simd_quatf(angle: 0, axis: [0, 1, 0]), size: [1.6, 0.9], pixels: [1280, 720])

    static func near(_ a: SIMD2<Float>?, _ b: SIMD2<Float>, within tolerance: Float = 0.5) -> Bool {
        guard let a else { return false }
        return abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    @Test func aRayMeetsThePanelInItsPicturesPixelsFromTheTopLeft() throws {
        let eye = SIMD3<Float>(0, 1.5, 0)
        let middle = try #require(Self.ahead.hit(along: Ray(from: eye, through: [0, 1.5, -1.2])))
        #expect(Self.near(middle.point, [640, 360]))
        #expect(abs(middle.distance - 1.2) < 1e-4)
        // A millimetre inside each corner: the top left is (0, 0), the bottom right the picture's size.
        let corners: [(SIMD3<Float>, SIMD2<Float>)] = [
            ([-0.799, 1.949, -1.2], [0, 0]), ([0.799, 1.949, -1.2], [1280, 0]),
            ([-0.799, 1.051, -1.2], [0, 720]), ([0.799, 1.051, -1.2], [1280, 720]),
        ]
        for (corner, pixel) in corners {
            #expect(Self.near(Self.ahead.hit(along: Ray(from: eye, through: corner))?.point, pixel, within: 1), "\(corner)")
        }
        // The distance is in metres, whatever the length of the ray's direction.
        let long = try #require(Self.ahead.hit(along: Ray(origin: eye, direction: [0, 0, -5])))
        #expect(abs(long.distance - 1.2) < 1e-4)
        // Just past an edge, it passes by.
        #expect(Self.ahead.hit(along: Ray(from: eye, through: [0.801, 1.5, -1.2])) == nil)
        #expect(Self.ahead.hit(along: Ray(from: eye, through: [0, 1.951, -1.2])) == nil)
    }

    @Test func aRayFromBehindEdgeOnOrAwayMissesThePanel() {
        // Looking away from it.
        #expect(Self.ahead.hit(along: Ray(origin: [0, 1.5, 0], direction: [0, 0, 1])) == nil)
        // From behind it, at its back.
        #expect(Self.ahead.hit(along: Ray(origin: [0, 1.5, -2], direction: [0, 0, 1])) == nil)
        // Beyond it, looking on.
        #expect(Self.ahead.hit(along: Ray(origin: [0, 1.5, -2], direction: [0, 0, -1])) == nil)
        // Edge-on, in its plane.
        #expect(Self.ahead.hit(along: Ray(origin: [-2, 1.5, -1.2], direction: [1, 0, 0])) == nil)
        // No way at all.
        #expect(Self.ahead.hit(along: Ray(origin: [0, 1.5, 0], direction: .zero)) == nil)
    }

    @Test func aTurnedPanelIsMetWhereItFaces() throws {
        // Turned a quarter to the right: it stands along +x, facing back along -x.
        let right = PanelPlacement(
            centre: [1.2, 1.5, 0], turn: simd_quatf(angle: -.pi / 2, axis: [0, 1, 0]), size: [1.6, 0.9], pixels: [1280, 720])
        let middle = try #require(right.hit(along: Ray(origin: [0, 1.5, 0], direction: [1, 0, 0])))
        #expect(Self.near(middle.point, [640, 360]))
        #expect(abs(middle.distance - 1.2) < 1e-4)
        // Its left edge, as the player facing it sees it, is toward -z.
        #expect(try #require(right.hit(along: Ray(from: [0, 1.5, 0], through: [1.2, 1.5, -0.4]))).point.x < 640)
        #expect(Self.ahead.hit(along: Ray(origin: [0, 1.5, 0], direction: [1, 0, 0])) == nil)
    }

    /// Bottom row: two blocks of colour 0 on the left, then colour 1; top row the other way.
    static func fixture() throws -> Fixture {
        try Fixture(columns: [[0, 1], [0, 1], [1, 0]], width: 3, height: 2)
    }

    /// A level ray from near the middle of the room to the middle of `cell` on wall 0.
    static func ray(at cell: Cell, in session: Session) -> Ray {
        let centre = session.world.layout.centre(wall: cell.wall, column: cell.column, row: cell.row)
        return Ray(from: [0.05, centre.y, 0], through: centre)
    }

    /// A 16 cm panel standing across `ray`, 0.3 m along it, facing back along +z, moved `shift`
    /// metres to the right: the ray meets its middle, or left of it.
    static func panel(across ray: Ray, shiftedBy shift: Float = 0) -> PanelPlacement {
        PanelPlacement(
            centre: ray.point(atDistance: 0.3) + [shift, 0, 0], turn: simd_quatf(angle: 0, axis: [0, 1, 0]), size: [0.16, 0.09],
            pixels: [1280, 720])
    }

    /// A headset's frame, drawn on `panel`.
    static func advance(_ fixture: Fixture, panel: PanelPlacement?, by duration: Duration = .zero) {
        fixture.session.advance(FrameInput(elapsed: duration, viewport: [1280, 720], date: fixture.date, panel: panel))
        fixture.serve()
    }

    @Test func thePointerMeetsABlockOfTheGroupItLightsUpAndItsDistance() throws {
        let fixture = try Self.fixture()
        let session = fixture.session
        let cell = Cell(wall: 0, column: 0, row: 0)
        let ray = Self.ray(at: cell, in: session)
        session.point(along: ray)
        Self.advance(fixture, panel: Self.panel(across: ray))
        let target = try #require(session.pointerTarget)
        guard case .block(let met, let distance) = target else {
            Issue.record("\(target)")
            return
        }
        #expect(met == cell)
        // The ray meets the wall's inner face, half the room's width from its middle.
        let half = Float(3) * session.world.layout.blockSize / 2
        let toCentre = session.world.layout.centre(wall: 0, column: 0, row: 0) - ray.origin
        let expected = (toCentre * toCentre).sum().squareRoot() * half / -toCentre.z
        #expect(abs(distance - expected) < 0.01, "\(distance) against \(expected)")
    }

    @Test func thePointerMeetsNothingAtALoneBlockTheCeilingOrWithoutARay() throws {
        let fixture = try Self.fixture()
        let session = fixture.session
        session.point(along: Self.ray(at: Cell(wall: 0, column: 2, row: 0), in: session))
        Self.advance(fixture, panel: nil)
        #expect(session.pointerTarget == nil)
        session.point(along: Ray(origin: [0, 1.2, 0], direction: [0, 1, 0]))
        Self.advance(fixture, panel: nil)
        #expect(session.pointerTarget == nil)
        session.point(along: nil)
        Self.advance(fixture, panel: nil)
        #expect(session.pointerTarget == nil)
    }

    @Test func thePanelTakesThePointerWhileTheMenuOrANoticeIsUp() throws {
        let fixture = try Self.fixture()
        let session = fixture.session
        let ray = Self.ray(at: Cell(wall: 0, column: 0, row: 0), in: session)
        let panel = Self.panel(across: ray)
        session.point(along: ray)
        Self.advance(fixture, panel: panel)
        // Closed, the pointer goes through the panel to the blocks.
        guard case .block = session.pointerTarget else {
            Issue.record("\(String(describing: session.pointerTarget))")
            return
        }
        for open in [{ session.perform(.menu) }, { session.report("The settings file could not be read") }] {
            open()
            session.point(along: ray)
            Self.advance(fixture, panel: panel)
            guard case .panel(let point, let distance) = session.pointerTarget else {
                Issue.record("\(String(describing: session.pointerTarget))")
                return
            }
            #expect(Self.near(point, [640, 360], within: 1))
            #expect(abs(distance - 0.3) < 1e-4)
            if session.isMenuOpen { session.perform(.menu) }
        }
        // Off the panel, with the notice still up, it meets nothing.
        session.point(along: Ray(origin: [0, 1.2, 0], direction: [0, 1, 0]))
        Self.advance(fixture, panel: panel)
        #expect(session.pointerTarget == nil)
    }

    @Test func aSelectOnThePanelClicksThereAndOffItTapsTheBlocks() throws {
        let fixture = try Self.fixture()
        let session = fixture.session
        let cell = Cell(wall: 0, column: 0, row: 0)
        let ray = Self.ray(at: cell, in: session)
        // The ray meets the panel a tenth of its width from its left edge, half way down: the
        // shade beside the menu.
        let panel = Self.panel(across: ray, shiftedBy: 0.4 * 0.16)
        Self.advance(fixture, panel: panel)
        // Menu open: the select clicks the panel there, as a click there does.
        let clicked = try Self.fixture()
        Self.advance(clicked, panel: panel)
        for each in [session, clicked.session] { each.perform(.menu) }
        guard case .clickedPanel(let point) = session.select(along: ray) else {
            Issue.record("the select did not click the panel")
            return
        }
        #expect(Self.near(point, [128, 360], within: 1))
        clicked.session.click(at: point)
        #expect(session.isMenuOpen == clicked.session.isMenuOpen && session.menuTitle == clicked.session.menuTitle)
        #expect(session.game.moves.isEmpty)
        // Off the panel with the menu open, it taps and breaks nothing.
        #expect(session.select(along: Ray(origin: [0, 1.2, 0], direction: [0, 1, 0])) == .tapped(broke: false))
        // Menu closed: through the panel, it breaks the group.
        #expect(session.isMenuOpen)
        session.perform(.menu)
        #expect(session.select(along: ray) == .tapped(broke: true))
        #expect(session.game.moves.map(\.cell) == [cell])
    }

    @Test func aSelectOnThePanelTakesANoticeAsRead() throws {
        let fixture = try Self.fixture()
        let session = fixture.session
        let ray = Self.ray(at: Cell(wall: 0, column: 0, row: 0), in: session)
        Self.advance(fixture, panel: Self.panel(across: ray))
        session.report("The settings file could not be read")
        guard case .clickedPanel = session.select(along: ray) else {
            Issue.record("the select did not click the panel")
            return
        }
        #expect(session.notices.isEmpty)
        #expect(session.game.moves.isEmpty)
    }

    @Test func aHeadsetsFramesLeaveTheWindowsCameraWhereItStood() throws {
        let fixture = try Fixture(columns: Array(repeating: [0, 1], count: 12), walls: 4, width: 3, height: 2)
        let session = fixture.session
        let eye = session.scene().eye
        session.perform(.faceNextWall)
        for _ in 0..<60 { Self.advance(fixture, panel: Self.ahead, by: .milliseconds(50)) }
        #expect(session.scene().eye == eye)
        // A window's frame frames it again, where the head now looks.
        fixture.advance(by: .zero)
        #expect(session.scene().eye != eye)
    }
}
