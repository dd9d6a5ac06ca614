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
    /// The changes that can change the answer of a query: entities added or removed, components
    /// added or removed.
    @exclusivity(unchecked) var structure = 0

    func noteTouched(_ entity: Entity) {
        if (touched?.count ?? 0) >= touchLimit { touched = nil }
        touched?.append(ObjectIdentifier(entity))
    }

    func noteTouched(subtree entity: Entity) {
        noteTouched(entity)
        for child in entity.childList { noteTouched(subtree: child) }
    }

    /// The entities touched so far, and a fresh start.
    func takeTouched() -> [ObjectIdentifier]? {
        defer { touched = [] }
        return touched
    }
}

/// RealityKit's name for what a ``Space`` is: code that names the type of a scene compiles.
public typealias Scene = Space

/// An immersive space: the tree of entities under a root at the world origin (on the floor under
/// the player, +y up, -z forward, metres), its clock, the moves in flight, and ray casts. It
/// answers what RealityKit's `Scene` and a `RealityView`'s content answer: ``add(_:)``,
/// ``remove(_:)``, ``entities``, ``findEntity(named:)``, `raycast(…)`, `subscribe(to:on:_:)`.
///
/// Time moves only through ``advance(by:)``, in updates no longer than ``frameInterval``: the
/// same steps give the same transforms, bit for bit, in a window and headless.
public final class Space {
    /// The world: the entity every other one descends from.
    public let root: Entity
    /// Space time so far: the sum of the steps given to ``advance(by:)``.
    public var time: Duration { clock.duration }
    /// Space time so far, exactly: the one clock of the space and of what owns it.
    @exclusivity(unchecked) var clock = ExactTime.zero
    /// Actions planned on the clock by the space's owner, and the attoseconds of its steps not
    /// yet played on whole microseconds.
    @exclusivity(unchecked) var schedule = Schedule()
    @exclusivity(unchecked) var microsecondCarry: Int64 = 0
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

    /// The longest update ``advance(by:)`` makes: a longer step is split into updates of this
    /// length and one of what remains. A frame of a headset's display, 1/90 s, unless told
    /// otherwise; zero or less makes every step one update.
    @exclusivity(unchecked) public var frameInterval = Duration.seconds(1) / 90

    /// The instances of the registered systems, in update order.
    @exclusivity(unchecked) var systems: [any System] = []
    /// The answers of the queries asked so far.
    @exclusivity(unchecked) var queries: [EntityQuery: CachedQuery] = [:]
    /// The events of the update under way, to deliver at its end; nil between updates, when
    /// events are delivered as they happen.
    @exclusivity(unchecked) var pendingEvents: [() -> Void]?

    /// The contacts between entities found at the last update, for collision events.
    @exclusivity(unchecked) var contactState = ContactState()

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

    /// An empty space whose clock starts at `microseconds`: for an owner that goes on from an
    /// earlier time, such as a game resumed after its last move.
    package convenience init(startingAtMicrosecond microseconds: Int64) {
        self.init()
        clock = ExactTime(microseconds: max(0, microseconds))
    }

    /// Event handlers by the type of event they take.
    @exclusivity(unchecked) var subscriptions: [ObjectIdentifier: [Subscription]] = [:]
    @exclusivity(unchecked) var nextSubscription = 0

    /// Adds `entity` under the root, taking it from its current parent.
    public func add(_ entity: Entity) { root.addChild(entity) }

    /// Adds `entity` under the root, as ``add(_:)`` does.
    public func addChild(_ entity: Entity) { root.addChild(entity) }

    /// Removes `entity` from the space if it is one of the entities under the root.
    public func remove(_ entity: Entity) { root.removeChild(entity) }

    /// The entities under the root, in the order they were added: a collection that also adds
    /// and removes them. Setting it makes the given entities the only ones.
    public var entities: Entity.ChildCollection {
        get { root.children }
        set { root.children = newValue }
    }

    /// The first entity named `name` in the space, depth first from the root (named `root`).
    public func findEntity(named name: String) -> Entity? { root.findEntity(named: name) }

    /// The hierarchy of the entities where they are now: refitted after moves and removals,
    /// built again when new targets appeared.
    func currentHierarchy() -> BoundingVolumeHierarchy {
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
