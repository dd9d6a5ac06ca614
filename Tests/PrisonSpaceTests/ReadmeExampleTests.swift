// The ray-hit test shown in the README, kept here so that it keeps compiling and passing.
import PrisonSpace
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
    let room = space.addRoom(RoomLayout(walls: 4, width: 12, blockSize: 0.3), height: 10)  // SPACE.md
    let head = PerspectiveCamera(name: "head")
    space.addChild(head)
    head.look(at: [0, 1.6, -1], from: [0, 1.6, 0], relativeTo: nil)

    // A tap is a ray: from a pixel of the window or from the gaze, the same cast.
    if let ray = head.ray(through: [640, 360], viewport: [1280, 720]),
        let hit = space.raycast(origin: ray.origin, direction: ray.direction, query: .nearest).first {
        print(hit.entity.name, hit.position, hit.normal, hit.distance)
        // Breaking: shrink and fall away over 0.4 s, on the space's clock.
        hit.entity.move(
            to: Transform(scale: [0.01, 0.01, 0.01], translation: hit.entity.position(relativeTo: hit.entity.parent) - [0, 0.3, 0]),
            relativeTo: hit.entity.parent, duration: 0.4, timingFunction: .easeIn) { /* done */ }
    }
    space.update(deltaTime: 1.0 / 90)  // the only way time moves
    #expect(room.blocks.count == 480)
    #expect(space.time > 0)
    // The gaze hit a block of the front wall at eye height, and it has begun to shrink.
    let breaking = room.blocks.filter { $0.entity.transform.scale.x < 1 }
    #expect(breaking.count == 1)
    #expect(breaking.first.map { $0.wall == 0 && $0.row == 5 } == true)
}
