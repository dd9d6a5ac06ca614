// The app's code: what its visionOS target and these Linux tests share. It builds against
// RealityKit on Apple platforms and against PrisonSpace elsewhere; nothing here is PrisonSpace's
// own.
#if canImport(RealityKit)
import RealityKit
import SwiftUI
#else
import PrisonSpace
#endif

/// The body of the tap handler of Apple's "Develop your first immersive app", as written there:
/// the tapped entity slides 10 cm right and 10 cm away over 3 s, easing in and out.
@MainActor
public func nudge(_ value: EntityTargetValue<SpatialTapGesture.Value>) {
    var transform = value.entity.transform
    transform.translation += SIMD3(0.1, 0, -0.1)
    value.entity.move(to: transform, relativeTo: nil, duration: 3, timingFunction: .easeInOut)
}

/// A sphere that can be tapped, as the app builds it.
@MainActor
public func makeTappableSphere(at position: SIMD3<Float>) -> ModelEntity {
    let sphere = ModelEntity(mesh: .generateSphere(radius: 0.1), materials: [SimpleMaterial(color: .blue, isMetallic: false)])
    sphere.position = position
    sphere.components.set(InputTargetComponent())
    sphere.components.set(CollisionComponent(shapes: [.generateSphere(radius: 0.1)]))
    return sphere
}

/// The entity the app's gaze ray, from the eyes straight ahead, would hit first.
@MainActor
public func entityAhead(in scene: Scene, from eyes: SIMD3<Float>) -> Entity? {
    scene.raycast(origin: eyes, direction: [0, 0, -1], length: 10, query: .nearest).first?.entity
}
