import PrisonSession
import PrisonRules
import PrisonSpace
import PrisonWorld
import Testing

/// Facing a wall shows all of it: every corner of every block of the wall faced projects inside
/// the window, a margin clear of its edges and of the HUD's bands, for every room shape the
/// rules allow and windows from 4:3 to 21:9.
@Suite struct FramingTests {
    /// Windows from 4:3 to 21:9, small to large.
    static let viewports: [SIMD2<Float>] = [
        [640, 480], [800, 600], [1024, 768], [1280, 720], [1366, 768], [1920, 1080], [2560, 1080], [3440, 1440], [1280, 548],
    ]
    /// No HUD, the HUD at scale 1 and at scale 2 (HiDPI). The framing caps each band at 30 % of
    /// the window's height.
    static let bands = [Framing.Bands(), Framing.Bands(top: 84, bottom: 79), Framing.Bands(top: 168, bottom: 158)]

    /// The eight corners of the wall of blocks `wall` (its inner and outer faces), in the world.
    static func corners(of room: Room, wall: Int, blockSize: Float = 0.3) -> [SIMD3<Float>] {
        let layout = RoomLayout(walls: room.walls, width: room.width, blockSize: blockSize)
        let d = layout.innerDistance, top = Float(room.height) * blockSize
        var corners: [SIMD3<Float>] = []
        for x in [-d, d] { for y in [0, top] { for z in [-d, -d - blockSize] { corners.append(layout.rotation(ofWall: wall).act([x, y, z])) } } }
        return corners
    }

    /// A camera placed as the session places it for a head facing `wall` straight on.
    static func camera(_ framing: Framing, facing wall: Int) -> PerspectiveCamera {
        var head = Head(walls: framing.room.walls)
        head.look(yaw: Float(wall) * 90, pitch: 0)
        let camera = PerspectiveCamera(name: "camera")
        camera.fieldOfViewInDegrees = framing.fieldOfViewInDegrees
        camera.setPosition(framing.eye(yaw: head.yaw), relativeTo: nil)
        camera.setOrientation(head.orientation, relativeTo: nil)
        return camera
    }

    @Test(arguments: viewports)
    func everyWallOfEveryRoomFitsTheWindowWithAMargin(viewport: SIMD2<Float>) throws {
        let margin = Framing.margin(viewport: viewport)
        // Large text (HiDPI) comes with large windows.
        for uncapped in viewport.y >= 1000 ? Self.bands : Array(Self.bands.prefix(2)) {
            let bands = Framing.Bands(top: min(uncapped.top, viewport.y * 0.3), bottom: min(uncapped.bottom, viewport.y * 0.3))
            for walls in [1, 4] {
                for width in 1...Room.maximumSide {
                    for height in 1...Room.maximumSide {
                        let room = try Room(walls: walls, width: width, height: height)
                        let framing = Framing(room: room, blockSize: 0.3, viewport: viewport, bands: bands)
                        #expect(framing.fieldOfViewInDegrees >= Framing.preferredFieldOfView - 0.01)
                        #expect(framing.fieldOfViewInDegrees <= Framing.widestFieldOfView + 0.01)
                        for wall in 0..<walls {
                            let camera = Self.camera(framing, facing: wall)
                            let points = try Self.corners(of: room, wall: wall).map { try #require(camera.project($0, viewport: viewport)) }
                            let low = points.reduce(SIMD2<Float>(repeating: .infinity)) { pointwiseMin($0, $1) }
                            let high = points.reduce(SIMD2<Float>(repeating: -.infinity)) { pointwiseMax($0, $1) }
                            // Centred across the window, whether the wall has an even or odd number of columns.
                            let centred = abs((low.x + high.x) / 2 - viewport.x / 2) < 0.01 * viewport.x / Float(width)
                            let inside =
                                centred && low.x >= margin - 0.5 && high.x <= viewport.x - margin + 0.5 && low.y >= bands.top + margin - 0.5
                                && high.y <= viewport.y - bands.bottom - margin + 0.5
                            // Not lost in the middle either: the wall spans most of the room it has one way.
                            let usable = SIMD2(viewport.x - 2 * margin, viewport.y - bands.top - bands.bottom - 2 * margin)
                            let span = (high - low) / usable
                            if !inside || max(span.x, span.y) < 0.6 {
                                Issue.record("\(room), wall \(wall), \(viewport), bands \(bands): the wall spans \(low) to \(high)")
                                return
                            }
                        }
                    }
                }
            }
        }
    }

    @Test func theDefaultRoomIsSeenFromInsideAtANaturalFieldOfView() {
        let framing = Framing(room: .standard, blockSize: 0.3, viewport: [1280, 720], bands: Self.bands[1])
        #expect(framing.fieldOfViewInDegrees < 70)
        #expect(!framing.cutsAway)
        // With no HUD and a wide window the preferred field of view is enough.
        #expect(Framing(room: .standard, blockSize: 0.3, viewport: [2560, 1080]).fieldOfViewInDegrees == Framing.preferredFieldOfView)
        #expect(framing.cutaway(yaw: 0) == nil)
        // Behind the room's centre, short of the wall behind.
        let eye = framing.eye(yaw: 0)
        #expect(eye.z > 0 && eye.z < 1.8)
        // The eye orbits the centre as the head turns: facing wall 1 (+x) it stands at -x.
        let turned = framing.eye(yaw: 90)
        #expect(abs(turned.x + eye.z) < 1e-4 && abs(turned.z - eye.x) < 1e-4 && turned.y == eye.y)
    }

    @Test func aRoomTooTallToFrameFromInsideIsSeenThroughACutaway() throws {
        let room = try Room(walls: 4, width: 2, height: 32)
        let framing = Framing(room: room, blockSize: 0.3, viewport: [1280, 720], bands: Self.bands[1])
        #expect(framing.cutsAway)
        #expect(framing.fieldOfViewInDegrees == Framing.widestFieldOfView)
        let plane = try #require(framing.cutaway(yaw: 0))
        let layout = RoomLayout(walls: 4, width: 2)
        func isCut(_ wall: Int) -> Bool {
            let centre = layout.centre(wall: wall, column: 0, row: 0)
            return (SIMD3(plane.x, plane.y, plane.z) * centre).sum() > plane.w
        }
        #expect(isCut(2), "the wall behind the eye")
        #expect(![0, 1, 3].contains(where: isCut), "the wall faced and the walls beside it stay")

        // A tap through the middle of the window reaches the wall faced, not the one cut away.
        let board = try Board.random(room: room, colours: 3, seed: 1)
        let world = World(game: Game(start: board))
        let camera = Self.camera(framing, facing: 0)
        let ray = try #require(camera.ray(through: [640, 400], viewport: [1280, 720]))
        #expect(world.target(along: ray)?.cell.wall == 2, "straight from the eye, the wall behind is in the way")
        #expect(world.target(along: framing.tapRay(ray, yaw: 0))?.cell.wall == 0)
    }
}
