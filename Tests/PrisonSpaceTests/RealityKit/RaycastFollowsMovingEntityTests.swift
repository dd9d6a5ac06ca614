#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import PrisonSpaceTesting
import Testing

// Sources:
// https://developer.apple.com/documentation/realitykit/hastransform/move(to:relativeto:duration:timingfunction:)
// https://developer.apple.com/documentation/realitykit/scene/raycast(origin:direction:length:query:mask:relativeto:)
// https://developer.apple.com/documentation/realitykit/collisioncomponent
// A move animates the entity's transform, and collision shapes go where the entity is, so a
// ray cast made part way through a move finds the entity at its current, in-between place.
@MainActor
@Suite("Ray casts follow moving entities")
struct RaycastFollowsMovingEntityTests {
    /// A 0.2 m box at (0,0,-2), set moving linearly to (1,0,-2) over 2 s.
    private func movingBox(in scene: Space) -> Entity {
        let e = Entity()
        e.position = [0, 0, -2]
        e.components.set(CollisionComponent(shapes: [.generateBox(size: [0.2, 0.2, 0.2])]))
        scene.add(e)
        e.move(to: Transform(translation: [1, 0, -2]), relativeTo: nil, duration: 2, timingFunction: .linear)
        return e
    }

    private func hits(_ scene: Space, atX x: Float) -> [CollisionCastHit] {
        scene.raycast(origin: [x, 0, 0], direction: [0, 0, -1])
    }

    // Before any time passes the box is still where it started.
    @Test func atStart() {
        let scene = Space()
        let box = movingBox(in: scene)
        #expect(hits(scene, atX: 0).first?.entity === box)
        #expect(hits(scene, atX: 0.5).isEmpty)
    }

    // Half way through, the box spans x 0.4…0.6: a ray at 0.5 hits it, one at 0 misses.
    @Test func halfWay() throws {
        let scene = Space()
        let box = movingBox(in: scene)
        scene.advance(by: .seconds(1))
        #expect(isClose(box.position, [0.5, 0, -2]))
        #expect(hits(scene, atX: 0).isEmpty)
        let hit = try #require(hits(scene, atX: 0.5).first)
        #expect(hit.entity === box)
        #expect(isClose(hit.position, [0.5, 0, -1.9]))
    }

    // At the end the box is at x = 1 and only a ray there finds it.
    @Test func atEnd() {
        let scene = Space()
        let box = movingBox(in: scene)
        scene.advance(by: .seconds(1))
        scene.advance(by: .seconds(1))
        #expect(hits(scene, atX: 1).first?.entity === box)
        #expect(hits(scene, atX: 0.5).isEmpty)
    }

    // A child's shape moves with its moving parent.
    @Test func childShapeFollowsParent() {
        let scene = Space()
        let parent = Entity()
        let child = Entity()
        child.position = [0, 0, -2]
        child.components.set(CollisionComponent(shapes: [.generateBox(size: [0.2, 0.2, 0.2])]))
        parent.addChild(child)
        scene.add(parent)
        parent.move(to: Transform(translation: [0, 1, 0]), relativeTo: nil, duration: 2, timingFunction: .linear)
        scene.advance(by: .seconds(1))
        #expect(scene.raycast(origin: [0, 0.5, 0], direction: [0, 0, -1]).first?.entity === child)
        #expect(scene.raycast(origin: [0, 0, 0], direction: [0, 0, -1]).isEmpty)
    }
}
