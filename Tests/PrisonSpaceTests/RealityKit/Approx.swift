#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import PrisonSpaceTesting

// Approximate comparisons and a scene shared by the RealityKit conformance tests: numbers and
// vectors compare with PrisonSpaceTesting's `isClose`, quaternions and matrices with it here.

/// Quaternions q and -q describe the same rotation, so compare up to sign.
func isClose(_ a: simd_quatf, _ b: simd_quatf, tolerance: Float = 1e-4) -> Bool {
    isClose(a.vector, b.vector, tolerance: tolerance) || isClose(a.vector, -b.vector, tolerance: tolerance)
}

func isClose(_ a: float4x4, _ b: float4x4, tolerance: Float = 1e-4) -> Bool {
    isClose(a.columns.0, b.columns.0, tolerance: tolerance)
        && isClose(a.columns.1, b.columns.1, tolerance: tolerance)
        && isClose(a.columns.2, b.columns.2, tolerance: tolerance)
        && isClose(a.columns.3, b.columns.3, tolerance: tolerance)
}

/// A quarter turn counterclockwise about +y, seen from above: it takes +x to -z.
var quarterTurnAboutY: simd_quatf { simd_quatf(angle: .pi / 2, axis: [0, 1, 0]) }

/// Three 0.2 m boxes added to `scene` at z = -1, -2 and -3 on the -z axis: their near faces are
/// 0.9, 1.9 and 2.9 m from the origin.
@MainActor
func threeBoxes(in scene: Space) -> [Entity] {
    [-1, -2, -3].map { (z: Float) -> Entity in
        let e = Entity()
        e.position = [0, 0, z]
        e.components.set(CollisionComponent(shapes: [.generateBox(size: [0.2, 0.2, 0.2])]))
        scene.add(e)
        return e
    }
}
