#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import PrisonSpaceTesting
import Testing

// Sources:
// https://developer.apple.com/documentation/realitykit/scene/raycast(origin:direction:length:query:mask:relativeto:)
// https://developer.apple.com/documentation/realitykit/collisioncastquerytype
// https://developer.apple.com/documentation/realitykit/collisioncastquerytype/all
// https://developer.apple.com/documentation/realitykit/collisioncastquerytype/nearest
// https://developer.apple.com/documentation/realitykit/collisioncastquerytype/any
// Defaults: length 100, query .all, mask .all, world space. .all reports every hit sorted by
// distance from the origin; .nearest the closest one; .any some single hit.
@MainActor
@Suite("Scene.raycast(origin:direction:length:query:mask:relativeTo:)")
struct RaycastOriginDirectionTests {
    // With only the required arguments every box is reported, nearest first.
    @Test func defaultReportsAllHitsNearestFirst() {
        let scene = Space()
        let boxes = threeBoxes(in: scene)
        let hits = scene.raycast(origin: [0, 0, 0], direction: [0, 0, -1])
        #expect(hits.count == 3)
        let expected: [Float] = [0.9, 1.9, 2.9]
        for (i, hit) in hits.enumerated() {
            #expect(isClose(hit.distance, expected[i]))
            #expect(hit.entity === boxes[i])
        }
    }

    // .nearest reports one hit, the closest.
    @Test func nearestReportsClosest() {
        let scene = Space()
        let boxes = threeBoxes(in: scene)
        let hits = scene.raycast(origin: [0, 0, 0], direction: [0, 0, -1], query: .nearest)
        #expect(hits.count == 1)
        #expect(hits.first?.entity === boxes[0])
        #expect(hits.first.map { isClose($0.distance, 0.9) } == true)
    }

    // .any reports exactly one of the boxes on the ray.
    @Test func anyReportsOneHit() {
        let scene = Space()
        let boxes = threeBoxes(in: scene)
        let hits = scene.raycast(origin: [0, 0, 0], direction: [0, 0, -1], query: .any)
        #expect(hits.count == 1)
        #expect(boxes.contains { $0 === hits.first?.entity })
    }

    // The ray stops at its length: 1.5 m reaches only the first box, 2.5 m the first two.
    // The default length is 100 m, so a box 150 m away needs a longer ray.
    @Test func lengthLimitsTheRay() {
        let scene = Space()
        _ = threeBoxes(in: scene)
        #expect(scene.raycast(origin: [0, 0, 0], direction: [0, 0, -1], length: 1.5).count == 1)
        #expect(scene.raycast(origin: [0, 0, 0], direction: [0, 0, -1], length: 2.5).count == 2)
        let distant = Entity()
        distant.position = [5, 0, -150]
        distant.components.set(CollisionComponent(shapes: [.generateBox(size: [0.2, 0.2, 0.2])]))
        scene.add(distant)
        #expect(scene.raycast(origin: [5, 0, 0], direction: [0, 0, -1]).isEmpty)
        #expect(scene.raycast(origin: [5, 0, 0], direction: [0, 0, -1], length: 200).count == 1)
    }

    // A direction that is not of unit length gives the same hits and distances.
    @Test func directionNeedNotBeUnit() {
        let scene = Space()
        _ = threeBoxes(in: scene)
        let hits = scene.raycast(origin: [0, 0, 0], direction: [0, 0, -5], query: .nearest)
        #expect(hits.first.map { isClose($0.distance, 0.9) } == true)
        #expect(scene.raycast(origin: [0, 0, 0], direction: [0, 0, -0.5]).count == 3)
    }

    // A ray that meets nothing returns an empty array, and entities without a collision
    // component are never hit.
    @Test func missesAreEmpty() {
        let scene = Space()
        _ = threeBoxes(in: scene)
        let bare = ModelEntity(mesh: .generateBox(size: 0.2), materials: [SimpleMaterial()])
        bare.position = [0, 0, 1]
        scene.add(bare)
        #expect(scene.raycast(origin: [0, 0, 0], direction: [0, 0, 1]).isEmpty)
        #expect(scene.raycast(origin: [0, 1, 0], direction: [0, 0, -1]).isEmpty)
    }
}
