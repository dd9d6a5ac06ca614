#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import PrisonSpaceTesting
import Testing

// Sources:
// https://developer.apple.com/documentation/realitykit/scene/raycast(origin:direction:length:query:mask:relativeto:)
// https://developer.apple.com/documentation/realitykit/collisioncasthit
// With a reference entity, origin, direction and length are read in that entity's frame, and
// the hits' positions and normals are reported in it too.
@MainActor
@Suite("Ray casts relative to a reference entity")
struct RaycastRelativeToTests {
    /// A 0.2 m box at world (2, 0, -2).
    private func box(in scene: Space) -> Entity {
        let e = Entity()
        e.position = [2, 0, -2]
        e.components.set(CollisionComponent(shapes: [.generateBox(size: [0.2, 0.2, 0.2])]))
        scene.add(e)
        return e
    }

    // The reference sits at (0,0,-2) turned 90° about +y, so its local +z is world +x and the
    // box is at its local (0,0,2). A ray along local +z meets the box's face at local z = 1.9,
    // whose outward normal (world -x) is local -z.
    @Test func rotatedReference() throws {
        let scene = Space()
        let target = box(in: scene)
        let reference = Entity()
        reference.position = [0, 0, -2]
        reference.orientation = quarterTurnAboutY
        scene.add(reference)
        let hit = try #require(scene.raycast(origin: [0, 0, 0], direction: [0, 0, 1], query: .nearest, relativeTo: reference).first)
        #expect(hit.entity === target)
        #expect(isClose(hit.position, [0, 0, 1.9]))
        #expect(isClose(hit.normal, [0, 0, -1]))
        #expect(isClose(hit.distance, 1.9))
    }

    // The same ray given in world space reports world coordinates.
    @Test func sameRayInWorldSpace() throws {
        let scene = Space()
        _ = box(in: scene)
        let hit = try #require(scene.raycast(origin: [0, 0, -2], direction: [1, 0, 0], query: .nearest).first)
        #expect(isClose(hit.position, [1.9, 0, -2]))
        #expect(isClose(hit.normal, [-1, 0, 0]))
    }

    // With a reference scaled by 2, lengths are in its units: the face at world z = -2.9 is
    // local z = -1.45, beyond a length of 1 but within a length of 2.
    @Test func scaledReferenceLength() throws {
        let scene = Space()
        let e = Entity()
        e.position = [0, 0, -3]
        e.components.set(CollisionComponent(shapes: [.generateBox(size: [0.2, 0.2, 0.2])]))
        scene.add(e)
        let reference = Entity()
        reference.scale = [2, 2, 2]
        scene.add(reference)
        #expect(scene.raycast(origin: [0, 0, 0], direction: [0, 0, -1], length: 1, relativeTo: reference).isEmpty)
        let hit = try #require(scene.raycast(origin: [0, 0, 0], direction: [0, 0, -1], length: 2, relativeTo: reference).first)
        #expect(isClose(hit.position, [0, 0, -1.45]))
    }

    // A reference that is a child follows its parent's transform too.
    @Test func nestedReference() throws {
        let scene = Space()
        _ = box(in: scene)
        let parent = Entity()
        parent.position = [0, 0, -2]
        let reference = Entity()
        reference.orientation = quarterTurnAboutY
        parent.addChild(reference)
        scene.add(parent)
        let hit = try #require(scene.raycast(origin: [0, 0, 0], direction: [0, 0, 1], query: .nearest, relativeTo: reference).first)
        #expect(isClose(hit.position, [0, 0, 1.9]))
    }
}
