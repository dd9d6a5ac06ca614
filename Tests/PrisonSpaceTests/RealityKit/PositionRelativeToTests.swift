#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import PrisonSpaceTesting
import Testing

// Sources:
// https://developer.apple.com/documentation/realitykit/hastransform/position(relativeto:)
// https://developer.apple.com/documentation/realitykit/hastransform/setposition(_:relativeto:)
// Positions can be read and written in the frame of any entity, or of the world with nil.
@MainActor
@Suite("position(relativeTo:) and setPosition(_:relativeTo:)")
struct PositionRelativeToTests {
    // Parent at (1,0,0) turned 90° about +y: the child's local (1,0,0) points along world -z,
    // so the child is at (1,0,-1) in the world.
    @Test func worldPositionUnderRotatedParent() {
        let parent = Entity()
        parent.position = [1, 0, 0]
        parent.orientation = quarterTurnAboutY
        let child = Entity()
        parent.addChild(child)
        child.position = [1, 0, 0]
        #expect(isClose(child.position(relativeTo: nil), [1, 0, -1]))
        #expect(isClose(child.position(relativeTo: parent), [1, 0, 0]))
    }

    // A parent scaled by 2 at (0,1,0) doubles the child's offset: local (1,0,0) is world (2,1,0).
    @Test func worldPositionUnderScaledParent() {
        let parent = Entity()
        parent.position = [0, 1, 0]
        parent.scale = [2, 2, 2]
        let child = Entity()
        parent.addChild(child)
        child.position = [1, 0, 0]
        #expect(isClose(child.position(relativeTo: nil), [2, 1, 0]))
    }

    // Setting a world position under the rotated parent solves for the local position:
    // world origin = (1,0,0) + R·local, so local = R⁻¹·(-1,0,0) = (0,0,-1).
    @Test func setWorldPositionUnderRotatedParent() {
        let parent = Entity()
        parent.position = [1, 0, 0]
        parent.orientation = quarterTurnAboutY
        let child = Entity()
        parent.addChild(child)
        child.setPosition([0, 0, 0], relativeTo: nil)
        #expect(isClose(child.position, [0, 0, -1]))
        #expect(isClose(child.position(relativeTo: nil), [0, 0, 0]))
    }

    // Relative to an unrelated entity: a at (0,0,-2) turned 90° about +y, b at (1,0,-2).
    // The world offset (1,0,0) is a's local (0,0,1).
    @Test func positionRelativeToAnotherEntity() {
        let scene = Space()
        let a = Entity()
        a.position = [0, 0, -2]
        a.orientation = quarterTurnAboutY
        let b = Entity()
        b.position = [1, 0, -2]
        scene.add(a)
        scene.add(b)
        #expect(isClose(b.position(relativeTo: a), [0, 0, 1]))
        #expect(isClose(a.position(relativeTo: b), [-1, 0, 0]))
    }

    // Setting relative to another entity: a's local (0,0,1) is world (1,0,-2).
    @Test func setPositionRelativeToAnotherEntity() {
        let scene = Space()
        let a = Entity()
        a.position = [0, 0, -2]
        a.orientation = quarterTurnAboutY
        let b = Entity()
        scene.add(a)
        scene.add(b)
        b.setPosition([0, 0, 1], relativeTo: a)
        #expect(isClose(b.position(relativeTo: nil), [1, 0, -2]))
    }
}
