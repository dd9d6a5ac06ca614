import PrisonSpace
import PrisonSpaceTesting
import Testing

@Suite("What tests of ray hits lean on")
struct TestingAPITests {
    @Test("Entities describe themselves by kind, name, world position and parent")
    func descriptions() throws {
        let space = Space()
        let wall = Entity(name: "wall", transform: Transform(translation: [0, 0, -1]))
        space.addChild(wall)
        let block = Entity(name: "block 1", transform: Transform(translation: [0, 1.6, -2]))
        wall.addChild(block)
        #expect("\(block)" == #""block 1" at (0, 1.6, -3) in "wall""#)
        #expect("\(space.root)" == #""root" at (0, 0, 0) (the root)"#)
        #expect("\(Entity(name: "loose"))" == #""loose" at (0, 0, 0) (not in a space)"#)
        let camera = PerspectiveCamera(name: "head", transform: Transform(translation: [0.00004, -1.23456, 2]))
        space.addChild(camera)
        #expect("\(camera)" == #"PerspectiveCamera "head" at (0, -1.2346, 2) in "root""#)
        let boxes = space.addBoxes(at: [[0, 1.6, -5]], size: 1)
        let hit = try #require(space.firstHit(from: [0, 1.6, 0], toward: [0, 1.6, -5]))
        #expect(
            "\(hit)" == #""box 0" at (0, 1.6, -5) in "root", hit at (0, 1.6, -4.5), normal (0, 0, 1), 4.5 m away"#)
        #expect(hit.entity === boxes[0])
    }

    @Test("Directions convert as differences of positions; normals stay perpendicular to their surface")
    func directionsAndNormals() {
        let space = Space()
        let parent = Entity(
            name: "parent",
            transform: Transform(scale: [1, 3, 0.5], rotation: simd_quatf(angle: 0.7, axis: [1, 2, 0.5]), translation: [1, 2, 3]))
        let child = Entity(
            name: "child",
            transform: Transform(scale: [2, 0.25, 1], rotation: simd_quatf(angle: -1.1, axis: [0, 1, 1]), translation: [0, -1, 2]))
        space.addChild(parent)
        parent.addChild(child)
        var random = SpaceTestRandom(seed: 41)
        for reference in [nil, space.root, parent] as [Entity?] {
            for _ in 0..<20 {
                let a = random.vector(in: -3...3), b = random.vector(in: -3...3)
                let direction = child.convert(direction: b - a, from: reference)
                let difference = child.convert(position: b, from: reference) - child.convert(position: a, from: reference)
                #expect(isClose(direction, difference, tolerance: 1e-3))
                #expect(isClose(child.convert(direction: direction, to: reference), b - a, tolerance: 1e-3))
                // A surface through a with tangents u and v, and its normal.
                let u = random.vector(in: -1...1), v = random.vector(in: -1...1)
                let normal = u.cross(v)
                guard normal.length > 0.1 else { continue }
                let converted = child.convert(normal: normal, from: reference)
                #expect(abs(converted.length - 1) < 1e-4)
                #expect(abs(converted.dot(child.convert(direction: u, from: reference).normalized)) < 1e-3)
                #expect(abs(converted.dot(child.convert(direction: v, from: reference).normalized)) < 1e-3)
                let back = child.convert(normal: converted, to: reference)
                #expect(isClose(back, normal.normalized, tolerance: 1e-3))
            }
        }
        #expect(child.convert(normal: .zero, to: nil) == .zero)
    }

    @Test("Transforms convert between spaces and back")
    func transforms() {
        let space = Space()
        let a = Entity(name: "a", transform: Transform(rotation: simd_quatf(angle: .pi / 2, axis: [0, 1, 0]), translation: [1, 0, 0]))
        let b = Entity(name: "b", transform: Transform(scale: [2, 2, 2], translation: [0, 0, -3]))
        space.addChild(a)
        space.addChild(b)
        let t = Transform(scale: [1, 2, 1], rotation: simd_quatf(angle: 0.3, axis: [1, 0, 0]), translation: [0.5, 1, 0])
        let inA = a.convert(transform: t, from: b)
        #expect(a.convert(transform: inA, to: b).isApproximatelyEqual(to: t))
        #expect(b.convert(transform: t, to: a).isApproximatelyEqual(to: inA))
        // The identity of an entity's space, in the world, is the entity's world transform.
        #expect(a.convert(transform: .identity, to: nil).isApproximatelyEqual(to: a.transform(relativeTo: nil)))
        #expect(b.convert(transform: .identity, to: nil).isApproximatelyEqual(to: Transform(scale: [2, 2, 2], translation: [0, 0, -3])))
    }

    @Test("isAnimating tells whether a move plays, and advanceUntilSettled runs the clock to the end of chained moves")
    func settling() {
        let space = Space()
        let box = space.addBoxes(at: [[0, 0, -2]])[0]
        #expect(!space.isAnimating && !box.isAnimating)
        #expect(space.advanceUntilSettled(), "nothing to wait for")
        #expect(space.time == .zero)
        var steps: [String] = []
        box.move(to: Transform(translation: [0, 1, -2]), relativeTo: nil, duration: .milliseconds(500)) {
            steps.append("up")
            box.move(to: Transform(translation: [1, 1, -2]), relativeTo: nil, duration: .milliseconds(250)) { steps.append("right") }
        }
        #expect(space.isAnimating && box.isAnimating)
        #expect(space.advanceUntilSettled(step: .milliseconds(100)))
        #expect(steps == ["up", "right"])
        #expect(!space.isAnimating && !box.isAnimating)
        #expect(box.position(relativeTo: nil) == [1, 1, -2])
        #expect(space.time == .milliseconds(800), "0.5 s, then 0.25 s from the step the first ended in")
        // The hit follows the box where it came to rest.
        #expect(space.firstHit(from: [1, 1, 0], toward: [1, 1, -2])?.entity === box)
    }

    @Test("Paused moves are not waited for; a frozen move stops the wait at its limit")
    func pausedAndFrozen() {
        let space = Space()
        let box = space.addBoxes(at: [.zero])[0]
        let paused = box.move(to: Transform(translation: [0, 1, 0]), relativeTo: nil, duration: .seconds(1))
        paused.pause()
        #expect(!space.isAnimating && !box.isAnimating)
        #expect(space.advanceUntilSettled())
        paused.resume()
        paused.speed = 0
        #expect(!space.advanceUntilSettled(step: .milliseconds(500), timeLimit: .seconds(10)))
        #expect(space.time == .seconds(10) && !paused.isComplete)
        #expect(!space.advanceUntilSettled(step: .zero))
    }
}
