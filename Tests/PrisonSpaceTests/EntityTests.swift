import PrisonSpace
import PrisonSpaceTesting
import Testing

/// Three levels under the root of a space, each turned a quarter (or half) turn, moved and
/// uniformly scaled, so that every expected position can be worked out by hand:
///
///     root
///     ├── a  (1,0,0), 90° about +y, scale 2
///     │   ├── b  (0,0,-1), 90° about +x, scale 0.5
///     │   │   └── c  (0,4,2), 90° about +z, scale 3
///     │   └── s  (0,1,0), 180° about +z, scale 1      (b's sibling)
///     └── other  (0,0,5), 45° about +y, scale 1.5      (an unrelated branch)
private struct Tree {
    let space = Space()
    let a = Entity(
        name: "a",
        transform: Transform(scale: [2, 2, 2], rotation: simd_quatf(angle: .pi / 2, axis: [0, 1, 0]), translation: [1, 0, 0]))
    let b = Entity(
        name: "b",
        transform: Transform(
            scale: [0.5, 0.5, 0.5], rotation: simd_quatf(angle: .pi / 2, axis: [1, 0, 0]), translation: [0, 0, -1]))
    let c = Entity(
        name: "c",
        transform: Transform(scale: [3, 3, 3], rotation: simd_quatf(angle: .pi / 2, axis: [0, 0, 1]), translation: [0, 4, 2]))
    let s = Entity(
        name: "s", transform: Transform(rotation: simd_quatf(angle: .pi, axis: [0, 0, 1]), translation: [0, 1, 0]))
    let other = Entity(
        name: "other",
        transform: Transform(
            scale: [1.5, 1.5, 1.5], rotation: simd_quatf(angle: .pi / 4, axis: [0, 1, 0]), translation: [0, 0, 5]))

    init() {
        space.addChild(a)
        a.addChild(b)
        b.addChild(c)
        a.addChild(s)
        space.addChild(other)
    }

    /// Every entity of the tree, with nil for the world, as references.
    var references: [(name: String, entity: Entity?)] {
        [("world", nil), ("root", space.root), ("a", a), ("b", b), ("c", c), ("s", s), ("other", other)]
    }
}

@Suite("EntityTests")
struct EntityTests {
    @Test("position(relativeTo:) in the world, the parent, a sibling's and a descendant's space")
    func positions() {
        let tree = Tree()
        // c in b's space is its translation; in a's space b turns (0,2,1) to (0,-1,2) and moves it
        // by (0,0,-1); in the world a scales by 2, turns (0,-2,2) to (2,-2,0), moves by (1,0,0).
        #expect(isClose(tree.c.position(relativeTo: tree.b), [0, 4, 2], tolerance: 1e-5))
        #expect(isClose(tree.c.position(relativeTo: tree.a), [0, -1, 1], tolerance: 1e-5))
        #expect(isClose(tree.c.position(relativeTo: nil), [3, -2, 0], tolerance: 1e-5))
        #expect(isClose(tree.c.position(relativeTo: tree.space.root), [3, -2, 0], tolerance: 1e-5))
        #expect(isClose(tree.b.position(relativeTo: nil), [-1, 0, 0], tolerance: 1e-5))
        #expect(isClose(tree.a.position(relativeTo: nil), [1, 0, 0], tolerance: 1e-6))
        // In the sibling s: (0,-1,1) less (0,1,0), turned back half a turn about z.
        #expect(isClose(tree.c.position(relativeTo: tree.s), [0, 2, 1], tolerance: 1e-5))
        // Ancestors seen from a descendant.
        #expect(isClose(tree.b.position(relativeTo: tree.c), [-4.0 / 3, 0, -2.0 / 3], tolerance: 1e-5))
        #expect(isClose(tree.a.position(relativeTo: tree.c), [-2.0 / 3, 0, -2.0 / 3], tolerance: 1e-5))
        // An entity is at its own origin.
        for (name, entity) in tree.references {
            guard let entity else { continue }
            #expect(isClose(entity.position(relativeTo: entity), .zero, tolerance: 1e-5), "\(name)")
        }
    }

    @Test("Positions of one entity agree whichever reference they pass through")
    func positionsAgree() {
        let tree = Tree()
        for (_, entity) in tree.references {
            guard let entity else { continue }
            let world = entity.position(relativeTo: nil)
            for (name, reference) in tree.references {
                let relative = entity.position(relativeTo: reference)
                let back = reference?.convert(position: relative, to: nil) ?? relative
                #expect(isClose(back, world, tolerance: 1e-4), "\(entity.name) via \(name)")
            }
        }
    }

    @Test("setPosition then position relative to the same reference gives the position back")
    func setPositionRoundTrip() {
        var random = SpaceTestRandom(seed: 20)
        for (name, reference) in Tree().references where name != "c" {
            let tree = Tree()
            let same = reference.flatMap { tree.space.findEntity(named: $0.name) }
            for _ in 0..<20 {
                let target = random.vector(in: -5...5)
                let before = tree.c.transform
                tree.c.setPosition(target, relativeTo: same)
                #expect(
                    isClose(tree.c.position(relativeTo: same), target, tolerance: 1e-4),
                    "relative to \(name)")
                // Only the translation changes.
                #expect(tree.c.transform.rotation == before.rotation)
                #expect(tree.c.transform.scale == before.scale)
            }
        }
        // Relative to the parent, the position is the translation.
        let tree = Tree()
        tree.c.setPosition([7, 8, 9], relativeTo: tree.b)
        #expect(isClose(tree.c.transform.translation, [7, 8, 9], tolerance: 1e-5))
        // In the world, by hand: a scales by 2, turns +x to -z and moves by (1,0,0), so the world
        // point (1,0,-4) is (2,0,0) in a's space.
        tree.b.setPosition([1, 0, -4], relativeTo: nil)
        #expect(isClose(tree.b.transform.translation, [2, 0, 0], tolerance: 1e-5))
        #expect(isClose(tree.b.position(relativeTo: nil), [1, 0, -4], tolerance: 1e-5))
    }

    @Test("transform(relativeTo:) and setTransform(_:relativeTo:) are inverses")
    func transformRoundTrip() {
        var random = SpaceTestRandom(seed: 21)
        for (name, reference) in Tree().references {
            let tree = Tree()
            let same = reference.flatMap { tree.space.findEntity(named: $0.name) }
            for trial in 0..<20 {
                let uniform = random.float(in: 0.3...3) * (trial % 5 == 4 ? -1 : 1)
                let wanted = Transform(
                    scale: [uniform, abs(uniform), abs(uniform)], rotation: random.rotation(),
                    translation: random.vector(in: -4...4))
                // An entity cannot be placed relative to itself: move s when c is the reference.
                let moved = name == "c" ? tree.s : tree.c
                moved.setTransform(wanted, relativeTo: same)
                let back = moved.transform(relativeTo: same)
                #expect(back.isApproximatelyEqual(to: wanted, tolerance: 1e-3), "relative to \(name): \(wanted) came back as \(back)")
            }
        }
    }

    @Test("transform(relativeTo:) composes the transforms of the path between the entities")
    func transformValues() throws {
        let tree = Tree()
        #expect(tree.c.transform(relativeTo: tree.b).isApproximatelyEqual(to: tree.c.transform, tolerance: 1e-5))
        let world = tree.c.transform(relativeTo: nil)
        let expectedRotation = tree.a.transform.rotation * tree.b.transform.rotation * tree.c.transform.rotation
        #expect(world.isApproximatelyEqual(
            to: Transform(scale: [3, 3, 3], rotation: expectedRotation, translation: [3, -2, 0]), tolerance: 1e-5))
        for (name, entity) in tree.references {
            guard let entity else { continue }
            #expect(entity.transform(relativeTo: entity).isApproximatelyEqual(to: .identity, tolerance: 1e-5), "\(name)")
        }
        // The orientation alone.
        #expect(tree.c.orientation(relativeTo: nil).isApproximatelyEqual(to: expectedRotation, tolerance: 1e-5))
        // Relative to a descendant: the inverse.
        let inverse = tree.a.transform(relativeTo: tree.c)
        let forward = tree.c.transform(relativeTo: tree.a).matrix.inverse
        #expect(inverse.matrix.isApproximatelyEqual(to: forward, tolerance: 1e-5))
    }

    @Test("convert(position:from:) and convert(position:to:) undo each other")
    func convert() {
        let tree = Tree()
        var random = SpaceTestRandom(seed: 22)
        for (fromName, from) in tree.references {
            for (toName, to) in tree.references {
                guard let from else { continue }
                for _ in 0..<5 {
                    let p = random.vector(in: -3...3)
                    let there = from.convert(position: p, to: to)
                    #expect(isClose(from.convert(position: there, from: to), p, tolerance: 1e-4), "\(fromName) <-> \(toName)")
                    // The same conversion, said from the other side.
                    if let to {
                        #expect(isClose(to.convert(position: p, from: from), there, tolerance: 1e-4))
                    }
                }
            }
        }
        // Hand-computed: c's origin in s's space, and a point of c in the world.
        #expect(isClose(tree.s.convert(position: .zero, from: tree.c), [0, 2, 1], tolerance: 1e-5))
        #expect(isClose(tree.c.convert(position: .zero, to: tree.s), [0, 2, 1], tolerance: 1e-5))
        // c's local (1,0,0) in the world: c's world scale (3) and rotation applied, then its position.
        let world = tree.c.convert(position: [1, 0, 0], to: nil)
        let expected = tree.c.orientation(relativeTo: nil).act([3, 0, 0]) + [3, -2, 0]
        #expect(isClose(world, expected, tolerance: 1e-4))
        #expect(isClose(tree.c.convert(position: [3, -2, 0], from: nil), .zero, tolerance: 1e-5))
    }

    @Test("look(at:from:upVector:relativeTo:) points the entity's -z at the target")
    func lookAt() {
        var random = SpaceTestRandom(seed: 23)
        for (name, reference) in Tree().references where name != "c" {
            for _ in 0..<10 {
                let tree = Tree()
                let same = reference.flatMap { tree.space.findEntity(named: $0.name) }
                let position = random.vector(in: -3...3)
                let target = position + random.direction() * random.float(in: 0.5...4)
                let up = random.direction()
                guard (target - position).normalized.cross(up.normalized).length > 0.1 else { continue }
                tree.c.look(at: target, from: position, upVector: up, relativeTo: same)
                // Work in the world: where c is, where its -z points, and which way is its up.
                let toWorld = { (p: SIMD3<Float>) in same?.convert(position: p, to: nil) ?? p }
                let worldPosition = toWorld(position), worldTarget = toWorld(target)
                #expect(isClose(tree.c.position(relativeTo: nil), worldPosition, tolerance: 1e-4), "\(name)")
                let ahead = tree.c.convert(position: [0, 0, -1], to: nil) - worldPosition
                #expect(
                    isClose(ahead.normalized, (worldTarget - worldPosition).normalized, tolerance: 1e-3),
                    "relative to \(name): -z points along \(ahead.normalized)")
                // In the reference's space, +y leans toward up and x stays level with it.
                let localUp = tree.c.convert(position: [0, 1, 0], to: same) - position
                #expect(localUp.dot(up) > 0, "relative to \(name)")
                let localRight = tree.c.convert(position: [1, 0, 0], to: same) - position
                #expect(abs(localRight.normalized.dot(up.normalized)) < 1e-3, "relative to \(name)")
                #expect(isClose(tree.c.position(relativeTo: same), position, tolerance: 1e-4))
            }
        }
        // In the world, looking from the eye to the right-hand wall.
        let tree = Tree()
        tree.other.look(at: [5, 1.6, 0], from: [0, 1.6, 0], relativeTo: nil)
        #expect(isClose(tree.other.convert(position: [0, 0, -1], to: nil), [1.5, 1.6, 0], tolerance: 1e-4))
        #expect(isClose(tree.other.convert(position: [0, 1, 0], to: nil), [0, 3.1, 0], tolerance: 1e-4))
        // The scale is kept.
        #expect(isClose(tree.other.transform.scale, [1.5, 1.5, 1.5], tolerance: 1e-4))
    }

    @Test("findEntity(named:) searches depth first, itself included")
    func findEntity() {
        let space = Space()
        let p = Entity(name: "p"), q = Entity(name: "q"), deep = Entity(name: "dup"), shallow = Entity(name: "dup")
        let last = Entity(name: "last")
        space.addChild(p)
        p.addChild(q)
        q.addChild(deep)
        p.addChild(shallow)
        shallow.addChild(last)
        // Breadth first would find the shallow one (depth 2) before the deep one (depth 3).
        #expect(space.findEntity(named: "dup") === deep)
        #expect(p.findEntity(named: "dup") === deep)
        #expect(shallow.findEntity(named: "dup") === shallow)
        #expect(p.findEntity(named: "p") === p)
        #expect(space.findEntity(named: "last") === last)
        #expect(q.findEntity(named: "last") == nil)
        #expect(space.findEntity(named: "nobody") == nil)
        #expect(space.findEntity(named: "root") === space.root)
        #expect(p.subtree.map(\.name) == ["p", "q", "dup", "dup", "last"])
    }

    @Test("addChild takes the child from its parent and keeps its local transform")
    func reparent() {
        let tree = Tree()
        let local = tree.c.transform
        let before = tree.c.position(relativeTo: nil)
        tree.s.addChild(tree.c)
        #expect(tree.c.parent === tree.s)
        #expect(tree.s.children.last === tree.c)
        #expect(!tree.b.children.contains { $0 === tree.c })
        #expect(tree.c.transform == local)
        #expect(tree.c.space === tree.space)
        // It moved in the world: it now sits at its translation in s's space.
        let after = tree.c.position(relativeTo: nil)
        #expect(isClose(after, tree.s.convert(position: [0, 4, 2], to: nil), tolerance: 1e-5))
        #expect(!isClose(after, before, tolerance: 0.1))
        // Moving to an entity of another space moves it there.
        let elsewhere = Space()
        elsewhere.addChild(tree.c)
        #expect(tree.c.space === elsewhere)
        #expect(tree.c.parent === elsewhere.root)
        #expect(isClose(tree.c.position(relativeTo: nil), [0, 4, 2], tolerance: 1e-5))
        #expect(tree.space.findEntity(named: "c") == nil)
    }

    @Test("removeFromParent takes the entity and its subtree out of the tree and the space")
    func remove() {
        let tree = Tree()
        let box = Entity(name: "box", collision: CollisionComponent(shapes: [.generateBox(size: [0.2, 0.2, 0.2])]))
        tree.c.addChild(box)
        let centre = box.position(relativeTo: nil)
        #expect(tree.space.firstHit(from: centre + [0, 0, 2], toward: centre)?.entity === box)
        tree.b.removeFromParent()
        #expect(tree.b.parent == nil)
        #expect(!tree.a.children.contains { $0 === tree.b })
        #expect(tree.b.space == nil)
        #expect(tree.c.space == nil)
        #expect(box.space == nil)
        #expect(tree.c.parent === tree.b)
        #expect(tree.space.findEntity(named: "box") == nil)
        #expect(tree.space.firstHit(from: centre + [0, 0, 2], toward: centre) == nil)
        // Without a parent, the entity's transform is its world transform.
        #expect(isClose(tree.b.position(relativeTo: nil), [0, 0, -1], tolerance: 1e-6))
        #expect(isClose(tree.c.position(relativeTo: nil), tree.b.transform.matrix.transformPoint([0, 4, 2]), tolerance: 1e-5))
        // Removing again does nothing.
        tree.b.removeFromParent()
        #expect(tree.b.parent == nil)
    }

    @Test("World transforms follow a parent that moves (no stale cache)")
    func cacheInvalidation() {
        let tree = Tree()
        let box = Entity(name: "box", collision: CollisionComponent(shapes: [.generateBox(size: [0.2, 0.2, 0.2])]))
        tree.c.addChild(box)
        #expect(isClose(tree.c.position(relativeTo: nil), [3, -2, 0], tolerance: 1e-5))
        _ = box.worldMatrix
        // Move the grandparent: c and the box move with it.
        tree.a.transform.translation += [0, 10, 0]
        #expect(isClose(tree.c.position(relativeTo: nil), [3, 8, 0], tolerance: 1e-5))
        #expect(isClose(box.position(relativeTo: nil), [3, 8, 0], tolerance: 1e-5))
        // Turn the parent: c's position in a follows.
        _ = tree.c.worldMatrix
        tree.b.transform.rotation = .identity
        #expect(isClose(tree.c.position(relativeTo: tree.a), [0, 2, 0], tolerance: 1e-5))
        // Scale the grandparent through setTransform.
        _ = box.worldMatrix
        var aTransform = tree.a.transform
        aTransform.scale = [1, 1, 1]
        tree.a.setTransform(aTransform, relativeTo: nil)
        // c is (0,2,0) in a, which now only turns (a quarter about y) and moves (by (1,10,0)).
        #expect(isClose(tree.c.position(relativeTo: nil), tree.a.convert(position: [0, 2, 0], to: nil), tolerance: 1e-5))
        #expect(isClose(tree.c.position(relativeTo: nil), [1, 12, 0], tolerance: 1e-5))
        // Ray casts see the box where it is now.
        let centre = box.position(relativeTo: nil)
        #expect(tree.space.firstHit(from: centre + [0, 0, 3], toward: centre)?.entity === box)
        tree.a.transform.translation += [0, 20, 0]
        #expect(tree.space.firstHit(from: centre + [0, 0, 3], toward: centre) == nil)
        let moved = box.position(relativeTo: nil)
        #expect(isClose(moved, centre + [0, 20, 0], tolerance: 1e-4))
        let hit = tree.space.firstHit(from: moved + [0, 0, 3], toward: moved)
        #expect(hit?.entity === box)
        // Re-parenting after a cached read.
        _ = box.worldMatrix
        tree.other.addChild(box)
        #expect(isClose(box.position(relativeTo: nil), [0, 0, 5], tolerance: 1e-5))
    }
}
