import PrisonSpace
import PrisonSpaceTesting
import Testing

// The three-line test: a space, two blocks in a line, the nearest is the one hit.
@Test func theNearestBlockIsHit() {
    let space = Space()
    let blocks = space.addBoxes(at: [[0, 1.6, -2], [0, 1.6, -3]])
    #expect(space.firstHit(from: [0, 1.6, 0], toward: [0, 1.6, -3])?.entity === blocks[0])
}

@Test func theHitIsOnTheFaceTowardTheEye() throws {
    let space = Space()
    space.addBoxes(at: [[0, 1.6, -2]], size: 0.3)
    let hit = try #require(space.firstHit(from: [0, 1.6, 0], toward: [0, 1.6, -2]))
    #expect(hit.isApproximately(at: [0, 1.6, -1.85], normal: [0, 0, 1]))
}

@Test func aRayMissesWhatIsBesideIt() {
    let space = Space()
    space.addBoxes(at: [[1, 1.6, -2]], size: 0.3)
    #expect(space.firstHit(from: [0, 1.6, 0], toward: [0, 1.6, -2]) == nil)
}

@Test func masksSelectGroups() {
    let space = Space()
    let glass = CollisionGroup(rawValue: 2)
    let panes = space.addBoxes(at: [[0, 1.6, -1]], group: glass, named: "pane")
    let walls = space.addBoxes(at: [[0, 1.6, -3]], named: "wall")
    #expect(space.firstHit(from: [0, 1.6, 0], toward: [0, 1.6, -3])?.entity === panes[0])
    #expect(space.firstHit(from: [0, 1.6, 0], toward: [0, 1.6, -3], mask: .default)?.entity === walls[0])
}

@Test func everyHitInOrder() {
    let space = Space()
    let boxes = space.addBoxes(at: [[0, 1.6, -4], [0, 1.6, -2], [0, 1.6, -3]])
    let hits = space.allHits(from: [0, 1.6, 0], toward: [0, 1.6, -1])
    #expect(hits.map(\.entity.name) == ["box 1", "box 2", "box 0"])
    #expect(hits.first?.entity === boxes[1])
}
