// RealityKit code, tested on Linux: on Apple platforms the same file builds against RealityKit.
#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import Testing

/// The body of the tap handler of Apple's "Develop your first immersive app", as written there:
/// the tapped entity slides 10 cm right and 10 cm away over 3 s, easing in and out.
@MainActor
func nudge(_ value: EntityTargetValue<SpatialTapGesture.Value>) {
    var transform = value.entity.transform
    transform.translation += SIMD3(0.1, 0, -0.1)
    value.entity.move(to: transform, relativeTo: nil, duration: 3, timingFunction: .easeInOut)
}

/// A sphere that can be tapped, as the app builds it.
@MainActor
func makeTappableSphere(at position: SIMD3<Float>) -> ModelEntity {
    let sphere = ModelEntity(mesh: .generateSphere(radius: 0.1), materials: [SimpleMaterial(color: .blue, isMetallic: false)])
    sphere.position = position
    sphere.components.set(InputTargetComponent())
    sphere.components.set(CollisionComponent(shapes: [.generateSphere(radius: 0.1)]))
    return sphere
}

/// The entity the app's gaze ray, from the eyes straight ahead, would hit first.
@MainActor
func entityAhead(in scene: Space, from eyes: SIMD3<Float>) -> Entity? {
    scene.raycast(origin: eyes, direction: [0, 0, -1], length: 10, query: .nearest).first?.entity
}

@MainActor
@Test func theTapHandlerMovesTheSphereInThreeSecondsEasingInAndOut() throws {
    let scene = Space()
    let sphere = makeTappableSphere(at: [0, 1.5, -1.5])
    scene.add(sphere)
    let tap = try #require(scene.tap(along: Ray(origin: [0, 1.5, 0], direction: [0, 0, -1])))
    #expect(tap.entity === sphere)
    nudge(tap)
    scene.advance(by: .seconds(0.75))
    let early = sphere.position.x / 0.1
    #expect(early > 0 && early < 0.25, "eases in: under a quarter of the way after a quarter of the time")
    scene.advance(by: .seconds(0.75))
    #expect(abs(sphere.position.x - 0.05) < 1e-4, "half way at half time")
    scene.advance(by: .seconds(1.5))
    #expect(sphere.position == [0.1, 1.5, -1.6])
}

@MainActor
@Test func everyHitIsReportedNearestFirstUnlessAskedForOne() {
    let scene = Space()
    let near = makeTappableSphere(at: [0, 1.5, -1])
    let far = makeTappableSphere(at: [0, 1.5, -2])
    scene.add(near)
    scene.add(far)
    let hits = scene.raycast(origin: [0, 1.5, 0], direction: [0, 0, -1])
    #expect(hits.count == 2 && hits[0].entity === near && hits[1].entity === far)
    #expect(entityAhead(in: scene, from: [0, 1.5, 0]) === near)
    near.isEnabled = false
    #expect(entityAhead(in: scene, from: [0, 1.5, 0]) === far)
}
