import RealModule

#if canImport(simd)
@_exported import simd
#else

/// A quaternion of floats, as Apple's `simd` module names it: on Linux, where that module does
/// not exist, the space provides it so that RealityKit code compiles unchanged. A unit
/// quaternion is a rotation; `vector` holds the imaginary parts in `x`, `y`, `z` and the real
/// part in `w`.
public struct simd_quatf: Hashable, Sendable {
    /// The four parts: the imaginary ones in `x`, `y`, `z`, the real one in `w`.
    public var vector: SIMD4<Float>

    /// The zero quaternion (not a rotation: use `simd_quatf(angle: 0, axis: [0, 1, 0])` or
    /// ``identity`` for the rotation that changes nothing), as in Apple's `simd`.
    public init() { vector = .zero }

    /// The quaternion of the four parts `vector` (imaginary in `x`, `y`, `z`, real in `w`).
    @inlinable public init(vector: SIMD4<Float>) { self.vector = vector }

    /// The quaternion `ix i + iy j + iz k + r`.
    public init(ix: Float, iy: Float, iz: Float, r: Float) { vector = [ix, iy, iz, r] }

    /// The quaternion with real part `real` and imaginary parts `imag`.
    @inlinable public init(real: Float, imag: SIMD3<Float>) { vector = SIMD4(imag, real) }

    /// A rotation by `angle` radians about `axis` (right-handed: counter-clockwise looking down
    /// the axis toward the origin). The axis need not be unit length; a zero or non-finite axis,
    /// or a non-finite angle, gives the identity.
    @inlinable @inline(__always) public init(angle: Float, axis: SIMD3<Float>) {
        let length = (axis * axis).sum().squareRoot()
        guard length > 0, length.isFinite, angle.isFinite else {
            vector = [0, 0, 0, 1]
            return
        }
        let half = angle / 2
        vector = SIMD4(axis / length * Float.sin(half), Float.cos(half))
    }

    /// The rotation that turns the direction `from` onto the direction `to` along the shortest
    /// arc. Both must be non-zero; they need not be unit length.
    public init(from: SIMD3<Float>, to: SIMD3<Float>) {
        let a = from.normalized, b = to.normalized
        let cosine = a.dot(b)
        if cosine < -0.999_999 {
            // Opposite: turn half a circle about any axis perpendicular to `a`.
            let helper: SIMD3<Float> = Swift.abs(a.x) < 0.9 ? [1, 0, 0] : [0, 1, 0]
            self.init(angle: .pi, axis: a.cross(helper))
            return
        }
        self.init(vector: SIMD4(a.cross(b), 1 + cosine))
        self = normalized
    }

    /// The rotation of the orthonormal rotation matrix `rotationMatrix`.
    public init(_ rotationMatrix: simd_float3x3) {
        let c = rotationMatrix.columns
        self.init(rotationMatrixColumns: c.0, c.1, c.2)
    }

    /// The rotation of the upper-left 3 x 3 part of `rotationMatrix`, which must be orthonormal.
    public init(_ rotationMatrix: simd_float4x4) {
        let c = rotationMatrix.columns
        func xyz(_ v: SIMD4<Float>) -> SIMD3<Float> { SIMD3(v.x, v.y, v.z) }
        self.init(rotationMatrixColumns: xyz(c.0), xyz(c.1), xyz(c.2))
    }

    /// The imaginary parts: the axis scaled by the sine of half the angle.
    @inlinable public var imag: SIMD3<Float> {
        get { SIMD3(vector.x, vector.y, vector.z) }
        set { vector = SIMD4(newValue, vector.w) }
    }

    /// The real part: the cosine of half the angle.
    @inlinable public var real: Float {
        get { vector.w }
        set { vector.w = newValue }
    }

    /// The angle of the rotation in radians, 0 to 2π.
    public var angle: Float { 2 * Float.atan2(y: imag.length, x: real) }

    /// The axis of the rotation, of unit length; `[1, 0, 0]` for a quaternion with no imaginary
    /// part (the identity), where Apple's `simd` answers NaN.
    public var axis: SIMD3<Float> {
        let length = imag.length
        return length > 0 ? imag / length : [1, 0, 0]
    }

    /// The conjugate: the imaginary parts negated.
    public var conjugate: simd_quatf { simd_quatf(vector: [-vector.x, -vector.y, -vector.z, vector.w]) }

    /// The inverse: the conjugate divided by the squared length (for a rotation, the opposite
    /// rotation).
    public var inverse: simd_quatf {
        let squared = (vector * vector).sum()
        return simd_quatf(vector: conjugate.vector / squared)
    }

    /// The length of the four parts.
    public var length: Float { (vector * vector).sum().squareRoot() }

    /// The quaternion scaled to unit length.
    public var normalized: simd_quatf { simd_quatf(vector: vector / length) }

    /// `vector` turned by this rotation (a unit quaternion).
    public func act(_ vector: SIMD3<Float>) -> SIMD3<Float> {
        let u = imag
        let t = 2 * u.cross(vector)
        return vector + real * t + u.cross(t)
    }

    /// The Hamilton product: the rotation `rhs` followed by `lhs`.
    @inlinable @inline(__always) public static func * (lhs: simd_quatf, rhs: simd_quatf) -> simd_quatf {
        let a = lhs.imag, b = rhs.imag
        return simd_quatf(real: lhs.real * rhs.real - (a * b).sum(), imag: lhs.real * b + rhs.real * a + simd_cross(a, b))
    }

    /// Every part times `rhs`.
    public static func * (lhs: simd_quatf, rhs: Float) -> simd_quatf { simd_quatf(vector: lhs.vector * rhs) }
    /// Every part times `lhs`.
    public static func * (lhs: Float, rhs: simd_quatf) -> simd_quatf { simd_quatf(vector: lhs * rhs.vector) }
    /// Every part divided by `rhs`.
    public static func / (lhs: simd_quatf, rhs: Float) -> simd_quatf { simd_quatf(vector: lhs.vector / rhs) }
    /// `lhs` times the inverse of `rhs`.
    public static func / (lhs: simd_quatf, rhs: simd_quatf) -> simd_quatf { lhs * rhs.inverse }
    /// The sum, part by part.
    public static func + (lhs: simd_quatf, rhs: simd_quatf) -> simd_quatf { simd_quatf(vector: lhs.vector + rhs.vector) }
    /// The difference, part by part.
    public static func - (lhs: simd_quatf, rhs: simd_quatf) -> simd_quatf { simd_quatf(vector: lhs.vector - rhs.vector) }
    /// Every part negated (the same rotation).
    public static prefix func - (q: simd_quatf) -> simd_quatf { simd_quatf(vector: -q.vector) }
    /// Multiplies `lhs` by `rhs` in place.
    public static func *= (lhs: inout simd_quatf, rhs: simd_quatf) { lhs = lhs * rhs }
    /// Multiplies `lhs` by `rhs` in place.
    public static func *= (lhs: inout simd_quatf, rhs: Float) { lhs = lhs * rhs }
    /// Adds `rhs` to `lhs` in place.
    public static func += (lhs: inout simd_quatf, rhs: simd_quatf) { lhs = lhs + rhs }
    /// Subtracts `rhs` from `lhs` in place.
    public static func -= (lhs: inout simd_quatf, rhs: simd_quatf) { lhs = lhs - rhs }
}

extension simd_quatf: CustomStringConvertible {
    /// The parts as Apple's `simd` prints them: `simd_quatf(real: 1.0, imag: SIMD3<Float>(0.0, 0.0, 0.0))`.
    public var description: String { "simd_quatf(real: \(real), imag: \(imag))" }
}

/// Spherical linear interpolation from `q0` (at 0) to `q1` (at 1), along the shorter arc.
public func simd_slerp(_ q0: simd_quatf, _ q1: simd_quatf, _ t: Float) -> simd_quatf {
    RotationArc(from: q0, to: q1).rotation(at: t)
}

/// Spherical linear interpolation from `q0` (at 0) to `q1` (at 1), along the longer arc.
public func simd_slerp_longest(_ q0: simd_quatf, _ q1: simd_quatf, _ t: Float) -> simd_quatf {
    let sameSide = (q0.vector * q1.vector).sum() >= 0
    let angle = Float.acos(min(max(Swift.abs((q0.vector * q1.vector).sum()), 0), 1))
    let longer = Float.pi - angle
    let end = sameSide ? -q1.vector : q1.vector
    let sine = Float.sin(longer)
    guard sine > 1e-6 else { return simd_quatf(vector: q0.vector + (end - q0.vector) * t).normalized }
    return simd_quatf(vector: q0.vector * (Float.sin((1 - t) * longer) / sine) + end * (Float.sin(t * longer) / sine))
}

/// `vector` turned by the rotation `q`.
public func simd_act(_ q: simd_quatf, _ vector: SIMD3<Float>) -> SIMD3<Float> { q.act(vector) }
/// The rotation by `angle` radians about `axis`.
public func simd_quaternion(_ angle: Float, _ axis: SIMD3<Float>) -> simd_quatf { simd_quatf(angle: angle, axis: axis) }
/// The quaternion `ix i + iy j + iz k + r`.
public func simd_quaternion(_ ix: Float, _ iy: Float, _ iz: Float, _ r: Float) -> simd_quatf {
    simd_quatf(ix: ix, iy: iy, iz: iz, r: r)
}
/// The rotation that turns `from` onto `to` along the shortest arc.
public func simd_quaternion(_ from: SIMD3<Float>, _ to: SIMD3<Float>) -> simd_quatf { simd_quatf(from: from, to: to) }
/// The rotation of an orthonormal matrix.
public func simd_quaternion(_ matrix: simd_float3x3) -> simd_quatf { simd_quatf(matrix) }
/// The rotation of the upper-left 3 x 3 part of an orthonormal matrix.
public func simd_quaternion(_ matrix: simd_float4x4) -> simd_quatf { simd_quatf(matrix) }
/// `q` scaled to unit length.
public func simd_normalize(_ q: simd_quatf) -> simd_quatf { q.normalized }
/// The inverse of `q`.
public func simd_inverse(_ q: simd_quatf) -> simd_quatf { q.inverse }
/// The conjugate of `q`.
public func simd_conjugate(_ q: simd_quatf) -> simd_quatf { q.conjugate }
/// The length of `q`.
public func simd_length(_ q: simd_quatf) -> Float { q.length }
/// The dot product of the parts of `p` and `q`.
public func simd_dot(_ p: simd_quatf, _ q: simd_quatf) -> Float { (p.vector * q.vector).sum() }
/// The angle of the rotation `q`, in radians.
public func simd_angle(_ q: simd_quatf) -> Float { q.angle }
/// The axis of the rotation `q`.
public func simd_axis(_ q: simd_quatf) -> SIMD3<Float> { q.axis }
/// The imaginary parts of `q`.
public func simd_imag(_ q: simd_quatf) -> SIMD3<Float> { q.imag }
/// The real part of `q`.
public func simd_real(_ q: simd_quatf) -> Float { q.real }
/// The product `p * q`: the rotation `q` followed by `p`.
public func simd_mul(_ p: simd_quatf, _ q: simd_quatf) -> simd_quatf { p * q }
#endif

extension simd_quatf {
    /// The rotation that changes nothing: `simd_quatf(ix: 0, iy: 0, iz: 0, r: 1)`.
    public static let identity = simd_quatf(ix: 0, iy: 0, iz: 0, r: 1)

    /// The rotation that turns the -z axis toward `forward` and keeps +y as close to `up` as it
    /// can: how an entity or a camera looks in a direction.
    public init(lookingToward forward: SIMD3<Float>, up: SIMD3<Float> = [0, 1, 0]) {
        let back = -forward.normalized
        var right = up.cross(back)
        if right.length < 1e-6 {
            // Looking straight along `up`: pick any right angle.
            right = (Swift.abs(back.x) < 0.9 ? SIMD3<Float>(1, 0, 0) : [0, 0, 1]).cross(back)
        }
        right = right.normalized
        self.init(rotationMatrixColumns: right, back.cross(right), back)
    }

    /// The quaternion of an orthonormal rotation matrix given by its columns.
    init(rotationMatrixColumns x: SIMD3<Float>, _ y: SIMD3<Float>, _ z: SIMD3<Float>) {
        let trace = x.x + y.y + z.z
        let vector: SIMD4<Float>
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            vector = [(y.z - z.y) / s, (z.x - x.z) / s, (x.y - y.x) / s, s / 4]
        } else if x.x > y.y && x.x > z.z {
            let s = (1 + x.x - y.y - z.z).squareRoot() * 2
            vector = [s / 4, (y.x + x.y) / s, (z.x + x.z) / s, (y.z - z.y) / s]
        } else if y.y > z.z {
            let s = (1 + y.y - x.x - z.z).squareRoot() * 2
            vector = [(y.x + x.y) / s, s / 4, (z.y + y.z) / s, (z.x - x.z) / s]
        } else {
            let s = (1 + z.z - x.x - y.y).squareRoot() * 2
            vector = [(z.x + x.z) / s, (z.y + y.z) / s, s / 4, (x.y - y.x) / s]
        }
        let length = (vector * vector).sum().squareRoot()
        self.init(vector: length > 0 && length.isFinite ? vector / length : [0, 0, 0, 1])
    }

    /// The quaternion scaled to unit length, or the identity when it has no length.
    var unitOrIdentity: simd_quatf {
        let length = (vector * vector).sum().squareRoot()
        return length > 0 && length.isFinite ? simd_quatf(vector: vector / length) : .identity
    }

    /// Whether both describe the same rotation (q and -q do) within `tolerance`.
    public func isApproximatelyEqual(to other: simd_quatf, tolerance: Float = 1e-5) -> Bool {
        Swift.abs(1 - Swift.abs((vector * other.vector).sum())) <= tolerance
    }
}

/// The shorter arc from one rotation to another, prepared once so that each point along it costs
/// two sines: what a move that turns evaluates every frame.
struct RotationArc {
    private let start: SIMD4<Float>
    private let end: SIMD4<Float>
    private let angle: Float
    private let sine: Float

    init(from a: simd_quatf, to b: simd_quatf) {
        var end = b.vector
        var cosine = (a.vector * end).sum()
        if cosine < 0 {
            end = -end
            cosine = -cosine
        }
        start = a.vector
        self.end = end
        angle = Float.acos(min(cosine, 1))
        sine = Float.sin(angle)
    }

    /// The rotation at `t` along the arc: the start at 0, the end at 1.
    @inline(__always)
    func rotation(at t: Float) -> simd_quatf {
        if angle < 0.01 {
            // Nearly the same rotation: linear interpolation is exact enough and stable.
            return simd_quatf(vector: start + (end - start) * t).unitOrIdentity
        }
        let wa = Float.sin((1 - t) * angle) / sine
        let wb = Float.sin(t * angle) / sine
        return simd_quatf(vector: start * wa + end * wb).unitOrIdentity
    }
}
