#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import PrisonSpaceTesting
import Testing

// Source: https://developer.apple.com/documentation/realitykit/entity/clone(recursive:)
// A clone is a new entity carrying copies of all component data; with recursive: true the
// descendants are copied as well, otherwise none are.

private struct TagComponent: Component {
    var label: String
}

@MainActor
@Suite("Entity.clone(recursive:)")
struct CloneTests {
    private func original() -> Entity {
        TagComponent.registerComponent()
        let root = Entity()
        root.name = "root"
        root.position = [1, 2, 3]
        root.orientation = quarterTurnAboutY
        root.components.set(TagComponent(label: "original"))
        let child = Entity()
        child.name = "child"
        child.position = [0, 0, -1]
        let grandchild = Entity()
        grandchild.name = "grandchild"
        root.addChild(child)
        child.addChild(grandchild)
        return root
    }

    // The recursive clone is a distinct object with the same components and the same tree.
    @Test func recursiveCloneCopiesEverything() {
        let root = original()
        let copy = root.clone(recursive: true)
        #expect(copy !== root)
        #expect(copy.name == "root")
        #expect(isClose(copy.position, [1, 2, 3]))
        #expect(isClose(copy.orientation, quarterTurnAboutY))
        #expect(copy.components[TagComponent.self]?.label == "original")
        #expect(copy.children.count == 1)
        let copiedChild = copy.findEntity(named: "child")
        #expect(copiedChild != nil)
        #expect(copiedChild !== root.children.first)
        #expect(copiedChild.map { isClose($0.position, [0, 0, -1]) } == true)
        #expect(copy.findEntity(named: "grandchild") != nil)
    }

    // Without recursion no descendants are copied, but components still are.
    @Test func shallowCloneHasNoChildren() {
        let root = original()
        let copy = root.clone(recursive: false)
        #expect(copy.children.isEmpty)
        #expect(copy.components[TagComponent.self]?.label == "original")
        #expect(root.children.count == 1)
    }

    // Component data is copied, not shared: changing the copy leaves the original alone.
    @Test func cloneIsIndependent() {
        let root = original()
        let copy = root.clone(recursive: true)
        copy.components.set(TagComponent(label: "copy"))
        copy.position = [9, 9, 9]
        copy.findEntity(named: "child")?.name = "renamed"
        #expect(root.components[TagComponent.self]?.label == "original")
        #expect(isClose(root.position, [1, 2, 3]))
        #expect(root.findEntity(named: "child") != nil)
    }
}
