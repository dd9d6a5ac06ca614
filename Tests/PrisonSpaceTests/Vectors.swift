/// Vector arithmetic for the tests. PrisonSpace keeps its own to itself: public names this common
/// on a standard type would clash with other modules'.
extension SIMD3 where Scalar == Float {
    func dot(_ other: SIMD3<Float>) -> Float { (self * other).sum() }

    func cross(_ other: SIMD3<Float>) -> SIMD3<Float> {
        SIMD3(y * other.z - z * other.y, z * other.x - x * other.z, x * other.y - y * other.x)
    }

    var length: Float { dot(self).squareRoot() }

    var normalized: SIMD3<Float> { length > 0 ? self / length : self }

    var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }
}
