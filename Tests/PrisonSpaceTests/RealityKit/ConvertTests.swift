#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import PrisonSpaceTesting
import Testing

// Sources:
// https://developer.apple.com/documentation/realitykit/hastransform/convert(position:from:)
// https://developer.apple.com/documentation/realitykit/hastransform/convert(direction:to:)
// https://developer.apple.com/documentation/realitykit/hastransform/convert(normal:to:)
// https://developer.apple.com/documentation/realitykit/hastransform/convert(normal:from:)
// https://developer.apple.com/documentation/realitykit/hastransform/convert(transform:to:)
// The `to:` forms go from the receiver's local space to the reference's; the `from:` forms go
// the other way. nil means world space.
@MainActor
@Suite("convert(position:/direction:/normal:/transform:)")
struct ConvertTests {
    /// At (1,0,0), turned 90° about +y, scaled by 2.
    private func scaledTurned() -> Entity {
        let e = Entity()
        e.position = [1, 0, 0]
        e.orientation = quarterTurnAboutY
        e.scale = [2, 2, 2]
        return e
    }

    // Local (1,0,0) scales to (2,0,0), turns to (0,0,-2), moves to (1,0,-2); and back.
    @Test func positions() {
        let e = scaledTurned()
        #expect(isClose(e.convert(position: [1, 0, 0], to: nil), [1, 0, -2]))
        #expect(isClose(e.convert(position: [1, 0, -2], from: nil), [1, 0, 0]))
        #expect(isClose(e.convert(position: [0, 0, 0], to: nil), [1, 0, 0]))
    }

    // Directions ignore translation: with unit scale, local +x is world -z wherever the entity is.
    @Test func directions() {
        let e = Entity()
        e.position = [5, 5, 5]
        e.orientation = quarterTurnAboutY
        #expect(isClose(e.convert(direction: [1, 0, 0], to: nil), [0, 0, -1]))
        #expect(isClose(e.convert(direction: [0, 0, -1], from: nil), [1, 0, 0]))
        #expect(isClose(e.convert(direction: [0, 1, 0], to: nil), [0, 1, 0]))
    }

    // Normals of an unscaled entity turn with it and ignore translation.
    @Test func normals() {
        let e = Entity()
        e.position = [0, 3, 0]
        e.orientation = quarterTurnAboutY
        #expect(isClose(e.convert(normal: [0, 0, 1], to: nil), [1, 0, 0]))
        #expect(isClose(e.convert(normal: [1, 0, 0], from: nil), [0, 0, 1]))
    }

    // A local transform converted to world space composes with the entity's transform:
    // translation (1,0,0) lands at (1,0,-2), the rotation gains the entity's turn, scale doubles.
    @Test func transforms() {
        let e = scaledTurned()
        let local = Transform(translation: [1, 0, 0])
        let world = e.convert(transform: local, to: nil)
        #expect(isClose(world.translation, [1, 0, -2]))
        #expect(isClose(world.rotation, quarterTurnAboutY))
        #expect(isClose(world.scale, [2, 2, 2]))
        let back = e.convert(transform: world, from: nil)
        #expect(isClose(back.translation, [1, 0, 0]))
        #expect(isClose(back.scale, [1, 1, 1]))
    }

    // Between two entities: b's origin is at (1,0,0) in a's frame, and the other way round.
    @Test func betweenEntities() {
        let scene = Space()
        let a = Entity()
        a.position = [0, 0, -2]
        let b = Entity()
        b.position = [1, 0, -2]
        scene.add(a)
        scene.add(b)
        #expect(isClose(a.convert(position: [0, 0, 0], from: b), [1, 0, 0]))
        #expect(isClose(b.convert(position: [0, 0, 0], to: a), [1, 0, 0]))
        #expect(isClose(a.convert(position: [0, 0, 0], to: b), [-1, 0, 0]))
    }
}
