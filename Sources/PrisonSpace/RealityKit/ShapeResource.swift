/// A shape rays can hit, in an entity's own space, as RealityKit's `ShapeResource`: a box, a
/// sphere, a capsule or a convex hull, placed by an offset from the entity's origin.
///
/// Shapes are immutable: ``offsetBy(rotation:translation:)`` makes a new one.
public final class ShapeResource: @unchecked Sendable {
    /// The shape about its own centre.
    enum Geometry: Equatable {
        /// A box of half edge lengths `halfExtents`.
        case box(halfExtents: SIMD3<Float>)
        /// A ball of `radius`.
        case sphere(radius: Float)
        /// A capsule along y: a cylinder of `halfHeight` either side of the centre, capped by
        /// half balls of `radius`.
        case capsule(halfHeight: Float, radius: Float)
        /// The convex hull of `points`, as the planes `(normal, d)` with `dot(normal, x) <= d`
        /// inside; no planes when the points enclose no volume.
        case convex(points: [SIMD3<Float>], planes: [SIMD4<Float>])
        /// Triangles, three corners each in turn: a surface rays hit from either side.
        case mesh(corners: [SIMD3<Float>])
    }

    /// Where the shape's centre sits in the entity's space, and how it is turned.
    struct Pose: Equatable {
        var rotation = simd_quatf.identity
        var translation = SIMD3<Float>.zero

        /// Whether the pose leaves the shape where it is.
        var isIdentity: Bool { rotation.vector == simd_quatf.identity.vector && translation == .zero }

        var matrix: simd_float4x4 { Transform(rotation: rotation, translation: translation).matrix }

        static func == (a: Pose, b: Pose) -> Bool {
            a.rotation.vector == b.rotation.vector && a.translation == b.translation
        }
    }

    let geometry: Geometry
    let pose: Pose

    init(geometry: Geometry, pose: Pose = Pose()) {
        self.geometry = geometry
        self.pose = pose
    }

    /// A box of `size` (full edge lengths along x, y and z) centred on the entity's origin.
    public static func generateBox(size: SIMD3<Float>) -> ShapeResource {
        ShapeResource(geometry: .box(halfExtents: size.absolute / 2))
    }

    /// A box `width` along x, `height` along y and `depth` along z, centred on the entity's origin.
    public static func generateBox(width: Float, height: Float, depth: Float) -> ShapeResource {
        generateBox(size: [width, height, depth])
    }

    /// A ball of `radius` centred on the entity's origin.
    public static func generateSphere(radius: Float) -> ShapeResource {
        ShapeResource(geometry: .sphere(radius: Swift.abs(radius)))
    }

    /// A capsule standing along y, centred on the entity's origin: `height` from the top of its
    /// upper cap to the bottom of its lower cap, and `radius` round. A height under twice the
    /// radius gives a ball.
    public static func generateCapsule(height: Float, radius: Float) -> ShapeResource {
        let radius = Swift.abs(radius)
        return ShapeResource(geometry: .capsule(halfHeight: max(Swift.abs(height) / 2 - radius, 0), radius: radius))
    }

    /// The smallest convex shape that holds every one of `points` (in the entity's space). Points
    /// that enclose no volume (fewer than four, or all in one plane) give a shape rays never hit.
    public static func generateConvex(from points: [SIMD3<Float>]) -> ShapeResource {
        ShapeResource(geometry: .convex(points: points, planes: convexHullPlanes(of: points)))
    }

    /// A convex shape of `mesh`. For a mesh read from a file, the hull of its vertices (of the
    /// 26 farthest along the axes and diagonals when it has more, a hull a little inside the
    /// exact one). A generated mesh keeps only its bounds, so for it this is the box of those
    /// bounds (exact for a box or a plane, larger than a sphere, cylinder or cone).
    public static func generateConvex(from mesh: MeshResource) -> ShapeResource {
        generateConvex(from: mesh.positions.isEmpty ? (0..<8).map(mesh.bounds.corner) : mesh.hullCandidates)
    }

    /// A triangle mesh, as RealityKit's `generateStaticMesh(positions:faceIndices:)`: every three
    /// of `faceIndices` name the corners of a triangle among `positions`. Rays hit its triangles
    /// from either side; collision events treat it as the convex hull of its corners. Throws
    /// ``ShapeResourceError/staticMeshGenerationFailed`` when there is no triangle, the indices
    /// are not whole triangles, one names no position, or a position is not finite.
    public static func generateStaticMesh(positions: [SIMD3<Float>], faceIndices: [UInt16]) async throws -> ShapeResource {
        guard !faceIndices.isEmpty, faceIndices.count % 3 == 0, positions.allSatisfy(\.isFinite),
            faceIndices.allSatisfy({ Int($0) < positions.count })
        else { throw ShapeResourceError.staticMeshGenerationFailed }
        return ShapeResource(geometry: .mesh(corners: faceIndices.map { positions[Int($0)] }))
    }

    /// This shape turned by `rotation` and then moved by `translation`, in the entity's space.
    public func offsetBy(rotation: simd_quatf = .identity, translation: SIMD3<Float> = .zero) -> ShapeResource {
        ShapeResource(
            geometry: geometry,
            pose: Pose(rotation: rotation * pose.rotation, translation: rotation.act(pose.translation) + translation))
    }

    /// The box along the entity's axes that holds the shape, in the entity's space.
    public var bounds: BoundingBox {
        let local = localBounds
        guard !pose.isIdentity else { return local }
        return local.transformed(by: pose.matrix)
    }

    /// The box that holds the shape about its own centre, before the pose.
    var localBounds: BoundingBox {
        switch geometry {
        case .box(let half): BoundingBox(min: -half, max: half)
        case .sphere(let radius): BoundingBox(min: SIMD3(repeating: -radius), max: SIMD3(repeating: radius))
        case .capsule(let halfHeight, let radius):
            BoundingBox(min: [-radius, -halfHeight - radius, -radius], max: [radius, halfHeight + radius, radius])
        case .convex(let points, _), .mesh(let points):
            points.reduce(BoundingBox.empty) { $0.union($1) }
        }
    }
}

extension ShapeResource: CustomStringConvertible {
    /// The kind and size of the shape, and its offset when it has one: `box 0.3 x 0.3 x 0.3`.
    public var description: String {
        let shape =
            switch geometry {
            case .box(let half): "box \(describe(half.x * 2)) x \(describe(half.y * 2)) x \(describe(half.z * 2))"
            case .sphere(let radius): "sphere of radius \(describe(radius))"
            case .capsule(let halfHeight, let radius):
                "capsule \(describe(2 * (halfHeight + radius))) high, radius \(describe(radius))"
            case .convex(let points, _): "convex hull of \(points.count) points"
            case .mesh(let corners): "mesh of \(corners.count / 3) triangles"
            }
        return pose.isIdentity ? shape : "\(shape) at \(describe(pose.translation))"
    }
}

/// The planes of the faces of the convex hull of `points`, as `(normal, d)` with unit normals
/// pointing out and `dot(normal, x) <= d` inside: every plane through three of the points that
/// has all of them on one side, without repeats. Empty when the points enclose no volume.
func convexHullPlanes(of points: [SIMD3<Float>]) -> [SIMD4<Float>] {
    var unique: [SIMD3<Float>] = []
    for point in points where point.isFinite && !unique.contains(point) { unique.append(point) }
    guard unique.count >= 4 else { return [] }
    let scale = unique.map { $0.absolute.max() }.max() ?? 1
    let tolerance = max(scale, 1e-6) * 1e-5
    var planes: [SIMD4<Float>] = []
    for i in unique.indices {
        for j in (i + 1)..<unique.count {
            for k in (j + 1)..<unique.count {
                var normal = (unique[j] - unique[i]).cross(unique[k] - unique[i])
                guard normal.length > tolerance * tolerance else { continue }
                normal = normal.normalized
                var d = normal.dot(unique[i])
                let sides = unique.map { normal.dot($0) - d }
                if sides.allSatisfy({ $0 <= tolerance }) {
                    // Already pointing out.
                } else if sides.allSatisfy({ $0 >= -tolerance }) {
                    normal = -normal
                    d = -d
                } else {
                    continue
                }
                let plane = SIMD4(normal, d)
                if !planes.contains(where: { ($0 - plane).absolute().max() <= tolerance }) { planes.append(plane) }
            }
        }
    }
    // Points all in one plane give only that plane, both ways: no volume.
    return planes.count >= 4 ? planes : []
}

extension SIMD4 where Scalar == Float {
    /// The vector with every component made non-negative.
    fileprivate func absolute() -> SIMD4<Float> { replacing(with: -self, where: self .< 0) }
}

/// Why a shape could not be made, as RealityKit's `ShapeResourceError`.
public enum ShapeResourceError: Error, Hashable, Sendable {
    /// The positions and face indices make no triangle mesh.
    case staticMeshGenerationFailed
}
