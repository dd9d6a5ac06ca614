/// An entity with a transform: position, orientation and scale relative to its parent, and
/// relative to any other entity, as RealityKit's `HasTransform`. Every ``Entity`` is one, and code
/// generic over `HasTransform` sees all of the entity's transform API.
public protocol HasTransform: Entity {}

extension Entity {
    /// Which of an entity's axes ``look(at:from:upVector:relativeTo:forward:)`` turns toward
    /// the target.
    public enum ForwardDirection: Hashable, Sendable {
        /// The -z axis, the way cameras look: the default.
        case negativeZ
        /// The +z axis, the way models face.
        case positiveZ
    }

    /// The position relative to the parent: the transform's translation.
    public var position: SIMD3<Float> {
        get { transform.translation }
        set { transform.translation = newValue }
    }

    /// The orientation relative to the parent: the transform's rotation.
    public var orientation: simd_quatf {
        get { transform.rotation }
        set { transform.rotation = newValue }
    }

    /// The scale relative to the parent: the transform's scale.
    public var scale: SIMD3<Float> {
        get { transform.scale }
        set { transform.scale = newValue }
    }

    /// The matrix from this entity's space to `reference`'s (the world when nil).
    func matrix(relativeTo reference: Entity?) -> simd_float4x4 {
        guard let reference else { return worldMatrix }
        return (reference.worldMatrix.invertedOrNil ?? .identity) * worldMatrix
    }

    /// The matrix from `reference`'s space (the world when nil) to this entity's.
    private func matrix(from reference: Entity?) -> simd_float4x4 {
        (worldMatrix.invertedOrNil ?? .identity) * (reference?.worldMatrix ?? .identity)
    }

    /// The transform that takes `reference`'s space to the space this entity's transform is
    /// given in (its parent's).
    private func parentMatrix(from reference: Entity?) -> simd_float4x4 {
        let parentInverse = parent.map { $0.worldMatrix.invertedOrNil ?? .identity } ?? .identity
        return reference.map { parentInverse * $0.worldMatrix } ?? parentInverse
    }

    /// The transform relative to the parent that puts the entity at `transform` relative to
    /// `reference`; `transform` itself, exactly, when the two spaces are the same.
    func localTransform(for transform: Transform, relativeTo reference: Entity?) -> Transform {
        if reference === parent { return transform }
        let conversion = parentMatrix(from: reference)
        return conversion.isIdentical(to: .identity) ? transform : Transform(matrix: conversion * transform.matrix)
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

    /// The matrix of the entity's transform relative to `reference` (the world when nil).
    public func transformMatrix(relativeTo reference: Entity?) -> simd_float4x4 { matrix(relativeTo: reference) }

    /// Places the entity so that the matrix of its transform relative to `reference` is
    /// `transform` (an affine matrix without shear).
    public func setTransformMatrix(_ transform: simd_float4x4, relativeTo reference: Entity?) {
        self.transform = Transform(matrix: parentMatrix(from: reference) * transform)
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
    public func orientation(relativeTo reference: Entity?) -> simd_quatf {
        transform(relativeTo: reference).rotation
    }

    /// Turns the entity so that its orientation relative to `reference` is `orientation`,
    /// keeping its position and scale relative to `reference`.
    public func setOrientation(_ orientation: simd_quatf, relativeTo reference: Entity?) {
        var relative = transform(relativeTo: reference)
        relative.rotation = orientation
        setTransform(relative, relativeTo: reference)
    }

    /// The entity's scale relative to `reference` (the world when nil).
    public func scale(relativeTo reference: Entity?) -> SIMD3<Float> {
        transform(relativeTo: reference).scale
    }

    /// Scales the entity so that its scale relative to `reference` is `scale`, keeping its
    /// position and orientation relative to `reference`.
    public func setScale(_ scale: SIMD3<Float>, relativeTo reference: Entity?) {
        var relative = transform(relativeTo: reference)
        relative.scale = scale
        setTransform(relative, relativeTo: reference)
    }

    /// Places the entity at `position` and turns its `forward` axis (-z unless told otherwise)
    /// toward `target`, keeping +y as close to `upVector` as it can; all three are in
    /// `reference`'s space (the world when nil). The scale is kept. A target at the position
    /// leaves the orientation as it was.
    public func look(
        at target: SIMD3<Float>, from position: SIMD3<Float>, upVector: SIMD3<Float> = [0, 1, 0],
        relativeTo reference: Entity?, forward: ForwardDirection = .negativeZ
    ) {
        var relative = transform(relativeTo: reference)
        relative.translation = position
        let toward = target - position
        if toward.length > 0 {
            relative.rotation = simd_quatf(lookingToward: forward == .negativeZ ? toward : -toward, up: upVector)
        }
        setTransform(relative, relativeTo: reference)
    }

    // MARK: Conversions between spaces

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
}
