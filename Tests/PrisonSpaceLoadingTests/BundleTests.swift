import Foundation
import LoadingFixtureContent
import PrisonSpace
import Testing

// A visionOS app's scenes, loaded from its content package's bundle as the app loads them:
// `Entity(named:in: realityKitContentBundle)`, then entities found by name, taps landing on
// the artist's colliders, and the app's own components decoded with their declared defaults.

@MainActor
@Suite("Scenes from a content package's bundle")
struct BundleTests {
    init() {
        GestureComponent.registerComponent()
        SpinComponent.registerComponent()
        ScoreComponent.registerComponent()
        PlainComponent.registerComponent()
    }

    @Test("Entity(named:in:) finds the scene in the bundle's .rkassets folder, async and at once")
    func loadsByName() async throws {
        let scene = try await Entity(named: "Immersive", in: realityKitContentBundle)
        #expect(scene.name == "Immersive")
        #expect(scene.children.map(\.name) == ["Root"])
        let root = try #require(scene.findEntity(named: "Root"))
        #expect(root.children.map(\.name) == ["Target", "Toy", "Floor", "Spinner", "Scored", "Plain", "Unknown"])
        let robot = try Entity.load(named: "Scene/Robot", in: realityKitContentBundle)
        #expect(robot.name == "Robot" && robot.findEntity(named: "Head") != nil)
        let model = try await ModelEntity(named: "Scene/Robot.usda", in: realityKitContentBundle)
        #expect(model.findEntity(named: "LeftHand") is ModelEntity)
        #expect(try Entity.loadModel(named: "Immersive", in: realityKitContentBundle).findEntity(named: "Floor") is ModelEntity)
    }

    @Test("Taps land on the colliders the scene gives, through its input targets")
    func taps() throws {
        let space = Space()
        space.add(try Entity(named: "Immersive", in: realityKitContentBundle))
        let target = try #require(space.findEntity(named: "Target"))
        #expect(target.components.has(InputTargetComponent.self) && target.components.has(HoverEffectComponent.self))
        let tap = try #require(space.tap(along: Ray(origin: [0, 1.5, 0], direction: [0, 0, -1])))
        #expect(tap.entity === target)
        #expect(abs(tap.location3D.z - -1.4) < 1e-5, "the sphere's radius is 0.1")
        // The toy's capsule (height 0.2, radius 0.05, scaled by 2 from the referencing prim)
        // takes taps through the input target an `over` gave it.
        let body = try #require(space.findEntity(named: "Body"))
        #expect(space.tap(along: Ray(origin: [0.6, 1.4, 0], direction: [0, 0, -1]))?.entity === body)
        #expect(space.tap(along: Ray(origin: [0.6, 1.61, 0], direction: [0, 0, -1]))?.entity !== body)
        #expect(body.components[OpacityComponent.self]?.opacity == 0.5)
        #expect(body.components[InputTargetComponent.self]?.allowedInputTypes == .indirect, "direct input turned off")
        #expect(space.tap(along: Ray(origin: [0.6, 1.4, 0], direction: [0, 0, -1]), inputType: .direct)?.entity !== body)
        // The floor has a collider but no input target: rays hit it, taps do not.
        let floor = try #require(space.findEntity(named: "Floor"))
        #expect(space.raycast(origin: [1, 1, -1], direction: [0, -1, 0], query: .nearest).first?.entity === floor)
        #expect(space.tap(along: Ray(origin: [1, 1, -1], direction: [0, -1, 0])) == nil)
        #expect(floor.collision?.filter == CollisionFilter(group: CollisionGroup(rawValue: 2), mask: CollisionGroup(rawValue: 4_294_967_293)))
        #expect(space.findEntity(named: "Sky") == nil, "an inactive prim is no entity")
    }

    @Test("The app's components: fields the scene writes, the others at their declared defaults")
    func customComponents() throws {
        let scene = try Entity(named: "Immersive", in: realityKitContentBundle)
        let gesture = try #require(scene.findEntity(named: "Target")?.components[GestureComponent.self])
        #expect(!gesture.canRotate && gesture.reach == 3.5)
        #expect(gesture.canDrag && gesture.pivotOnDrag && gesture.canScale, "left out: the defaults")
        let spin = try #require(scene.findEntity(named: "Spinner")?.components[SpinComponent.self])
        #expect(spin.start == .onTap && spin.spin.turnsPerSecond == 2)
        #expect(spin.spin.axis == [0, 1, 0] && spin.label == "spin", "left out, nested too: the defaults")
        let score = try #require(scene.findEntity(named: "Scored")?.components[ScoreComponent.self])
        #expect(score.points == 10 && score.removesOnTap)
        // No init() adopted and no decoding of its own: Swift gives no way to its default.
        #expect(scene.findEntity(named: "Plain")?.components.has(PlainComponent.self) == false)
    }

    @Test("Variants, references with a prim path and an up axis")
    func composition() throws {
        let robot = try Entity(named: "Scene/Robot", in: realityKitContentBundle)
        #expect(robot.findEntity(named: "LeftArm") != nil && robot.findEntity(named: "Arm") == nil)
        let hand = try #require(robot.findEntity(named: "LeftHand"))
        #expect(hand.position == [-0.4, 1.2, 0] && hand.collision?.shapes.count == 1)
        #expect(hand.components[ModelComponent.self]?.mesh.bounds.extents == [0.1, 0.2, 0.1])
    }

    @Test("Geometry prims give models of USD's sizes and axes; a mesh serves convex and static-mesh shapes")
    func geometry() async throws {
        let robot = try await Entity(named: "Scene/Robot", in: realityKitContentBundle)
        let neck = try #require(robot.findEntity(named: "Neck")?.components[ModelComponent.self])
        #expect(neck.mesh.bounds.extents == [0.1, 0.1, 0.2], "a cylinder along z, USD's default axis")
        let antenna = try #require(robot.findEntity(named: "Antenna") as? ModelEntity)
        let mesh = try #require(antenna.model?.mesh)
        #expect(mesh.bounds == BoundingBox(min: [-0.05, 0, -0.05], max: [0.05, 0.3, 0.05]))
        #expect(ShapeResource.generateConvex(from: mesh).bounds == mesh.bounds)
        // As a static mesh, the pyramid's slanted faces take a ray from the side where they are,
        // and not beside its apex, where its bounding box would.
        antenna.collision = CollisionComponent(shapes: [try await ShapeResource.generateStaticMesh(from: mesh)])
        let space = Space()
        space.add(robot)
        let side = space.raycast(origin: [0, 1.9, 1], direction: [0, 0, -1], query: .nearest).first
        #expect(side?.entity === antenna)
        #expect(abs((side?.position.z ?? 0) - (-2 + 0.05 * (1 - 0.05 / 0.3))) < 1e-4, "the face slants in toward the apex")
        #expect(space.raycast(origin: [0.03, 2.1, 1], direction: [0, 0, -1], query: .nearest).isEmpty)
    }

    @Test("A name the bundle does not have throws, naming it")
    func missing() async throws {
        do {
            _ = try await Entity(named: "Nowhere", in: realityKitContentBundle)
            Issue.record("a missing scene loaded")
        } catch let error as SceneLoadError {
            #expect(error.localizedDescription.contains("Failed to find resource with name \"Nowhere\""))
        }
    }
}
