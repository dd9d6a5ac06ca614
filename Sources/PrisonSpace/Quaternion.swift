import RealModule

/// A rotation in three dimensions as a unit quaternion: `vector` holds the imaginary parts in
/// `x`, `y`, `z` and the real part in `w`.
public struct Quaternion: Hashable, Sendable {
    /// The four parts: the imaginary ones in `x`, `y`, `z`, the real one in `w`.
    public var vector: SIMD4<Float>

    /// The rotation that changes nothing.
    public static let identity = Quaternion(vector: [0, 0, 0, 1])

    /// The quaternion of the four parts `vector` (imaginary in `x`, `y`, `z`, real in `w`), as
    /// given: make it unit length with ``normalized`` if it may not be.
    public init(vector: SIMD4<Float>) { self.vector = vector }

    /// A rotation by `angle` radians about `axis` (right-handed: counter-clockwise looking down
    /// the axis toward the origin). The axis need not be unit length; a zero axis gives identity.
    public init(angle: Float, axis: SIMD3<Float>) {
        let length = axis.length
        guard length > 0, length.isFinite, angle.isFinite else {
            self = .identity
            return
        }
        let half = angle / 2
        let imaginary = axis / length * Float.sin(half)
        vector = SIMD4(imaginary, Float.cos(half))
    }

    /// The rotation that turns `from` onto `to` along the shortest arc. Both must be non-zero.
    public init(from: SIMD3<Float>, to: SIMD3<Float>) {
        let a = from.normalized, b = to.normalized
        let cosine = a.dot(b)
        if cosine < -0.999_999 {
            // Opposite: turn half a circle about any axis perpendicular to `a`.
            let helper: SIMD3<Float> = abs(a.x) < 0.9 ? [1, 0, 0] : [0, 1, 0]
            self.init(angle: .pi, axis: a.cross(helper))
            return
        }
        self.init(vector: SIMD4(a.cross(b), 1 + cosine))
        self = normalized
    }

    /// The rotation that turns the -z axis toward `forward` and keeps +y as close to `up` as it
    /// can: how an entity or a camera looks in a direction.
    public init(lookingToward forward: SIMD3<Float>, up: SIMD3<Float> = [0, 1, 0]) {
        let back = -forward.normalized
        var right = up.cross(back)
        if right.length < 1e-6 {
            // Looking straight along `up`: pick any right angle.
            right = (abs(back.x) < 0.9 ? SIMD3<Float>(1, 0, 0) : [0, 0, 1]).cross(back)
        }
        right = right.normalized
        let trueUp = back.cross(right)
        self.init(rotationMatrixColumns: right, trueUp, back)
    }

    /// The quaternion of an orthonormal rotation matrix given by its columns.
    init(rotationMatrixColumns x: SIMD3<Float>, _ y: SIMD3<Float>, _ z: SIMD3<Float>) {
        let trace = x.x + y.y + z.z
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
        self = normalized
    }

    /// The imaginary parts: the axis scaled by the sine of half the angle.
    public var imaginary: SIMD3<Float> { SIMD3(vector.x, vector.y, vector.z) }
    /// The real part: the cosine of half the angle.
    public var real: Float { vector.w }

    /// The angle of the rotation in radians, 0 to 2π.
    public var angle: Float { 2 * Float.atan2(y: imaginary.length, x: real) }

    /// The axis of the rotation (unit length; +x for the identity).
    public var axis: SIMD3<Float> {
        let length = imaginary.length
        return length > 0 ? imaginary / length : [1, 0, 0]
    }

    /// The quaternion scaled to unit length (the identity for a zero quaternion).
    public var normalized: Quaternion {
        let length = (vector * vector).sum().squareRoot()
        return length > 0 ? Quaternion(vector: vector / length) : .identity
    }

    /// The opposite rotation (for unit quaternions, the conjugate).
    public var inverse: Quaternion { Quaternion(vector: [-vector.x, -vector.y, -vector.z, vector.w]) }

    /// The rotation `rhs` followed by `lhs`.
    public static func * (lhs: Quaternion, rhs: Quaternion) -> Quaternion {
        let a = lhs.imaginary, b = rhs.imaginary
        let imaginary = lhs.real * b + rhs.real * a + a.cross(b)
        return Quaternion(vector: SIMD4(imaginary, lhs.real * rhs.real - a.dot(b)))
    }

    /// `v` turned by this rotation.
    public func act(_ v: SIMD3<Float>) -> SIMD3<Float> {
        let u = imaginary
        let t = 2 * u.cross(v)
        return v + real * t + u.cross(t)
    }

    /// Spherical linear interpolation from `a` (at 0) to `b` (at 1), along the shorter arc.
    public static func slerp(_ a: Quaternion, _ b: Quaternion, _ t: Float) -> Quaternion {
        RotationArc(from: a, to: b).rotation(at: t)
    }

    /// Whether both describe the same rotation (q and -q do) within `tolerance`.
    public func isApproximatelyEqual(to other: Quaternion, tolerance: Float = 1e-5) -> Bool {
        let d = abs((vector * other.vector).sum())
        return abs(1 - d) <= tolerance
    }
}

/// The shorter arc from one rotation to another, prepared once so that each point along it costs
/// two sines: what a move that turns evaluates every frame.
struct RotationArc {
    private let start: SIMD4<Float>
    private let end: SIMD4<Float>
    private let angle: Float
    private let sine: Float

    init(from a: Quaternion, to b: Quaternion) {
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
    func rotation(at t: Float) -> Quaternion {
        if angle < 0.01 {
            // Nearly the same rotation: linear interpolation is exact enough and stable.
            return Quaternion(vector: start + (end - start) * t).normalized
        }
        let wa = Float.sin((1 - t) * angle) / sine
        let wb = Float.sin(t * angle) / sine
        return Quaternion(vector: start * wa + end * wb).normalized
    }
}
