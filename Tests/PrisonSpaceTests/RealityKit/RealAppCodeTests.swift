#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import PrisonSpaceTesting
import Foundation
import Testing

// What code from public visionOS apps relies on beyond the entity-component-system, one test
// each, in the idioms the apps use. Sources:
// https://developer.apple.com/documentation/realitykit/entity/init() (`@MainActor
// @preconcurrency required init()`), https://developer.apple.com/documentation/realitykit/system
// (`init(scene:)` and `update(context:)` are main-actor isolated),
// https://developer.apple.com/documentation/realitykit/queryresult (a sequence),
// https://developer.apple.com/documentation/realitykit/entity/availableanimations,
// https://developer.apple.com/documentation/realitykit/collisiongroup/sceneunderstanding.

/// An entity class as apps declare one under Swift 6: its initializer isolated as RealityKit's.
private final class Marble: Entity {
    @MainActor required init() {
        super.init()
        name = "marble"
        components.set(RollComponent(speed: 2))
    }
}

private struct RollComponent: Component {
    var speed: Float
}

/// A system as apps write one: its query a static constant, isolated to the main actor.
@MainActor
private struct RollSystem: System {
    static let query = EntityQuery(where: .has(RollComponent.self))

    init(scene: Scene) {}

    func update(context: SceneUpdateContext) {
        let found: QueryResult<Entity> = context.entities(matching: Self.query, updatingSystemWhen: .rendering)
        for entity in found {
            guard let roll = entity.components[RollComponent.self] else { continue }
            entity.position.x += roll.speed * Float(context.deltaTime)
        }
    }
}

@MainActor
@Suite("Code from real visionOS apps")
struct RealAppCodeTests {
    @Test func aMainActorEntitySubclassIsMadeNamedAndClonedAsItsOwnClass() {
        let marble = Marble()
        #expect(marble.name == "marble" && marble.components.has(RollComponent.self))
        let named = Marble(name: "blue")
        #expect(named.name == "blue", "convenience initializers are inherited")
        let copy = marble.clone(recursive: true)
        #expect(type(of: copy) == Marble.self)
    }

    @Test func aMainActorSystemWithAStaticQueryUpdatesItsEntities() {
        RollSystem.registerSystem()
        let scene = Space()
        let marble = Marble()
        scene.addChild(marble)
        scene.advance(by: .seconds(1))
        #expect(isClose(marble.position.x, 2, tolerance: 1e-4))
    }

    @Test func aQueryResultIsASequenceThatCodeNamesAndIterates() {
        let scene = Space()
        scene.addChild(Marble())
        scene.addChild(Entity())
        let result: QueryResult<Entity> = scene.performQuery(EntityQuery(where: .has(RollComponent.self)))
        var names: [String] = []
        for entity in result { names.append(entity.name) }
        #expect(names == ["marble"])
    }

    @Test func aMadeEntityHasNoAnimationsToPlay() {
        #expect(Entity().availableAnimations.isEmpty)
        #expect(ModelEntity(mesh: .generateSphere(radius: 0.1)).availableAnimations.isEmpty)
    }

    @Test func castsMaskTheSceneUnderstandingGroupInOrOut() {
        let scene = Space()
        let wall = Entity()
        wall.components.set(
            CollisionComponent(
                shapes: [.generateBox(width: 2, height: 2, depth: 0.1)],
                filter: CollisionFilter(group: .sceneUnderstanding, mask: .all)))
        wall.position = [0, 1, -2]
        scene.addChild(wall)
        #expect(scene.raycast(from: [0, 1, 0], to: [0, 1, -5], query: .nearest, mask: .sceneUnderstanding).count == 1)
        #expect(scene.raycast(from: [0, 1, 0], to: [0, 1, -5], query: .nearest, mask: .default).isEmpty)
    }

    @Test func theMathAndColoursAppsCallCompile() {
        let position = simd_float(SIMD3<Double>(1.5, 2, -0.25))
        #expect(position == SIMD3<Float>(1.5, 2, -0.25))
        #expect(simd_mix(Float(2), 4, 0.25) == 2.5)
        let colour = UIColor(red: CGFloat(0.2), green: 0.4, blue: 0.6, alpha: 1)
        _ = SimpleMaterial(color: colour, isMetallic: false)
        let capsule = MeshResource.generateCapsule(height: 0.6, radius: 0.1)
        #expect(isClose(capsule.bounds.extents, [0.2, 0.6, 0.2]))
    }
}
