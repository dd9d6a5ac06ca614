#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import PrisonSpaceTesting
import Testing

// Sources: https://developer.apple.com/documentation/realitykit/hasmodel,
// https://developer.apple.com/documentation/realitykit/hastransform,
// https://developer.apple.com/documentation/realitykit/entity/componentset,
// https://developer.apple.com/documentation/realitykit/entity/init(components:)-1lmhe,
// https://developer.apple.com/documentation/realitykit/entityquery,
// https://developer.apple.com/documentation/realitykit/sceneevents/update
// Entity classes of your own adopt HasModel and HasCollision and get `model` and `collision`;
// code generic over HasTransform sees the whole transform API; a component set is a sequence;
// a query finds the entities with given components; the scene sends an update every step.

private struct HealthComponent: Component {
    var hitPoints: Int
}

private struct TeamComponent: Component {
    var name: String
}

/// A block of the app's own, as RealityKit apps declare them.
private final class BlockEntity: Entity, HasModel, HasCollision {
    required init() {
        super.init()
        model = ModelComponent(mesh: .generateBox(size: 0.2), materials: [SimpleMaterial()])
        collision = CollisionComponent(shapes: [.generateBox(size: [0.2, 0.2, 0.2])])
    }
}

/// The entities of `scene` an app would tap: those with an input target, as a system would find them.
private func tappable(in scene: Scene) -> QueryResult<Entity> {
    scene.performQuery(EntityQuery(where: .has(InputTargetComponent.self)))
}

/// Lines entities up 1 m apart along x, whatever their class.
private func lineUp<T: HasTransform>(_ items: [T]) {
    for (index, item) in items.enumerated() { item.position = [Float(index), 0, 0] }
}

/// The way an entity faces in the world.
private func forward(of entity: some HasTransform) -> SIMD3<Float> {
    entity.orientation(relativeTo: nil).act([0, 0, -1])
}

@MainActor
@Suite("Entity protocols, component sets, queries and scene updates")
struct ProtocolsAndQueriesTests {
    @Test func anEntityClassOfYourOwnHasAModelAndIsHitByRays() {
        HealthComponent.registerComponent()
        let scene = Space()
        let block = BlockEntity()
        block.position = [0, 0, -2]
        scene.add(block)
        #expect(block.model != nil)
        #expect(scene.raycast(origin: .zero, direction: [0, 0, -1]).first?.entity === block)
        let copy = block.clone(recursive: false)
        #expect(type(of: copy) == BlockEntity.self && copy.model != nil)
    }

    @Test func genericCodeOverHasTransformSeesTheTransformAPI() {
        let items = [Entity(), BlockEntity(), Entity()]
        lineUp(items)
        #expect(items.map(\.position.x) == [0, 1, 2])
        items[1].look(at: [1, 0, 5], from: [1, 0, 0], relativeTo: nil)
        #expect(isClose(forward(of: items[1]), [0, 0, 1]))
        let any: [any HasTransform] = items
        any[2].position.y = 2
        #expect(items[2].position == [2, 2, 0])
    }

    @Test func entitiesAreMadeFromComponentsAndTheirSetIsASequence() {
        let entity = Entity(components: [HealthComponent(hitPoints: 7), TeamComponent(name: "green"), Transform(translation: [0, 1, 0])])
        #expect(entity.position == [0, 1, 0])
        #expect(entity.components[HealthComponent.self]?.hitPoints == 7)
        var names: [String] = []
        for component in entity.components { names.append("\(type(of: component))") }
        #expect(names.sorted() == ["HealthComponent", "TeamComponent", "Transform"])
        #expect(entity.components.count == 3)
        let other = Entity()
        #expect(entity != other && entity.id != other.id)
        #expect(Set([entity, other, entity]).count == 2)
    }

    @Test func queriesFindEntitiesByTheirComponentsDisabledOnesToo() {
        let scene = Space()
        let a = Entity(components: [HealthComponent(hitPoints: 1)])
        let b = Entity(components: [HealthComponent(hitPoints: 2), TeamComponent(name: "red")])
        let c = Entity(components: [TeamComponent(name: "blue")])
        scene.add(a)
        a.addChild(b)
        scene.add(c)
        b.isEnabled = false
        let healthy = scene.performQuery(EntityQuery(where: .has(HealthComponent.self)))
        #expect(healthy.map(\.id) == [a.id, b.id])
        let both = scene.performQuery(EntityQuery(where: .has(HealthComponent.self) && .has(TeamComponent.self)))
        #expect(both.map(\.id) == [b.id])
        let teamless = scene.performQuery(EntityQuery(where: !.has(TeamComponent.self)))
        #expect(teamless.map(\.id) == [a.id])
    }

    @Test func codeThatNamesTheSceneTypeCompiles() {
        let scene = Space()
        let target = Entity(components: [InputTargetComponent()])
        scene.add(target)
        scene.add(Entity())
        #expect(tappable(in: scene).map(\.id) == [target.id])
        #expect(target.scene === scene)
    }

    @Test func theSceneSendsAnUpdateEveryStep() {
        let scene = Space()
        let anchor = AnchorEntity(world: [0, 0, -1])
        scene.add(anchor)
        var steps: [TimeInterval] = []
        let subscription = scene.subscribe(to: SceneEvents.Update.self) { event in steps.append(event.deltaTime) }
        scene.frameInterval = .milliseconds(500)
        scene.advance(by: .milliseconds(250))
        scene.advance(by: .seconds(1))
        subscription.cancel()
        scene.advance(by: .seconds(1))
        #expect(steps == [0.25, 0.5, 0.5], "a step longer than the frame interval is split into frames")
        #expect(anchor.position(relativeTo: nil) == [0, 0, -1])
    }
}
