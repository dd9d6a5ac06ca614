#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import PrisonSpaceTesting
import Testing

// Sources:
// https://developer.apple.com/documentation/realitykit/modelentity/init(mesh:materials:)
// https://developer.apple.com/documentation/realitykit/entity/generatecollisionshapes(recursive:)
// https://developer.apple.com/documentation/realitykit/hastransform/visualbounds(recursive:relativeto:excludeinactive:)
// https://developer.apple.com/documentation/realitykit/boundingbox
// https://developer.apple.com/documentation/realitykit/boundingbox/center
@MainActor
@Suite("ModelEntity, generateCollisionShapes and visualBounds")
struct ModelEntityBoundsTests {
    private func box(_ size: Float = 0.2, at position: SIMD3<Float>) -> ModelEntity {
        let e = ModelEntity(mesh: .generateBox(size: size), materials: [SimpleMaterial()])
        e.position = position
        return e
    }

    // A model entity has a model component but no collision shape until one is generated;
    // afterwards ray casts hit it.
    @Test func generateCollisionShapesMakesItHittable() {
        let scene = Space()
        let e = box(at: [0, 0, -2])
        scene.add(e)
        #expect(e.components.has(ModelComponent.self))
        #expect(!e.components.has(CollisionComponent.self))
        #expect(scene.raycast(origin: [0, 0, 0], direction: [0, 0, -1]).isEmpty)
        e.generateCollisionShapes(recursive: false)
        #expect(e.components.has(CollisionComponent.self))
        let hit = scene.raycast(origin: [0, 0, 0], direction: [0, 0, -1], query: .nearest).first
        #expect(hit?.entity === e)
        #expect(hit.map { isClose($0.distance, 1.9) } == true)
    }

    // recursive: true reaches descendants with meshes; an entity with no mesh gets nothing.
    @Test func generateCollisionShapesRecursively() {
        let parent = Entity()
        let child = box(at: [1, 0, 0])
        parent.addChild(child)
        parent.generateCollisionShapes(recursive: true)
        #expect(child.components.has(CollisionComponent.self))
        #expect(!parent.components.has(CollisionComponent.self))
        let other = box(at: [0, 0, 0])
        let holder = Entity()
        holder.addChild(other)
        holder.generateCollisionShapes(recursive: false)
        #expect(!other.components.has(CollisionComponent.self))
    }

    // A 0.2 m box at (1,2,3) is bounded by (0.9,1.9,2.9)…(1.1,2.1,3.1) in the world; scaling by 2
    // doubles the extents; in its own frame it is centred on the origin.
    @Test func visualBoundsOfOneBox() {
        let e = box(at: [1, 2, 3])
        let world = e.visualBounds(relativeTo: nil)
        #expect(isClose(world.min, [0.9, 1.9, 2.9]))
        #expect(isClose(world.max, [1.1, 2.1, 3.1]))
        #expect(isClose(world.center, [1, 2, 3]))
        #expect(isClose(world.extents, [0.2, 0.2, 0.2]))
        e.scale = [2, 2, 2]
        #expect(isClose(e.visualBounds(relativeTo: nil).extents, [0.4, 0.4, 0.4]))
        #expect(isClose(e.visualBounds(relativeTo: e).center, [0, 0, 0]))
    }

    // Recursive bounds take in the children; excludeInactive leaves out disabled ones.
    @Test func visualBoundsOfChildren() {
        let scene = Space()
        let parent = Entity()
        let left = box(at: [-1, 0, 0])
        let right = box(at: [1, 0, 0])
        parent.addChild(left)
        parent.addChild(right)
        scene.add(parent)
        let all = parent.visualBounds(recursive: true, relativeTo: nil)
        #expect(isClose(all.min, [-1.1, -0.1, -0.1]))
        #expect(isClose(all.max, [1.1, 0.1, 0.1]))
        #expect(isClose(all.extents, [2.2, 0.2, 0.2]))
        left.isEnabled = false
        let active = parent.visualBounds(recursive: true, relativeTo: nil, excludeInactive: true)
        #expect(isClose(active.min, [0.9, -0.1, -0.1]))
        #expect(isClose(active.center, [1, 0, 0]))
    }

    // A bounding box made from its corners reports their midpoint and the size between them.
    @Test func boundingBoxMembers() {
        let b = BoundingBox(min: [-1, 0, 2], max: [3, 4, 6])
        #expect(isClose(b.center, [1, 2, 4]))
        #expect(isClose(b.extents, [4, 4, 4]))
        #expect(isClose(b.min, [-1, 0, 2]))
        #expect(isClose(b.max, [3, 4, 6]))
    }
}
