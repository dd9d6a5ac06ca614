#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import PrisonSpaceTesting
import Testing

// Sources:
// https://developer.apple.com/documentation/realitykit/entity/componentset
// https://developer.apple.com/documentation/realitykit/entity/componentset/set(_:)
// https://developer.apple.com/documentation/realitykit/entity/componentset/has(_:)
// https://developer.apple.com/documentation/realitykit/entity/componentset/remove(_:)
// https://developer.apple.com/documentation/realitykit/entity/componentset/subscript(_:_:)
// https://developer.apple.com/documentation/realitykit/component/registercomponent()
// A component set holds at most one component of each type; set adds or overrides.

private struct ScoreComponent: Component {
    var points: Int
}

private struct LabelComponent: Component {
    var text: String
}

@MainActor
@Suite("Entity.ComponentSet")
struct ComponentsTests {
    init() {
        ScoreComponent.registerComponent()
        LabelComponent.registerComponent()
    }

    // set adds the component; has and the type subscript then see it.
    @Test func setHasAndSubscript() {
        let entity = Entity()
        #expect(!entity.components.has(ScoreComponent.self))
        #expect(entity.components[ScoreComponent.self] == nil)
        entity.components.set(ScoreComponent(points: 3))
        #expect(entity.components.has(ScoreComponent.self))
        #expect(entity.components[ScoreComponent.self]?.points == 3)
        #expect(!entity.components.has(LabelComponent.self))
    }

    // Setting a second component of the same type replaces the first.
    @Test func oneComponentPerType() {
        let entity = Entity()
        entity.components.set(ScoreComponent(points: 1))
        entity.components.set(ScoreComponent(points: 7))
        #expect(entity.components[ScoreComponent.self]?.points == 7)
    }

    // With an array, components of different types are all added, and for repeated types
    // the one with the highest index wins.
    @Test func setArrayLastOfATypeWins() {
        let entity = Entity()
        entity.components.set([ScoreComponent(points: 1), LabelComponent(text: "a"), ScoreComponent(points: 2)])
        #expect(entity.components[ScoreComponent.self]?.points == 2)
        #expect(entity.components[LabelComponent.self]?.text == "a")
    }

    // remove takes away only the component of the given type.
    @Test func removeOneType() {
        let entity = Entity()
        entity.components.set(ScoreComponent(points: 1))
        entity.components.set(LabelComponent(text: "keep"))
        entity.components.remove(ScoreComponent.self)
        #expect(!entity.components.has(ScoreComponent.self))
        #expect(entity.components[LabelComponent.self]?.text == "keep")
    }

    // The subscript is settable too.
    @Test func subscriptSetter() {
        let entity = Entity()
        entity.components[ScoreComponent.self] = ScoreComponent(points: 5)
        #expect(entity.components[ScoreComponent.self]?.points == 5)
    }

    // Every entity carries a Transform component (HasTransform), and it is the entity's transform.
    // https://developer.apple.com/documentation/realitykit/hastransform
    @Test func transformIsAComponent() {
        let entity = Entity()
        entity.position = [1, 2, 3]
        #expect(entity.components.has(Transform.self))
        #expect(entity.components[Transform.self].map { isClose($0.translation, [1, 2, 3]) } == true)
        entity.components.set(CollisionComponent(shapes: [.generateBox(size: [0.2, 0.2, 0.2])]))
        #expect(entity.components.has(CollisionComponent.self))
    }
}
