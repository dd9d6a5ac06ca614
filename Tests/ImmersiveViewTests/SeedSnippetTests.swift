// The snippet the project began with, unchanged, inside the RealityView of a minimal immersive
// view: a tap on the sphere slides it 10 cm to the right over 3 s, easing in and out.
import RealityKit
import SwiftUI
import Testing

struct SeedImmersiveView: View {
    var body: some View {
        RealityView { content in
            let sphere = ModelEntity(
                mesh: .generateSphere(radius: 0.1), materials: [SimpleMaterial(color: .blue, isMetallic: false)])
            sphere.name = "Sphere"
            sphere.position = [0, 1.5, -1.5]
            sphere.components.set(InputTargetComponent())
            sphere.components.set(CollisionComponent(shapes: [.generateSphere(radius: 0.1)]))
            content.add(sphere)
        }
        .gesture(TapGesture().targetedToAnyEntity().onEnded { value in
            var transform = value.entity.transform
            transform.translation += SIMD3(0.1, 0, 0)
            value.entity.move(to: transform, relativeTo: nil, duration: 3, timingFunction: .easeInOut)
        })
    }
}

@MainActor
@Test func theSeedSnippetMovesTheTappedEntityATenthOfAMetreOverThreeSecondsEasingInAndOut() async throws {
    let space = try await RealityViewHarness.present(SeedImmersiveView())
    let sphere = try #require(space.findEntity(named: "Sphere"))
    let start = sphere.position
    try space.perform(.tap, at: sphere)
    #expect(sphere.position == start, "the move starts when the pinch is released")
    space.advance(by: .seconds(0.75))
    let early = (sphere.position.x - start.x) / 0.1
    #expect(early > 0 && early < 0.25, "eases in: under a quarter of the way after a quarter of the time")
    space.advance(by: .seconds(0.75))
    #expect(abs(sphere.position.x - start.x - 0.05) < 1e-4, "half way at half time")
    space.advance(by: .seconds(1.4))
    #expect(sphere.position.x < start.x + 0.1)
    space.advance(by: .seconds(0.1))
    #expect(abs(sphere.position.x - start.x - 0.1) < 1e-6 && sphere.position.y == start.y && sphere.position.z == start.z)
}

@MainActor
@Test func aTapAlongARayThatMeetsNothingDoesNothing() async throws {
    let space = try await RealityViewHarness.present(SeedImmersiveView())
    let sphere = try #require(space.findEntity(named: "Sphere"))
    try space.perform(.tap, along: Ray(origin: [0, 1.6, 0], direction: [0, 0, 1]))
    space.advance(by: .seconds(3))
    #expect(sphere.position == [0, 1.5, -1.5])
    try space.perform(.tap, along: Ray(origin: [0, 1.5, 0], direction: [0, 0, -1]))
    space.advance(by: .seconds(3))
    #expect(abs(sphere.position.x - 0.1) < 1e-6)
}

#Preview(immersionStyle: .mixed) {
    SeedImmersiveView()
}

#Preview("In a volume", windowStyle: .volumetric) {
    SeedImmersiveView()
}

#Preview(immersionStyle: .automatic) {
    SeedImmersiveView()
}

#Preview(windowStyle: .automatic) {
    SeedImmersiveView()
}
