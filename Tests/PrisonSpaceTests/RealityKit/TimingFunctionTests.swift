#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import PrisonSpaceTesting
import Testing

// Sources:
// https://developer.apple.com/documentation/realitykit/animationtimingfunction
// https://developer.apple.com/documentation/realitykit/animationtimingfunction/cubicbezier(controlpoint1:controlpoint2:)
// The timing function maps elapsed time to progress along a move. Linear progress is
// proportional to time; easeIn starts gradually; a cubic Bézier follows the curve through
// (0,0), the two control points and (1,1), with x as time and y as progress.
@MainActor
@Suite("AnimationTimingFunction")
struct TimingFunctionTests {
    /// Moves an entity from x = 0 to x = 1 over 2 s and returns its x after `elapsed`.
    private func progress(_ timing: AnimationTimingFunction, after elapsed: Duration) -> Float {
        let scene = Space()
        let e = Entity()
        scene.add(e)
        e.move(to: Transform(translation: [1, 0, 0]), relativeTo: nil, duration: 2, timingFunction: timing)
        scene.advance(by: elapsed)
        return e.position.x
    }

    // Linear: a quarter of the time, a quarter of the way; half the time, half the way.
    @Test func linear() {
        #expect(isClose(progress(.linear, after: .seconds(0.5)), 0.25))
        #expect(isClose(progress(.linear, after: .seconds(1)), 0.5))
        #expect(isClose(progress(.linear, after: .seconds(2)), 1))
    }

    // Control points on the diagonal, (0,0) and (1,1), make the curve the straight line y = x.
    @Test func diagonalBezierIsLinear() {
        let straight = AnimationTimingFunction.cubicBezier(controlPoint1: [0, 0], controlPoint2: [1, 1])
        #expect(isClose(progress(straight, after: .seconds(0.5)), 0.25, tolerance: 1e-3))
        #expect(isClose(progress(straight, after: .seconds(1.5)), 0.75, tolerance: 1e-3))
    }

    // Control points (0.42,0) and (0.58,1) are symmetric about the centre: half way at half
    // time, behind at a quarter, ahead at three quarters.
    @Test func symmetricBezier() {
        let curve = AnimationTimingFunction.cubicBezier(controlPoint1: [0.42, 0], controlPoint2: [0.58, 1])
        #expect(isClose(progress(curve, after: .seconds(1)), 0.5, tolerance: 1e-3))
        #expect(progress(curve, after: .seconds(0.5)) < 0.25)
        #expect(progress(curve, after: .seconds(1.5)) > 0.75)
    }

    // Control points (0,1) and (0,1) rush ahead. At curve parameter s, x = s³ and
    // y = 1 - (1-s)³; half time x = 0.5 is s ≈ 0.7937, so progress is 1 - 0.2063³ ≈ 0.9912.
    @Test func fastStartBezier() {
        let rush = AnimationTimingFunction.cubicBezier(controlPoint1: [0, 1], controlPoint2: [0, 1])
        let p = progress(rush, after: .seconds(1))
        #expect(isClose(p, 0.9912, tolerance: 2e-3))
    }

    // easeIn starts gradually, so it is behind linear at half time; easeInOut is even at half time.
    @Test func namedCurves() {
        #expect(progress(.easeIn, after: .seconds(1)) < 0.5)
        #expect(isClose(progress(.easeInOut, after: .seconds(1)), 0.5, tolerance: 1e-3))
        #expect(progress(.easeInOut, after: .seconds(0.5)) < 0.25)
    }
}
