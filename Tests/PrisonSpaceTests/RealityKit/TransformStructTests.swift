#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import PrisonSpaceTesting
import Testing

// Sources:
// https://developer.apple.com/documentation/realitykit/transform
// https://developer.apple.com/documentation/realitykit/transform/identity
// https://developer.apple.com/documentation/realitykit/transform/init(scale:rotation:translation:)
// https://developer.apple.com/documentation/realitykit/transform/init(matrix:)
// https://developer.apple.com/documentation/realitykit/transform/matrix
// https://developer.apple.com/documentation/realitykit/transform/init(pitch:yaw:roll:)
@MainActor
@Suite("Transform")
struct TransformStructTests {
    // The identity has unit scale, the identity rotation and no translation; init() equals it,
    // and the memberwise initializer defaults to the same values.
    @Test func identityAndDefaults() {
        let identity = Transform.identity
        #expect(isClose(identity.scale, [1, 1, 1]))
        #expect(isClose(identity.rotation, simd_quatf(ix: 0, iy: 0, iz: 0, r: 1)))
        #expect(isClose(identity.translation, [0, 0, 0]))
        #expect(isClose(Transform().matrix, identity.matrix))
        let moved = Transform(translation: [1, 2, 3])
        #expect(isClose(moved.scale, [1, 1, 1]))
        #expect(isClose(moved.rotation, identity.rotation))
    }

    // The matrix scales, then rotates, then translates. Scale 2, a quarter turn about +z and
    // translation (1,2,3) send the point (1,0,0) to (0,2,0) + (1,2,3) = (1,4,3).
    @Test func matrixComposesScaleRotationTranslation() {
        let t = Transform(scale: [2, 2, 2], rotation: simd_quatf(angle: .pi / 2, axis: [0, 0, 1]), translation: [1, 2, 3])
        let m = t.matrix
        #expect(isClose(m * SIMD4<Float>(1, 0, 0, 1), [1, 4, 3, 1]))
        #expect(isClose(m.columns.3, [1, 2, 3, 1]))
        #expect(isClose(m * SIMD4<Float>(0, 1, 0, 0), [-2, 0, 0, 0]))
    }

    // init(matrix:) recovers scale, rotation and translation from a matrix without shear.
    @Test func matrixRoundTrip() {
        let t = Transform(scale: [1, 2, 3], rotation: simd_quatf(angle: 0.7, axis: [0, 1, 0]), translation: [-1, 0.5, 4])
        let back = Transform(matrix: t.matrix)
        #expect(isClose(back.scale, [1, 2, 3]))
        #expect(isClose(back.rotation, t.rotation))
        #expect(isClose(back.translation, [-1, 0.5, 4]))
    }

    // Setting matrix updates the components.
    @Test func settingMatrix() {
        var t = Transform()
        t.matrix = Transform(scale: [2, 2, 2], translation: [0, 1, 0]).matrix
        #expect(isClose(t.scale, [2, 2, 2]))
        #expect(isClose(t.translation, [0, 1, 0]))
    }

    // Single Euler angles are rotations about x (pitch), y (yaw) and z (roll).
    @Test func eulerAnglesAlone() {
        #expect(isClose(Transform(yaw: .pi / 2).rotation, quarterTurnAboutY))
        #expect(isClose(Transform(pitch: .pi / 2).rotation, simd_quatf(angle: .pi / 2, axis: [1, 0, 0])))
        #expect(isClose(Transform(roll: .pi / 2).rotation, simd_quatf(angle: .pi / 2, axis: [0, 0, 1])))
    }

    // Order: yaw first, then pitch about the turned x axis (intrinsic), which is the same as
    // pitch about world x followed by yaw about world y. So with pitch = yaw = 90°, +z goes to
    // (0,-1,0) (the pitch) and stays there; +x is untouched by the pitch and yaws to (0,0,-1).
    @Test func eulerAngleOrder() {
        let r = Transform(pitch: .pi / 2, yaw: .pi / 2).rotation
        #expect(isClose(r.act([0, 0, 1]), [0, -1, 0]))
        #expect(isClose(r.act([1, 0, 0]), [0, 0, -1]))
    }
}
