#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import Testing

// Sources:
// https://developer.apple.com/documentation/realitykit/entity/isenabled
// https://developer.apple.com/documentation/realitykit/entity/isenabledinhierarchy
// https://developer.apple.com/documentation/realitykit/entity/isactive
// https://developer.apple.com/documentation/realitykit/entity/isanchored
@MainActor
@Suite("isEnabled, isEnabledInHierarchy, isActive, isAnchored")
struct EnabledActiveAnchoredTests {
    // A fresh entity is enabled, but it is not in a scene, so it is neither anchored nor active.
    @Test func freshEntityIsEnabledButInactive() {
        let entity = Entity()
        #expect(entity.isEnabled)
        #expect(entity.isEnabledInHierarchy)
        #expect(!entity.isAnchored)
        #expect(!entity.isActive)
    }

    // Once it is in the scene it is anchored, and being enabled it is active; its children too.
    @Test func entityInSceneIsAnchoredAndActive() {
        let scene = Space()
        let entity = Entity()
        let child = Entity()
        entity.addChild(child)
        scene.add(entity)
        #expect(entity.isAnchored)
        #expect(entity.isActive)
        #expect(child.isActive)
    }

    // Disabling an ancestor disables and deactivates every descendant, without changing the
    // descendants' own isEnabled; re-enabling restores them.
    @Test func disabledAncestorDisablesDescendants() {
        let scene = Space()
        let parent = Entity()
        let child = Entity()
        let grandchild = Entity()
        parent.addChild(child)
        child.addChild(grandchild)
        scene.add(parent)

        parent.isEnabled = false
        #expect(child.isEnabled)
        #expect(!child.isEnabledInHierarchy)
        #expect(!grandchild.isEnabledInHierarchy)
        #expect(!child.isActive)
        #expect(!parent.isActive)

        parent.isEnabled = true
        #expect(grandchild.isEnabledInHierarchy)
        #expect(grandchild.isActive)
    }

    // isEnabledInHierarchy does not depend on anchoring.
    @Test func enabledInHierarchyIgnoresAnchoring() {
        let parent = Entity()
        let child = Entity()
        parent.addChild(child)
        #expect(child.isEnabledInHierarchy)
        parent.isEnabled = false
        #expect(!child.isEnabledInHierarchy)
    }

    // Taking an entity out of the scene makes it inactive again.
    @Test func removingFromSceneDeactivates() {
        let scene = Space()
        let entity = Entity()
        scene.add(entity)
        #expect(entity.isActive)
        entity.removeFromParent()
        #expect(!entity.isAnchored)
        #expect(!entity.isActive)
    }
}
