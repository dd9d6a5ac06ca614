#if !canImport(simd)
/// A 4 x 4 matrix of floats, as Apple's `simd` module names it: stored by columns, acting on
/// column vectors (`m * v`). On Linux, where that module does not exist, the space provides it
/// so that RealityKit code compiles unchanged.
public struct simd_float4x4: Hashable, Sendable {
    /// The four columns, left to right.
    public var columns: (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>)

    /// The zero matrix, as in Apple's `simd` (`matrix_identity_float4x4` is the matrix that changes nothing).
    public init() { columns = (.zero, .zero, .zero, .zero) }

    /// The matrix of the four `columns`, left to right.
    public init(columns: (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>)) { self.columns = columns }

    /// The matrix of the columns `c0` to `c3`, left to right.
    public init(_ c0: SIMD4<Float>, _ c1: SIMD4<Float>, _ c2: SIMD4<Float>, _ c3: SIMD4<Float>) { columns = (c0, c1, c2, c3) }

    /// The matrix of the four `columns`, left to right.
    public init(_ columns: [SIMD4<Float>]) {
        precondition(columns.count == 4, "a 4 x 4 matrix needs 4 columns")
        self.init(columns[0], columns[1], columns[2], columns[3])
    }

    /// The matrix of the four `rows`, top to bottom.
    public init(rows: [SIMD4<Float>]) { self = simd_float4x4(rows).transpose }

    /// The matrix with `diagonal` on its diagonal and zero elsewhere.
    public init(diagonal: SIMD4<Float>) {
        columns = ([diagonal.x, 0, 0, 0], [0, diagonal.y, 0, 0], [0, 0, diagonal.z, 0], [0, 0, 0, diagonal.w])
    }

    /// The rotation matrix of the unit quaternion `quaternion`.
    public init(_ quaternion: simd_quatf) {
        let x = quaternion.act([1, 0, 0]), y = quaternion.act([0, 1, 0]), z = quaternion.act([0, 0, 1])
        columns = (SIMD4(x, 0), SIMD4(y, 0), SIMD4(z, 0), [0, 0, 0, 1])
    }

    /// Column `column`, 0 to 3.
    public subscript(column: Int) -> SIMD4<Float> {
        get {
            switch column {
            case 0: columns.0
            case 1: columns.1
            case 2: columns.2
            case 3: columns.3
            default: preconditionFailure("column \(column) of a 4 x 4 matrix")
            }
        }
        set {
            switch column {
            case 0: columns.0 = newValue
            case 1: columns.1 = newValue
            case 2: columns.2 = newValue
            case 3: columns.3 = newValue
            default: preconditionFailure("column \(column) of a 4 x 4 matrix")
            }
        }
    }

    /// The element in `column` and `row`.
    public subscript(column: Int, row: Int) -> Float {
        get { self[column][row] }
        set { self[column][row] = newValue }
    }

    /// The matrix with rows and columns swapped.
    public var transpose: simd_float4x4 {
        let c = columns
        return simd_float4x4(
            [c.0.x, c.1.x, c.2.x, c.3.x], [c.0.y, c.1.y, c.2.y, c.3.y],
            [c.0.z, c.1.z, c.2.z, c.3.z], [c.0.w, c.1.w, c.2.w, c.3.w])
    }

    /// The inverse; not finite when the matrix is singular, as in Apple's `simd`.
    public var inverse: simd_float4x4 {
        invertedOrNil ?? simd_float4x4(diagonal: SIMD4(repeating: .nan))
    }

    /// The determinant.
    public var determinant: Float { Float(cofactors.determinant) }

    /// The vector `v` transformed by `m`.
    @inline(__always)
    public static func * (m: simd_float4x4, v: SIMD4<Float>) -> SIMD4<Float> {
        m.columns.0 * v.x + m.columns.1 * v.y + m.columns.2 * v.z + m.columns.3 * v.w
    }

    /// The row vector `v` times `m`.
    public static func * (v: SIMD4<Float>, m: simd_float4x4) -> SIMD4<Float> { m.transpose * v }

    /// The product: `b` applied first, then `a`.
    public static func * (a: simd_float4x4, b: simd_float4x4) -> simd_float4x4 {
        simd_float4x4(a * b.columns.0, a * b.columns.1, a * b.columns.2, a * b.columns.3)
    }

    /// Every element times `s`.
    public static func * (m: simd_float4x4, s: Float) -> simd_float4x4 {
        simd_float4x4(m.columns.0 * s, m.columns.1 * s, m.columns.2 * s, m.columns.3 * s)
    }

    /// Every element times `s`.
    public static func * (s: Float, m: simd_float4x4) -> simd_float4x4 { m * s }

    /// The sum, element by element.
    public static func + (a: simd_float4x4, b: simd_float4x4) -> simd_float4x4 {
        simd_float4x4(a.columns.0 + b.columns.0, a.columns.1 + b.columns.1, a.columns.2 + b.columns.2, a.columns.3 + b.columns.3)
    }

    /// The difference, element by element.
    public static func - (a: simd_float4x4, b: simd_float4x4) -> simd_float4x4 { a + b * -1 }

    /// Multiplies `a` by `b` in place (`b` applied first).
    public static func *= (a: inout simd_float4x4, b: simd_float4x4) { a = a * b }

    /// Whether every element of `a` equals that of `b`.
    public static func == (a: simd_float4x4, b: simd_float4x4) -> Bool {
        a.columns.0 == b.columns.0 && a.columns.1 == b.columns.1 && a.columns.2 == b.columns.2
            && a.columns.3 == b.columns.3
    }

    /// Feeds the sixteen elements to `hasher`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(columns.0)
        hasher.combine(columns.1)
        hasher.combine(columns.2)
        hasher.combine(columns.3)
    }
}

extension simd_float4x4: CustomStringConvertible {
    /// The columns, as Apple's `simd` prints them.
    public var description: String {
        "simd_float4x4([\(columns.0), \(columns.1), \(columns.2), \(columns.3)])"
    }
}

/// A 3 x 3 matrix of floats, as Apple's `simd` module names it: stored by columns, acting on
/// column vectors.
public struct simd_float3x3: Hashable, Sendable {
    /// The three columns, left to right.
    public var columns: (SIMD3<Float>, SIMD3<Float>, SIMD3<Float>)

    /// The zero matrix, as in Apple's `simd`.
    public init() { columns = (.zero, .zero, .zero) }

    /// The matrix of the three `columns`, left to right.
    public init(columns: (SIMD3<Float>, SIMD3<Float>, SIMD3<Float>)) { self.columns = columns }

    /// The matrix of the columns `c0` to `c2`, left to right.
    public init(_ c0: SIMD3<Float>, _ c1: SIMD3<Float>, _ c2: SIMD3<Float>) { columns = (c0, c1, c2) }

    /// The matrix of the three `rows`, top to bottom.
    public init(rows: [SIMD3<Float>]) {
        precondition(rows.count == 3, "a 3 x 3 matrix needs 3 rows")
        self = simd_float3x3(rows[0], rows[1], rows[2]).transpose
    }

    /// The matrix with `diagonal` on its diagonal and zero elsewhere.
    public init(diagonal: SIMD3<Float>) { columns = ([diagonal.x, 0, 0], [0, diagonal.y, 0], [0, 0, diagonal.z]) }

    /// The rotation matrix of the unit quaternion `quaternion`.
    public init(_ quaternion: simd_quatf) {
        columns = (quaternion.act([1, 0, 0]), quaternion.act([0, 1, 0]), quaternion.act([0, 0, 1]))
    }

    /// Column `column`, 0 to 2.
    public subscript(column: Int) -> SIMD3<Float> {
        get {
            switch column {
            case 0: columns.0
            case 1: columns.1
            case 2: columns.2
            default: preconditionFailure("column \(column) of a 3 x 3 matrix")
            }
        }
        set {
            switch column {
            case 0: columns.0 = newValue
            case 1: columns.1 = newValue
            case 2: columns.2 = newValue
            default: preconditionFailure("column \(column) of a 3 x 3 matrix")
            }
        }
    }

    /// The element in `column` and `row`.
    public subscript(column: Int, row: Int) -> Float {
        get { self[column][row] }
        set { self[column][row] = newValue }
    }

    /// The matrix with rows and columns swapped.
    public var transpose: simd_float3x3 {
        let c = columns
        return simd_float3x3([c.0.x, c.1.x, c.2.x], [c.0.y, c.1.y, c.2.y], [c.0.z, c.1.z, c.2.z])
    }

    /// The determinant.
    public var determinant: Float { columns.0.dot(columns.1.cross(columns.2)) }

    /// The inverse; not finite when the matrix is singular, as in Apple's `simd`.
    public var inverse: simd_float3x3 {
        let (a, b, c) = columns
        let rows = (b.cross(c), c.cross(a), a.cross(b))
        return simd_float3x3(rows: [rows.0, rows.1, rows.2]) * (1 / determinant)
    }

    /// The vector `v` transformed by `m`.
    public static func * (m: simd_float3x3, v: SIMD3<Float>) -> SIMD3<Float> {
        m.columns.0 * v.x + m.columns.1 * v.y + m.columns.2 * v.z
    }

    /// The product: `b` applied first, then `a`.
    public static func * (a: simd_float3x3, b: simd_float3x3) -> simd_float3x3 {
        simd_float3x3(a * b.columns.0, a * b.columns.1, a * b.columns.2)
    }

    /// Every element times `s`.
    public static func * (m: simd_float3x3, s: Float) -> simd_float3x3 {
        simd_float3x3(m.columns.0 * s, m.columns.1 * s, m.columns.2 * s)
    }

    /// Whether every element of `a` equals that of `b`.
    public static func == (a: simd_float3x3, b: simd_float3x3) -> Bool {
        a.columns.0 == b.columns.0 && a.columns.1 == b.columns.1 && a.columns.2 == b.columns.2
    }

    /// Feeds the nine elements to `hasher`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(columns.0)
        hasher.combine(columns.1)
        hasher.combine(columns.2)
    }
}

/// Apple's short name for ``simd_float4x4``.
public typealias float4x4 = simd_float4x4
/// Apple's short name for ``simd_float3x3``.
public typealias float3x3 = simd_float3x3
/// Apple's older name for ``simd_float4x4``.
public typealias matrix_float4x4 = simd_float4x4
/// Apple's older name for ``simd_float3x3``.
public typealias matrix_float3x3 = simd_float3x3
/// Apple's name for a vector of two floats.
public typealias simd_float2 = SIMD2<Float>
/// Apple's name for a vector of three floats.
public typealias simd_float3 = SIMD3<Float>
/// Apple's name for a vector of four floats.
public typealias simd_float4 = SIMD4<Float>
/// A vector of two doubles, as Apple's `simd` names it.
public typealias simd_double2 = SIMD2<Double>
/// A vector of three doubles, as Apple's `simd` names it.
public typealias simd_double3 = SIMD3<Double>
/// A vector of four doubles, as Apple's `simd` names it.
public typealias simd_double4 = SIMD4<Double>

/// The 4 x 4 matrix that changes nothing.
public let matrix_identity_float4x4 = simd_float4x4(diagonal: [1, 1, 1, 1])
/// The 3 x 3 matrix that changes nothing.
public let matrix_identity_float3x3 = simd_float3x3(diagonal: [1, 1, 1])

/// The product `a * b`: `b` applied first.
public func simd_mul(_ a: simd_float4x4, _ b: simd_float4x4) -> simd_float4x4 { a * b }
/// `v` transformed by `m`.
public func simd_mul(_ m: simd_float4x4, _ v: SIMD4<Float>) -> SIMD4<Float> { m * v }
/// The product `a * b`: `b` applied first.
public func simd_mul(_ a: simd_float3x3, _ b: simd_float3x3) -> simd_float3x3 { a * b }
/// `v` transformed by `m`.
public func simd_mul(_ m: simd_float3x3, _ v: SIMD3<Float>) -> SIMD3<Float> { m * v }
/// The product `a * b`: `b` applied first.
public func matrix_multiply(_ a: simd_float4x4, _ b: simd_float4x4) -> simd_float4x4 { a * b }
/// The inverse of `m`.
public func simd_inverse(_ m: simd_float4x4) -> simd_float4x4 { m.inverse }
/// The inverse of `m`.
public func simd_inverse(_ m: simd_float3x3) -> simd_float3x3 { m.inverse }
/// `m` with rows and columns swapped.
public func simd_transpose(_ m: simd_float4x4) -> simd_float4x4 { m.transpose }
/// `m` with rows and columns swapped.
public func simd_transpose(_ m: simd_float3x3) -> simd_float3x3 { m.transpose }
/// The determinant of `m`.
public func simd_determinant(_ m: simd_float4x4) -> Float { m.determinant }
/// The determinant of `m`.
public func simd_determinant(_ m: simd_float3x3) -> Float { m.determinant }
/// The rotation matrix of the unit quaternion `q`.
public func simd_matrix4x4(_ q: simd_quatf) -> simd_float4x4 { simd_float4x4(q) }
/// The rotation matrix of the unit quaternion `q`.
public func simd_matrix3x3(_ q: simd_quatf) -> simd_float3x3 { simd_float3x3(q) }
#endif

extension simd_float4x4 {
    /// The matrix that changes nothing, for this module's own use: a public `identity` would make
    /// `move(to: .identity, …)` ambiguous between a matrix and a ``Transform``.
    static var identity: simd_float4x4 { matrix_identity_float4x4 }

    /// A translation by `t`.
    public init(translation t: SIMD3<Float>) {
        self = matrix_identity_float4x4
        columns.3 = SIMD4(t, 1)
    }

    /// A scale by `s` along the axes.
    public init(scale s: SIMD3<Float>) { self.init(diagonal: SIMD4(s, 1)) }

    /// A right-handed perspective projection looking down -z, to OpenGL clip space (z from -1 at
    /// `near` to 1 at `far`). `fieldOfView` is vertical, in radians.
    public init(perspectiveFieldOfView fieldOfView: Float, aspectRatio: Float, near: Float, far: Float) {
        let f = 1 / Float.tan(fieldOfView / 2)
        self.init(columns: (
            [f / aspectRatio, 0, 0, 0],
            [0, f, 0, 0],
            [0, 0, (far + near) / (near - far), -1],
            [0, 0, 2 * far * near / (near - far), 0]))
    }

    /// `p` as a point (w = 1), divided by w when the matrix is projective.
    @inline(__always)
    public func transformPoint(_ p: SIMD3<Float>) -> SIMD3<Float> {
        let v = self * SIMD4(p, 1)
        let xyz = SIMD3(v.x, v.y, v.z)
        return v.w == 1 ? xyz : xyz / v.w
    }

    /// `d` as a direction (w = 0): turned and scaled, not moved.
    @inline(__always)
    public func transformDirection(_ d: SIMD3<Float>) -> SIMD3<Float> {
        let v = self * SIMD4(d, 0)
        return SIMD3(v.x, v.y, v.z)
    }

    /// Whether every element is within `tolerance` of `other`'s.
    public func isApproximatelyEqual(to other: simd_float4x4, tolerance: Float = 1e-4) -> Bool {
        func near(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> Bool {
            let d = a - b
            return d.replacing(with: -d, where: d .< 0).max() <= tolerance
        }
        return near(columns.0, other.columns.0) && near(columns.1, other.columns.1)
            && near(columns.2, other.columns.2) && near(columns.3, other.columns.3)
    }

    /// Whether every element equals `other`'s: what the space compares cached matrices with, on
    /// every platform.
    @inline(__always)
    func isIdentical(to other: simd_float4x4) -> Bool {
        columns.0 == other.columns.0 && columns.1 == other.columns.1 && columns.2 == other.columns.2
            && columns.3 == other.columns.3
    }

    /// The 2 x 2 sub-determinants the inverse and the determinant are built from, in Double.
    fileprivate var cofactors: (s: [Double], c: [Double], determinant: Double) {
        func e(_ row: Int, _ column: Int) -> Double { Double(self[column][row]) }
        let s = [
            e(0, 0) * e(1, 1) - e(1, 0) * e(0, 1), e(0, 0) * e(1, 2) - e(1, 0) * e(0, 2),
            e(0, 0) * e(1, 3) - e(1, 0) * e(0, 3), e(0, 1) * e(1, 2) - e(1, 1) * e(0, 2),
            e(0, 1) * e(1, 3) - e(1, 1) * e(0, 3), e(0, 2) * e(1, 3) - e(1, 2) * e(0, 3),
        ]
        let c = [
            e(2, 0) * e(3, 1) - e(3, 0) * e(2, 1), e(2, 0) * e(3, 2) - e(3, 0) * e(2, 2),
            e(2, 0) * e(3, 3) - e(3, 0) * e(2, 3), e(2, 1) * e(3, 2) - e(3, 1) * e(2, 2),
            e(2, 1) * e(3, 3) - e(3, 1) * e(2, 3), e(2, 2) * e(3, 3) - e(3, 2) * e(2, 3),
        ]
        let determinant = s[0] * c[5] - s[1] * c[4] + s[2] * c[3] + s[3] * c[2] - s[4] * c[1] + s[5] * c[0]
        return (s, c, determinant)
    }

    /// The inverse, or nil when the matrix is singular or not finite: cofactor expansion through
    /// 2 x 2 sub-determinants, in Double for accuracy.
    package var invertedOrNil: simd_float4x4? {
        let (s, c, determinant) = cofactors
        guard determinant != 0, determinant.isFinite else { return nil }
        func e(_ row: Int, _ column: Int) -> Double { Double(self[column][row]) }
        let k = 1 / determinant
        // Rows of the inverse.
        let r0 = SIMD4<Double>(
            e(1, 1) * c[5] - e(1, 2) * c[4] + e(1, 3) * c[3], -e(0, 1) * c[5] + e(0, 2) * c[4] - e(0, 3) * c[3],
            e(3, 1) * s[5] - e(3, 2) * s[4] + e(3, 3) * s[3], -e(2, 1) * s[5] + e(2, 2) * s[4] - e(2, 3) * s[3])
        let r1 = SIMD4<Double>(
            -e(1, 0) * c[5] + e(1, 2) * c[2] - e(1, 3) * c[1], e(0, 0) * c[5] - e(0, 2) * c[2] + e(0, 3) * c[1],
            -e(3, 0) * s[5] + e(3, 2) * s[2] - e(3, 3) * s[1], e(2, 0) * s[5] - e(2, 2) * s[2] + e(2, 3) * s[1])
        let r2 = SIMD4<Double>(
            e(1, 0) * c[4] - e(1, 1) * c[2] + e(1, 3) * c[0], -e(0, 0) * c[4] + e(0, 1) * c[2] - e(0, 3) * c[0],
            e(3, 0) * s[4] - e(3, 1) * s[2] + e(3, 3) * s[0], -e(2, 0) * s[4] + e(2, 1) * s[2] - e(2, 3) * s[0])
        let r3 = SIMD4<Double>(
            -e(1, 0) * c[3] + e(1, 1) * c[1] - e(1, 2) * c[0], e(0, 0) * c[3] - e(0, 1) * c[1] + e(0, 2) * c[0],
            -e(3, 0) * s[3] + e(3, 1) * s[1] - e(3, 2) * s[0], e(2, 0) * s[3] - e(2, 1) * s[1] + e(2, 2) * s[0])
        return simd_float4x4(
            SIMD4<Float>(r0 * k), SIMD4<Float>(r1 * k), SIMD4<Float>(r2 * k), SIMD4<Float>(r3 * k)).transpose
    }
}
