#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import PrisonSpaceTesting
import Testing

// Sources: https://developer.apple.com/documentation/realitykit/inputtargetcomponent (input hits
// the shapes of the CollisionComponent) and https://developer.apple.com/documentation/realitykit/realitycoordinatespaceconverting
// (EntityTargetValue.convert). Apple says nothing of a gaze that starts inside a shape. Public
// visionOS apps put an invisible sphere of 20 m, an input target, around the viewer so that
// every tap lands somewhere, and place things at
// `value.convert(value.location3D, from: .local, to: …)`: taps from inside the sphere do reach
// it. We chose that the tap lands where the gaze leaves the sphere (what is nearer is tapped
// first), and that `raycast` keeps reporting only shapes the ray enters.

@MainActor
@Suite("Tap anywhere: a sphere around the viewer")
struct TapAnywhereTests {
    private let eye: SIMD3<Float> = [0, 1.6, 0]

    /// A scene with an invisible sphere of `radius` around the eye that takes taps, and a box
    /// 2 m ahead that takes them too.
    private func scene(radius: Float) -> (scene: Space, sphere: Entity, box: ModelEntity) {
        let scene = Space()
        let sphere = Entity()
        sphere.name = "tap catcher"
        sphere.position = eye
        sphere.components.set(InputTargetComponent(allowedInputTypes: .indirect))
        sphere.components.set(CollisionComponent(shapes: [.generateSphere(radius: radius)], isStatic: true))
        scene.addChild(sphere)
        let box = ModelEntity(mesh: .generateBox(size: 0.4))
        box.name = "box"
        box.position = [0, 1.6, -2]
        box.generateCollisionShapes(recursive: false)
        box.components.set(InputTargetComponent())
        scene.addChild(box)
        return (scene, sphere, box)
    }

    @Test func aTapThatHitsNothingNearerLandsOnTheSphereWhereTheGazeLeavesIt() throws {
        let (scene, sphere, _) = scene(radius: 20)
        let direction = normalize(SIMD3<Float>(1, 0.2, 0))
        let value = try #require(scene.tap(along: Ray(origin: eye, direction: direction)))
        #expect(value.entity === sphere)
        let landed = value.convert(value.location3D, from: .local, to: .scene)
        #expect(isClose(landed, eye + 20 * direction, tolerance: 1e-3))
    }

    @Test func whatIsNearerThanTheSphereIsTappedFirst() throws {
        let (scene, _, box) = scene(radius: 20)
        let value = try #require(scene.tap(along: Ray(origin: eye, direction: [0, 0, -1])))
        #expect(value.entity === box)
        #expect(isClose(value.convert(value.location3D, from: .local, to: .scene), [0, 1.6, -1.8], tolerance: 1e-4))
    }

    @Test func aSphereFartherThanATapReachesCatchesNothing() {
        let (scene, _, _) = scene(radius: 150)
        #expect(scene.tap(along: Ray(origin: eye, direction: [0, 1, 0])) == nil, "taps reach 100 m")
    }

    @Test func aRaycastFromInsideTheSphereDoesNotReportIt() {
        let (scene, sphere, box) = scene(radius: 20)
        let hits = scene.raycast(origin: eye, direction: [0, 0, -1], length: 100, query: .all)
        #expect(hits.map(\.entity) == [box])
        #expect(!scene.raycast(origin: eye, direction: [1, 0, 0], query: .all).contains { $0.entity === sphere })
    }

    @Test func aTapOnTheInsideOfABoxRoomLandsOnTheWallItFaces() throws {
        let scene = Space()
        let room = Entity()
        room.components.set(InputTargetComponent())
        room.components.set(CollisionComponent(shapes: [.generateBox(width: 6, height: 3, depth: 8)]))
        room.position = [0, 1.5, 0]
        scene.addChild(room)
        let value = try #require(scene.tap(along: Ray(origin: eye, direction: [0, 0, -1])))
        #expect(value.entity === room)
        #expect(isClose(value.convert(value.location3D, from: .local, to: .scene), [0, 1.6, -4], tolerance: 1e-4))
    }

    @Test func aTapConvertsIntoAnEntitysSpaceAndBack() throws {
        let (scene, _, box) = scene(radius: 20)
        let value = try #require(scene.tap(along: Ray(origin: eye, direction: [0, 0, -1])))
        let local = value.convert(value.location3D, from: .local, to: box)
        #expect(isClose(local, [0, 0, 0.2]), "the front face, in the box's space")
        let back = value.convert(point: local, from: box, to: .local)
        #expect(Swift.abs(back.z - value.location3D.z) < 1e-4 && Swift.abs(back.y - value.location3D.y) < 1e-4)
        let turned = value.convert(Vector3D(x: 0, y: 0, z: -1), from: .immersiveSpace, to: .scene)
        #expect(turned == [0, 0, -1])
        #expect(value.convert(vector: [1, 0, 0], from: box, to: .global) == Vector3D(x: 1, y: 0, z: 0))
    }
}
