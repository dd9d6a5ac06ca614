/// How a move's progress follows time, as RealityKit's `AnimationTimingFunction`: the cubic
/// Bézier curves of CSS and Core Animation.
public struct AnimationTimingFunction: Hashable, Sendable {
    /// The curve's two control points; nil for a straight line.
    let controlPoints: (SIMD2<Float>, SIMD2<Float>)?

    /// Progress proportional to time.
    public static let linear = AnimationTimingFunction(controlPoints: nil)
    /// Starts slowly: the cubic Bézier (0.42, 0) (1, 1).
    public static let easeIn = cubicBezier(controlPoint1: [0.42, 0], controlPoint2: [1, 1])
    /// Ends slowly: the cubic Bézier (0, 0) (0.58, 1).
    public static let easeOut = cubicBezier(controlPoint1: [0, 0], controlPoint2: [0.58, 1])
    /// Starts and ends slowly: the cubic Bézier (0.42, 0) (0.58, 1).
    public static let easeInOut = cubicBezier(controlPoint1: [0.42, 0], controlPoint2: [0.58, 1])
    /// The ease that moves use unless told otherwise, Core Animation's default curve: the cubic
    /// Bézier (0.25, 0.1) (0.25, 1), quick to start and slow to end.
    public static let `default` = cubicBezier(controlPoint1: [0.25, 0.1], controlPoint2: [0.25, 1])

    /// A cubic Bézier from (0, 0) to (1, 1) with two control points, as in CSS; their x (time)
    /// must be in 0...1.
    public static func cubicBezier(controlPoint1: SIMD2<Float>, controlPoint2: SIMD2<Float>) -> AnimationTimingFunction {
        AnimationTimingFunction(controlPoints: (controlPoint1, controlPoint2))
    }

    private init(controlPoints: (SIMD2<Float>, SIMD2<Float>)?) { self.controlPoints = controlPoints }

    /// Whether both are the same curve.
    public static func == (a: AnimationTimingFunction, b: AnimationTimingFunction) -> Bool {
        a.controlPoints?.0 == b.controlPoints?.0 && a.controlPoints?.1 == b.controlPoints?.1
    }

    /// Feeds the control points to `hasher`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(controlPoints?.0)
        hasher.combine(controlPoints?.1)
    }

    /// The progress, usually 0...1, at `fraction` (0...1) of the duration.
    public func progress(at fraction: Float) -> Float {
        let t = min(max(fraction, 0), 1)
        guard let (p1, p2) = controlPoints else { return t }
        return Self.bezier(p1, p2, at: t)
    }

    /// The curve's y where its x is `x`: x(s) is solved for s by Newton's method, falling back
    /// to bisection where the slope is flat.
    private static func bezier(_ p1: SIMD2<Float>, _ p2: SIMD2<Float>, at x: Float) -> Float {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        func curve(_ s: Float, _ a: Float, _ b: Float) -> Float {
            let u = 1 - s
            return 3 * u * u * s * a + 3 * u * s * s * b + s * s * s
        }
        func slope(_ s: Float, _ a: Float, _ b: Float) -> Float {
            let u = 1 - s
            return 3 * u * u * a + 6 * u * s * (b - a) + 3 * s * s * (1 - b)
        }
        var s = x
        for _ in 0..<8 {
            let error = curve(s, p1.x, p2.x) - x
            if abs(error) < 1e-6 { return curve(s, p1.y, p2.y) }
            let d = slope(s, p1.x, p2.x)
            if abs(d) < 1e-6 { break }
            s -= error / d
        }
        var low: Float = 0, high: Float = 1
        s = x
        for _ in 0..<40 {
            let value = curve(s, p1.x, p2.x)
            if abs(value - x) < 1e-6 { break }
            if value < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return curve(s, p1.y, p2.y)
    }
}
