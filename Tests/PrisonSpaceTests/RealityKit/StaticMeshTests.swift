#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import PrisonSpaceTesting
import Testing

// Source: https://developer.apple.com/documentation/realitykit/shaperesource/generatestaticmesh(positions:faceindices:)
// A static collision mesh made of vertex positions and face indices, three to a triangle, is a
// shape rays hit on its triangles.

@MainActor
@Suite("Static collision meshes")
struct StaticMeshTests {
    /// A ramp: two triangles rising from the floor at z = 0 to 1 m high at z = -2.
    private func ramp() async throws -> ShapeResource {
        try await ShapeResource.generateStaticMesh(
            positions: [[-1, 0, 0], [1, 0, 0], [1, 1, -2], [-1, 1, -2]], faceIndices: [0, 1, 2, 0, 2, 3])
    }

    @Test func aRayHitsTheMeshOnItsTriangles() async throws {
        let scene = Space()
        let ramp = Entity(components: [CollisionComponent(shapes: [try await ramp()])])
        scene.add(ramp)
        let hit = try #require(scene.raycast(origin: [0.5, 2, -1], direction: [0, -1, 0]).first)
        #expect(hit.entity === ramp && isClose(hit.position, [0.5, 0.5, -1]))
        #expect(isClose(hit.normal, simd_normalize(SIMD3<Float>(0, 2, 1))), "the face toward the ray")
        #expect(scene.raycast(origin: [1.5, 2, -1], direction: [0, -1, 0]).isEmpty, "beside the ramp")
    }

    @Test func indicesThatMakeNoTriangleAreRefused() async {
        await #expect(throws: ShapeResourceError.self) {
            try await ShapeResource.generateStaticMesh(positions: [[0, 0, 0], [1, 0, 0]], faceIndices: [0, 1, 2])
        }
        await #expect(throws: ShapeResourceError.self) {
            try await ShapeResource.generateStaticMesh(positions: [[0, 0, 0], [1, 0, 0], [0, 1, 0]], faceIndices: [0, 1])
        }
    }
}
