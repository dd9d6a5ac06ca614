#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import PrisonSpaceTesting
import Testing

// Sources: https://developer.apple.com/documentation/simd/simd_slerp_longest(_:_:_:)-6ocxz and
// https://developer.apple.com/documentation/realitykit/simplematerial/init(color:roughness:ismetallic:)
// RealityKit code calls the C maths functions and names TimeInterval with `import RealityKit`
// alone; materials take the platform's colours; slerp can go the long way round.

@MainActor
@Suite("Maths functions, colours and the longer slerp")
struct MathAndColourTests {
    @Test func mathsFunctionsComeWithTheImport() {
        let angle: Float = .pi / 6
        let point = SIMD3<Float>(cos(angle), sin(angle), 0)
        #expect(isClose(point, [0.8660254, 0.5, 0]))
        let seconds: TimeInterval = 1.5
        #expect(isClose(Float(atan2(1.0, 1.0) * seconds), .pi / 4 * 1.5))
        // `sqrt` comes with the import too: a diagonal over its length is simd's `normalize` of it.
        let diagonal = SIMD3<Float>(3, 4, 0)
        #expect(isClose(diagonal / sqrt(25), normalize(diagonal)))
    }

    @Test func materialsTakeSystemColours() {
        let material = SimpleMaterial(color: .systemBlue, roughness: 0.5, isMetallic: false)
        let custom = SimpleMaterial(color: UIColor(red: 1, green: 0.5, blue: 0, alpha: 1).withAlphaComponent(0.5), isMetallic: true)
        let box = ModelEntity(mesh: .generateBox(size: 0.1), materials: [material, custom])
        #expect(box.model?.materials.count == 2)
    }

    @Test func slerpLongestGoesTheOtherWayRound() {
        let start = simd_quatf(angle: 0, axis: [0, 1, 0])
        let end = simd_quatf(angle: .pi / 2, axis: [0, 1, 0])
        // Half way the short way is 45°; the long way round, 270° in all, half way is 135° back.
        #expect(isClose(simd_slerp(start, end, 0.5), simd_quatf(angle: .pi / 4, axis: [0, 1, 0])))
        #expect(isClose(simd_slerp_longest(start, end, 0.5), simd_quatf(angle: -3 * .pi / 4, axis: [0, 1, 0])))
        #expect(isClose(simd_slerp_longest(start, end, 1), end))
    }
}
