/// Collision groups an entity belongs to, and masks a ray cast selects with: RealityKit's
/// `CollisionGroup`.
///
/// A group is a set of bits: an entity is hit by a cast when its filter's group and the cast's
/// mask share at least one bit.
public struct CollisionGroup: OptionSet, Hashable, Sendable {
    /// The bits of the set.
    public let rawValue: UInt32
    /// The set of the bits of `rawValue`.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The group an entity belongs to unless told otherwise: bit 0.
    public static let `default` = CollisionGroup(rawValue: 1)
    /// Every group: the mask a cast uses unless told otherwise.
    public static let all = CollisionGroup(rawValue: .max)
    /// The group of the real world's surfaces that a headset's scene understanding adds to the
    /// space: bit 31. Nothing here joins it unless an app's entity does; a cast can still mask it
    /// in or out as RealityKit code does.
    public static let sceneUnderstanding = CollisionGroup(rawValue: 1 << 31)
}

/// The collision groups an entity belongs to and the groups it collides with: RealityKit's
/// `CollisionFilter`. Ray casts read the group: a cast's mask selects entities whose group
/// shares a bit with it.
public struct CollisionFilter: Hashable, Sendable {
    /// The groups the entity belongs to.
    public var group: CollisionGroup
    /// The groups the entity collides with.
    public var mask: CollisionGroup

    /// A filter of the entity in `group` colliding with `mask`.
    public init(group: CollisionGroup, mask: CollisionGroup) {
        self.group = group
        self.mask = mask
    }

    /// In the default group, colliding with every group.
    public static let `default` = CollisionFilter(group: .default, mask: .all)
    /// In every group, colliding with every group: what rays and trigger volumes use.
    public static let sensor = CollisionFilter(group: .all, mask: .all)
}

/// What makes an entity a target for ray casts: its shapes, in its own space, and its collision
/// filter, as RealityKit's `CollisionComponent`.
public struct CollisionComponent: Component, Equatable {
    /// How the entity's shapes take part in collisions.
    public enum Mode: Hashable, Sendable {
        /// Collides and reports contacts: the default.
        case `default`
        /// Reports contacts but lets other entities pass through.
        case trigger
        /// Collides without reporting contacts.
        case colliding
    }

    /// The shapes, in the entity's space; a ray hits the entity when it hits any of them.
    public var shapes: [ShapeResource]
    /// How the shapes take part in collisions. Ray casts hit every mode.
    public var mode: Mode
    /// The groups the entity belongs to and collides with.
    public var filter: CollisionFilter
    /// Whether the entity is meant not to move. Ray casts follow it either way.
    public var isStatic: Bool

    /// A component of `shapes`, in `mode`, with `filter`.
    public init(shapes: [ShapeResource], mode: Mode = .default, filter: CollisionFilter = .default) {
        self.shapes = shapes
        self.mode = mode
        self.filter = filter
        isStatic = false
    }

    /// A component of `shapes` with `filter`, static when `isStatic`.
    public init(shapes: [ShapeResource], isStatic: Bool, filter: CollisionFilter = .default) {
        self.init(shapes: shapes, filter: filter)
        self.isStatic = isStatic
    }

    /// Whether `other` has the same shapes, one for one.
    func hasSameShapes(as other: CollisionComponent?) -> Bool {
        guard let other else { return false }
        return shapes.elementsEqual(other.shapes) { $0 === $1 || $0.geometry == $1.geometry && $0.pose == $1.pose }
    }

    /// Whether the shapes, mode, filter and staticness are the same (shapes by value).
    public static func == (a: CollisionComponent, b: CollisionComponent) -> Bool {
        a.hasSameShapes(as: b) && a.mode == b.mode && a.filter == b.filter && a.isStatic == b.isStatic
    }
}

/// What a space reports about entities whose collision shapes meet, as RealityKit's
/// `CollisionEvents`. There is no rigid-body physics here: shapes that meet pass through each
/// other whatever their mode, and nothing pushes them apart, so `impulse` is always 0.
///
/// Two entities are in contact while a shape of one and a shape of the other overlap (touching
/// faces do not), both entities are enabled in the space, each one's filter mask shares a group
/// with the other's filter group, and neither is in the `.colliding` mode. The space looks for
/// contacts at each update (step 5 of ``Space/advance(by:)``) while a handler is subscribed to
/// one of these events, whatever moved the entities: transforms set, moves, animations or
/// systems. A contact that exists when the first handler subscribes begins at the next update.
/// `entityA` comes before `entityB` in a depth-first walk of the space; events come ended
/// contacts first, then those that began, then those that go on, each in that order.
public enum CollisionEvents {
    /// Two entities' shapes started to overlap.
    public struct Began: Event {
        /// The entity first in the space's order.
        public let entityA: Entity
        /// The other entity.
        public let entityB: Entity
        /// A point of the contact in the world: the centre of where the shapes' world bounds overlap.
        public let position: SIMD3<Float>
        /// The push between the entities: 0, as there is no physics here.
        public let impulse: Float
    }

    /// Two entities' shapes still overlap: sent at every update after the one they began in.
    public struct Updated: Event {
        /// The entity first in the space's order.
        public let entityA: Entity
        /// The other entity.
        public let entityB: Entity
        /// A point of the contact in the world: the centre of where the shapes' world bounds overlap.
        public let position: SIMD3<Float>
        /// The push between the entities: 0, as there is no physics here.
        public let impulse: Float
    }

    /// Two entities' shapes stopped overlapping, or one of them left the space or was disabled.
    public struct Ended: Event {
        /// The entity first in the space's order.
        public let entityA: Entity
        /// The other entity.
        public let entityB: Entity
    }
}
