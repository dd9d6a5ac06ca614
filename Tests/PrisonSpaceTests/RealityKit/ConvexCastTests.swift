#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import PrisonSpaceTesting
import Testing

// Source: https://developer.apple.com/documentation/realitykit/scene/convexcast(convexshape:fromposition:fromorientation:toposition:toorientation:query:mask:relativeto:)
// A convex shape swept through the scene hits what it would touch on the way, nearest first,
// with the distance it travelled before touching; the mask selects collision groups.

@MainActor
@Suite("Convex casts")
struct ConvexCastTests {
    @Test func aSweptBallHitsTheWallsOnItsWayNearestFirst() {
        let scene = Space()
        let near = Entity(name: "near", transform: Transform(translation: [0, 0, -2]), collision: CollisionComponent(shapes: [.generateBox(size: [1, 1, 0.2])]))
        let far = Entity(name: "far", transform: Transform(translation: [0.5, 0, -4]), collision: CollisionComponent(shapes: [.generateBox(size: [1, 1, 0.2])]))
        let beside = Entity(name: "beside", transform: Transform(translation: [2, 0, -3]), collision: CollisionComponent(shapes: [.generateSphere(radius: 0.5)]))
        scene.add(far)
        scene.add(near)
        scene.add(beside)
        let hits = scene.convexCast(
            convexShape: .generateSphere(radius: 0.25), fromPosition: .zero, fromOrientation: simd_quatf(angle: 0, axis: [0, 1, 0]),
            toPosition: [0, 0, -5], toOrientation: simd_quatf(angle: 0, axis: [0, 1, 0]))
        #expect(hits.map(\.entity.name) == ["near", "far"])
        #expect(abs(hits[0].distance - 1.65) < 1e-3, "the ball's front touches the wall at z = -1.9")
        #expect(isClose(hits[0].position, [0, 0, -1.9]) && isClose(hits[0].normal, [0, 0, 1]))
        let nearest = scene.convexCast(
            convexShape: .generateBox(size: [0.2, 0.2, 0.2]), fromPosition: .zero, fromOrientation: simd_quatf(angle: 0, axis: [0, 1, 0]),
            toPosition: [0, 0, -5], toOrientation: simd_quatf(angle: .pi / 4, axis: [0, 1, 0]), query: .nearest)
        #expect(nearest.map(\.entity.name) == ["near"])
    }

    @Test func theMaskSelectsTheGroupsHit() {
        let scene = Space()
        let glass = CollisionGroup(rawValue: 2)
        let pane = Entity(name: "pane", transform: Transform(translation: [0, 0, -1]), collision: CollisionComponent(shapes: [.generateBox(size: [1, 1, 0.05])], filter: CollisionFilter(group: glass, mask: .all)))
        scene.add(pane)
        let through = scene.convexCast(
            convexShape: .generateSphere(radius: 0.1), fromPosition: .zero, fromOrientation: simd_quatf(angle: 0, axis: [0, 1, 0]),
            toPosition: [0, 0, -2], toOrientation: simd_quatf(angle: 0, axis: [0, 1, 0]), mask: .all.subtracting(glass))
        #expect(through.isEmpty)
    }
}
