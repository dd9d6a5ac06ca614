// The one approximate comparison of the tests: numbers, vectors and lists of numbers within a
// tolerance. `CollisionCastHit.isApproximately(at:normal:tolerance:)` compares hits with it.

/// Whether `a` is within `tolerance` of `b`.
public func isClose<Number: BinaryFloatingPoint>(_ a: Number, _ b: Number, tolerance: Number = 1e-4) -> Bool {
    abs(a - b) <= tolerance
}

/// Whether `a` is within `tolerance` of `b` in Euclidean distance.
public func isClose<Vector: SIMD>(_ a: Vector, _ b: Vector, tolerance: Vector.Scalar = 1e-4) -> Bool
where Vector.Scalar: BinaryFloatingPoint {
    let difference = a - b
    return (difference * difference).sum() <= tolerance * tolerance
}

/// Whether `a` and `b` have as many numbers, each within `tolerance` of the other's.
public func isClose<Number: BinaryFloatingPoint>(_ a: [Number], _ b: [Number], tolerance: Number = 1e-4) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { isClose($0, $1, tolerance: tolerance) }
}
