#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import PrisonSpaceTesting
import Testing

// Sources:
// https://developer.apple.com/documentation/realitykit/hashierarchy/children
// https://developer.apple.com/documentation/realitykit/hashierarchy/parent
// https://developer.apple.com/documentation/realitykit/hashierarchy/removefromparent(preservingworldtransform:)
// https://developer.apple.com/documentation/realitykit/hashierarchy/setparent(_:preservingworldtransform:)
// https://developer.apple.com/documentation/realitykit/hashierarchy/addchild(_:preservingworldtransform:)
// https://developer.apple.com/documentation/realitykit/entity/findentity(named:)
@MainActor
@Suite("Entity hierarchy")
struct EntityHierarchyTests {
    // Adding a child sets its parent; removing it (either way) clears the parent and the
    // parent's children collection.
    @Test func addAndRemoveChildren() {
        let parent = Entity()
        let a = Entity()
        let b = Entity()
        parent.addChild(a)
        parent.addChild(b)
        #expect(parent.children.count == 2)
        #expect(a.parent === parent)
        #expect(parent.children.contains { $0 === b })

        parent.removeChild(a)
        #expect(a.parent == nil)
        #expect(parent.children.count == 1)

        b.removeFromParent()
        #expect(b.parent == nil)
        #expect(parent.children.isEmpty)
    }

    // Setting a new parent detaches the entity from the old one; both collections update.
    @Test func setParentMovesBetweenParents() {
        let old = Entity()
        let new = Entity()
        let child = Entity()
        old.addChild(child)
        child.setParent(new)
        #expect(child.parent === new)
        #expect(old.children.isEmpty)
        #expect(new.children.count == 1)
        child.setParent(nil)
        #expect(child.parent == nil)
        #expect(new.children.isEmpty)
    }

    // By default the relative transform is kept, so the child follows its new parent.
    @Test func addChildKeepsRelativeTransformByDefault() {
        let parent = Entity()
        parent.position = [1, 2, 3]
        let child = Entity()
        child.position = [0, 0, -1]
        parent.addChild(child)
        #expect(isClose(child.position, [0, 0, -1]))
        #expect(isClose(child.position(relativeTo: nil), [1, 2, 2]))
    }

    // With preservingWorldTransform the child stays put in the world and its local transform
    // changes. Parent at (1,0,0) turned 90° about +y; child at world (1,0,-1) ends up at
    // local (1,0,0), with the inverse quarter turn as its local orientation.
    @Test func addChildPreservingWorldTransform() {
        let parent = Entity()
        parent.position = [1, 0, 0]
        parent.orientation = quarterTurnAboutY
        let child = Entity()
        child.position = [1, 0, -1]
        parent.addChild(child, preservingWorldTransform: true)
        #expect(isClose(child.position(relativeTo: nil), [1, 0, -1]))
        #expect(isClose(child.position, [1, 0, 0]))
        #expect(isClose(child.orientation, quarterTurnAboutY.inverse))
        #expect(isClose(child.orientation(relativeTo: nil), simd_quatf(angle: 0, axis: [0, 1, 0])))
    }

    // setParent(_:preservingWorldTransform: true) behaves the same way.
    @Test func setParentPreservingWorldTransform() {
        let parent = Entity()
        parent.position = [0, 1, 0]
        parent.scale = [2, 2, 2]
        let child = Entity()
        child.position = [2, 1, 0]
        child.setParent(parent, preservingWorldTransform: true)
        #expect(isClose(child.position, [1, 0, 0]))
        #expect(isClose(child.scale, [0.5, 0.5, 0.5]))
        #expect(isClose(child.position(relativeTo: nil), [2, 1, 0]))
    }

    // findEntity(named:) searches all descendants depth first, and returns nil on a miss.
    @Test func findEntityByName() {
        let root = Entity()
        let middle = Entity()
        middle.name = "middle"
        let leaf = Entity()
        leaf.name = "leaf"
        root.addChild(middle)
        middle.addChild(leaf)
        #expect(root.findEntity(named: "leaf") === leaf)
        #expect(root.findEntity(named: "middle") === middle)
        #expect(root.findEntity(named: "nowhere") == nil)
    }
}
