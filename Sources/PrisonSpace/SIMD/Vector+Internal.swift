/// Vector arithmetic for this module's own use. Not public: names as common as `length` and `dot`
/// on a standard type would clash with any other module that defines them.
extension SIMD3 where Scalar == Float {
    func dot(_ other: SIMD3<Float>) -> Float { (self * other).sum() }

    func cross(_ other: SIMD3<Float>) -> SIMD3<Float> {
        SIMD3(y * other.z - z * other.y, z * other.x - x * other.z, x * other.y - y * other.x)
    }

    var length: Float { dot(self).squareRoot() }

    /// The vector scaled to length 1 (zero stays zero).
    var normalized: SIMD3<Float> {
        let length = length
        return length > 0 ? self / length : self
    }

    /// The vector with every component made non-negative.
    var absolute: SIMD3<Float> { replacing(with: -self, where: self .< 0) }

    /// Whether every component is a finite number.
    var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }

    /// Whether `self` and `other` are within `tolerance` of each other, in length.
    func isApproximatelyEqual(to other: SIMD3<Float>, tolerance: Float = 1e-4) -> Bool {
        (self - other).length <= tolerance
    }
}
