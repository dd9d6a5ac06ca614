/// The ray's entry into and exit from the box `low...high` (world axes), with the axis and side
/// of the face it enters by: the slab test. `parallel` marks the axes the ray does not move on;
/// there it is inside the slab or misses. Nil when the ray's line misses the box.
@inline(__always)
func slabs(
    origin: SIMD3<Float>, inverse: SIMD3<Float>, parallel: SIMDMask<SIMD3<Int32>>, low: SIMD3<Float>, high: SIMD3<Float>
) -> (near: Float, far: Float, t0: SIMD3<Float>, t1: SIMD3<Float>)? {
    if any(parallel .& ((origin .< low) .| (origin .> high))) { return nil }
    let a = (low - origin) * inverse
    let b = (high - origin) * inverse
    let swapped = b .< a
    let t0 = a.replacing(with: b, where: swapped).replacing(with: -.infinity, where: parallel)
    let t1 = b.replacing(with: a, where: swapped).replacing(with: .infinity, where: parallel)
    // By hand: the generic reductions are not inlined here.
    let near = max(t0.x, max(t0.y, t0.z))
    let far = min(t1.x, min(t1.y, t1.z))
    return near <= far ? (near, far, t0, t1) : nil
}

/// One shape of one entity, ready for ray tests: the matrix into the entity's space and the
/// shape's centre and half size (or radius) there.
struct Primitive {
    var toLocal: Matrix4x4
    var centre: SIMD3<Float>
    /// Half the box's size, or the sphere's radius in `x` (with `isSphere`).
    var extent: SIMD3<Float>
    var isSphere: Bool
    /// A box that is exactly its world bounds (no turn but by right angles, no shear): it is
    /// tested in world space, without a matrix.
    var isAxisAligned: Bool
    var low: SIMD3<Float>
    var high: SIMD3<Float>
    var group: UInt32
    /// The entity's index in ``BoundingVolumeHierarchy/entities``.
    var entity: Int

    /// Where the ray `origin + t * direction` (world) enters the shape: `t` and the normal of the
    /// surface there, in the world, not yet of unit length. Nil when it misses, when the shape is
    /// behind, or when the origin is strictly inside. Touching a face or an edge counts as a hit.
    @inline(__always)
    func intersect(
        origin: SIMD3<Float>, direction: SIMD3<Float>, inverse: SIMD3<Float>, parallel: SIMDMask<SIMD3<Int32>>
    ) -> (t: Float, normal: SIMD3<Float>)? {
        if isAxisAligned {
            guard let (near, _, t0, _) = slabs(origin: origin, inverse: inverse, parallel: parallel, low: low, high: high),
                near >= 0, near.isFinite
            else { return nil }
            // The face entered is on the axis whose entry is last; its normal faces the ray.
            let axis = t0.x == near ? 0 : t0.y == near ? 1 : 2
            var normal = SIMD3<Float>.zero
            normal[axis] = direction[axis] > 0 ? -1 : 1
            return (near, normal)
        }
        let o = toLocal.transformPoint(origin) - centre
        let d = toLocal.transformDirection(direction)
        if isSphere {
            let radius = extent.x
            let a = d.dot(d)
            let b = o.dot(d)
            let c = o.dot(o) - radius * radius
            guard c >= 0, a > 0 else { return nil }
            let discriminant = b * b - a * c
            guard discriminant >= 0 else { return nil }
            let t = (-b - discriminant.squareRoot()) / a
            guard t >= 0 else { return nil }
            let local: SIMD3<Float> = (o + t * d) / radius
            return (t, toLocal.transpose.transformDirection(local))
        }
        var near = -Float.infinity
        var far = Float.infinity
        var normal = SIMD3<Float>.zero
        for axis in 0..<3 {
            let low: Float = -extent[axis]
            let high: Float = extent[axis]
            if d[axis] == 0 {
                if o[axis] < low || o[axis] > high { return nil }
                continue
            }
            var t0: Float = (low - o[axis]) / d[axis]
            var t1: Float = (high - o[axis]) / d[axis]
            var sign: Float = -1
            if t0 > t1 {
                swap(&t0, &t1)
                sign = 1
            }
            if t0 > near {
                near = t0
                normal = .zero
                normal[axis] = sign
            }
            far = min(far, t1)
            if near > far { return nil }
        }
        // Behind, or the origin strictly inside (a ray from inside does not hit its own shape).
        guard near >= 0, near.isFinite else { return nil }
        return (near, toLocal.transpose.transformDirection(normal))
    }
}

/// A bounding volume hierarchy over the world bounds of every enabled shape: the broad phase
/// that makes a ray cast cost about log n box tests instead of n.
final class BoundingVolumeHierarchy {
    struct Node {
        var low: SIMD3<Float>
        var high: SIMD3<Float>
        /// For a leaf, the first primitive; for an inner node, the index of its second child
        /// (the first follows the node).
        var index: Int32
        /// Primitives in a leaf; 0 for an inner node.
        var count: Int32
    }

    typealias Item = (primitive: Primitive, low: SIMD3<Float>, high: SIMD3<Float>)

    private(set) var nodes: [Node] = []
    private(set) var primitives: [Primitive] = []
    private(set) var entities: [Entity] = []
    private static let leafSize = 4

    /// Collects the shapes of the enabled entities under `root`, where they are now.
    init(root: Entity) {
        var items: [Item] = []
        collect(root, into: &items)
        nodes.reserveCapacity(2 * items.count / Self.leafSize + 1)
        primitives.reserveCapacity(items.count)
        if !items.isEmpty { build(&items[...]) }
    }

    private func collect(_ entity: Entity, into items: inout [Item]) {
        guard entity.isEnabled else { return }
        if let collision = entity.collision, let toLocal = entity.worldMatrix.inverse {
            let world = entity.worldMatrix
            entities.append(entity)
            for shape in collision.shapes {
                let (low, high) = Self.worldBounds(of: shape, world: world)
                guard low.isFinite && high.isFinite else { continue }
                var primitive = Primitive(
                    toLocal: toLocal, centre: .zero, extent: .zero, isSphere: false,
                    isAxisAligned: Self.isAxisAligned(world), low: low, high: high,
                    group: collision.group.rawValue, entity: entities.count - 1)
                switch shape {
                case .box(let size, let offset):
                    primitive.centre = offset
                    primitive.extent = size.absolute / 2
                case .sphere(let radius, let offset):
                    primitive.centre = offset
                    primitive.extent = SIMD3(Swift.abs(radius), 0, 0)
                    primitive.isSphere = true
                    primitive.isAxisAligned = false
                }
                items.append((primitive, low, high))
            }
        }
        for child in entity.children { collect(child, into: &items) }
    }

    /// Whether `world` turns the axes only by right angles (each column of its 3 x 3 part lies
    /// along one axis, to a part in a million): boxes stay boxes along the world axes.
    private static func isAxisAligned(_ world: Matrix4x4) -> Bool {
        [world.columns.0, world.columns.1, world.columns.2].allSatisfy { column in
            let size = SIMD3(column.x, column.y, column.z).absolute
            return size.max() > 0 && (size.sum() - size.max()) <= size.max() * 1e-6
        }
    }

    /// The world bounds of the eight corners of `shape`'s local bounds.
    private static func worldBounds(of shape: CollisionShape, world: Matrix4x4) -> (SIMD3<Float>, SIMD3<Float>) {
        let bounds = shape.bounds
        var low = SIMD3<Float>(repeating: .infinity)
        var high = SIMD3<Float>(repeating: -.infinity)
        for corner in 0..<8 {
            let pick = SIMD3<Float>(Float(corner & 1), Float((corner >> 1) & 1), Float((corner >> 2) & 1))
            let local: SIMD3<Float> = bounds.min + (bounds.max - bounds.min) * pick
            let point = world.transformPoint(local)
            low = pointwiseMin(low, point)
            high = pointwiseMax(high, point)
        }
        return (low, high)
    }

    /// Builds the subtree of `items`: split at the median of the widest axis of their centres.
    private func build(_ items: inout ArraySlice<Item>) {
        var low = SIMD3<Float>(repeating: .infinity)
        var high = SIMD3<Float>(repeating: -.infinity)
        var centreLow = low
        var centreHigh = high
        for item in items {
            low = pointwiseMin(low, item.low)
            high = pointwiseMax(high, item.high)
            let centre: SIMD3<Float> = (item.low + item.high) / 2
            centreLow = pointwiseMin(centreLow, centre)
            centreHigh = pointwiseMax(centreHigh, centre)
        }
        let index = nodes.count
        nodes.append(Node(low: low, high: high, index: Int32(primitives.count), count: Int32(items.count)))
        guard items.count > Self.leafSize else {
            primitives.append(contentsOf: items.map(\.primitive))
            return
        }
        let spread = centreHigh - centreLow
        let axis = spread.x >= spread.y && spread.x >= spread.z ? 0 : spread.y >= spread.z ? 1 : 2
        items.sort { ($0.low[axis] + $0.high[axis]) < ($1.low[axis] + $1.high[axis]) }
        let middle = items.startIndex + items.count / 2
        nodes[index].count = 0
        build(&items[items.startIndex..<middle])
        nodes[index].index = Int32(nodes.count)
        build(&items[middle..<items.endIndex])
    }

    /// Calls `visit` with each primitive whose bounds the ray `origin + t * direction`, for `t` in
    /// `0...limit`, may meet, nearer boxes first. `visit` returns the new limit (to prune farther
    /// boxes) or nil to stop. `inverse` is `1 / direction`, and `parallel` marks its zero components.
    @inline(__always)
    func forEachCandidate(
        origin: SIMD3<Float>, inverse: SIMD3<Float>, parallel: SIMDMask<SIMD3<Int32>>, limit: Float,
        _ visit: (Int) -> Float?
    ) {
        guard !nodes.isEmpty else { return }
        var limit = limit
        // The tree is balanced (median splits): 64 entries hold two children per level of any
        // tree that fits in memory.
        withUnsafeTemporaryAllocation(of: (node: Int32, near: Float).self, capacity: 64) { stack in
            nodes.withUnsafeBufferPointer { nodes in
                /// Where the ray enters node `index`'s box within the limit, or nil.
                @inline(__always) func entry(_ index: Int) -> Float? {
                    let node = nodes[index]
                    guard let (near, far, _, _) = slabs(
                        origin: origin, inverse: inverse, parallel: parallel, low: node.low, high: node.high),
                        near <= limit, far >= 0
                    else { return nil }
                    return near
                }
                guard let rootNear = entry(0) else { return }
                stack[0] = (0, rootNear)
                var top = 1
                while top > 0 {
                    top -= 1
                    let (current, near) = stack[top]
                    if near > limit { continue }
                    let node = nodes[Int(current)]
                    if node.count > 0 {
                        for k in Int(node.index)..<Int(node.index + node.count) {
                            guard let newLimit = visit(k) else { return }
                            limit = newLimit
                        }
                        continue
                    }
                    let first = Int(current) + 1
                    let second = Int(node.index)
                    switch (entry(first), entry(second)) {
                    case let (a?, b?):
                        // Push the farther child first, so that the nearer one is visited first.
                        stack[top] = a <= b ? (Int32(second), b) : (Int32(first), a)
                        stack[top + 1] = a <= b ? (Int32(first), a) : (Int32(second), b)
                        top += 2
                    case let (a?, nil):
                        stack[top] = (Int32(first), a)
                        top += 1
                    case let (nil, b?):
                        stack[top] = (Int32(second), b)
                        top += 1
                    case (nil, nil):
                        break
                    }
                }
            }
        }
    }
}
