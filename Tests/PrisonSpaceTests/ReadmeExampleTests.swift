// The examples of the README and of the documentation, kept here so that they keep compiling
// and passing.
import PrisonSpace
import PrisonSpaceTesting
import Testing

@Test func aTapHitsTheFaceOfTheNearestBlock() throws {
    let space = Space()
    let blocks = space.addBoxes(at: [[0, 1.6, -2], [0, 1.6, -3]], size: 0.3)
    let hit = try #require(space.firstHit(from: [0, 1.6, 0], toward: [0, 1.6, -3]))
    #expect(hit.entity === blocks[0])
    #expect(hit.isApproximately(at: [0, 1.6, -1.85], normal: [0, 0, 1]))
    #expect(abs(hit.distance - 1.85) < 1e-4)
}

@Test func theReadmeTourRuns() {
    let space = Space()
    let wall = Entity(name: "wall")  // 11 x 10 blocks of 0.3 m, 2 m ahead
    for column in 0..<11 {
        for row in 0..<10 {
            wall.addChild(
                Entity(
                    name: "block \(column) \(row)",
                    transform: Transform(translation: [Float(column - 5) * 0.3, Float(row) * 0.3 + 0.15, -2]),
                    collision: CollisionComponent(shapes: [.generateBox(size: [0.3, 0.3, 0.3])])))
        }
    }
    space.addChild(wall)
    let head = PerspectiveCamera(name: "head")
    space.addChild(head)
    head.look(at: [0, 1.6, -1], from: [0, 1.6, 0], relativeTo: nil)

    // A tap is a ray: from a pixel of the window or from the gaze, the same cast.
    if let ray = head.ray(through: [640, 360], viewport: [1280, 720]),
        let hit = space.raycast(along: ray).first {
        print(hit)  // "block 5 5" at (0, 1.65, -2) in "wall", hit at (0, 1.6, -1.85), normal (0, 0, 1), 1.85 m away
        // Breaking: shrink and fall away over 0.4 s, on the space's clock.
        hit.entity.move(
            to: Transform(scale: [0.01, 0.01, 0.01], translation: hit.entity.position(relativeTo: wall) - [0, 0.3, 0]),
            relativeTo: wall, duration: .milliseconds(400), timingFunction: .easeIn) { print("broken") }
    }
    space.advance(by: .seconds(1) / 90)  // the only way time moves
    #expect(space.isAnimating)
    space.advanceUntilSettled()  // or step until every move has ended
    #expect(!space.isAnimating)
    #expect(space.time >= .milliseconds(400) - .seconds(1) / 90, "the clock ran the 0.4 s move to its end, to within a step")
    let broken = wall.children.filter { $0.transform.scale.x < 1 }
    #expect(broken.map(\.name) == ["block 5 5"])
}

/// The tap handler of the README's section on the space.
private func nudge(_ value: EntityTargetValue<SpatialTapGesture.Value>) {
    var transform = value.entity.transform
    transform.translation += SIMD3(0.1, 0, -0.1)
    value.entity.move(to: transform, relativeTo: nil, duration: 3, timingFunction: .easeInOut)
}

@Test func theReadmeRealityKitExampleRuns() throws {
    let scene = Space()
    let sphere = ModelEntity(mesh: .generateSphere(radius: 0.1), materials: [SimpleMaterial(color: .blue, isMetallic: false)])
    sphere.components.set(InputTargetComponent())
    sphere.components.set(CollisionComponent(shapes: [.generateSphere(radius: 0.1)]))
    sphere.position = [0, 1.5, -1.5]
    scene.add(sphere)

    let hits = scene.raycast(origin: [0, 1.5, 0], direction: [0, 0, -1])
    #expect(hits.count == 1 && hits[0].entity === sphere)
    let tap = try #require(scene.tap(along: Ray(origin: [0, 1.5, 0], direction: [0, 0, -1])))
    #expect(tap.entity === sphere)
    nudge(tap)
    scene.advance(by: .seconds(3))
    #expect(sphere.position == [0.1, 1.5, -1.6])
}
