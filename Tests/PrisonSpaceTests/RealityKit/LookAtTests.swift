#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import PrisonSpaceTesting
import Testing

// Sources:
// https://developer.apple.com/documentation/realitykit/hastransform/look(at:from:upvector:relativeto:)
// https://developer.apple.com/documentation/realitykit/hastransform/look(at:from:upvector:relativeto:forward:)
// https://developer.apple.com/documentation/realitykit/entity/forwarddirection
// look(at:from:...) places the entity at `from` and turns it toward `target`. Like a camera,
// the entity looks along its -z axis unless the forward parameter says .positiveZ.
@MainActor
@Suite("look(at:from:upVector:relativeTo:)")
struct LookAtTests {
    // Looking straight down -z needs no rotation at all.
    @Test func lookingDownNegativeZIsIdentity() {
        let e = Entity()
        e.look(at: [0, 1, -3], from: [0, 1, 0], relativeTo: nil)
        #expect(isClose(e.position, [0, 1, 0]))
        #expect(isClose(e.orientation, simd_quatf(ix: 0, iy: 0, iz: 0, r: 1)))
    }

    // Looking toward +x: the entity's -z points to +x and its up stays +y.
    @Test func lookingSideways() {
        let e = Entity()
        e.look(at: [5, 0, 0], from: [0, 0, 0], upVector: [0, 1, 0], relativeTo: nil)
        #expect(isClose(e.orientation.act([0, 0, -1]), [1, 0, 0]))
        #expect(isClose(e.orientation.act([0, 1, 0]), [0, 1, 0]))
    }

    // With forward .positiveZ it is the +z axis that points at the target.
    @Test func positiveZForward() {
        let e = Entity()
        e.look(at: [0, 0, 4], from: [0, 0, 1], relativeTo: nil, forward: .positiveZ)
        #expect(isClose(e.orientation.act([0, 0, 1]), [0, 0, 1]))
        e.look(at: [3, 0, 0], from: [0, 0, 0], relativeTo: nil, forward: .positiveZ)
        #expect(isClose(e.orientation.act([0, 0, 1]), [1, 0, 0]))
        #expect(isClose(e.orientation.act([0, 1, 0]), [0, 1, 0]))
    }

    // The default forward of the newer variant is .negativeZ, the same as the older method.
    @Test func defaultForwardIsNegativeZ() {
        let e = Entity()
        e.look(at: [0, 0, 2], from: [0, 0, 0], relativeTo: nil, forward: .negativeZ)
        #expect(isClose(e.orientation.act([0, 0, -1]), [0, 0, 1]))
    }

    // Target and position are read in the reference entity's frame: with a reference at
    // (0,0,-2), `from` (0,0,1) is world (0,0,-1), and the target (0,0,-1) is world (0,0,-3).
    @Test func relativeToReference() {
        let scene = Space()
        let reference = Entity()
        reference.position = [0, 0, -2]
        let e = Entity()
        scene.add(reference)
        scene.add(e)
        e.look(at: [0, 0, -1], from: [0, 0, 1], relativeTo: reference)
        #expect(isClose(e.position(relativeTo: nil), [0, 0, -1]))
        #expect(isClose(e.orientation(relativeTo: nil).act([0, 0, -1]), [0, 0, -1]))
    }
}
