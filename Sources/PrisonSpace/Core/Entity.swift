/// A thing in the space: a name, a place in the tree of entities, a transform relative to its
/// parent, and components, such as a collision shape that rays can hit: RealityKit's `Entity`.
///
/// Entities are reference types, as in RealityKit: the ``Space`` they belong to owns them, and
/// front ends hold references. Everything is relative to the parent; `relativeTo: nil` means
/// the world (the space's root).
///
/// An entity describes itself by name, world position and parent (`"box 1" at (0, 1.6, -3) in
/// "root"`), so a failed `#expect(hit.entity === blocks[1])` says which entity was hit.
/// Entities are used from one thread at a time, the one that owns their space.
open class Entity {
    /// A name to find the entity by (``findEntity(named:)``) and to tell it apart in messages.
    public var name = ""
    /// The entity this one is a child of; nil for a space's root and for a detached entity.
    @exclusivity(unchecked) public private(set) weak var parent: Entity?
    /// The children, in the order they were added.
    @exclusivity(unchecked) private(set) var childList: [Entity] = []
    /// The space the entity is part of, if it is attached to one.
    public internal(set) weak var space: Space? {
        didSet { changes = space?.changes }
    }
    /// The space's change counter, held strongly: transform changes are frequent, and loading a
    /// weak reference is not cheap.
    @exclusivity(unchecked) private var changes: ChangeCounter?

    /// Where the entity sits relative to its parent. Final, as in RealityKit, where it comes
    /// from `HasTransform`: reading it costs no dynamic call.
    public final var transform: Transform {
        // Accessors over a stored property of their own: code of other modules that read a
        // stored property directly checks exclusive access at run time, which an accessor of
        // this module does not (the property is marked unchecked).
        get { localTransform }
        set {
            localTransform = newValue
            transformDidChange()
        }
    }
    @exclusivity(unchecked) private var localTransform = Transform.identity

    /// Whether the entity takes part in the space: a disabled entity and its descendants are not
    /// hit by ray casts nor targeted by taps.
    @exclusivity(unchecked) public var isEnabled = true {
        willSet {
            if !newValue, isEnabled, let space, space.hasSubscriptions { reportDeactivating(in: space) }
        }
        didSet {
            changes?.count &+= 1
            if isEnabled && !oldValue {
                changes?.newTargets &+= 1
                if let space, space.hasSubscriptions { reportActivated(in: space) }
            }
            if !isEnabled && oldValue { changes?.noteTouched(subtree: self) }
        }
    }

    /// The entity's collision component: the shapes rays can hit and its collision filter. The
    /// same component as `components[CollisionComponent.self]`, kept apart for the ray casts.
    @exclusivity(unchecked) public var collision: CollisionComponent? {
        willSet {
            if newValue == nil, collision != nil { componentWillBeRemoved(CollisionComponent.self) }
        }
        didSet {
            changes?.count &+= 1
            if let collision, !collision.hasSameShapes(as: oldValue) { changes?.newTargets &+= 1 }
            changes?.noteTouched(self)
            if collision != nil { componentWasSet(CollisionComponent.self, isNew: oldValue == nil) }
        }
    }

    /// The components other than the transform and the collision component, by type.
    @exclusivity(unchecked) var otherComponents = ComponentStore()

    /// The move in flight, if any.
    @exclusivity(unchecked) var runningMove: AnimationPlaybackController?

    /// The world matrix, computed when asked for after a change.
    @exclusivity(unchecked) private var cachedWorldMatrix: simd_float4x4?

    /// A detached entity with no name at the origin of its future parent, with no components but
    /// its transform.
    ///
    /// Main-actor isolated as RealityKit declares it, so that a subclass written for RealityKit
    /// (`@MainActor required init()`) compiles unchanged in Swift 6. The other initializers and
    /// every method are not isolated here: a space and its entities belong to the thread that
    /// uses them, which need not be the main one.
    @MainActor @preconcurrency public required init() {}

    /// A detached entity with `components` (a ``Transform`` among them places it).
    public convenience init(components: [any Component]) {
        self.init()
        self.components.set(components)
    }

    /// A detached entity named `name`, at `transform` relative to the parent it will get, a target
    /// for rays when `collision` has shapes. Add it to a space with ``Space/add(_:)``.
    public convenience init(name: String = "", transform: Transform = .identity, collision: CollisionComponent? = nil) {
        self.init()
        self.name = name
        self.transform = transform
        self.collision = collision
    }

    // MARK: The tree

    /// The children, in the order they were added: a collection that also adds and removes them.
    public var children: ChildCollection {
        get { ChildCollection(parent: self) }
        set { if newValue.parent !== self { children.replaceAll(Array(newValue)) } }
    }

    /// The space the entity is part of, under RealityKit's name: ray casts start from here.
    public var scene: Space? { space }

    /// Adds `child` as the last child, taking it from its current parent. With
    /// `preservingWorldTransform`, the child keeps its place in the world; otherwise its
    /// transform stays relative to the new parent, so it may move in the world.
    public func addChild(_ child: Entity, preservingWorldTransform: Bool = false) {
        insertChild(child, at: childList.count, preservingWorldTransform: preservingWorldTransform)
    }

    /// Inserts `child` before the child at `index`, as ``addChild(_:preservingWorldTransform:)``
    /// adds it.
    func insertChild(_ child: Entity, at index: Int, preservingWorldTransform: Bool) {
        precondition(child !== self && !child.isAncestor(of: self), "an entity cannot contain itself")
        let world = preservingWorldTransform ? child.worldMatrix : nil
        var index = index
        if child.parent === self, let old = childList.firstIndex(where: { $0 === child }), old < index { index -= 1 }
        let joins = child.space !== space
        child.removeFromParent(reporting: joins)
        childList.insert(child, at: min(index, childList.count))
        child.parent = self
        child.attach(to: space)
        child.invalidateWorldMatrix()
        if let world { child.transform = Transform(matrix: (worldMatrix.invertedOrNil ?? .identity) * world) }
        changes?.count &+= 1
        changes?.newTargets &+= 1
        changes?.structure &+= 1
        if joins, let space, space.hasSubscriptions { child.reportAdded(to: space) }
    }

    /// Removes `child` if it is one of this entity's children (and so takes it out of the space).
    /// With `preservingWorldTransform`, its transform becomes its former world transform.
    public func removeChild(_ child: Entity, preservingWorldTransform: Bool = false) {
        guard child.parent === self else { return }
        child.removeFromParent(preservingWorldTransform: preservingWorldTransform)
    }

    /// Takes the entity out of its parent (and out of the space). With
    /// `preservingWorldTransform`, its transform becomes its former world transform.
    public func removeFromParent(preservingWorldTransform: Bool = false) {
        removeFromParent(preservingWorldTransform: preservingWorldTransform, reporting: true)
    }

    /// Takes the entity out of its parent, as ``removeFromParent(preservingWorldTransform:)``
    /// does; with `reporting`, tells the space's subscribers that it leaves.
    private func removeFromParent(preservingWorldTransform: Bool = false, reporting: Bool) {
        guard let parent else { return }
        if reporting, let space, space.hasSubscriptions { reportRemoving(from: space) }
        let world = preservingWorldTransform ? worldMatrix : nil
        parent.childList.removeAll { $0 === self }
        self.parent = nil
        let changes = changes
        attach(to: nil)
        invalidateWorldMatrix()
        if let world { transform = Transform(matrix: world) }
        changes?.count &+= 1
        changes?.structure &+= 1
        changes?.noteTouched(subtree: self)
    }

    /// Makes the entity the last child of `parent`, or takes it out of its parent when `parent` is
    /// nil; with `preservingWorldTransform`, it keeps its place in the world.
    public func setParent(_ parent: Entity?, preservingWorldTransform: Bool = false) {
        if let parent {
            parent.addChild(self, preservingWorldTransform: preservingWorldTransform)
        } else {
            removeFromParent(preservingWorldTransform: preservingWorldTransform)
        }
    }

    /// The first entity named `name` in this entity's subtree, itself included, depth first.
    public func findEntity(named name: String) -> Entity? {
        if self.name == name { return self }
        for child in childList {
            if let found = child.findEntity(named: name) { return found }
        }
        return nil
    }

    /// Whether the entity and all its ancestors are enabled.
    public var isEnabledInHierarchy: Bool { isEnabled && (parent?.isEnabledInHierarchy ?? true) }

    /// Whether the entity is in a space: a space's root anchors everything under it.
    public var isAnchored: Bool { space != nil }

    /// Whether the entity takes part in its space now: anchored in one, and enabled with all its
    /// ancestors.
    public var isActive: Bool { isAnchored && isEnabledInHierarchy }

    package func isAncestor(of entity: Entity) -> Bool {
        var current = entity.parent
        while let node = current {
            if node === self { return true }
            current = node.parent
        }
        return false
    }

    private func attach(to space: Space?) {
        if let move = runningMove, self.space !== space {
            // An animation played before the entity joined a scene starts on that scene's clock.
            if self.space == nil, let space, move.isWaitingForScene {
                move.isWaitingForScene = false
                self.space = space
                space.moves.append(move)
                space.send(AnimationEvents.PlaybackStarted(playbackController: move), from: self)
            } else {
                move.stop()
            }
        }
        self.space = space
        for child in childList { child.attach(to: space) }
    }

    /// Every entity in this subtree, itself first, depth first.
    public var subtree: [Entity] { [self] + childList.flatMap(\.subtree) }

    /// A copy of the entity with its name, transform, enabled state and components, not in any
    /// space; with `recursive`, its descendants are copied under it too. Moves in flight are not
    /// copied.
    public func clone(recursive: Bool) -> Self {
        let copy = type(of: self).init()
        copy.name = name
        copy.transform = transform
        copy.isEnabled = isEnabled
        copy.collision = collision
        copy.otherComponents = otherComponents
        if recursive {
            for child in childList { copy.addChild(child.clone(recursive: true)) }
        }
        return copy
    }

    // MARK: World transforms

    /// The matrix from this entity's space to the world.
    public var worldMatrix: simd_float4x4 {
        if let cachedWorldMatrix { return cachedWorldMatrix }
        let matrix = (parent?.worldMatrix).map { $0 * transform.matrix } ?? transform.matrix
        cachedWorldMatrix = matrix
        return matrix
    }

    private func transformDidChange() {
        invalidateWorldMatrix()
        changes?.count &+= 1
    }

    /// Forgets the world matrices of the entity and its descendants. A cached child implies a
    /// cached parent, so an entity with none cached has none cached below it: the common case,
    /// a moving entity whose matrix nobody asked for, costs one test where it is called.
    @inline(__always) private func invalidateWorldMatrix() {
        if cachedWorldMatrix != nil { forgetWorldMatrices() }
    }

    private func forgetWorldMatrices() {
        cachedWorldMatrix = nil
        changes?.noteTouched(self)
        for child in childList { child.invalidateWorldMatrix() }
    }
}

extension Entity: Hashable, Identifiable {
    /// A number that tells the entity apart from every other entity alive.
    public var id: UInt64 { UInt64(UInt(bitPattern: ObjectIdentifier(self).hashValue)) }

    /// Whether `a` and `b` are the same entity.
    public static func == (a: Entity, b: Entity) -> Bool { a === b }

    /// Feeds the entity's identity to `hasher`.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// An entity in a tree of entities, as RealityKit's `HasHierarchy`: every ``Entity`` is one, and
/// code generic over `HasHierarchy` sees the entity's tree API.
public protocol HasHierarchy: Entity {}

extension Entity: HasHierarchy, HasTransform {}

extension Entity: CustomStringConvertible {
    /// The entity's kind (when not a plain entity), name, world position (to 0.1 mm) and parent's
    /// name: `"box 1" at (0, 1.6, -3) in "root"`. Failed expectations about entities print this.
    public var description: String {
        let kind = type(of: self) == Entity.self ? "" : "\(type(of: self)) "
        let place =
            parent.map { " in \"\($0.name)\"" } ?? (space != nil ? " (the root)" : " (not in a space)")
        return "\(kind)\"\(name)\" at \(describe(position(relativeTo: nil)))\(place)"
    }
}

extension Entity {
    /// An entity's children in order, as RealityKit's `Entity.ChildCollection`: a collection that
    /// also adds, inserts and removes children of its entity.
    public struct ChildCollection: RandomAccessCollection {
        /// The entity whose children these are.
        let parent: Entity

        /// The index of the first child: 0.
        public var startIndex: Int { 0 }
        /// One past the index of the last child: the number of children.
        public var endIndex: Int { parent.childList.count }
        /// The child at `index`.
        public subscript(index: Int) -> Entity { parent.childList[index] }

        /// Adds `child` as the last child, taking it from its current parent; with
        /// `preservingWorldTransform`, it keeps its place in the world.
        public func append(_ child: Entity, preservingWorldTransform: Bool = false) {
            parent.addChild(child, preservingWorldTransform: preservingWorldTransform)
        }

        /// Adds each of `children` in order as the last child.
        public func append<S: Sequence>(contentsOf children: S, preservingWorldTransforms: Bool = false)
        where S.Element: Entity {
            for child in children { parent.addChild(child, preservingWorldTransform: preservingWorldTransforms) }
        }

        /// Inserts `child` before the child now at `index` (at the end when `index` is the count).
        /// A child already before `index` stays where it is.
        public func insert(_ child: Entity, beforeIndex index: Int) {
            if child.parent === parent, let current = parent.childList.firstIndex(where: { $0 === child }), current < index {
                return
            }
            parent.insertChild(child, at: index, preservingWorldTransform: false)
        }

        /// Inserts `children` in order before the child now at `index`.
        public func insert<S: Sequence>(contentsOf children: S, beforeIndex index: Int) where S.Element: Entity {
            var index = index
            for child in children {
                insert(child, beforeIndex: index)
                index = (parent.childList.firstIndex { $0 === child } ?? index) + 1
            }
        }

        /// Removes `child` when it is one of these children.
        public func remove(_ child: Entity, preservingWorldTransform: Bool = false) {
            parent.removeChild(child, preservingWorldTransform: preservingWorldTransform)
        }

        /// Removes the child at `index`.
        public func remove(at index: Int, preservingWorldTransform: Bool = false) {
            parent.childList[index].removeFromParent(preservingWorldTransform: preservingWorldTransform)
        }

        /// Removes every child.
        public func removeAll(preservingWorldTransforms: Bool = false) {
            for child in parent.childList.reversed() {
                child.removeFromParent(preservingWorldTransform: preservingWorldTransforms)
            }
        }

        /// Removes the children for which `shouldBeRemoved` is true.
        public func removeAll(where shouldBeRemoved: (Entity) throws -> Bool) rethrows {
            for child in try parent.childList.filter(shouldBeRemoved) { child.removeFromParent() }
        }

        /// Makes `children`, in order, the only children.
        public func replaceAll<S: Sequence>(_ children: S, preservingWorldTransforms: Bool = false) where S.Element: Entity {
            let new = Array(children)
            for child in parent.childList where !new.contains(where: { $0 === child }) {
                child.removeFromParent(preservingWorldTransform: preservingWorldTransforms)
            }
            for child in new { parent.addChild(child, preservingWorldTransform: preservingWorldTransforms) }
        }
    }
}

/// `value` rounded to a tenth of a millimetre, as short text: `1.6`, `-3`, `0.0001`.
func describe(_ value: Float) -> String {
    guard value.isFinite else { return "\(value)" }
    let rounded = (value * 10_000).rounded() / 10_000
    let text = "\(rounded == 0 ? 0 : rounded)"
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
}

/// `vector` as `(x, y, z)`, each rounded to a tenth of a millimetre.
func describe(_ vector: SIMD3<Float>) -> String {
    "(\(describe(vector.x)), \(describe(vector.y)), \(describe(vector.z)))"
}
