#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import PrisonSpaceTesting
import Testing

// Sources:
// https://developer.apple.com/documentation/realitykit/shaperesource
// https://developer.apple.com/documentation/realitykit/shaperesource/generatebox(size:)
// https://developer.apple.com/documentation/realitykit/shaperesource/generatebox(width:height:depth:)
// https://developer.apple.com/documentation/realitykit/shaperesource/generatesphere(radius:)
// https://developer.apple.com/documentation/realitykit/shaperesource/offsetby(translation:)
// https://developer.apple.com/documentation/realitykit/shaperesource/offsetby(rotation:translation:)
// Generated shapes are centred on the entity's origin and aligned with its axes; offsetBy
// returns a new shape moved and turned within the entity's frame. Ray casts test these shapes.
@MainActor
@Suite("ShapeResource generators and offsets")
struct ShapeResourceTests {
    private func add(_ shape: ShapeResource, at position: SIMD3<Float>, to scene: Space) -> Entity {
        let e = Entity()
        e.position = position
        e.components.set(CollisionComponent(shapes: [shape]))
        scene.add(e)
        return e
    }

    private func nearestDistance(in scene: Space, from origin: SIMD3<Float>) -> Float? {
        scene.raycast(origin: origin, direction: [0, 0, -1], query: .nearest).first?.distance
    }

    // A 0.2 m box at z = -2 has its near face at z = -1.9.
    @Test func boxBySize() {
        let scene = Space()
        _ = add(.generateBox(size: [0.2, 0.2, 0.2]), at: [0, 0, -2], to: scene)
        #expect(nearestDistance(in: scene, from: [0, 0, 0]).map { isClose($0, 1.9) } == true)
        #expect(nearestDistance(in: scene, from: [0.15, 0, 0]) == nil)
    }

    // width, height and depth are the extents along x, y and z: 0.4 wide means ±0.2 in x,
    // 1 deep means the near face is 0.5 in front of the centre.
    @Test func boxByDimensions() {
        let scene = Space()
        _ = add(.generateBox(width: 0.4, height: 0.2, depth: 1), at: [0, 0, -3], to: scene)
        #expect(nearestDistance(in: scene, from: [0.15, 0, 0]).map { isClose($0, 2.5) } == true)
        #expect(nearestDistance(in: scene, from: [0.25, 0, 0]) == nil)
        #expect(nearestDistance(in: scene, from: [0, 0.15, 0]) == nil)
    }

    // A sphere of radius 0.5 at z = -3 is first met at z = -2.5 on its axis.
    @Test func sphere() {
        let scene = Space()
        _ = add(.generateSphere(radius: 0.5), at: [0, 0, -3], to: scene)
        #expect(nearestDistance(in: scene, from: [0, 0, 0]).map { isClose($0, 2.5) } == true)
        #expect(nearestDistance(in: scene, from: [0.6, 0, 0]) == nil)
    }

    // offsetBy(translation:) moves the shape off the entity's origin: the box now spans x 0.4…0.6.
    @Test func offsetByTranslation() {
        let scene = Space()
        let shape = ShapeResource.generateBox(size: [0.2, 0.2, 0.2]).offsetBy(translation: [0.5, 0, 0])
        _ = add(shape, at: [0, 0, -2], to: scene)
        #expect(nearestDistance(in: scene, from: [0, 0, 0]) == nil)
        #expect(nearestDistance(in: scene, from: [0.5, 0, 0]).map { isClose($0, 1.9) } == true)
    }

    // A 1 m long (x) box turned 90° about +y lies along z, and lifted by 0.5 m it spans
    // y 0.4…0.6: a ray at y = 0.5 meets its end at z = -2.5; a ray at y = 0 misses.
    @Test func offsetByRotationAndTranslation() {
        let scene = Space()
        let shape = ShapeResource.generateBox(size: [1, 0.2, 0.2])
            .offsetBy(rotation: quarterTurnAboutY, translation: [0, 0.5, 0])
        _ = add(shape, at: [0, 0, -3], to: scene)
        #expect(nearestDistance(in: scene, from: [0, 0.5, 0]).map { isClose($0, 2.5) } == true)
        #expect(nearestDistance(in: scene, from: [0, 0, 0]) == nil)
    }

    // The shape also follows the entity's own transform: the offset box under an entity turned
    // 90° about +y moves from local +x (0.5,0,0) to world -z, 0.5 m closer to the ray's end.
    @Test func offsetShapeFollowsEntityTransform() {
        let scene = Space()
        let shape = ShapeResource.generateBox(size: [0.2, 0.2, 0.2]).offsetBy(translation: [0.5, 0, 0])
        let e = add(shape, at: [0, 0, -2], to: scene)
        e.orientation = quarterTurnAboutY
        #expect(nearestDistance(in: scene, from: [0, 0, 0]).map { isClose($0, 2.4) } == true)
    }
}
