#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import PrisonSpaceTesting
import Testing

// Sources:
// https://developer.apple.com/documentation/realitykit/hastransform/scale(relativeto:)
// https://developer.apple.com/documentation/realitykit/hastransform/setscale(_:relativeto:)
// https://developer.apple.com/documentation/realitykit/hastransform/scale
@MainActor
@Suite("scale(relativeTo:) and setScale(_:relativeTo:)")
struct ScaleRelativeToTests {
    // Scales multiply down the hierarchy: 2 × 3 = 6 in the world; the local scale stays 3.
    @Test func worldScaleMultiplies() {
        let parent = Entity()
        parent.scale = [2, 2, 2]
        let child = Entity()
        parent.addChild(child)
        child.scale = [3, 3, 3]
        #expect(isClose(child.scale(relativeTo: nil), [6, 6, 6]))
        #expect(isClose(child.scale, [3, 3, 3]))
        #expect(isClose(child.scale(relativeTo: parent), [3, 3, 3]))
    }

    // Per-axis scales multiply per axis when nothing is rotated.
    @Test func perAxisScale() {
        let parent = Entity()
        parent.scale = [1, 2, 4]
        let child = Entity()
        parent.addChild(child)
        child.scale = [3, 1, 0.5]
        #expect(isClose(child.scale(relativeTo: nil), [3, 2, 2]))
    }

    // Asking for unit scale in the world under a parent of scale 2 gives a local scale of 0.5.
    @Test func setWorldScale() {
        let parent = Entity()
        parent.scale = [2, 2, 2]
        let child = Entity()
        parent.addChild(child)
        child.setScale([1, 1, 1], relativeTo: nil)
        #expect(isClose(child.scale, [0.5, 0.5, 0.5]))
        #expect(isClose(child.scale(relativeTo: nil), [1, 1, 1]))
    }

    // Relative to another entity the scale is the ratio of world scales.
    @Test func scaleRelativeToAnotherEntity() {
        let scene = Space()
        let a = Entity()
        a.scale = [4, 4, 4]
        let b = Entity()
        b.scale = [2, 2, 2]
        scene.add(a)
        scene.add(b)
        #expect(isClose(b.scale(relativeTo: a), [0.5, 0.5, 0.5]))
        b.setScale([1, 1, 1], relativeTo: a)
        #expect(isClose(b.scale(relativeTo: nil), [4, 4, 4]))
    }
}
