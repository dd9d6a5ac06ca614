/// Collision groups an entity belongs to, and masks a ray cast selects with.
public struct CollisionGroup: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let `default` = CollisionGroup(rawValue: 1)
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
    public var shapes: [CollisionShape]
    public var group: CollisionGroup

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
public struct RaycastHit {
    /// The entity whose shape was hit.
    public let entity: Entity
    /// The point hit, in the space the cast was given in.
    public let position: SIMD3<Float>
    /// The unit normal of the surface at the point, out of the face hit (against the ray).
    public let normal: SIMD3<Float>
    /// Metres from the origin along the ray, in the space the cast was given in.
    public let distance: Float
}
