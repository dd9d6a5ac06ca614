import PrisonSpace
import PrisonSpaceTesting
import Testing

@Test func aRayAgainstOneShape() throws {
    let ray = Ray(from: [0, 1.6, 0], through: [0, 1.6, -1])
    let box = try #require(ray.intersection(with: BoundingBox(center: [0, 1.6, -2], size: [0.3, 0.3, 0.3])))
    #expect(abs(box.distance - 1.85) < 1e-5 && box.normal == [0, 0, 1])
    let floor = try #require(Ray(origin: [0, 1.6, 0], direction: [0, -1, -1]).intersection(with: Plane(point: .zero, normal: [0, 1, 0])))
    #expect(abs(floor.position.z + 1.6) < 1e-5 && floor.normal == [0, 1, 0])
    #expect(ray.intersection(with: Sphere(center: [0, 1.6, -3], radius: 0.5))?.position.z == -2.5)
    #expect(ray.intersection(with: Triangle([-1, 1, -4], [1, 1, -4], [0, 3, -4])) != nil)
}

@Test func aTapFromTheScreenFollowsAMovingBlock() throws {
    let space = Space()
    let camera = PerspectiveCamera(name: "eyes")
    space.addChild(camera)
    camera.look(at: [0, 1.6, -1], from: [0, 1.6, 0], relativeTo: nil)
    let block = space.addBoxes(at: [[2, 1.6, -2]])[0]
    block.move(to: Transform(translation: [0, 1.6, -2]), relativeTo: nil, duration: .milliseconds(500), timingFunction: .easeInOut)
    let middle = try #require(camera.ray(through: [640, 360], viewport: [1280, 720]))
    #expect(space.raycast(along: middle).isEmpty, "not there yet")
    space.advanceUntilSettled()
    #expect(!space.isAnimating)
    #expect(space.raycast(along: middle).first?.entity === block)
    #expect(space.raycast(from: [0, 1.6, 0], to: [0, 1.6, -1.5]).isEmpty, "stops short of the block")
}

@Test func entitiesSayWhoTheyAre() {
    let space = Space()
    let block = space.addBoxes(at: [[0, 1.6, -2]], named: "block")[0]
    #expect(block.description == #""block 0" at (0, 1.6, -2) in "root""#)
}
