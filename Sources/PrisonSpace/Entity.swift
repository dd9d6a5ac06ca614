/// A thing in the space: a name, a place in the tree of entities, a transform relative to its
/// parent, and optionally a collision shape that rays can hit.
///
/// Entities are reference types, as in RealityKit: the ``Space`` they belong to owns them, and
/// front ends hold references. Everything is relative to the parent; `relativeTo: nil` means
/// the world (the space's root).
public class Entity {
    public var name: String
    public private(set) weak var parent: Entity?
    public private(set) var children: [Entity] = []
    /// The space the entity is part of, if it is attached to one.
    public internal(set) weak var space: Space? {
        didSet { changes = space?.changes }
    }
    /// The space's change counter, held strongly: transform changes are frequent, and loading a
    /// weak reference is not cheap.
    private var changes: ChangeCounter?

    /// Where the entity sits relative to its parent.
    public var transform: Transform = .identity {
        didSet { transformDidChange() }
    }

    /// Whether the entity takes part in ray casts. A disabled entity disables its descendants.
    public var isEnabled = true {
        didSet {
            changes?.count &+= 1
            if isEnabled && !oldValue { changes?.newTargets &+= 1 }
            if !isEnabled && oldValue { changes?.noteTouched(subtree: self) }
        }
    }

    /// The shapes rays can hit, and the collision groups the entity belongs to.
    public var collision: CollisionComponent? {
        didSet {
            changes?.count &+= 1
            if let collision, collision.shapes != oldValue?.shapes { changes?.newTargets &+= 1 }
            changes?.noteTouched(self)
        }
    }

    /// The move in flight, if any.
    var runningMove: AnimationPlaybackController?

    /// The world matrix, computed when asked for after a change.
    private var cachedWorldMatrix: Matrix4x4?

    public init(name: String = "", transform: Transform = .identity, collision: CollisionComponent? = nil) {
        self.name = name
        self.transform = transform
        self.collision = collision
    }

    // MARK: The tree

    /// Adds `child` as the last child, taking it from its current parent. Its transform stays
    /// relative to the new parent, so it may move in the world.
    public func addChild(_ child: Entity) {
        precondition(child !== self && !child.isAncestor(of: self), "an entity cannot contain itself")
        child.removeFromParent()
        children.append(child)
        child.parent = self
        child.attach(to: space)
        child.invalidateWorldMatrix()
        changes?.count &+= 1
        changes?.newTargets &+= 1
    }

    /// Takes the entity out of its parent (and out of the space).
    public func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        let changes = changes
        attach(to: nil)
        invalidateWorldMatrix()
        changes?.count &+= 1
        changes?.noteTouched(subtree: self)
    }

    /// The first entity named `name` in this entity's subtree, depth first, itself included.
    public func findEntity(named name: String) -> Entity? {
        if self.name == name { return self }
        for child in children {
            if let found = child.findEntity(named: name) { return found }
        }
        return nil
    }

    /// Whether the entity and all its ancestors are enabled.
    public var isEnabledInHierarchy: Bool { isEnabled && (parent?.isEnabledInHierarchy ?? true) }

    func isAncestor(of entity: Entity) -> Bool {
        var current = entity.parent
        while let node = current {
            if node === self { return true }
            current = node.parent
        }
        return false
    }

    private func attach(to space: Space?) {
        if let move = runningMove, self.space !== space { move.stop() }
        self.space = space
        for child in children { child.attach(to: space) }
    }

    /// Every entity in this subtree, itself first, depth first.
    public var subtree: [Entity] { [self] + children.flatMap(\.subtree) }

    // MARK: World transforms

    /// The matrix from this entity's space to the world.
    public var worldMatrix: Matrix4x4 {
        if let cachedWorldMatrix { return cachedWorldMatrix }
        let matrix = (parent?.worldMatrix).map { $0 * transform.matrix } ?? transform.matrix
        cachedWorldMatrix = matrix
        return matrix
    }

    private func transformDidChange() {
        invalidateWorldMatrix()
        changes?.count &+= 1
    }

    private func invalidateWorldMatrix() {
        // A cached child implies a cached parent, so a cleared entity has cleared descendants.
        guard cachedWorldMatrix != nil else { return }
        cachedWorldMatrix = nil
        changes?.noteTouched(self)
        for child in children { child.invalidateWorldMatrix() }
    }

    /// The matrix from this entity's space to `reference`'s (the world when nil).
    func matrix(relativeTo reference: Entity?) -> Matrix4x4 {
        guard let reference else { return worldMatrix }
        return (reference.worldMatrix.inverse ?? .identity) * worldMatrix
    }

    /// The transform that takes `reference`'s space to the space this entity's transform is
    /// given in (its parent's).
    private func parentMatrix(from reference: Entity?) -> Matrix4x4 {
        let parentInverse = parent.map { $0.worldMatrix.inverse ?? .identity } ?? .identity
        return reference.map { parentInverse * $0.worldMatrix } ?? parentInverse
    }

    // MARK: Relative transforms

    /// The entity's transform relative to `reference` (the world when nil).
    public func transform(relativeTo reference: Entity?) -> Transform {
        Transform(matrix: matrix(relativeTo: reference))
    }

    /// Places the entity so that its transform relative to `reference` is `transform`.
    public func setTransform(_ transform: Transform, relativeTo reference: Entity?) {
        self.transform = localTransform(for: transform, relativeTo: reference)
    }

    /// The transform relative to the parent that puts the entity at `transform` relative to
    /// `reference`; `transform` itself, exactly, when the two spaces are the same.
    func localTransform(for transform: Transform, relativeTo reference: Entity?) -> Transform {
        if reference === parent { return transform }
        let conversion = parentMatrix(from: reference)
        return conversion == .identity ? transform : Transform(matrix: conversion * transform.matrix)
    }

    /// The entity's position relative to `reference` (the world when nil).
    public func position(relativeTo reference: Entity?) -> SIMD3<Float> {
        matrix(relativeTo: reference).transformPoint(.zero)
    }

    /// Moves the entity so that its position relative to `reference` is `position`, keeping its
    /// orientation and scale.
    public func setPosition(_ position: SIMD3<Float>, relativeTo reference: Entity?) {
        transform.translation = parentMatrix(from: reference).transformPoint(position)
    }

    /// The entity's orientation relative to `reference` (the world when nil).
    public func orientation(relativeTo reference: Entity?) -> Quaternion {
        transform(relativeTo: reference).rotation
    }

    /// Turns the entity so that its orientation relative to `reference` is `orientation`.
    public func setOrientation(_ orientation: Quaternion, relativeTo reference: Entity?) {
        var relative = transform(relativeTo: reference)
        relative.rotation = orientation
        setTransform(relative, relativeTo: reference)
    }

    /// `point`, given in `reference`'s space, in this entity's space.
    public func convert(position point: SIMD3<Float>, from reference: Entity?) -> SIMD3<Float> {
        ((worldMatrix.inverse ?? .identity) * (reference?.worldMatrix ?? .identity)).transformPoint(point)
    }

    /// `point`, given in this entity's space, in `reference`'s space.
    public func convert(position point: SIMD3<Float>, to reference: Entity?) -> SIMD3<Float> {
        matrix(relativeTo: reference).transformPoint(point)
    }

    /// Places the entity at `position` and turns its -z axis toward `target`, keeping +y as close
    /// to `upVector` as it can; all three are in `reference`'s space (the world when nil).
    public func look(
        at target: SIMD3<Float>, from position: SIMD3<Float>, upVector: SIMD3<Float> = [0, 1, 0],
        relativeTo reference: Entity?
    ) {
        var relative = transform(relativeTo: reference)
        relative.translation = position
        if (target - position).length > 0 {
            relative.rotation = Quaternion(lookingToward: target - position, up: upVector)
        }
        setTransform(relative, relativeTo: reference)
    }
}
