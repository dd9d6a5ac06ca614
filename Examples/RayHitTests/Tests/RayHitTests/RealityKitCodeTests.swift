// The Linux test harness of the app's code in Sources/RayHitApp. The app's code builds against
// RealityKit and PrisonSpace alike; this file does not: `Space()`, `Ray`, `scene.tap(along:)` and
// `advance(by:)` are PrisonSpace's own, the stand-ins for a headset, a gesture and the frame clock
// that a test on Linux needs.
import PrisonSpace
import RayHitApp
import Testing

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
