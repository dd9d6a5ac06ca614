import PrisonSpace
import PrisonSpaceTesting
import Testing

@Suite("Ray casts")
struct RaycastTests {
    @Test(
        "Each face of a box is hit where the ray enters, with its outward normal",
        arguments: [
            SIMD3<Float>(1, 0, 0), [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1],
        ])
    func everyFace(face: SIMD3<Float>) throws {
        let space = Space()
        space.addBoxes(at: [[0, 1, -3]], size: 1)
        let centre: SIMD3<Float> = [0, 1, -3]
        let eye = centre + face * 4
        let hit = try #require(space.firstHit(from: eye, toward: centre))
        #expect(hit.isApproximately(at: centre + face * 0.5, normal: face))
        #expect(abs(hit.distance - 3.5) < 1e-5)
    }

    @Test("A turned and stretched box reports turned normals and the stretched face")
    func turnedBox() throws {
        let space = Space()
        let box = Entity(
            name: "turned",
            transform: Transform(
                scale: [2, 1, 1], rotation: simd_quatf(angle: .pi / 2, axis: [0, 1, 0]), translation: [0, 0, -5]),
            collision: CollisionComponent(shapes: [.generateBox(size: [1, 1, 1])]))
        space.addChild(box)
        // Turned 90° about +y, the box's local x (stretched to 2 m) runs along the world z axis.
        let hit = try #require(space.firstHit(from: .zero, toward: [0, 0, -5]))
        #expect(hit.isApproximately(at: [0, 0, -4], normal: [0, 0, 1]))
        let side = try #require(space.firstHit(from: [3, 0, -5], toward: [0, 0, -5]))
        #expect(side.isApproximately(at: [0.5, 0, -5], normal: [1, 0, 0]))
    }

    @Test("A sphere with an offset is hit on its surface, normal out of the surface")
    func sphere() throws {
        let space = Space()
        space.addChild(
            Entity(
                name: "ball", transform: Transform(translation: [0, 0, -5]),
                collision: CollisionComponent(shapes: [.generateSphere(radius: 0.5).offsetBy(translation: [0, 1, 0])])))
        let hit = try #require(space.firstHit(from: [0, 1, 0], toward: [0, 1, -5]))
        #expect(hit.isApproximately(at: [0, 1, -4.5], normal: [0, 0, 1]))
        #expect(space.firstHit(from: [0, 0, 0], toward: [0, 0, -5]) == nil)
    }

    @Test("Grazing rays that run along a face or an edge touch the box")
    func grazing() throws {
        let space = Space()
        space.addBoxes(at: [[0, 0, -3]], size: 1)
        // Along the top face plane (y = 0.5), toward the box: the ray touches the front edge first.
        let face = try #require(space.firstHit(from: [0, 0.5, 0], toward: [0, 0.5, -3]))
        #expect(isClose(face.position, [0, 0.5, -2.5]))
        #expect(face.normal == [0, 0, 1])
        // Along an edge line (x = 0.5, y = 0.5).
        let edge = try #require(space.firstHit(from: [0.5, 0.5, 0], toward: [0.5, 0.5, -3]))
        #expect(abs(edge.distance - 2.5) < 1e-5)
        // Just outside the face, it misses.
        #expect(space.firstHit(from: [0, 0.5001, 0], toward: [0, 0.5001, -3]) == nil)
    }

    @Test("A ray through the gap between two boxes hits a neighbour's side")
    func throughGap() throws {
        let space = Space()
        // Two boxes in a row with a 0.2 m gap between them, and a wall of boxes behind.
        let boxes = space.addBoxes(at: [[-0.35, 0, -2], [0.35, 0, -2]], size: 0.5)
        // A ray slanting through the gap meets the right box's left side.
        let hit = try #require(space.firstHit(from: [-0.3, 0, 0], toward: [0.1, 0, -2]))
        #expect(hit.entity === boxes[1])
        #expect(isClose(hit.normal, [-1, 0, 0]))
        #expect(abs(hit.position.x - 0.1) < 1e-5)
        // Straight down the gap, nothing is hit.
        #expect(space.firstHit(from: [0, 0, 0], toward: [0, 0, -2]) == nil)
    }

    @Test(
        "Hits at the same distance come in the space's order, whatever the broad phase",
        arguments: [Space.BroadPhase.boundingVolumeHierarchy, .exhaustive])
    func ties(broadPhase: Space.BroadPhase) throws {
        let space = Space()
        space.broadPhase = broadPhase
        // Twenty boxes in one place, a few more around them so the hierarchy has leaves to
        // visit in an order of its own, and one entity with two shapes in that place too.
        let stacked = space.addBoxes(at: Array(repeating: [0, 0, -3], count: 20), named: "stacked")
        space.addBoxes(at: (0..<12).map { [Float($0) - 6, 2, -3] }, named: "around")
        let twoShapes = Entity(
            name: "two shapes", transform: Transform(translation: [0, 0, -3]),
            collision: CollisionComponent(shapes: [.generateBox(size: [0.3, 0.3, 0.3]), .generateBox(size: [0.3, 0.3, 0.3])]))
        space.addChild(twoShapes)
        let nearest = try #require(space.raycast(origin: .zero, direction: [0, 0, -1], query: .nearest).first)
        #expect(nearest.entity === stacked[0], "the entity added first wins")
        let all = space.raycast(origin: .zero, direction: [0, 0, -1])
        #expect(all.map { ObjectIdentifier($0.entity) } == (stacked + [twoShapes, twoShapes]).map(ObjectIdentifier.init))
        #expect(all.suffix(2).map(\.shapeIndex) == [0, 1])
        // With the stacked boxes gone, the entity's first shape comes before its second.
        for box in stacked { box.removeFromParent() }
        #expect(space.raycast(origin: .zero, direction: [0, 0, -1], query: .nearest).first?.shapeIndex == 0)
    }

    @Test("A ray from inside a box does not hit it, but hits what is beyond")
    func fromInside() throws {
        let space = Space()
        let boxes = space.addBoxes(at: [[0, 0, 0], [0, 0, -2]], size: 1)
        let hit = try #require(space.firstHit(from: [0, 0, 0], toward: [0, 0, -1]))
        #expect(hit.entity === boxes[1])
        #expect(abs(hit.distance - 1.5) < 1e-5)
    }

    @Test("Masks select collision groups")
    func masks() throws {
        let space = Space()
        let glass = CollisionGroup(rawValue: 2)
        let front = space.addBoxes(at: [[0, 0, -2]], group: glass, named: "glass")
        let back = space.addBoxes(at: [[0, 0, -4]], named: "stone")
        #expect(space.firstHit(from: .zero, toward: [0, 0, -1])?.entity === front[0])
        #expect(space.firstHit(from: .zero, toward: [0, 0, -1], mask: .default)?.entity === back[0])
        #expect(space.firstHit(from: .zero, toward: [0, 0, -1], mask: glass)?.entity === front[0])
        #expect(space.firstHit(from: .zero, toward: [0, 0, -1], mask: CollisionGroup(rawValue: 4)) == nil)
    }

    @Test("Disabled entities, and entities under a disabled parent, are not hit")
    func disabled() throws {
        let space = Space()
        let parent = Entity(name: "parent")
        space.addChild(parent)
        let child = Entity(
            name: "child", transform: Transform(translation: [0, 0, -2]),
            collision: CollisionComponent(shapes: [.generateBox(size: [1, 1, 1])]))
        parent.addChild(child)
        #expect(space.firstHit(from: .zero, toward: [0, 0, -1])?.entity === child)
        parent.isEnabled = false
        #expect(!child.isEnabledInHierarchy && child.isEnabled)
        #expect(space.firstHit(from: .zero, toward: [0, 0, -1]) == nil)
        parent.isEnabled = true
        child.isEnabled = false
        #expect(space.firstHit(from: .zero, toward: [0, 0, -1]) == nil)
        child.isEnabled = true
        child.removeFromParent()
        #expect(space.firstHit(from: .zero, toward: [0, 0, -1]) == nil, "detached entities are not in the space")
    }

    @Test("NaN, infinite or zero input hits nothing and does not crash")
    func badInput() {
        let space = Space()
        space.addBoxes(at: [[0, 0, -2]])
        for (origin, direction) in [
            (SIMD3<Float>(.nan, 0, 0), SIMD3<Float>(0, 0, -1)), ([0, 0, 0], [0, .nan, -1]),
            ([.infinity, 0, 0], [0, 0, -1]), ([0, 0, 0], [0, 0, -.infinity]), ([0, 0, 0], [0, 0, 0]),
        ] {
            #expect(space.raycast(origin: origin, direction: direction).isEmpty)
        }
        #expect(space.raycast(origin: .zero, direction: [0, 0, -1], length: .nan).isEmpty)
        #expect(space.raycast(origin: .zero, direction: [0, 0, -1], length: 1).isEmpty, "beyond the length")
        #expect(space.raycast(origin: .zero, direction: [0, 0, -1], length: .infinity).count == 1)
    }

    @Test("Distance is in metres whatever the direction's length")
    func directionLength() throws {
        let space = Space()
        space.addBoxes(at: [[0, 0, -2]], size: 1)
        let hit = try #require(space.raycast(origin: .zero, direction: [0, 0, -25]).first)
        #expect(abs(hit.distance - 1.5) < 1e-5)
    }

    @Test("Casts relative to an entity take and give that entity's space")
    func relativeCasts() throws {
        let space = Space()
        space.addBoxes(at: [[0, 0, -4]], size: 1)
        let head = Entity(
            name: "head",
            transform: Transform(scale: [2, 2, 2], rotation: simd_quatf(angle: .pi, axis: [0, 1, 0]), translation: [0, 0, 0]))
        space.addChild(head)
        // The head is turned round and twice as large: its +z is the world's -z, its metre two.
        let hit = try #require(space.raycast(origin: .zero, direction: [0, 0, 1], relativeTo: head).first)
        #expect(hit.isApproximately(at: [0, 0, 1.75], normal: [0, 0, -1]))
        #expect(abs(hit.distance - 1.75) < 1e-5)
    }

    @Test("Nearest, all and any agree, and the hierarchy agrees with testing every box")
    func queriesAgree() throws {
        let space = Space()
        var random = Lcg(seed: 7)
        let centres = (0..<300).map { _ in SIMD3<Float>(random.next(-5, 5), random.next(0, 3), random.next(-5, 5)) }
        space.addBoxes(at: centres, size: 0.4)
        for _ in 0..<300 {
            let origin = SIMD3<Float>(random.next(-1, 1), random.next(0.5, 2), random.next(-1, 1))
            let direction = SIMD3<Float>(random.next(-1, 1), random.next(-1, 1), random.next(-1, 1))
            space.broadPhase = .boundingVolumeHierarchy
            let all = space.raycast(origin: origin, direction: direction, query: .all)
            let nearest = space.raycast(origin: origin, direction: direction, query: .nearest)
            let any = space.raycast(origin: origin, direction: direction, query: .any)
            space.broadPhase = .exhaustive
            let exhaustive = space.raycast(origin: origin, direction: direction, query: .all)
            #expect(zip(all, all.dropFirst()).allSatisfy { $0.distance <= $1.distance })
            #expect(all.map(\.distance) == exhaustive.map(\.distance))
            #expect(nearest.count == min(all.count, 1) && any.count == min(all.count, 1))
            if let first = all.first {
                #expect(nearest[0].distance == first.distance)
                #expect(all.contains { $0.entity === any[0].entity })
            }
        }
    }

    @Test("After moves, removals, disabling and lost shapes, casts find what a fresh search finds")
    func refittedHierarchy() throws {
        let space = Space()
        var random = Lcg(seed: 11)
        let holder = Entity(name: "holder")
        space.addChild(holder)
        let boxes = (0..<200).map { index in
            let box = Entity(
                name: "box \(index)", transform: Transform(translation: [random.next(-4, 4), random.next(0, 3), random.next(-4, 4)]),
                collision: CollisionComponent(shapes: [.generateBox(size: [0.4, 0.4, 0.4])]))
            (index % 4 == 0 ? holder : space.root).addChild(box)
            return box
        }
        func hits(_ origin: SIMD3<Float>, _ direction: SIMD3<Float>) -> [String] {
            space.raycast(origin: origin, direction: direction, query: .all, mask: CollisionGroup(rawValue: 1))
                .map { "\($0.entity.name) \($0.distance)" }
        }
        for round in 0..<40 {
            for _ in 0..<10 {
                let box = boxes[Int(random.next(0, 199.99))]
                switch Int(random.next(0, 5.99)) {
                case 0: box.transform.translation += [random.next(-1, 1), random.next(-1, 1), random.next(-1, 1)]
                case 1: box.transform.rotation = simd_quatf(angle: random.next(0, 3), axis: [0, 1, 0])
                case 2: box.removeFromParent()
                case 3: box.isEnabled = false
                case 4: box.collision = nil
                default: box.collision?.filter.group = CollisionGroup(rawValue: 2)
                }
            }
            if round % 5 == 0 { holder.transform.translation.y += 0.3 }
            if round % 7 == 3 { holder.isEnabled.toggle() }
            space.broadPhase = .boundingVolumeHierarchy
            let rays = (0..<20).map { _ in
                (SIMD3<Float>(random.next(-1, 1), random.next(0.5, 2), random.next(-1, 1)),
                 SIMD3<Float>(random.next(-1, 1), random.next(-1, 1), random.next(-1, 1)))
            }
            let refitted = rays.map { hits($0.0, $0.1) }
            // A new entity makes the next cast build the search afresh: the oracle.
            space.addChild(Entity(name: "marker \(round)"))
            space.broadPhase = .exhaustive
            #expect(refitted == rays.map { hits($0.0, $0.1) }, "round \(round)")
            #expect(refitted.contains { !$0.isEmpty }, "the rays still hit something")
        }
    }

    @Test("A box squashed flat when the search was built is hit once it grows back")
    func squashedThenGrown() {
        let space = Space()
        let box = Entity(
            name: "box", transform: Transform(scale: .zero, translation: [0, 0, -3]),
            collision: CollisionComponent(shapes: [.generateBox(size: [1, 1, 1])]))
        space.addChild(box)
        #expect(space.firstHit(from: .zero, toward: [0, 0, -3]) == nil)
        box.transform.scale = [1, 1, 1]
        #expect(space.firstHit(from: .zero, toward: [0, 0, -3])?.entity === box)
        space.broadPhase = .exhaustive
        #expect(space.firstHit(from: .zero, toward: [0, 0, -3])?.entity === box)
    }

    @Test("Casts see entities where they are now, also in the middle of a move")
    func midMove() throws {
        let space = Space()
        let box = space.addBoxes(at: [[0, 0, -2]], size: 0.5)[0]
        box.move(to: Transform(translation: [4, 0, -2]), relativeTo: nil, duration: .seconds(2))
        #expect(space.firstHit(from: .zero, toward: [0, 0, -1])?.entity === box)
        space.advance(by: .seconds(1))
        #expect(space.firstHit(from: .zero, toward: [0, 0, -1]) == nil)
        #expect(space.firstHit(from: [2, 0, 0], toward: [2, 0, -1])?.entity === box)
    }
}

/// A tiny deterministic generator for test geometry.
struct Lcg {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ low: Float, _ high: Float) -> Float {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return low + (high - low) * Float(state >> 40) / Float(1 << 24)
    }
}
