#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import PrisonSpaceTesting
import Testing

// Sources:
// https://developer.apple.com/documentation/realitykit/hastransform/orientation(relativeto:)
// https://developer.apple.com/documentation/realitykit/hastransform/setorientation(_:relativeto:)
// https://developer.apple.com/documentation/realitykit/hastransform/orientation
@MainActor
@Suite("orientation(relativeTo:) and setOrientation(_:relativeTo:)")
struct OrientationRelativeToTests {
    private var identity: simd_quatf { simd_quatf(ix: 0, iy: 0, iz: 0, r: 1) }

    // Two quarter turns about +y, parent and child, make a half turn in the world;
    // the child's own orientation stays a quarter turn.
    @Test func worldOrientationComposes() {
        let parent = Entity()
        parent.orientation = quarterTurnAboutY
        let child = Entity()
        parent.addChild(child)
        child.orientation = quarterTurnAboutY
        let world = child.orientation(relativeTo: nil)
        #expect(isClose(world, simd_quatf(angle: .pi, axis: [0, 1, 0])))
        #expect(isClose(world.act([1, 0, 0]), [-1, 0, 0]))
        #expect(isClose(child.orientation, quarterTurnAboutY))
    }

    // Making the child unrotated in the world sets its local orientation to the parent's inverse.
    @Test func setWorldOrientation() {
        let parent = Entity()
        parent.orientation = quarterTurnAboutY
        let child = Entity()
        parent.addChild(child)
        child.setOrientation(identity, relativeTo: nil)
        #expect(isClose(child.orientation, quarterTurnAboutY.inverse))
        #expect(isClose(child.orientation(relativeTo: nil), identity))
    }

    // Two separate entities turned alike have the identity orientation relative to each other.
    @Test func relativeToEquallyTurnedEntity() {
        let scene = Space()
        let quarterAboutX = simd_quatf(angle: .pi / 2, axis: [1, 0, 0])
        let a = Entity()
        a.orientation = quarterAboutX
        let b = Entity()
        b.orientation = quarterAboutX
        scene.add(a)
        scene.add(b)
        #expect(isClose(b.orientation(relativeTo: a), identity))
        #expect(isClose(b.orientation(relativeTo: nil), quarterAboutX))
    }

    // Setting an orientation relative to a turned entity composes with that entity's turn:
    // a quarter turn about y inside a frame turned a quarter about x sends +x first to -z,
    // then -z to +y.
    @Test func setOrientationRelativeToTurnedEntity() {
        let scene = Space()
        let a = Entity()
        a.orientation = simd_quatf(angle: .pi / 2, axis: [1, 0, 0])
        let b = Entity()
        scene.add(a)
        scene.add(b)
        b.setOrientation(quarterTurnAboutY, relativeTo: a)
        #expect(isClose(b.orientation(relativeTo: nil).act([1, 0, 0]), [0, 1, 0]))
        #expect(isClose(b.orientation(relativeTo: a), quarterTurnAboutY))
    }
}
