/// Which hits a ray cast returns, as RealityKit's `CollisionCastQueryType`.
public enum CollisionCastQueryType: Hashable, Sendable {
    /// The hit nearest to the origin.
    case nearest
    /// Every hit, nearest first: the default.
    case all
    /// One hit, the first found: the cheapest answer to "is anything there?".
    case any
}

/// Where a ray met a shape, as RealityKit's `CollisionCastHit`.
public struct CollisionCastHit: CustomStringConvertible {
    /// The point where a ray met a triangle of a mesh shape. Not reported here (see
    /// ``CollisionCastHit/triangleHit``).
    public struct TriangleHit: Hashable, Sendable {
        /// The barycentric coordinates of the point in the triangle.
        public let uv: SIMD2<Float>
        /// The index of the triangle in the mesh.
        public let faceIndex: Int
    }

    /// The entity whose shape was hit.
    public let entity: Entity
    /// The point hit, in the space the cast was given in.
    public let position: SIMD3<Float>
    /// The unit normal of the surface at the point, out of the face hit (against the ray).
    public let normal: SIMD3<Float>
    /// Metres from the origin along the ray, in the space the cast was given in.
    public let distance: Float
    /// The index of the shape hit in the entity's collision component.
    public let shapeIndex: Int
    /// Where a triangle of a mesh shape was hit: always nil here, even for a static mesh
    /// (``ShapeResource/generateStaticMesh(positions:faceIndices:)``).
    public var triangleHit: TriangleHit? { nil }

    /// The entity, point, normal and distance: `"box 0" at (0, 1.6, -2) in "root", hit at
    /// (0, 1.6, -1.85), normal (0, 0, 1), 1.85 m away`.
    public var description: String {
        "\(entity), hit at \(describe(position)), normal \(describe(normal)), \(describe(distance)) m away"
    }
}

extension Space {
    /// Casts a ray from `origin` along `direction` (any length but zero) for `length` metres and
    /// returns what it hits: every hit nearest first (the default), the nearest hit, or any one
    /// hit. Only enabled entities (with enabled ancestors) whose collision filter's group meets
    /// `mask` are hit; a ray from inside a shape does not hit that shape. Hits at exactly the same
    /// distance come in the space's order: the entity met first in a depth-first walk of the
    /// space (children in order) first, and an entity's shapes in their order; so does the
    /// nearest hit, whatever the broad phase. Origin, direction,
    /// length and the results are in `reference`'s space (the world when nil). A NaN or infinite
    /// origin or direction, or a NaN length, hits nothing; an infinite length means no limit.
    public func raycast(
        origin: SIMD3<Float>, direction: SIMD3<Float>, length: Float = 100, query: CollisionCastQueryType = .all,
        mask: CollisionGroup = .all, relativeTo reference: Entity? = nil
    ) -> [CollisionCastHit] {
        raycast(along: Ray(origin: origin, direction: direction), length: length, query: query, mask: mask, relativeTo: reference)
    }

    /// Casts a ray from `start` to `end` and returns what it hits between them: every hit nearest
    /// first (the default), the nearest hit, or any one hit; `start`, `end` and the results are
    /// in `reference`'s space (the world when nil). Otherwise as
    /// ``raycast(origin:direction:length:query:mask:relativeTo:)``.
    public func raycast(
        from start: SIMD3<Float>, to end: SIMD3<Float>, query: CollisionCastQueryType = .all,
        mask: CollisionGroup = .all, relativeTo reference: Entity? = nil
    ) -> [CollisionCastHit] {
        raycast(
            along: Ray(from: start, through: end), length: (end - start).length, query: query, mask: mask,
            relativeTo: reference)
    }

    /// Casts `ray` for `length` metres and returns what it hits: every hit nearest first (the
    /// default), the nearest hit, or any one hit; the ray and the results are in `reference`'s
    /// space (the world when nil). Otherwise as
    /// ``raycast(origin:direction:length:query:mask:relativeTo:)``.
    public func raycast(
        along ray: Ray, length: Float = 100, query: CollisionCastQueryType = .all, mask: CollisionGroup = .all,
        relativeTo reference: Entity? = nil
    ) -> [CollisionCastHit] {
        cast(along: ray, length: length, query: query, mask: mask, relativeTo: reference, leavingShapes: false)
    }

    /// The hits of `ray` as ``raycast(along:length:query:mask:relativeTo:)`` finds them; with
    /// `leavingShapes`, a shape the ray starts inside is hit too, where the ray leaves it.
    func cast(
        along ray: Ray, length: Float, query: CollisionCastQueryType, mask: CollisionGroup, relativeTo reference: Entity?,
        leavingShapes: Bool
    ) -> [CollisionCastHit] {
        guard let unitRay = ray.unit, !length.isNaN, length >= 0 else { return [] }
        // In the reference space the ray is origin + t * unit for t in 0...length metres; the same
        // t runs along the world ray below, whatever the reference's scale.
        let toWorld = reference?.worldMatrix ?? .identity
        let worldOrigin = toWorld.transformPoint(unitRay.origin)
        let worldDirection = toWorld.transformDirection(unitRay.direction)
        guard worldOrigin.isFinite, worldDirection.isFinite, worldDirection.length > 0 else { return [] }
        let hierarchy = currentHierarchy()
        var cast = Cast(
            primitives: hierarchy.primitives, hulls: hierarchy.hulls, meshes: hierarchy.meshes, origin: worldOrigin, direction: worldDirection, mask: mask.rawValue,
            query: query, best: length, leavingShapes: leavingShapes)
        switch broadPhase {
        case .boundingVolumeHierarchy:
            hierarchy.forEachCandidate(
                origin: worldOrigin, inverse: cast.inverse, parallel: cast.parallel, limit: length, visitor: &cast)
        case .exhaustive:
            for k in hierarchy.primitives.indices where cast.visit(k) == nil { break }
        }
        let fromWorld = reference.map { $0.worldMatrix.invertedOrNil ?? .identity } ?? .identity
        func hit(_ found: Cast.Found) -> CollisionCastHit {
            let primitive = hierarchy.primitives[found.primitive]
            let normal = reference == nil ? found.normal : toWorld.transpose.transformDirection(found.normal)
            return CollisionCastHit(
                entity: hierarchy.entities[primitive.entity],
                position: fromWorld.transformPoint(worldOrigin + found.t * worldDirection),
                normal: normal.normalized, distance: found.t, shapeIndex: primitive.shape)
        }
        if let single = cast.single { return [hit(single)] }
        return cast.found.sorted {
            $0.t != $1.t ? $0.t < $1.t : hierarchy.primitives[$0.primitive].precedes(hierarchy.primitives[$1.primitive])
        }.map(hit)
    }

    /// One cast's test of each candidate shape, and what it found. A value the hierarchy's walk
    /// updates in place: no closure captures its state, so no run-time exclusivity check guards it.
    private struct Cast: CandidateVisitor {
        typealias Found = (t: Float, primitive: Int, normal: SIMD3<Float>)
        let primitives: [Primitive]
        let hulls: [[SIMD4<Float>]]
        let meshes: [[SIMD3<Float>]]
        let origin: SIMD3<Float>
        let direction: SIMD3<Float>
        let inverse: SIMD3<Float>
        let parallel: SIMDMask<SIMD3<Int32>>
        let mask: UInt32
        let query: CollisionCastQueryType
        /// Whether a shape the ray starts inside is hit where the ray leaves it.
        let leavingShapes: Bool
        /// The farthest distance still wanted.
        var best: Float
        /// Every hit, for `.all`.
        var found: [Found] = []
        /// The one hit, for `.nearest` and `.any`.
        var single: Found?

        init(
            primitives: [Primitive], hulls: [[SIMD4<Float>]], meshes: [[SIMD3<Float>]], origin: SIMD3<Float>, direction: SIMD3<Float>, mask: UInt32,
            query: CollisionCastQueryType, best: Float, leavingShapes: Bool
        ) {
            self.primitives = primitives
            self.hulls = hulls
            self.meshes = meshes
            self.origin = origin
            self.direction = direction
            inverse = SIMD3<Float>(repeating: 1) / direction
            parallel = direction .== 0
            self.mask = mask
            self.query = query
            self.leavingShapes = leavingShapes
            self.best = best
        }

        /// Tests shape `k`; returns the distance beyond which nothing is wanted, or nil to stop.
        /// Where the ray leaves shape `k` if it starts inside it: apart from ``visit(_:)``, so that
        /// the casts that do not ask for it keep their inlined test small.
        @inline(never)
        private func exit(from k: Int) -> (t: Float, normal: SIMD3<Float>)? {
            primitives[k].exit(
                origin: origin, direction: direction, inverse: inverse, parallel: parallel, hulls: hulls, meshes: meshes)
        }

        @inline(__always)
        mutating func visit(_ k: Int) -> Float? {
            let primitive = primitives[k]
            guard primitive.group & mask != 0,
                let hit = primitive.intersect(
                    origin: origin, direction: direction, inverse: inverse, parallel: parallel, hulls: hulls,
                    meshes: meshes) ?? (leavingShapes ? exit(from: k) : nil),
                hit.t <= best
            else { return best }
            switch query {
            case .nearest:
                // At an equal distance the shape first in the space's order stays, whatever order
                // the walk visits them in.
                if let kept = single, hit.t == kept.t, !primitives[k].precedes(primitives[kept.primitive]) { return best }
                single = (hit.t, k, hit.normal)
                best = hit.t
                return best
            case .all:
                found.append((hit.t, k, hit.normal))
                return best
            case .any:
                single = (hit.t, k, hit.normal)
                return nil
            }
        }
    }
}
