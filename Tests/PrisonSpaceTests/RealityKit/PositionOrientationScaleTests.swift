#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import PrisonSpaceTesting
import Testing

// Sources:
// https://developer.apple.com/documentation/realitykit/hastransform/position
// https://developer.apple.com/documentation/realitykit/hastransform/orientation
// https://developer.apple.com/documentation/realitykit/hastransform/scale
// https://developer.apple.com/documentation/realitykit/hastransform/transform
// position, orientation and scale are the translation, rotation and scale of the entity's
// transform, all relative to the parent.
@MainActor
@Suite("position, orientation and scale against transform")
struct PositionOrientationScaleTests {
    // A new entity sits at the origin, unrotated, at unit scale.
    @Test func defaults() {
        let e = Entity()
        #expect(isClose(e.position, [0, 0, 0]))
        #expect(isClose(e.orientation, simd_quatf(ix: 0, iy: 0, iz: 0, r: 1)))
        #expect(isClose(e.scale, [1, 1, 1]))
    }

    // Writing the properties writes the transform.
    @Test func propertiesWriteTransform() {
        let e = Entity()
        e.position = [0, 1.6, -2]
        e.orientation = quarterTurnAboutY
        e.scale = [2, 3, 4]
        #expect(isClose(e.transform.translation, [0, 1.6, -2]))
        #expect(isClose(e.transform.rotation, quarterTurnAboutY))
        #expect(isClose(e.transform.scale, [2, 3, 4]))
    }

    // Writing the transform writes the properties.
    @Test func transformWritesProperties() {
        let e = Entity()
        e.transform = Transform(scale: [0.5, 0.5, 0.5], rotation: quarterTurnAboutY, translation: [3, 0, 1])
        #expect(isClose(e.position, [3, 0, 1]))
        #expect(isClose(e.orientation, quarterTurnAboutY))
        #expect(isClose(e.scale, [0.5, 0.5, 0.5]))
        var t = e.transform
        t.translation.y += 1
        e.transform = t
        #expect(isClose(e.position, [3, 1, 1]))
    }

    // The properties are parent-relative: moving the parent moves the child in the world but
    // leaves its position property alone.
    @Test func propertiesAreParentRelative() {
        let parent = Entity()
        let child = Entity()
        parent.addChild(child)
        child.position = [0, 1, 0]
        parent.position = [1, 0, 0]
        #expect(isClose(child.position, [0, 1, 0]))
        #expect(isClose(child.position(relativeTo: nil), [1, 1, 0]))
    }
}
