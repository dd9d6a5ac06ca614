#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import Testing

// Sources:
// https://developer.apple.com/documentation/realitykit/inputtargetcomponent
// https://developer.apple.com/documentation/realitykit/inputtargetcomponent/init(allowedinputtypes:)
// https://developer.apple.com/documentation/realitykit/inputtargetcomponent/allowedinputtypes
// https://developer.apple.com/documentation/realitykit/responding-to-gestures-on-an-entity
// An entity receives gestures when it has an InputTargetComponent and a CollisionComponent
// whose shapes the input hits. The input target applies down the hierarchy: descendants'
// collision shapes count for an ancestor's input target, unless a descendant carries its own
// disabled InputTargetComponent. By default all kinds of input are allowed.

/// The documented rule, written as an app would: walk up from the entity a ray hit to the
/// nearest InputTargetComponent; the hit counts only if that component is enabled.
@MainActor
private func tapTarget(for hit: CollisionCastHit) -> Entity? {
    var current: Entity? = hit.entity
    while let entity = current {
        if let input = entity.components[InputTargetComponent.self] {
            return input.isEnabled ? entity : nil
        }
        current = entity.parent
    }
    return nil
}

@MainActor
@Suite("InputTargetComponent")
struct InputTargetComponentTests {
    // The default allows every input type; the initializer can narrow it.
    @Test func allowedInputTypes() {
        #expect(InputTargetComponent().allowedInputTypes == .all)
        #expect(InputTargetComponent(allowedInputTypes: .indirect).allowedInputTypes == .indirect)
        #expect(InputTargetComponent(allowedInputTypes: .direct).allowedInputTypes == .direct)
        #expect(InputTargetComponent().isEnabled)
    }

    // The sample's cube: input target plus collision box; a ray at it finds the cube itself.
    @Test func entityWithBothComponentsIsATarget() throws {
        let scene = Space()
        let cube = ModelEntity(mesh: .generateBox(size: 0.1), materials: [SimpleMaterial()])
        cube.position = [0, 1, -1]
        cube.components.set(InputTargetComponent())
        cube.components.set(CollisionComponent(shapes: [.generateBox(size: [0.1, 0.1, 0.1])]))
        scene.add(cube)
        let hit = try #require(scene.raycast(origin: [0, 1, 0], direction: [0, 0, -1], query: .nearest).first)
        #expect(tapTarget(for: hit) === cube)
    }

    // Without an input target anywhere up the tree, a collision shape alone is not a target.
    @Test func collisionAloneIsNotATarget() throws {
        let scene = Space()
        let e = Entity()
        e.position = [0, 0, -1]
        e.components.set(CollisionComponent(shapes: [.generateBox(size: [0.1, 0.1, 0.1])]))
        scene.add(e)
        let hit = try #require(scene.raycast(origin: [0, 0, 0], direction: [0, 0, -1], query: .nearest).first)
        #expect(hit.entity === e)
        #expect(tapTarget(for: hit) == nil)
    }

    // An ancestor's input target covers a descendant's shape; a disabled one on the
    // descendant opts it out.
    @Test func inputTargetIsHierarchical() throws {
        let scene = Space()
        let parent = Entity()
        parent.components.set(InputTargetComponent())
        let child = Entity()
        child.position = [0, 0, -1]
        child.components.set(CollisionComponent(shapes: [.generateBox(size: [0.1, 0.1, 0.1])]))
        parent.addChild(child)
        scene.add(parent)
        let hit = try #require(scene.raycast(origin: [0, 0, 0], direction: [0, 0, -1], query: .nearest).first)
        #expect(hit.entity === child)
        #expect(tapTarget(for: hit) === parent)

        var optOut = InputTargetComponent()
        optOut.isEnabled = false
        child.components.set(optOut)
        #expect(tapTarget(for: hit) == nil)
    }
}
