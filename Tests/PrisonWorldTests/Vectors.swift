/// Vector arithmetic for the tests (PrisonSpace keeps its own to itself).
extension SIMD3 where Scalar == Float {
    func dot(_ other: SIMD3<Float>) -> Float { (self * other).sum() }

    var length: Float { dot(self).squareRoot() }
}
