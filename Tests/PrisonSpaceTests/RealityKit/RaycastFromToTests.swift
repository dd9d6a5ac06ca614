#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import PrisonSpaceTesting
import Testing

// Source: https://developer.apple.com/documentation/realitykit/scene/raycast(from:to:query:mask:relativeto:)
// (the segment form of the ray cast; its page was not in the reference copy consulted, so the
// signature follows the origin/direction form and Apple's answer in
// https://developer.apple.com/forums/thread/743298, which calls scene.raycast(from:to:)).
// The ray runs from the start point to the end point and no further; distances are measured
// from the start point; the other parameters default as in the origin/direction form.
@MainActor
@Suite("Scene.raycast(from:to:query:mask:relativeTo:)")
struct RaycastFromToTests {
    // A segment through all three boxes reports all three, nearest first.
    @Test func segmentThroughAll() {
        let scene = Space()
        let boxes = threeBoxes(in: scene)
        let hits = scene.raycast(from: [0, 0, 0], to: [0, 0, -5])
        #expect(hits.count == 3)
        #expect(hits.first?.entity === boxes[0])
        #expect(hits.last?.entity === boxes[2])
        #expect(hits.first.map { isClose($0.distance, 0.9) } == true)
    }

    // The segment ends at its end point: stopping at z = -1.5 reaches only the first box.
    @Test func segmentStopsAtEndPoint() {
        let scene = Space()
        let boxes = threeBoxes(in: scene)
        let hits = scene.raycast(from: [0, 0, 0], to: [0, 0, -1.5])
        #expect(hits.count == 1)
        #expect(hits.first?.entity === boxes[0])
    }

    // Casting the other way starts at the far end: the box at z = -3 is met first, at its
    // face z = -3.1, 1.9 m from the start point z = -5.
    @Test func reversedSegment() {
        let scene = Space()
        let boxes = threeBoxes(in: scene)
        let hits = scene.raycast(from: [0, 0, -5], to: [0, 0, 0], query: .nearest)
        #expect(hits.count == 1)
        #expect(hits.first?.entity === boxes[2])
        #expect(hits.first.map { isClose($0.distance, 1.9) } == true)
        #expect(hits.first.map { isClose($0.position, [0, 0, -3.1]) } == true)
    }

    // The mask applies as in the other form.
    @Test func maskApplies() {
        let scene = Space()
        _ = threeBoxes(in: scene)
        let other = CollisionGroup(rawValue: 1 << 5)
        #expect(scene.raycast(from: [0, 0, 0], to: [0, 0, -5], mask: other).isEmpty)
    }
}
