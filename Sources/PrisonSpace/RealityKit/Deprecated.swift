// The names of PrisonSpace 1, before its API took RealityKit's: each still compiles, with a
// warning that names its replacement.

/// A rotation as a unit quaternion.
@available(*, deprecated, renamed: "simd_quatf")
public typealias Quaternion = simd_quatf

/// A 4 x 4 matrix of floats.
@available(*, deprecated, renamed: "simd_float4x4")
public typealias Matrix4x4 = simd_float4x4

/// How a move's progress follows time.
@available(*, deprecated, renamed: "AnimationTimingFunction")
public typealias TimingFunction = AnimationTimingFunction

/// Which hits a ray cast returns.
@available(*, deprecated, renamed: "CollisionCastQueryType")
public typealias RaycastQuery = CollisionCastQueryType

/// Where a ray met a shape.
@available(*, deprecated, renamed: "CollisionCastHit")
public typealias RaycastHit = CollisionCastHit

/// A shape a ray can hit.
@available(*, deprecated, renamed: "ShapeResource")
public typealias CollisionShape = ShapeResource

extension ShapeResource {
    /// A box of `size` centred at `offset`.
    @available(*, deprecated, message: "use ShapeResource.generateBox(size:).offsetBy(translation:)")
    public static func box(size: SIMD3<Float>, offset: SIMD3<Float> = .zero) -> ShapeResource {
        generateBox(size: size).offsetBy(translation: offset)
    }

    /// A sphere of `radius` centred at `offset`.
    @available(*, deprecated, message: "use ShapeResource.generateSphere(radius:).offsetBy(translation:)")
    public static func sphere(radius: Float, offset: SIMD3<Float> = .zero) -> ShapeResource {
        generateSphere(radius: radius).offsetBy(translation: offset)
    }
}

extension CollisionComponent {
    /// A component of `shapes` in `group`.
    @available(*, deprecated, message: "use CollisionComponent(shapes:filter:) with CollisionFilter(group:mask:)")
    public init(shapes: [ShapeResource], group: CollisionGroup) {
        self.init(shapes: shapes, filter: CollisionFilter(group: group, mask: .all))
    }

    /// The collision groups the entity belongs to.
    @available(*, deprecated, renamed: "filter.group")
    public var group: CollisionGroup {
        get { filter.group }
        set { filter.group = newValue }
    }
}

extension simd_quatf {
    /// The imaginary parts.
    @available(*, deprecated, renamed: "imag")
    public var imaginary: SIMD3<Float> { imag }

    /// Spherical linear interpolation from `a` (at 0) to `b` (at 1), along the shorter arc.
    @available(*, deprecated, message: "use simd_slerp(_:_:_:)")
    public static func slerp(_ a: simd_quatf, _ b: simd_quatf, _ t: Float) -> simd_quatf {
        RotationArc(from: a, to: b).rotation(at: t)
    }
}

extension simd_float4x4 {
    /// The rotation `q`.
    @available(*, deprecated, message: "use simd_float4x4(_:) with the quaternion")
    public init(rotation q: simd_quatf) { self.init(q) }
}
