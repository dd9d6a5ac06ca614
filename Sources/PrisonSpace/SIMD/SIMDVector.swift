#if !canImport(simd)
// The vector functions of Apple's `simd` module that RealityKit code calls, for Linux, where
// that module does not exist: each under its `simd_` name and its short name, for vectors of
// floats or doubles of any width.

/// The dot product of `a` and `b`.
@inlinable public func simd_dot<V: SIMD>(_ a: V, _ b: V) -> V.Scalar where V.Scalar: FloatingPoint { (a * b).sum() }
/// The dot product of `a` and `b`.
@inlinable public func dot<V: SIMD>(_ a: V, _ b: V) -> V.Scalar where V.Scalar: FloatingPoint { (a * b).sum() }

/// The cross product of `a` and `b` (right-handed).
@inlinable public func simd_cross<T: FloatingPoint & SIMDScalar>(_ a: SIMD3<T>, _ b: SIMD3<T>) -> SIMD3<T> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}
/// The cross product of `a` and `b` (right-handed).
@inlinable public func cross<T: FloatingPoint & SIMDScalar>(_ a: SIMD3<T>, _ b: SIMD3<T>) -> SIMD3<T> { simd_cross(a, b) }

/// The squared length of `v`.
@inlinable public func simd_length_squared<V: SIMD>(_ v: V) -> V.Scalar where V.Scalar: FloatingPoint { (v * v).sum() }
/// The squared length of `v`.
@inlinable public func length_squared<V: SIMD>(_ v: V) -> V.Scalar where V.Scalar: FloatingPoint { (v * v).sum() }
/// The length of `v`.
@inlinable public func simd_length<V: SIMD>(_ v: V) -> V.Scalar where V.Scalar: FloatingPoint { (v * v).sum().squareRoot() }
/// The length of `v`.
@inlinable public func length<V: SIMD>(_ v: V) -> V.Scalar where V.Scalar: FloatingPoint { simd_length(v) }

/// The distance between the points `a` and `b`.
@inlinable public func simd_distance<V: SIMD>(_ a: V, _ b: V) -> V.Scalar where V.Scalar: FloatingPoint { simd_length(a - b) }
/// The distance between the points `a` and `b`.
@inlinable public func distance<V: SIMD>(_ a: V, _ b: V) -> V.Scalar where V.Scalar: FloatingPoint { simd_length(a - b) }
/// The squared distance between the points `a` and `b`.
@inlinable public func simd_distance_squared<V: SIMD>(_ a: V, _ b: V) -> V.Scalar where V.Scalar: FloatingPoint {
    simd_length_squared(a - b)
}
/// The squared distance between the points `a` and `b`.
@inlinable public func distance_squared<V: SIMD>(_ a: V, _ b: V) -> V.Scalar where V.Scalar: FloatingPoint {
    simd_length_squared(a - b)
}

/// `v` scaled to unit length (not finite for a zero vector, as in Apple's `simd`).
@inlinable public func simd_normalize<V: SIMD>(_ v: V) -> V where V.Scalar: FloatingPoint { v / simd_length(v) }
/// `v` scaled to unit length (not finite for a zero vector, as in Apple's `simd`).
@inlinable public func normalize<V: SIMD>(_ v: V) -> V where V.Scalar: FloatingPoint { v / simd_length(v) }

/// `a` at `t` 0, `b` at 1, and the straight line between, component by component.
@inlinable public func simd_mix<V: SIMD>(_ a: V, _ b: V, _ t: V) -> V where V.Scalar: FloatingPoint { a + (b - a) * t }
/// `a` at `t` 0, `b` at 1, and the straight line between.
@inlinable public func simd_mix<T: FloatingPoint>(_ a: T, _ b: T, _ t: T) -> T { a + (b - a) * t }

/// `v`'s components as `Float`s, rounded to the nearest.
@inlinable public func simd_float(_ v: SIMD2<Double>) -> SIMD2<Float> { SIMD2<Float>(v) }
/// `v`'s components as `Float`s, rounded to the nearest.
@inlinable public func simd_float(_ v: SIMD3<Double>) -> SIMD3<Float> { SIMD3<Float>(v) }
/// `v`'s components as `Float`s, rounded to the nearest.
@inlinable public func simd_float(_ v: SIMD4<Double>) -> SIMD4<Float> { SIMD4<Float>(v) }
/// `v`'s components as `Double`s, exactly.
@inlinable public func simd_double(_ v: SIMD2<Float>) -> SIMD2<Double> { SIMD2<Double>(v) }
/// `v`'s components as `Double`s, exactly.
@inlinable public func simd_double(_ v: SIMD3<Float>) -> SIMD3<Double> { SIMD3<Double>(v) }
/// `v`'s components as `Double`s, exactly.
@inlinable public func simd_double(_ v: SIMD4<Float>) -> SIMD4<Double> { SIMD4<Double>(v) }
/// `a` at `t` 0, `b` at 1, and the straight line between, component by component.
@inlinable public func mix<V: SIMD>(_ a: V, _ b: V, t: V.Scalar) -> V where V.Scalar: FloatingPoint { a + (b - a) * t }

/// `v` with each component held within `low...high`.
@inlinable public func simd_clamp<V: SIMD>(_ v: V, _ low: V, _ high: V) -> V where V.Scalar: FloatingPoint {
    v.clamped(lowerBound: low, upperBound: high)
}
/// `v` with each component held within `low...high`.
@inlinable public func clamp<V: SIMD>(_ v: V, min low: V.Scalar, max high: V.Scalar) -> V where V.Scalar: FloatingPoint {
    v.clamped(lowerBound: V(repeating: low), upperBound: V(repeating: high))
}

/// The smaller of each pair of components.
@inlinable public func simd_min<V: SIMD>(_ a: V, _ b: V) -> V where V.Scalar: FloatingPoint { pointwiseMin(a, b) }
/// The larger of each pair of components.
@inlinable public func simd_max<V: SIMD>(_ a: V, _ b: V) -> V where V.Scalar: FloatingPoint { pointwiseMax(a, b) }
/// Each component made non-negative.
@inlinable public func simd_abs<V: SIMD>(_ v: V) -> V where V.Scalar: FloatingPoint { v.replacing(with: -v, where: v .< .zero) }

/// The direction `v` reflected off a surface of unit normal `n`.
@inlinable public func simd_reflect<V: SIMD>(_ v: V, _ n: V) -> V where V.Scalar: FloatingPoint { v - 2 * simd_dot(v, n) * n }
/// The direction `v` reflected off a surface of unit normal `n`.
@inlinable public func reflect<V: SIMD>(_ v: V, n: V) -> V where V.Scalar: FloatingPoint { simd_reflect(v, n) }
/// The part of `v` along `onto`.
@inlinable public func simd_project<V: SIMD>(_ v: V, _ onto: V) -> V where V.Scalar: FloatingPoint {
    simd_dot(v, onto) / simd_dot(onto, onto) * onto
}
/// The part of `v` along `onto`.
@inlinable public func project<V: SIMD>(_ v: V, _ onto: V) -> V where V.Scalar: FloatingPoint { simd_project(v, onto) }

/// The vector `(x, y)`.
@inlinable public func simd_make_float2(_ x: Float, _ y: Float) -> SIMD2<Float> { SIMD2(x, y) }
/// The vector `(x, y, z)`.
@inlinable public func simd_make_float3(_ x: Float, _ y: Float, _ z: Float) -> SIMD3<Float> { SIMD3(x, y, z) }
/// The vector `(xyz, w)`.
@inlinable public func simd_make_float3(_ xyzw: SIMD4<Float>) -> SIMD3<Float> { SIMD3(xyzw.x, xyzw.y, xyzw.z) }
/// The vector `(x, y, z, w)`.
@inlinable public func simd_make_float4(_ x: Float, _ y: Float, _ z: Float, _ w: Float) -> SIMD4<Float> { SIMD4(x, y, z, w) }
/// The vector `(xyz, w)`.
@inlinable public func simd_make_float4(_ xyz: SIMD3<Float>, _ w: Float) -> SIMD4<Float> { SIMD4(xyz, w) }
#endif
