/// A thing in the space: a name, a place in the tree of entities, a transform relative to its
/// parent, and optionally a collision shape that rays can hit.
///
/// Entities are reference types, as in RealityKit: the ``Space`` they belong to owns them, and
/// front ends hold references. Everything is relative to the parent; `relativeTo: nil` means
/// the world (the space's root).
///
/// An entity describes itself by name, world position and parent (`"box 1" at (0, 1.6, -3) in
/// "root"`), so a failed `#expect(hit.entity === blocks[1])` says which entity was hit.
/// Entities are used from one thread at a time, the one that owns their space.
public class Entity {
    /// A name to find the entity by (``findEntity(named:)``) and to tell it apart in messages.
    public var name: String
    /// The entity this one is a child of; nil for a space's root and for a detached entity.
    @exclusivity(unchecked) public private(set) weak var parent: Entity?
    /// The entity's children, in the order they were added.
    @exclusivity(unchecked) public private(set) var children: [Entity] = []
    /// The space the entity is part of, if it is attached to one.
    public internal(set) weak var space: Space? {
        didSet { changes = space?.changes }
    }
    /// The space's change counter, held strongly: transform changes are frequent, and loading a
    /// weak reference is not cheap.
    @exclusivity(unchecked) private var changes: ChangeCounter?

    /// Where the entity sits relative to its parent.
    @exclusivity(unchecked) public var transform: Transform = .identity {
        didSet { transformDidChange() }
    }

    /// Whether the entity takes part in ray casts. A disabled entity disables its descendants.
    @exclusivity(unchecked) public var isEnabled = true {
        didSet {
            changes?.count &+= 1
            if isEnabled && !oldValue { changes?.newTargets &+= 1 }
            if !isEnabled && oldValue { changes?.noteTouched(subtree: self) }
        }
    }

    /// The shapes rays can hit, and the collision groups the entity belongs to.
    @exclusivity(unchecked) public var collision: CollisionComponent? {
        didSet {
            changes?.count &+= 1
            if let collision, collision.shapes != oldValue?.shapes { changes?.newTargets &+= 1 }
            changes?.noteTouched(self)
        }
    }

    /// The move in flight, if any.
    @exclusivity(unchecked) var runningMove: AnimationPlaybackController?

    /// The world matrix, computed when asked for after a change.
    @exclusivity(unchecked) private var cachedWorldMatrix: Matrix4x4?

    /// A detached entity named `name`, at `transform` relative to the parent it will get, a target
    /// for rays when `collision` has shapes. Add it to a space with ``addChild(_:)``.
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

    // MARK: Conversions between spaces

    /// The matrix from `reference`'s space (the world when nil) to this entity's.
    private func matrix(from reference: Entity?) -> Matrix4x4 {
        (worldMatrix.inverse ?? .identity) * (reference?.worldMatrix ?? .identity)
    }

    /// `point`, given in `reference`'s space (the world when nil), in this entity's space.
    public func convert(position point: SIMD3<Float>, from reference: Entity?) -> SIMD3<Float> {
        matrix(from: reference).transformPoint(point)
    }

    /// `point`, given in this entity's space, in `reference`'s space (the world when nil).
    public func convert(position point: SIMD3<Float>, to reference: Entity?) -> SIMD3<Float> {
        matrix(relativeTo: reference).transformPoint(point)
    }

    /// `direction`, given in `reference`'s space (the world when nil), in this entity's space:
    /// turned and scaled, not moved, so that the difference of two converted positions is the
    /// converted difference.
    public func convert(direction: SIMD3<Float>, from reference: Entity?) -> SIMD3<Float> {
        matrix(from: reference).transformDirection(direction)
    }

    /// `direction`, given in this entity's space, in `reference`'s space (the world when nil):
    /// turned and scaled, not moved.
    public func convert(direction: SIMD3<Float>, to reference: Entity?) -> SIMD3<Float> {
        matrix(relativeTo: reference).transformDirection(direction)
    }

    /// The surface normal `normal`, given in `reference`'s space (the world when nil), in this
    /// entity's space: still perpendicular to its surface under uneven scale, and of unit length
    /// (a zero normal stays zero).
    public func convert(normal: SIMD3<Float>, from reference: Entity?) -> SIMD3<Float> {
        // Normals go through the inverse transpose; the inverse of "from" is "relative to".
        matrix(relativeTo: reference).transpose.transformDirection(normal).normalized
    }

    /// The surface normal `normal`, given in this entity's space, in `reference`'s space (the
    /// world when nil): still perpendicular to its surface, and of unit length.
    public func convert(normal: SIMD3<Float>, to reference: Entity?) -> SIMD3<Float> {
        matrix(from: reference).transpose.transformDirection(normal).normalized
    }

    /// `transform`, given in `reference`'s space (the world when nil), in this entity's space.
    public func convert(transform: Transform, from reference: Entity?) -> Transform {
        Transform(matrix: matrix(from: reference) * transform.matrix)
    }

    /// `transform`, given in this entity's space, in `reference`'s space (the world when nil).
    public func convert(transform: Transform, to reference: Entity?) -> Transform {
        Transform(matrix: matrix(relativeTo: reference) * transform.matrix)
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
