#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import PrisonSpaceTesting
import Testing

// Source: https://developer.apple.com/documentation/realitykit/shaperesource
// Capsules stand along the local y axis, their height counting both caps; convex shapes are the
// hull of their points. Ray casts hit the shapes where they are, with the surface normal.

@MainActor
@Suite("Capsule and convex collision shapes")
struct ShapeKindsTests {
    @Test func aCapsuleIsHitOnItsSideAndItsCaps() throws {
        let scene = Space()
        let capsule = Entity()
        capsule.components.set(CollisionComponent(shapes: [.generateCapsule(height: 2, radius: 0.25)]))
        capsule.position = [0, 1, -3]
        scene.add(capsule)
        // The side: the cylinder part runs from y 0.25 to 1.75 in the world.
        let side = try #require(scene.raycast(origin: [0, 1.5, 0], direction: [0, 0, -1], query: .nearest).first)
        #expect(isClose(side.position, [0, 1.5, -2.75]) && isClose(side.normal, [0, 0, 1]))
        // The top cap: from above, the first point is the top of the upper half ball, y 2.
        let top = try #require(scene.raycast(origin: [0, 5, -3], direction: [0, -1, 0]).first)
        #expect(isClose(top.position, [0, 2, -3]) && isClose(top.normal, [0, 1, 0]))
        // Just outside the rounded corner the ray misses.
        #expect(scene.raycast(origin: [0.24, 5, -2.76], direction: [0, -1, 0]).isEmpty)
        #expect(isClose(ShapeResource.generateCapsule(height: 2, radius: 0.25).bounds.extents, [0.5, 2, 0.5]))
    }

    @Test func aConvexHullIsHitOnItsFaces() throws {
        let scene = Space()
        // A pyramid: a square base 1 m wide on y = 0 and an apex 1 m up, points inside ignored.
        let points: [SIMD3<Float>] = [[-0.5, 0, -0.5], [0.5, 0, -0.5], [0.5, 0, 0.5], [-0.5, 0, 0.5], [0, 1, 0], [0, 0.2, 0]]
        let pyramid = Entity()
        pyramid.components.set(CollisionComponent(shapes: [.generateConvex(from: points)]))
        pyramid.position = [0, 0, -3]
        scene.add(pyramid)
        // Straight down onto the apex region: the slanted face at x 0.25 is at height 0.5.
        let slope = try #require(scene.raycast(origin: [0.25, 3, -3], direction: [0, -1, 0]).first)
        #expect(isClose(slope.position, [0.25, 0.5, -3]))
        #expect(isClose(slope.normal, simd_normalize(SIMD3<Float>(2, 1, 0))))
        // Level with the base, from the front: the front face leans back.
        let front = try #require(scene.raycast(origin: [0, 0.5, 0], direction: [0, 0, -1]).first)
        #expect(isClose(front.position, [0, 0.5, -2.75]))
        // Beside the apex, above the slanted face, the ray misses.
        #expect(scene.raycast(origin: [0.45, 0.6, 0], direction: [0, 0, -1]).isEmpty)
    }

    @Test func anOffsetShapeTurnsThenMoves() throws {
        let scene = Space()
        let entity = Entity()
        // A long thin box along x, turned to lie along z, then moved 1 m up.
        let shape = ShapeResource.generateBox(width: 2, height: 0.1, depth: 0.1)
            .offsetBy(rotation: simd_quatf(angle: .pi / 2, axis: [0, 1, 0]), translation: [0, 1, 0])
        entity.components.set(CollisionComponent(shapes: [shape]))
        entity.position = [0, 0, -3]
        scene.add(entity)
        let hit = try #require(scene.raycast(origin: [0, 1, 0], direction: [0, 0, -1]).first)
        #expect(isClose(hit.position, [0, 1, -2]))
        #expect(hit.shapeIndex == 0)
        #expect(isClose(shape.bounds.extents, [0.1, 0.1, 2]))
    }

    @Test func aConvexShapeFromABoxMeshIsTheBox() throws {
        let scene = Space()
        let entity = Entity()
        entity.components.set(CollisionComponent(shapes: [.generateConvex(from: .generateBox(size: [0.4, 0.2, 0.6]))]))
        entity.position = [0, 1, -3]
        scene.add(entity)
        let hit = try #require(scene.raycast(origin: [0, 1, 0], direction: [0, 0, -1]).first)
        #expect(isClose(hit.position, [0, 1, -2.7]) && isClose(hit.normal, [0, 0, 1]))
        let above = try #require(scene.raycast(origin: [0.1, 3, -3.2], direction: [0, -1, 0]).first)
        #expect(isClose(above.position, [0.1, 1.1, -3.2]))
    }
}
