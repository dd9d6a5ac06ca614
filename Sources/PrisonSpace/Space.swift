/// Counts the changes made to a space's contents, shared by the space and its entities.
final class ChangeCounter {
    /// Every change a ray cast could see.
    @exclusivity(unchecked) var count = 0
    /// The changes that can make new targets: entities added, collision shapes set, entities
    /// enabled.
    @exclusivity(unchecked) var newTargets = 0
    /// The entities that moved or may have stopped being targets since the ray casts' hierarchy
    /// was last fitted; nil when there were more than `touchLimit` (then all are checked). By
    /// identity, not reference: the entities hold this counter.
    @exclusivity(unchecked) private(set) var touched: [ObjectIdentifier]? = []
    @exclusivity(unchecked) var touchLimit = 4096

    func noteTouched(_ entity: Entity) {
        if (touched?.count ?? 0) >= touchLimit { touched = nil }
        touched?.append(ObjectIdentifier(entity))
    }

    func noteTouched(subtree entity: Entity) {
        noteTouched(entity)
        for child in entity.children { noteTouched(subtree: child) }
    }

    /// The entities touched so far, and a fresh start.
    func takeTouched() -> [ObjectIdentifier]? {
        defer { touched = [] }
        return touched
    }
}

/// An immersive space: the tree of entities under a root at the world origin (on the floor under
/// the player, +y up, -z forward, metres), its clock, the moves in flight, and ray casts.
///
/// Time moves only through ``advance(by:)``: the same steps give the same transforms, bit for
/// bit, in a window and headless.
public final class Space {
    /// The world: the entity every other one descends from.
    public let root: Entity
    /// Space time so far: the sum of the steps given to ``advance(by:)``.
    @exclusivity(unchecked) public internal(set) var time = Duration.zero
    /// How ray casts find their candidates. The default, a bounding volume hierarchy, costs
    /// about log n per cast; `.exhaustive` tests every shape (for comparison and checks).
    @exclusivity(unchecked) public var broadPhase = BroadPhase.boundingVolumeHierarchy

    /// The ways a ray cast can find the shapes it tests.
    public enum BroadPhase: Hashable, Sendable {
        /// A bounding volume hierarchy, built when targets appear and refitted after moves: about
        /// log n box tests a cast.
        case boundingVolumeHierarchy
        /// Every shape in turn: n tests a cast. A baseline for measurements and checks.
        case exhaustive
    }

    /// Moves in flight, in the order they started.
    @exclusivity(unchecked) var moves: [AnimationPlaybackController] = []
    /// Counts changes to anything a ray cast sees.
    let changes = ChangeCounter()
    @exclusivity(unchecked) private var hierarchy: BoundingVolumeHierarchy?
    @exclusivity(unchecked) private var hierarchyVersion = -1
    @exclusivity(unchecked) private var hierarchyTargets = -1

    /// An empty space: a root entity named `root` at the origin, and the clock at 0.
    public init() {
        root = Entity(name: "root")
        root.space = self
    }

    /// Adds `entity` under the root.
    public func addChild(_ entity: Entity) { root.addChild(entity) }

    /// The first entity named `name`, depth first.
    public func findEntity(named name: String) -> Entity? { root.findEntity(named: name) }

    // MARK: Ray casts

    /// Casts a ray from `origin` along `direction` (any length but zero) for `length` metres and
    /// returns what it hits: the nearest hit, every hit nearest first, or any one hit. Only
    /// enabled entities (with enabled ancestors) whose collision group meets `mask` are hit; a ray
    /// from inside a shape does not hit that shape. Origin, direction, length and the results
    /// are in `reference`'s space (the world when nil). A NaN or infinite origin or direction, or
    /// a NaN length, hits nothing; an infinite length means no limit.
    ///
    /// Unlike RealityKit, whose casts return every hit unless asked otherwise, the query is
    /// `.nearest` by default: a tap wants the one block it hits.
    public func raycast(
        origin: SIMD3<Float>, direction: SIMD3<Float>, length: Float = 100, query: RaycastQuery = .nearest,
        mask: CollisionGroup = .all, relativeTo reference: Entity? = nil
    ) -> [RaycastHit] {
        raycast(along: Ray(origin: origin, direction: direction), length: length, query: query, mask: mask, relativeTo: reference)
    }

    /// Casts a ray from `start` to `end` and returns what it hits between them: the nearest hit,
    /// every hit nearest first, or any one hit; `start`, `end` and the results are in
    /// `reference`'s space (the world when nil). Otherwise as
    /// ``raycast(origin:direction:length:query:mask:relativeTo:)``, `.nearest` by default.
    public func raycast(
        from start: SIMD3<Float>, to end: SIMD3<Float>, query: RaycastQuery = .nearest, mask: CollisionGroup = .all,
        relativeTo reference: Entity? = nil
    ) -> [RaycastHit] {
        raycast(
            along: Ray(from: start, through: end), length: (end - start).length, query: query, mask: mask,
            relativeTo: reference)
    }

    /// Casts `ray` for `length` metres and returns what it hits: the nearest hit, every hit
    /// nearest first, or any one hit; the ray and the results are in `reference`'s space (the
    /// world when nil). Otherwise as ``raycast(origin:direction:length:query:mask:relativeTo:)``,
    /// `.nearest` by default.
    public func raycast(
        along ray: Ray, length: Float = 100, query: RaycastQuery = .nearest, mask: CollisionGroup = .all,
        relativeTo reference: Entity? = nil
    ) -> [RaycastHit] {
        guard let unitRay = ray.unit, !length.isNaN, length >= 0 else { return [] }
        // In the reference space the ray is origin + t * unit for t in 0...length metres; the same
        // t runs along the world ray below, whatever the reference's scale.
        let toWorld = reference?.worldMatrix ?? .identity
        let worldOrigin = toWorld.transformPoint(unitRay.origin)
        let worldDirection = toWorld.transformDirection(unitRay.direction)
        guard worldOrigin.isFinite, worldDirection.isFinite, worldDirection.length > 0 else { return [] }
        let hierarchy = currentHierarchy()
        var cast = Cast(
            primitives: hierarchy.primitives, origin: worldOrigin, direction: worldDirection, mask: mask.rawValue,
            query: query, best: length)
        switch broadPhase {
        case .boundingVolumeHierarchy:
            hierarchy.forEachCandidate(
                origin: worldOrigin, inverse: cast.inverse, parallel: cast.parallel, limit: length, visitor: &cast)
        case .exhaustive:
            for k in hierarchy.primitives.indices where cast.visit(k) == nil { break }
        }
        let fromWorld = reference.map { $0.worldMatrix.inverse ?? .identity } ?? .identity
        func hit(_ found: Cast.Found) -> RaycastHit {
            let primitive = hierarchy.primitives[found.primitive]
            let normal = reference == nil ? found.normal : toWorld.transpose.transformDirection(found.normal)
            return RaycastHit(
                entity: hierarchy.entities[primitive.entity],
                position: fromWorld.transformPoint(worldOrigin + found.t * worldDirection),
                normal: normal.normalized, distance: found.t)
        }
        if let single = cast.single { return [hit(single)] }
        return cast.found.sorted { $0.t < $1.t }.map(hit)
    }

    /// One cast's test of each candidate shape, and what it found. A value the hierarchy's walk
    /// updates in place: no closure captures its state, so no run-time exclusivity check guards it.
    private struct Cast: CandidateVisitor {
        typealias Found = (t: Float, primitive: Int, normal: SIMD3<Float>)
        let primitives: [Primitive]
        let origin: SIMD3<Float>
        let direction: SIMD3<Float>
        let inverse: SIMD3<Float>
        let parallel: SIMDMask<SIMD3<Int32>>
        let mask: UInt32
        let query: RaycastQuery
        /// The farthest distance still wanted.
        var best: Float
        /// Every hit, for `.all`.
        var found: [Found] = []
        /// The one hit, for `.nearest` and `.any`.
        var single: Found?

        init(primitives: [Primitive], origin: SIMD3<Float>, direction: SIMD3<Float>, mask: UInt32, query: RaycastQuery, best: Float) {
            self.primitives = primitives
            self.origin = origin
            self.direction = direction
            inverse = SIMD3<Float>(repeating: 1) / direction
            parallel = direction .== 0
            self.mask = mask
            self.query = query
            self.best = best
        }

        /// Tests shape `k`; returns the distance beyond which nothing is wanted, or nil to stop.
        @inline(__always)
        mutating func visit(_ k: Int) -> Float? {
            let primitive = primitives[k]
            guard primitive.group & mask != 0,
                let hit = primitive.intersect(origin: origin, direction: direction, inverse: inverse, parallel: parallel),
                hit.t <= best
            else { return best }
            switch query {
            case .nearest:
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

    /// The hierarchy of the entities where they are now: refitted after moves and removals,
    /// built again when new targets appeared.
    private func currentHierarchy() -> BoundingVolumeHierarchy {
        if let hierarchy, hierarchyVersion == changes.count { return hierarchy }
        hierarchyVersion = changes.count
        if let hierarchy, hierarchyTargets == changes.newTargets, hierarchy.refit(in: self, touched: changes.takeTouched()) {
            return hierarchy
        }
        let built = BoundingVolumeHierarchy(root: root)
        hierarchy = built
        hierarchyTargets = changes.newTargets
        _ = changes.takeTouched()
        changes.touchLimit = max(1024, 4 * built.entities.count)
        return built
    }
}
