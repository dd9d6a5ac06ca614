#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import PrisonSpaceTesting
import Testing

// Source: https://developer.apple.com/documentation/realitykit/entitytargetvalue and
// https://developer.apple.com/documentation/realitykit/inputtargetcomponent
// A handler of `SpatialTapGesture().targetedToAnyEntity()` receives an EntityTargetValue: the
// targeted entity and the tap's own value, whose members read through it (`value.location3D`).
// Only entities with collision shapes under an enabled InputTargetComponent can be targeted.

/// A handler as an app writes it: the tapped entity turns a quarter about +y and rises 10 cm.
@MainActor
private func lift(_ value: EntityTargetValue<SpatialTapGesture.Value>) {
    var transform = value.entity.transform
    transform.translation.y += 0.1
    transform.rotation = simd_quatf(angle: .pi / 2, axis: [0, 1, 0]) * transform.rotation
    value.entity.move(to: transform, relativeTo: value.entity.parent, duration: 0.5, timingFunction: .linear)
}

@MainActor
@Suite("Targeted taps")
struct TargetedTapTests {
    private func room() -> (scene: Space, near: ModelEntity, far: ModelEntity, shield: Entity) {
        let scene = Space()
        let near = ModelEntity(mesh: .generateBox(size: 0.2), materials: [SimpleMaterial(color: .red, isMetallic: false)])
        near.name = "near"
        near.position = [0, 1.5, -1]
        near.generateCollisionShapes(recursive: false)
        near.components.set(InputTargetComponent())
        let far = ModelEntity(mesh: .generateSphere(radius: 0.1))
        far.name = "far"
        far.position = [0, 1.5, -3]
        far.generateCollisionShapes(recursive: false)
        far.components.set(InputTargetComponent(allowedInputTypes: .direct))
        // A glass pane with a collision shape but no input target, between the eye and `near`.
        let shield = Entity()
        shield.components.set(CollisionComponent(shapes: [.generateBox(width: 1, height: 1, depth: 0.01)]))
        shield.position = [0, 1.5, -0.5]
        scene.add(near)
        scene.add(far)
        scene.add(shield)
        return (scene, near, far, shield)
    }

    // The tap passes the pane (not an input target) and targets the first entity that is one;
    // the handler written for the gesture then runs unchanged.
    @Test func aTapTargetsTheNearestInputTargetAndTheHandlerRuns() throws {
        let (scene, near, _, _) = room()
        let value = try #require(scene.tap(along: Ray(origin: [0, 1.5, 0], direction: [0, 0, -1])))
        #expect(value.entity === near)
        #expect(isClose(Float(value.location3D.z), -0.9))
        #expect(value.gestureValue.location3D == value.location3D)
        lift(value)
        scene.advance(by: .seconds(0.5))
        #expect(isClose(near.position, [0, 1.6, -1]))
        #expect(isClose(near.orientation, simd_quatf(angle: .pi / 2, axis: [0, 1, 0])))
    }

    // An entity whose component allows direct input only is not targeted by an indirect tap.
    @Test func allowedInputTypesDecideWhichTapsCount() {
        let (scene, near, far, _) = room()
        near.isEnabled = false
        #expect(scene.tap(along: Ray(origin: [0, 1.5, 0], direction: [0, 0, -1])) == nil)
        let direct = scene.tap(along: Ray(origin: [0, 1.5, 0], direction: [0, 0, -1]), inputType: .direct)
        #expect(direct?.entity === far)
    }

    // The component works down the hierarchy; a descendant opts out with a disabled one.
    @Test func theComponentCoversDescendantsUntilOneOptsOut() {
        let scene = Space()
        let parent = Entity()
        parent.components.set(InputTargetComponent())
        let child = ModelEntity(mesh: .generateBox(size: 0.2))
        child.generateCollisionShapes(recursive: true)
        child.position = [0, 0, -2]
        parent.addChild(child)
        scene.add(parent)
        let ray = Ray(origin: .zero, direction: [0, 0, -1])
        #expect(scene.tap(along: ray)?.entity === child)
        #expect(child.isInputTarget(for: .indirect))
        var optOut = InputTargetComponent()
        optOut.isEnabled = false
        child.components.set(optOut)
        #expect(scene.tap(along: ray) == nil)
        #expect(!child.isInputTarget(for: .indirect))
    }

    // A test can build the value itself and call the handler, as the gesture would.
    @Test func aValueMadeByHandCallsTheHandler() {
        let scene = Space()
        let box = Entity()
        scene.add(box)
        lift(EntityTargetValue(entity: box, gestureValue: SpatialTapGesture.Value(location3D: Point3D(x: 0, y: 0, z: 0))))
        scene.advance(by: .seconds(0.25))
        #expect(isClose(box.position, [0, 0.05, 0]))
    }
}
