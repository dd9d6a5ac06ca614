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

/// One shape of one entity, ready for ray tests: the matrix into the shape's own space (the
/// entity's, moved by the shape's offset) and the shape's size there.
struct Primitive {
    enum Kind: UInt8 {
        case box, sphere, capsule, convex, mesh
    }

    /// Into the shape's space; only kept for shapes that are not axis-aligned boxes.
    var toLocal: simd_float4x4
    /// Half the box's size; the sphere's radius in `x`; the capsule's half cylinder height in
    /// `x` and radius in `y`.
    var extent: SIMD3<Float>
    var kind: Kind
    /// A box that is exactly its world bounds (no turn but by right angles, no shear): it is
    /// tested in world space, without a matrix.
    var isAxisAligned: Bool
    /// For a convex hull, its planes' index in the hierarchy's ``BoundingVolumeHierarchy/hulls``;
    /// for a mesh, its corners' index in ``BoundingVolumeHierarchy/meshes``.
    var hull: Int32
    var low: SIMD3<Float>
    var high: SIMD3<Float>
    /// The collision groups of the entity; 0 once the shape dropped out.
    var group: UInt32
    /// The entity's index in ``BoundingVolumeHierarchy/entities``, and the shape's in its
    /// collision component.
    var entity: Int
    var shape: Int

    /// Whether this shape comes before `other` in the space's order: its entity first in a
    /// depth-first walk, or the same entity and an earlier shape. Ties of distance go to it.
    func precedes(_ other: Primitive) -> Bool { (entity, shape) < (other.entity, other.shape) }

    /// The shape `shape` (number `index` of its entity's) of an entity at `world`, or nil when
    /// the matrix squashes it flat or its bounds are not finite. A convex hull's planes are
    /// number `hull` of the hierarchy's.
    init?(shape: ShapeResource, index: Int, world entityWorld: simd_float4x4, group: CollisionGroup, entity: Int, hull: Int32) {
        let world = shape.pose.isIdentity ? entityWorld : entityWorld * shape.pose.matrix
        var isAxisAligned = Self.isAxisAligned(world)
        let kind: Kind, extent: SIMD3<Float>
        switch shape.geometry {
        case .box(let half):
            (kind, extent) = (.box, half)
        case .sphere(let radius):
            (kind, extent) = (.sphere, SIMD3(radius, 0, 0))
        case .capsule(let halfHeight, let radius):
            (kind, extent) = (.capsule, SIMD3(halfHeight, radius, 0))
        case .convex:
            (kind, extent) = (.convex, .zero)
        case .mesh:
            (kind, extent) = (.mesh, .zero)
        }
        if kind != .box { isAxisAligned = false }
        if !isAxisAligned {
            guard let inverse = world.invertedOrNil else { return nil }
            toLocal = inverse
        } else {
            toLocal = .identity
        }
        let bounds = shape.localBounds
        guard !bounds.isEmpty else { return nil }
        if isAxisAligned {
            // Turned by right angles only: two opposite corners give the bounds.
            let a = world.transformPoint(bounds.min), b = world.transformPoint(bounds.max)
            (low, high) = (pointwiseMin(a, b), pointwiseMax(a, b))
        } else {
            let moved = bounds.transformed(by: world)
            (low, high) = (moved.min, moved.max)
        }
        guard low.isFinite, high.isFinite else { return nil }
        self.kind = kind
        self.extent = extent
        self.isAxisAligned = isAxisAligned
        self.hull = hull
        self.group = group.rawValue
        self.entity = entity
        self.shape = index
    }

    /// Takes the shape out of every ray test.
    mutating func dropOut() {
        group = 0
        low = SIMD3(repeating: .infinity)
        high = SIMD3(repeating: -.infinity)
    }

    /// Whether `world` turns the axes only by right angles (each column of its 3 x 3 part lies
    /// along one axis, to a part in a million): boxes stay boxes along the world axes.
    private static func isAxisAligned(_ world: simd_float4x4) -> Bool {
        func alongOneAxis(_ column: SIMD4<Float>) -> Bool {
            let size = SIMD3(column.x, column.y, column.z).absolute
            let largest = size.max()
            return largest > 0 && (size.sum() - largest) <= largest * 1e-6
        }
        return alongOneAxis(world.columns.0) && alongOneAxis(world.columns.1) && alongOneAxis(world.columns.2)
    }

    /// Where the ray `origin + t * direction` (world) enters the shape: `t` and the normal of the
    /// surface there, in the world, not yet of unit length. Nil when it misses, when the shape is
    /// behind, or when the origin is strictly inside. Touching a face or an edge counts as a hit.
    @inline(__always)
    func intersect(
        origin: SIMD3<Float>, direction: SIMD3<Float>, inverse: SIMD3<Float>, parallel: SIMDMask<SIMD3<Int32>>,
        hulls: [[SIMD4<Float>]], meshes: [[SIMD3<Float>]]
    ) -> (t: Float, normal: SIMD3<Float>)? {
        if isAxisAligned {
            return boxEntry(origin: origin, direction: direction, inverse: inverse, parallel: parallel, low: low, high: high)
        }
        // In the shape's space the direction is scaled with the shape, but t runs the same.
        let o = toLocal.transformPoint(origin)
        let d = toLocal.transformDirection(direction)
        let entry: (t: Float, normal: SIMD3<Float>)?
        switch kind {
        case .box:
            let local = SIMD3<Float>(repeating: 1) / d
            entry = boxEntry(origin: o, direction: d, inverse: local, parallel: d .== 0, low: -extent, high: extent)
        case .sphere:
            entry = sphereEntry(origin: o, direction: d, radius: extent.x)
        case .capsule:
            entry = capsuleEntry(origin: o, direction: d, halfHeight: extent.x, radius: extent.y)
        case .convex:
            entry = convexEntry(origin: o, direction: d, planes: hulls[Int(hull)])
        case .mesh:
            entry = meshEntry(origin: o, direction: d, corners: meshes[Int(hull)])
        }
        return entry.map { ($0.t, toLocal.transpose.transformDirection($0.normal)) }
    }
}

extension Primitive {
    /// Where a ray that starts strictly inside this shape leaves it: `t` and the normal there,
    /// facing back along the ray (into the shape). Nil when the origin is not inside, and for a
    /// triangle mesh, which has no inside (rays hit its triangles from either side). Found as
    /// where the reversed ray, started beyond the shape, enters it.
    func exit(
        origin: SIMD3<Float>, direction: SIMD3<Float>, inverse: SIMD3<Float>, parallel: SIMDMask<SIMD3<Int32>>,
        hulls: [[SIMD4<Float>]], meshes: [[SIMD3<Float>]]
    ) -> (t: Float, normal: SIMD3<Float>)? {
        guard kind != .mesh, all(origin .>= low .& origin .<= high) else { return nil }
        // From inside the bounds, every point of the shape is nearer than their diagonal.
        let beyond = (high - low).length + 1
        guard let entry = intersect(
            origin: origin + beyond * direction, direction: -direction, inverse: -inverse, parallel: parallel,
            hulls: hulls, meshes: meshes),
            entry.t < beyond
        else { return nil }
        return (beyond - entry.t, -entry.normal)
    }
}

/// What walks the candidates of a cast: tests shape `k` and returns the distance beyond which
/// nothing more is wanted, or nil to stop.
protocol CandidateVisitor {
    mutating func visit(_ k: Int) -> Float?
}

/// A bounding volume hierarchy over the world bounds of every enabled shape: the broad phase
/// that makes a ray cast cost about log n box tests instead of n.
///
/// Built once, it is refitted after moves: the tree stays, the bounds follow the entities, and
/// shapes that were removed or disabled drop out. Only new targets need a new build.
final class BoundingVolumeHierarchy {
    struct Node {
        var low: SIMD3<Float>
        var high: SIMD3<Float>
        /// For a leaf, the first primitive; for an inner node, the index of its second child
        /// (the first follows the node).
        var index: Int32
        /// Primitives in a leaf; 0 for an inner node.
        var count: Int32

        /// Whether the node holds no shape (every one of its shapes dropped out).
        var isEmpty: Bool { low.x > high.x }
    }

    // The hierarchy is used from its space's thread only: no run-time exclusivity checks.
    @exclusivity(unchecked) private(set) var nodes: [Node] = []
    @exclusivity(unchecked) private(set) var primitives: [Primitive] = []
    @exclusivity(unchecked) private(set) var entities: [Entity] = []
    /// The planes of the convex hulls among the shapes.
    @exclusivity(unchecked) private(set) var hulls: [[SIMD4<Float>]] = []
    /// The corners of the triangles of the meshes among the shapes.
    @exclusivity(unchecked) private(set) var meshes: [[SIMD3<Float>]] = []
    /// Entities with shapes that could not be placed (squashed flat) when the hierarchy was
    /// built; when one moves, only a new build can take it in.
    @exclusivity(unchecked) private var squashed: Set<ObjectIdentifier> = []
    /// For refits: where each entity is in ``entities``, and where its shapes are in
    /// ``primitives``. Made at the first refit.
    @exclusivity(unchecked) private var entityIndex: [ObjectIdentifier: Int] = [:]
    @exclusivity(unchecked) private var shapesOfEntity: [[Int32]] = []
    /// The world matrix and collision groups each entity's shapes were last fitted to.
    @exclusivity(unchecked) private var fittedWorld: [simd_float4x4?] = []
    @exclusivity(unchecked) private var fittedGroup: [UInt32] = []
    private static let leafSize = 4

    private func indexShapes() {
        entityIndex = Dictionary(uniqueKeysWithValues: entities.enumerated().map { (ObjectIdentifier($1), $0) })
        shapesOfEntity = Array(repeating: [], count: entities.count)
        for (k, primitive) in primitives.enumerated() { shapesOfEntity[primitive.entity].append(Int32(k)) }
        fittedWorld = Array(repeating: nil, count: entities.count)
        fittedGroup = Array(repeating: 0, count: entities.count)
    }

    /// Collects the shapes of the enabled entities under `root`, where they are now.
    init(root: Entity) {
        var candidates: [Primitive] = []
        collect(root, into: &candidates)
        nodes.reserveCapacity(2 * candidates.count / Self.leafSize + 1)
        primitives.reserveCapacity(candidates.count)
        guard !candidates.isEmpty else { return }
        let centres = candidates.map { ($0.low + $0.high) / 2 }
        var order = (0..<Int32(candidates.count)).map(\.self)
        order.withUnsafeMutableBufferPointer { order in
            centres.withUnsafeBufferPointer { centres in
                build(order[...], centres: centres, candidates: candidates)
            }
        }
    }

    private func collect(_ entity: Entity, into candidates: inout [Primitive]) {
        guard entity.isEnabled else { return }
        if let collision = entity.collision {
            let world = entity.worldMatrix
            var added = false
            for (shapeIndex, shape) in collision.shapes.enumerated() {
                var hull: Int32 = -1
                if case .convex(_, let planes) = shape.geometry {
                    hull = Int32(hulls.count)
                    hulls.append(planes)
                } else if case .mesh(let corners) = shape.geometry {
                    hull = Int32(meshes.count)
                    meshes.append(corners)
                }
                guard let primitive = Primitive(
                    shape: shape, index: shapeIndex, world: world, group: collision.filter.group, entity: entities.count,
                    hull: hull)
                else { continue }
                candidates.append(primitive)
                added = true
            }
            if added {
                entities.append(entity)
            } else if !collision.shapes.isEmpty {
                // Squashed flat (a scale of 0): not a target now, but it may grow back.
                squashed.insert(ObjectIdentifier(entity))
            }
        }
        for child in entity.children { collect(child, into: &candidates) }
    }

    /// Builds the subtree of the candidates in `order`: split at the median of the widest axis
    /// of their centres.
    private func build(_ order: Slice<UnsafeMutableBufferPointer<Int32>>, centres: UnsafeBufferPointer<SIMD3<Float>>, candidates: [Primitive]) {
        var low = SIMD3<Float>(repeating: .infinity)
        var high = SIMD3<Float>(repeating: -.infinity)
        var centreLow = low
        var centreHigh = high
        for k in order {
            let candidate = candidates[Int(k)]
            low = pointwiseMin(low, candidate.low)
            high = pointwiseMax(high, candidate.high)
            centreLow = pointwiseMin(centreLow, centres[Int(k)])
            centreHigh = pointwiseMax(centreHigh, centres[Int(k)])
        }
        let index = nodes.count
        nodes.append(Node(low: low, high: high, index: Int32(primitives.count), count: Int32(order.count)))
        guard order.count > Self.leafSize else {
            for k in order { primitives.append(candidates[Int(k)]) }
            return
        }
        let spread = centreHigh - centreLow
        let axis = spread.x >= spread.y && spread.x >= spread.z ? 0 : spread.y >= spread.z ? 1 : 2
        let middle = order.startIndex + order.count / 2
        Self.select(middle, in: order, axis: axis, centres: centres)
        nodes[index].count = 0
        build(order.base[order.startIndex..<middle], centres: centres, candidates: candidates)
        nodes[index].index = Int32(nodes.count)
        build(order.base[middle..<order.endIndex], centres: centres, candidates: candidates)
    }

    /// Reorders `order` so that place `k` holds the candidate it would hold sorted by centre on
    /// `axis`, with none greater before it and none smaller after it (Hoare's selection).
    private static func select(
        _ k: Int, in order: Slice<UnsafeMutableBufferPointer<Int32>>, axis: Int, centres: UnsafeBufferPointer<SIMD3<Float>>
    ) {
        let base = order.base
        func key(_ i: Int) -> Float { centres[Int(base[i])][axis] }
        var low = order.startIndex, high = order.endIndex - 1
        while low < high {
            let pivot = key((low + high) / 2)
            var i = low, j = high
            while i <= j {
                while key(i) < pivot { i += 1 }
                while key(j) > pivot { j -= 1 }
                if i <= j {
                    base.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if k <= j {
                high = j
            } else if k >= i {
                low = i
            } else {
                return
            }
        }
    }

    /// Fits the shapes of entity `e` to `world` and `collision`.
    private func refit(_ e: Int, world: simd_float4x4, collision: CollisionComponent) {
        // Most entities stay where they were: their shapes stand.
        let group = collision.filter.group
        if let fitted = fittedWorld[e], fitted.isIdentical(to: world), group.rawValue == fittedGroup[e] { return }
        fittedWorld[e] = world
        fittedGroup[e] = group.rawValue
        for slot in shapesOfEntity[e] {
            let k = Int(slot)
            let shape = primitives[k].shape
            if shape < collision.shapes.count, let moved = Primitive(
                shape: collision.shapes[shape], index: shape, world: world, group: group, entity: e,
                hull: primitives[k].hull)
            {
                primitives[k] = moved
            } else {
                primitives[k].dropOut()
            }
        }
    }

    /// Moves every shape to where its entity is now and drops the shapes whose entity left the
    /// space, was disabled or lost its collision; then fits every node to what it still holds.
    /// Only the `touched` entities are looked at, or all of them when it is nil. (The hierarchy
    /// holds its entities, so an identity it knows cannot belong to another entity.) Returns
    /// false, having changed nothing, when a squashed entity may have grown back: the hierarchy
    /// must then be built again.
    func refit(in space: Space, touched: [ObjectIdentifier]?) -> Bool {
        if let touched {
            if !squashed.isEmpty, touched.contains(where: squashed.contains) { return false }
        } else if !squashed.isEmpty {
            return false
        }
        if shapesOfEntity.isEmpty { indexShapes() }
        if let touched {
            for identity in touched {
                guard let e = entityIndex[identity] else { continue }
                let entity = entities[e]
                if entity.space === space, entity.isEnabledInHierarchy, let collision = entity.collision {
                    refit(e, world: entity.worldMatrix, collision: collision)
                } else {
                    for slot in shapesOfEntity[e] { primitives[Int(slot)].dropOut() }
                }
            }
        } else {
            var seen = [Bool](repeating: false, count: entities.count)
            func visit(_ entity: Entity) {
                guard entity.isEnabled else { return }
                if let collision = entity.collision, let e = entityIndex[ObjectIdentifier(entity)] {
                    seen[e] = true
                    refit(e, world: entity.worldMatrix, collision: collision)
                }
                for child in entity.children { visit(child) }
            }
            visit(space.root)
            for e in entities.indices where !seen[e] {
                for slot in shapesOfEntity[e] { primitives[Int(slot)].dropOut() }
            }
        }
        for n in nodes.indices.reversed() {
            let node = nodes[n]
            var low = SIMD3<Float>(repeating: .infinity)
            var high = SIMD3<Float>(repeating: -.infinity)
            if node.count > 0 {
                for k in Int(node.index)..<Int(node.index + node.count) where primitives[k].group != 0 {
                    low = pointwiseMin(low, primitives[k].low)
                    high = pointwiseMax(high, primitives[k].high)
                }
            } else {
                for child in [n + 1, Int(node.index)] where !nodes[child].isEmpty {
                    low = pointwiseMin(low, nodes[child].low)
                    high = pointwiseMax(high, nodes[child].high)
                }
            }
            nodes[n].low = low
            nodes[n].high = high
        }
        return true
    }

    /// Calls `visitor.visit` with each primitive whose bounds the ray `origin + t * direction`, for
    /// `t` in `0...limit`, may meet, nearer boxes first. `visit` returns the new limit (to prune
    /// farther boxes) or nil to stop. `inverse` is `1 / direction`, and `parallel` marks its zero
    /// components.
    @inline(__always)
    func forEachCandidate<Visitor: CandidateVisitor>(
        origin: SIMD3<Float>, inverse: SIMD3<Float>, parallel: SIMDMask<SIMD3<Int32>>, limit: Float,
        visitor: inout Visitor
    ) {
        guard !nodes.isEmpty else { return }
        var limit = limit
        // The tree is balanced (median splits): 64 entries hold two children per level of any
        // tree that fits in memory.
        withUnsafeTemporaryAllocation(of: (node: Int32, near: Float).self, capacity: 64) { stack in
            nodes.withUnsafeBufferPointer { nodes in
                /// Where the ray enters node `index`'s box within `limit`, or nil.
                @inline(__always) func entry(_ index: Int, within limit: Float) -> Float? {
                    let node = nodes[index]
                    guard !node.isEmpty, let (near, far, _, _) = slabs(
                        origin: origin, inverse: inverse, parallel: parallel, low: node.low, high: node.high),
                        near <= limit, far >= 0
                    else { return nil }
                    return near
                }
                guard let rootNear = entry(0, within: limit) else { return }
                stack[0] = (0, rootNear)
                var top = 1
                while top > 0 {
                    top -= 1
                    let (current, near) = stack[top]
                    if near > limit { continue }
                    let node = nodes[Int(current)]
                    if node.count > 0 {
                        for k in Int(node.index)..<Int(node.index + node.count) {
                            guard let newLimit = visitor.visit(k) else { return }
                            limit = newLimit
                        }
                        continue
                    }
                    let first = Int(current) + 1
                    let second = Int(node.index)
                    switch (entry(first, within: limit), entry(second, within: limit)) {
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

    /// Calls `body` with the index in ``primitives`` of every shape whose world bounds meet the
    /// box `low...high`, in no particular order.
    func forEachOverlap(low: SIMD3<Float>, high: SIMD3<Float>, _ body: (Int) -> Void) {
        guard !nodes.isEmpty else { return }
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 64) { stack in
            nodes.withUnsafeBufferPointer { nodes in
                @inline(__always) func meets(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> Bool {
                    !any(a .> high) && !any(b .< low)
                }
                stack[0] = 0
                var top = 1
                while top > 0 {
                    top -= 1
                    let index = Int(stack[top])
                    let node = nodes[index]
                    guard !node.isEmpty, meets(node.low, node.high) else { continue }
                    if node.count > 0 {
                        for k in Int(node.index)..<Int(node.index + node.count) where meets(primitives[k].low, primitives[k].high) {
                            body(k)
                        }
                    } else {
                        stack[top] = Int32(index + 1)
                        stack[top + 1] = node.index
                        top += 2
                    }
                }
            }
        }
    }
}
