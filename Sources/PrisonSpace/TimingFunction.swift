/// How a move's progress follows time: the curves of CSS and Core Animation.
public enum TimingFunction: Hashable, Sendable {
    /// Progress proportional to time.
    case linear
    /// Starts slowly: the cubic Bézier (0.42, 0) (1, 1).
    case easeIn
    /// Ends slowly: the cubic Bézier (0, 0) (0.58, 1).
    case easeOut
    /// Starts and ends slowly: the cubic Bézier (0.42, 0) (0.58, 1).
    case easeInOut
    /// A cubic Bézier from (0, 0) to (1, 1) with two control points; x (time) must be in 0...1.
    case cubicBezier(controlPoint1: SIMD2<Float>, controlPoint2: SIMD2<Float>)

    /// The progress, usually 0...1, at `fraction` (0...1) of the duration.
    public func progress(at fraction: Float) -> Float {
        let t = min(max(fraction, 0), 1)
        switch self {
        case .linear: return t
        case .easeIn: return Self.bezier([0.42, 0], [1, 1], at: t)
        case .easeOut: return Self.bezier([0, 0], [0.58, 1], at: t)
        case .easeInOut: return Self.bezier([0.42, 0], [0.58, 1], at: t)
        case .cubicBezier(let p1, let p2): return Self.bezier(p1, p2, at: t)
        }
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
