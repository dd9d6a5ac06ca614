// Views in Swift 5 language mode, isolation left unsaid as much app code leaves it: the model is
// not marked @MainActor, nor are the handlers. (A test function not marked @MainActor compiles
// too, with Swift 5's warnings that the harness is the main actor's; it runs, since Swift 5 code
// carries no checks of isolation. The tests here are marked, so that the build has no warning.)
import RealityKit
import SwiftUI
import Testing

@Observable final class Counter {
    var taps = 0
    var lastLocation: Point3D?
    var scale: Float = 1
}

struct CounterView: View {
    @Environment(Counter.self) var counter

    var body: some View {
        ZStack {
            RealityView { content in
                let box = ModelEntity(mesh: .generateBox(size: 0.3), materials: [SimpleMaterial()])
                box.name = "Box"
                box.position = [0, 1.6, -2]
                box.components.set(InputTargetComponent())
                box.generateCollisionShapes(recursive: true)
                content.add(box)
            }
            .gesture(SpatialTapGesture().targetedToAnyEntity().onEnded { value in
                counter.taps += 1
                counter.lastLocation = value.location3D
            })
            .highPriorityGesture(MagnifyGesture().targetedToAnyEntity().onEnded { value in
                counter.scale = Float(value.magnification)
            })
            .gesture(MagnifyGesture().targetedToAnyEntity().onEnded { _ in counter.scale = -1 })
        }
    }
}

@MainActor
@Test func aTapInSwift5ModeReachesItsHandler() async throws {
    let counter = Counter()
    let space = try await RealityViewHarness.present(CounterView().environment(counter))
    let box = try #require(space.findEntity(named: "Box"))
    try space.perform(.tap, at: box)
    space.advance(by: .seconds(1.0 / 90))
    try space.perform(.tap, along: Ray(origin: [0, 1.6, 0], direction: [0, 0, -1]))
    #expect(counter.taps == 2)
    #expect(counter.lastLocation.map { abs($0.z + 1.85) < 1e-5 } == true, "the gaze met the box's front face")
}

@MainActor
@Test func aHighPriorityGestureTakesPartInsteadOfTheViewsOtherGestures() async throws {
    let counter = Counter()
    let space = try await RealityViewHarness.present(CounterView().environment(counter))
    try space.perform(.magnify(by: 2), at: try #require(space.findEntity(named: "Box")))
    #expect(counter.scale == 2)
}
