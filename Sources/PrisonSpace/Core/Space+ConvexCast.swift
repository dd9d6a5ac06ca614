extension Space {
    /// The shapes that `convexShape` meets as it sweeps from `fromPosition`, turned by
    /// `fromOrientation`, to `toPosition`, turned by `toOrientation` (given relative to
    /// `referenceEntity`, the world when nil), as RealityKit's `convexCast(…)`: every hit nearest
    /// first for `.all`, the nearest for `.nearest`, one for `.any`, among shapes whose group
    /// shares a bit with `mask`. The shape moves in a straight line and turns along the shortest
    /// arc.
    ///
    /// A hit's `distance` is how far the shape travelled until it first touched the other one;
    /// its `position` and `normal` are where a ray from the cast shape's centre at that moment,
    /// along the sweep (toward the other shape's centre when that ray misses it), meets the
    /// other shape's surface. Shapes the cast shape overlaps where it starts are not hits, as a
    /// ray from inside a shape does not hit it. The sweep is tested at steps of half the cast
    /// shape's smallest half-size, each contact refined to a millionth of the path: a shape
    /// thinner than a step may slip between two steps at the edge of the sweep. A static mesh is
    /// met as the convex hull of its corners; a static mesh as the cast shape gives no hits.
    public func convexCast(
        convexShape: ShapeResource, fromPosition: SIMD3<Float>, fromOrientation: simd_quatf, toPosition: SIMD3<Float>,
        toOrientation: simd_quatf, query: CollisionCastQueryType = .all, mask: CollisionGroup = .all,
        relativeTo referenceEntity: Entity? = nil
    ) -> [CollisionCastHit] {
        if case .mesh = convexShape.geometry { return [] }
        let toWorld = referenceEntity?.worldMatrix ?? .identity
        func pose(at t: Float) -> simd_float4x4 {
            toWorld * Transform(
                rotation: simd_slerp(fromOrientation, toOrientation, t), translation: fromPosition + (toPosition - fromPosition) * t
            ).matrix
        }
        guard let start = ConvexSupport(convexShape, at: pose(at: 0)), let end = ConvexSupport(convexShape, at: pose(at: 1)),
            start.centre.isFinite, end.centre.isFinite
        else { return [] }
        let bounds = convexShape.bounds
        let scale = [toWorld.columns.0, toWorld.columns.1, toWorld.columns.2].map { SIMD3($0.x, $0.y, $0.z).length }
        let reach = max(bounds.min.length, bounds.max.length) * (scale.max() ?? 1)
        let smallest = max((bounds.max - bounds.min).min() / 2 * (scale.min() ?? 1), 1e-4)
        let path = end.centre - start.centre
        let steps = Int(min(max((path.length / (smallest / 2)).rounded(.up), 1), 10_000))
        let hierarchy = currentHierarchy()
        var hits: [(t: Float, primitive: Int, position: SIMD3<Float>, normal: SIMD3<Float>)] = []
        hierarchy.forEachOverlap(
            low: pointwiseMin(start.centre, end.centre) - reach, high: pointwiseMax(start.centre, end.centre) + reach
        ) { k in
            let primitive = hierarchy.primitives[k]
            guard query != .any || hits.isEmpty, primitive.group & mask.rawValue != 0,
                let target = ConvexSupport(hierarchy.entities[primitive.entity], shape: primitive.shape)
            else { return }
            func touches(_ t: Float) -> Bool { ConvexSupport(convexShape, at: pose(at: t))?.overlaps(target) ?? false }
            guard !touches(0), let first = (1...steps).first(where: { touches(Float($0) / Float(steps)) }) else { return }
            var (before, after) = (Float(first - 1) / Float(steps), Float(first) / Float(steps))
            while after - before > 1e-6 {
                let middle = (before + after) / 2
                if touches(middle) { after = middle } else { before = middle }
            }
            let centre = ConvexSupport(convexShape, at: pose(at: after))?.centre ?? end.centre
            func surface(toward direction: SIMD3<Float>) -> (t: Float, normal: SIMD3<Float>)? {
                guard direction.length > 0 else { return nil }
                return primitive.intersect(
                    origin: centre, direction: direction, inverse: SIMD3(repeating: 1) / direction, parallel: direction .== 0,
                    hulls: hierarchy.hulls, meshes: hierarchy.meshes)
            }
            let along = path.length > 0 ? path : target.centre - centre
            let across = target.centre - centre
            let (entry, ray): ((t: Float, normal: SIMD3<Float>)?, SIMD3<Float>) =
                if let hit = surface(toward: along) { (hit, along) } else { (surface(toward: across), across) }
            let position = entry.map { centre + $0.t * ray } ?? centre
            hits.append((after, k, position, entry?.normal ?? -along))
        }
        hits.sort { $0.t != $1.t ? $0.t < $1.t : hierarchy.primitives[$0.primitive].precedes(hierarchy.primitives[$1.primitive]) }
        if query != .all { hits = Array(hits.prefix(1)) }
        let fromWorld = referenceEntity.map { $0.worldMatrix.invertedOrNil ?? .identity } ?? .identity
        let travelled = (toPosition - fromPosition).length
        return hits.map { hit in
            let normal = referenceEntity == nil ? hit.normal : toWorld.transpose.transformDirection(hit.normal)
            return CollisionCastHit(
                entity: hierarchy.entities[hierarchy.primitives[hit.primitive].entity],
                position: fromWorld.transformPoint(hit.position), normal: normal.normalized, distance: hit.t * travelled,
                shapeIndex: hierarchy.primitives[hit.primitive].shape)
        }
    }
}
