import RealModule

/// A 4 x 4 matrix of floats, stored by columns (the layout OpenGL reads), acting on column
/// vectors: `m * v`.
public struct Matrix4x4: Hashable, Sendable {
    /// The four columns, left to right.
    public var columns: (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>)

    /// The matrix that changes nothing.
    public static let identity = Matrix4x4(columns: ([1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]))

    /// The matrix of the four `columns`, left to right.
    public init(columns: (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>)) {
        self.columns = columns
    }

    /// A translation by `t`.
    public init(translation t: SIMD3<Float>) {
        self = .identity
        columns.3 = SIMD4(t, 1)
    }

    /// A scale by `s` along the axes.
    public init(scale s: SIMD3<Float>) {
        self.init(columns: ([s.x, 0, 0, 0], [0, s.y, 0, 0], [0, 0, s.z, 0], [0, 0, 0, 1]))
    }

    /// The rotation `q`.
    public init(rotation q: Quaternion) {
        let x = q.act([1, 0, 0]), y = q.act([0, 1, 0]), z = q.act([0, 0, 1])
        self.init(columns: (SIMD4(x, 0), SIMD4(y, 0), SIMD4(z, 0), [0, 0, 0, 1]))
    }

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

    /// Column `column`, 0 to 3 (any other index reads and writes column 3).
    public subscript(column: Int) -> SIMD4<Float> {
        get {
            switch column {
            case 0: columns.0
            case 1: columns.1
            case 2: columns.2
            default: columns.3
            }
        }
        set {
            switch column {
            case 0: columns.0 = newValue
            case 1: columns.1 = newValue
            case 2: columns.2 = newValue
            default: columns.3 = newValue
            }
        }
    }

    /// The vector `v` transformed by `m`.
    @inline(__always)
    public static func * (m: Matrix4x4, v: SIMD4<Float>) -> SIMD4<Float> {
        m.columns.0 * v.x + m.columns.1 * v.y + m.columns.2 * v.z + m.columns.3 * v.w
    }

    /// The product: `b` applied first, then `a`.
    public static func * (a: Matrix4x4, b: Matrix4x4) -> Matrix4x4 {
        Matrix4x4(columns: (a * b.columns.0, a * b.columns.1, a * b.columns.2, a * b.columns.3))
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

    /// The matrix with rows and columns swapped.
    public var transpose: Matrix4x4 {
        let c = columns
        return Matrix4x4(columns: (
            [c.0.x, c.1.x, c.2.x, c.3.x], [c.0.y, c.1.y, c.2.y, c.3.y],
            [c.0.z, c.1.z, c.2.z, c.3.z], [c.0.w, c.1.w, c.2.w, c.3.w]))
    }

    /// The inverse, or nil when the matrix is singular (or not finite).
    public var inverse: Matrix4x4? {
        // Cofactor expansion through 2 x 2 sub-determinants, in Double for accuracy.
        let m = [columns.0, columns.1, columns.2, columns.3].map { SIMD4<Double>($0) }
        func e(_ row: Int, _ column: Int) -> Double { m[column][row] }
        let s0 = e(0, 0) * e(1, 1) - e(1, 0) * e(0, 1)
        let s1 = e(0, 0) * e(1, 2) - e(1, 0) * e(0, 2)
        let s2 = e(0, 0) * e(1, 3) - e(1, 0) * e(0, 3)
        let s3 = e(0, 1) * e(1, 2) - e(1, 1) * e(0, 2)
        let s4 = e(0, 1) * e(1, 3) - e(1, 1) * e(0, 3)
        let s5 = e(0, 2) * e(1, 3) - e(1, 2) * e(0, 3)
        let c5 = e(2, 2) * e(3, 3) - e(3, 2) * e(2, 3)
        let c4 = e(2, 1) * e(3, 3) - e(3, 1) * e(2, 3)
        let c3 = e(2, 1) * e(3, 2) - e(3, 1) * e(2, 2)
        let c2 = e(2, 0) * e(3, 3) - e(3, 0) * e(2, 3)
        let c1 = e(2, 0) * e(3, 2) - e(3, 0) * e(2, 2)
        let c0 = e(2, 0) * e(3, 1) - e(3, 0) * e(2, 1)
        let determinant = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
        guard determinant != 0, determinant.isFinite else { return nil }
        let k = 1 / determinant
        // Rows of the inverse.
        let r0 = SIMD4<Double>(
            e(1, 1) * c5 - e(1, 2) * c4 + e(1, 3) * c3, -e(0, 1) * c5 + e(0, 2) * c4 - e(0, 3) * c3,
            e(3, 1) * s5 - e(3, 2) * s4 + e(3, 3) * s3, -e(2, 1) * s5 + e(2, 2) * s4 - e(2, 3) * s3)
        let r1 = SIMD4<Double>(
            -e(1, 0) * c5 + e(1, 2) * c2 - e(1, 3) * c1, e(0, 0) * c5 - e(0, 2) * c2 + e(0, 3) * c1,
            -e(3, 0) * s5 + e(3, 2) * s2 - e(3, 3) * s1, e(2, 0) * s5 - e(2, 2) * s2 + e(2, 3) * s1)
        let r2 = SIMD4<Double>(
            e(1, 0) * c4 - e(1, 1) * c2 + e(1, 3) * c0, -e(0, 0) * c4 + e(0, 1) * c2 - e(0, 3) * c0,
            e(3, 0) * s4 - e(3, 1) * s2 + e(3, 3) * s0, -e(2, 0) * s4 + e(2, 1) * s2 - e(2, 3) * s0)
        let r3 = SIMD4<Double>(
            -e(1, 0) * c3 + e(1, 1) * c1 - e(1, 2) * c0, e(0, 0) * c3 - e(0, 1) * c1 + e(0, 2) * c0,
            -e(3, 0) * s3 + e(3, 1) * s1 - e(3, 2) * s0, e(2, 0) * s3 - e(2, 1) * s1 + e(2, 2) * s0)
        let rows = [r0, r1, r2, r3].map { SIMD4<Float>($0 * k) }
        return Matrix4x4(columns: (rows[0], rows[1], rows[2], rows[3])).transpose
    }

    /// Whether every entry is within `tolerance` of `other`'s.
    public func isApproximatelyEqual(to other: Matrix4x4, tolerance: Float = 1e-4) -> Bool {
        (0..<4).allSatisfy { column in
            let difference = self[column] - other[column]
            return difference.replacing(with: -difference, where: difference .< 0).max() <= tolerance
        }
    }

    /// Whether every entry of `a` equals that of `b`.
    public static func == (a: Matrix4x4, b: Matrix4x4) -> Bool { (0..<4).allSatisfy { a[$0] == b[$0] } }

    /// Feeds the sixteen entries to `hasher`.
    public func hash(into hasher: inout Hasher) { (0..<4).forEach { hasher.combine(self[$0]) } }
}
