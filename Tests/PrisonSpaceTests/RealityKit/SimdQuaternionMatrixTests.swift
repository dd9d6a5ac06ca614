#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import PrisonSpaceTesting
import Testing

// Sources:
// https://developer.apple.com/documentation/simd/simd_quatf
// https://developer.apple.com/documentation/simd/simd_quatf/init(angle:axis:)
// https://developer.apple.com/documentation/simd/simd_quatf/act(_:)
// RealityKit expresses rotations as simd_quatf and transforms as simd_float4x4; its code
// relies on these members behaving as in the simd library.
@MainActor
@Suite("simd_quatf and simd_float4x4")
struct SimdQuaternionMatrixTests {
    // A positive angle turns counterclockwise about the axis (right-handed): +x goes to -z about +y,
    // +y goes to -x about +z, +y goes to +z about +x.
    @Test func angleAxisAct() {
        #expect(isClose(quarterTurnAboutY.act([1, 0, 0]), [0, 0, -1]))
        #expect(isClose(simd_quatf(angle: .pi / 2, axis: [0, 0, 1]).act([0, 1, 0]), [-1, 0, 0]))
        #expect(isClose(simd_quatf(angle: .pi / 2, axis: [1, 0, 0]).act([0, 1, 0]), [0, 0, 1]))
    }

    // angle and axis read back what was given.
    @Test func angleAndAxis() {
        let q = simd_quatf(angle: 0.6, axis: [0, 0, 1])
        #expect(isClose(q.angle, 0.6))
        #expect(isClose(q.axis, [0, 0, 1]))
        // sin 0.3 = 0.2955202, cos 0.3 = 0.9553365: the vector is (axis · sin(θ/2), cos(θ/2)).
        #expect(isClose(q.vector, [0, 0, 0.2955202, 0.9553365]))
    }

    // The inverse undoes the rotation; q * q.inverse is the identity; normalized gives unit length.
    @Test func inverseAndNormalized() {
        #expect(isClose(quarterTurnAboutY.inverse.act([0, 0, -1]), [1, 0, 0]))
        #expect(isClose(quarterTurnAboutY * quarterTurnAboutY.inverse, simd_quatf(ix: 0, iy: 0, iz: 0, r: 1)))
        #expect(isClose(simd_quatf(ix: 0, iy: 0, iz: 0, r: 2).normalized, simd_quatf(ix: 0, iy: 0, iz: 0, r: 1)))
    }

    // (a * b) applies b first, then a.
    @Test func productOrder() {
        let a = simd_quatf(angle: .pi / 2, axis: [0, 0, 1])
        let b = simd_quatf(angle: .pi / 2, axis: [1, 0, 0])
        #expect(isClose((a * b).act([0, 1, 0]), [0, 0, 1]))
        #expect(isClose((b * a).act([0, 1, 0]), [-1, 0, 0]))
    }

    // init(from:to:) rotates the first unit vector onto the second by the shortest arc.
    @Test func fromTo() {
        let q = simd_quatf(from: [1, 0, 0], to: [0, 1, 0])
        #expect(isClose(q.act([1, 0, 0]), [0, 1, 0]))
        #expect(isClose(q.angle, .pi / 2))
        #expect(isClose(q.act([0, 0, 1]), [0, 0, 1]))
    }

    // Matrices are column-major: the fourth column holds the translation, and matrix * vector
    // applies it to points (w = 1) but not to directions (w = 0). Products apply right to left.
    @Test func matrices() {
        let translate = float4x4(columns: ([1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [1, 2, 3, 1]))
        let scale = float4x4(columns: ([2, 0, 0, 0], [0, 2, 0, 0], [0, 0, 2, 0], [0, 0, 0, 1]))
        #expect(isClose(translate * SIMD4<Float>(0, 0, 0, 1), [1, 2, 3, 1]))
        #expect(isClose(translate * SIMD4<Float>(1, 0, 0, 0), [1, 0, 0, 0]))
        #expect(isClose((translate * scale) * SIMD4<Float>(1, 1, 1, 1), [3, 4, 5, 1]))
        #expect(isClose((scale * translate) * SIMD4<Float>(1, 1, 1, 1), [4, 6, 8, 1]))
        #expect(isClose(translate.columns.3, [1, 2, 3, 1]))
    }
}
