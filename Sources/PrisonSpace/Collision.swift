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

/// Which hits a ray cast returns.
public enum RaycastQuery: Hashable, Sendable {
    /// The hit nearest to the origin.
    case nearest
    /// Every hit, nearest first.
    case all
    /// One hit, the first found: the cheapest answer to "is anything there?".
    case any
}

/// Where a ray met a shape.
public struct RaycastHit: CustomStringConvertible {
    /// The entity whose shape was hit.
    public let entity: Entity
    /// The point hit, in the space the cast was given in.
    public let position: SIMD3<Float>
    /// The unit normal of the surface at the point, out of the face hit (against the ray).
    public let normal: SIMD3<Float>
    /// Metres from the origin along the ray, in the space the cast was given in.
    public let distance: Float

    /// The entity, point, normal and distance: `"box 0" at (0, 1.6, -2) in "root", hit at
    /// (0, 1.6, -1.85), normal (0, 0, 1), 1.85 m away`.
    public var description: String {
        "\(entity), hit at \(describe(position)), normal \(describe(normal)), \(describe(distance)) m away"
    }
}
