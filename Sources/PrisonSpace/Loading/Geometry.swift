import PrisonUSD

/// The meshes of USD's geometry prims, with USD's default sizes and axes.
enum SceneGeometry {
    /// The mesh of `prim` when it is a `Cube`, `Sphere`, `Capsule`, `Cylinder`, `Cone`, `Plane` or
    /// `Mesh`; nil for other prims. Throws for a mesh whose indices or counts do not fit its points.
    static func mesh(of prim: USDPrim) throws(SceneLoadError) -> MeshResource? {
        func number(_ name: String, _ fallback: Double) -> Float { Float(prim.value(name)?.number ?? fallback) }
        /// The index (0 x, 1 y, 2 z) of the prim's `axis`, Z unless authored, as in USD.
        var axis: Int {
            switch prim.value("axis")?.string {
            case "X": 0
            case "Y": 1
            default: 2
            }
        }
        /// A box `radius` round across the axis and `length` along it.
        func round(radius: Float, length: Float) -> MeshResource {
            var size = SIMD3<Float>(repeating: 2 * Swift.abs(radius))
            size[axis] = Swift.abs(length)
            return MeshResource(bounds: BoundingBox(center: .zero, size: size))
        }
        switch prim.typeName {
        case "Cube":
            let size = Swift.abs(number("size", 2))
            let corners = (0..<8).map { BoundingBox(center: .zero, size: SIMD3(repeating: size)).corner($0) }
            return MeshResource(bounds: BoundingBox(center: .zero, size: SIMD3(repeating: size)), positions: corners, triangleIndices: boxTriangleIndices)
        case "Sphere":
            let radius = Swift.abs(number("radius", 1))
            return MeshResource(bounds: BoundingBox(center: .zero, size: SIMD3(repeating: 2 * radius)))
        case "Cylinder", "Cone":
            return round(radius: number("radius", 1), length: number("height", 2))
        case "Capsule":
            let radius = number("radius", 0.5)
            return round(radius: radius, length: number("height", 1) + 2 * Swift.abs(radius))
        case "Plane":
            var size = SIMD3<Float>.zero
            let (width, length) = (Swift.abs(number("width", 2)), Swift.abs(number("length", 2)))
            // The plane's normal is its axis; width runs along the next axis, length the one after
            // (for the default Z: width along x, length along y).
            switch axis {
            case 0: size = [0, width, length]
            case 1: size = [width, 0, length]
            default: size = [width, length, 0]
            }
            return MeshResource(bounds: BoundingBox(center: .zero, size: size))
        case "Mesh":
            return try polygonMesh(prim)
        default:
            return nil
        }
    }

    /// The twelve triangles of a box over `BoundingBox.corner`'s eight corners.
    static let boxTriangleIndices: [UInt32] = [
        0, 1, 3, 0, 3, 2, 4, 6, 7, 4, 7, 5, 0, 4, 5, 0, 5, 1, 2, 3, 7, 2, 7, 6, 0, 2, 6, 0, 6, 4, 1, 5, 7, 1, 7, 3,
    ]

    /// A `Mesh` prim's points and faces, each face cut into a fan of triangles.
    private static func polygonMesh(_ prim: USDPrim) throws(SceneLoadError) -> MeshResource {
        func error(_ reason: String) -> SceneLoadError {
            SceneLoadError(file: "\(prim.location)", line: prim.textLine, reason: "<\(prim.path)>: \(reason)")
        }
        let coordinates = prim.value("points")?.numbers ?? []
        guard coordinates.count % 3 == 0 else { throw error("points are not whole (x, y, z) triples") }
        var positions: [SIMD3<Float>] = []
        positions.reserveCapacity(coordinates.count / 3)
        for start in stride(from: 0, to: coordinates.count, by: 3) {
            positions.append(SIMD3(Float(coordinates[start]), Float(coordinates[start + 1]), Float(coordinates[start + 2])))
        }
        let counts = prim.value("faceVertexCounts")?.numbers ?? []
        let indices = prim.value("faceVertexIndices")?.numbers ?? []
        var triangles: [UInt32] = []
        triangles.reserveCapacity(indices.count * 3)
        var next = 0
        for count in counts {
            guard count >= 0, count <= Double(indices.count - next) else {
                throw error("faceVertexCounts ask for more indices than faceVertexIndices has (\(indices.count))")
            }
            let face = indices[next..<next + Int(count)]
            for index in face where index < 0 || index >= Double(positions.count) || index != index.rounded() {
                throw error("faceVertexIndices name point \(index) of \(positions.count)")
            }
            if count >= 3 {
                let first = UInt32(face[face.startIndex])
                for corner in face.startIndex + 1..<face.endIndex - 1 {
                    triangles += [first, UInt32(face[corner]), UInt32(face[corner + 1])]
                }
            }
            next += Int(count)
        }
        var bounds = BoundingBox.empty
        for position in positions where position.isFinite { bounds.formUnion(position) }
        return MeshResource(bounds: bounds, positions: positions, triangleIndices: triangles)
    }
}

extension MeshResource {
    /// A few of the vertices that span the mesh's hull: all of them when there are few, else
    /// the farthest along 26 directions, so that a convex shape of them is quick to build.
    var hullCandidates: [SIMD3<Float>] {
        let finite = positions.filter(\.isFinite)
        guard finite.count > 26 else { return finite }
        var chosen: [SIMD3<Float>] = []
        for x in -1...1 {
            for y in -1...1 {
                for z in -1...1 where x != 0 || y != 0 || z != 0 {
                    let direction = SIMD3<Float>(Float(x), Float(y), Float(z))
                    if let best = finite.max(by: { $0.dot(direction) < $1.dot(direction) }), !chosen.contains(best) {
                        chosen.append(best)
                    }
                }
            }
        }
        return chosen
    }
}

extension ShapeResource {
    /// A shape of `mesh`'s triangles, as RealityKit's `generateStaticMesh(from:)`: the triangles
    /// of a mesh read from a file; a generated mesh keeps only its bounds, so for it the
    /// triangles of that box. Throws ``ShapeResourceError/staticMeshGenerationFailed`` when the
    /// mesh has no triangles.
    public static func generateStaticMesh(from mesh: MeshResource) async throws -> ShapeResource {
        let positions = mesh.positions.isEmpty ? (0..<8).map(mesh.bounds.corner) : mesh.positions
        let indices = mesh.positions.isEmpty ? SceneGeometry.boxTriangleIndices : mesh.triangleIndices
        guard !indices.isEmpty, positions.allSatisfy(\.isFinite), indices.allSatisfy({ Int($0) < positions.count }) else {
            throw ShapeResourceError.staticMeshGenerationFailed
        }
        return ShapeResource(geometry: .mesh(corners: indices.map { positions[Int($0)] }))
    }
}
