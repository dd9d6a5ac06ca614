#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import PrisonSpaceTesting
import Testing

// Sources:
// https://developer.apple.com/documentation/realitykit/collisioncasthit
// https://developer.apple.com/documentation/realitykit/collisioncasthit/entity
// https://developer.apple.com/documentation/realitykit/collisioncasthit/normal
// https://developer.apple.com/documentation/realitykit/collisioncasthit/distance
// A hit names the entity struck, the point and surface normal where the ray met it (in the
// frame of the cast's reference entity, world space for nil), and the distance from the origin.
@MainActor
@Suite("CollisionCastHit members")
struct CollisionCastHitTests {
    /// A 0.4 m box centred at (1, 0, -3): faces at x 0.8/1.2, y ±0.2, z -3.2/-2.8.
    private func box(in scene: Space) -> Entity {
        let e = Entity()
        e.name = "box"
        e.position = [1, 0, -3]
        e.components.set(CollisionComponent(shapes: [.generateBox(size: [0.4, 0.4, 0.4])]))
        scene.add(e)
        return e
    }

    // Straight ahead: the front face z = -2.8, normal +z, 2.8 m away.
    @Test func frontFace() throws {
        let scene = Space()
        let target = box(in: scene)
        let hit = try #require(scene.raycast(origin: [1, 0.1, 0], direction: [0, 0, -1], query: .nearest).first)
        #expect(hit.entity === target)
        #expect(isClose(hit.position, [1, 0.1, -2.8]))
        #expect(isClose(hit.normal, [0, 0, 1]))
        #expect(isClose(hit.distance, 2.8))
    }

    // From the side: the face x = 0.8, normal -x, 0.8 m from an origin at x = 0.
    @Test func sideFace() throws {
        let scene = Space()
        let target = box(in: scene)
        let hit = try #require(scene.raycast(origin: [0, 0, -3.1], direction: [1, 0, 0], query: .nearest).first)
        #expect(hit.entity === target)
        #expect(isClose(hit.position, [0.8, 0, -3.1]))
        #expect(isClose(hit.normal, [-1, 0, 0]))
        #expect(isClose(hit.distance, 0.8))
    }

    // From above: the top face y = 0.2, normal +y, 4.8 m below an origin at y = 5.
    @Test func topFace() throws {
        let scene = Space()
        _ = box(in: scene)
        let hit = try #require(scene.raycast(origin: [1, 5, -3], direction: [0, -1, 0], query: .nearest).first)
        #expect(isClose(hit.position, [1, 0.2, -3]))
        #expect(isClose(hit.normal, [0, 1, 0]))
        #expect(isClose(hit.distance, 4.8))
        #expect(hit.entity.name == "box")
    }

    // The position always lies on the ray at the reported distance.
    @Test func positionMatchesDistance() throws {
        let scene = Space()
        _ = box(in: scene)
        let origin: SIMD3<Float> = [0, 0.1, 0]
        let direction: SIMD3<Float> = [0.6, 0, -1.8]
        let unit = direction / (direction * direction).sum().squareRoot()
        let hit = try #require(scene.raycast(origin: origin, direction: direction, query: .nearest).first)
        #expect(isClose(hit.position, origin + unit * hit.distance))
        #expect(isClose(hit.position.z, -2.8))
        #expect(isClose(hit.position.x, 2.8 / 3))
    }
}
