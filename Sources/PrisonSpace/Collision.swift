/// Collision groups an entity belongs to, and masks a ray cast selects with.
///
/// A group is a set of bits: an entity is hit by a cast when its group and the cast's mask share
/// at least one bit.
public struct CollisionGroup: OptionSet, Hashable, Sendable {
    /// The bits of the set.
    public let rawValue: UInt32
    /// The set of the bits of `rawValue`.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The group an entity belongs to unless told otherwise: bit 0.
    public static let `default` = CollisionGroup(rawValue: 1)
    /// Every group: the mask a cast uses unless told otherwise.
    public static let all = CollisionGroup(rawValue: .max)
}

/// A shape a ray can hit, in the entity's own space.
public enum CollisionShape: Hashable, Sendable {
    /// A box of `size` (full edge lengths) centred at `offset`.
    case box(size: SIMD3<Float>, offset: SIMD3<Float> = .zero)
    /// A sphere of `radius` centred at `offset`.
    case sphere(radius: Float, offset: SIMD3<Float> = .zero)

    /// The corners of the shape's bounding box, in the entity's space.
    var bounds: (min: SIMD3<Float>, max: SIMD3<Float>) {
        switch self {
        case .box(let size, let offset): (offset - size.absolute / 2, offset + size.absolute / 2)
        case .sphere(let radius, let offset): (offset - Swift.abs(radius), offset + Swift.abs(radius))
        }
    }
}

/// What makes an entity a target: its shapes and the collision groups it belongs to.
public struct CollisionComponent: Hashable, Sendable {
    /// The shapes, in the entity's space; a ray hits the entity when it hits any of them.
    public var shapes: [CollisionShape]
    /// The collision groups the entity belongs to.
    public var group: CollisionGroup

    /// A component of `shapes` in `group`.
    public init(shapes: [CollisionShape], group: CollisionGroup = .default) {
        self.shapes = shapes
        self.group = group
    }
}
