import PrisonSpace
import PrisonSpaceTesting
import Testing

@Suite("Animated moves")
struct AnimationTests {
    @Test("A move relative to a turned parent ends exactly at its target, bit for bit")
    func exactEndUnderTurnedParent() {
        let space = Space()
        let wall = Entity(name: "wall", transform: Transform(rotation: simd_quatf(angle: -.pi / 2, axis: [0, 1, 0])))
        space.addChild(wall)
        let block = Entity(name: "block")
        wall.addChild(block)
        let target = Transform(translation: [-0.3, 0.45, -0.6])
        block.move(to: target, relativeTo: wall, duration: .milliseconds(300))
        space.advance(by: .seconds(1))
        #expect(block.transform == target)
    }

    @Test(
        "Timing functions at 0, 0.5 and 1",
        arguments: [
            (AnimationTimingFunction.linear, Float(0.5)), (.easeIn, 0.315_357), (.easeOut, 0.684_643), (.easeInOut, 0.5),
            (.cubicBezier(controlPoint1: [0.25, 0.1], controlPoint2: [0.25, 1]), 0.802_403),
        ])
    func timingFunctions(function: AnimationTimingFunction, half: Float) {
        #expect(function.progress(at: 0) == 0)
        #expect(abs(function.progress(at: 0.5) - half) < 1e-4)
        #expect(function.progress(at: 1) == 1)
        #expect(function.progress(at: 0.25) <= function.progress(at: 0.75))
    }

    func movingBox(in space: Space) -> Entity {
        space.addBoxes(at: [[0, 0, 0]])[0]
    }

    @Test("A move interpolates translation, rotation and scale, and ends exactly at the target")
    func interpolation() {
        let space = Space()
        let box = movingBox(in: space)
        let target = Transform(scale: [3, 3, 3], rotation: simd_quatf(angle: .pi / 2, axis: [0, 1, 0]), translation: [2, 0, 0])
        box.move(to: target, relativeTo: nil, duration: .seconds(1))
        space.advance(by: .milliseconds(500))
        #expect(isClose(box.transform.translation, [1, 0, 0]))
        #expect(isClose(box.transform.scale, [2, 2, 2]))
        #expect(box.transform.rotation.isApproximatelyEqual(to: simd_quatf(angle: .pi / 4, axis: [0, 1, 0])))
        space.advance(by: .milliseconds(500))
        #expect(box.transform == target)
    }

    @Test("Pause, resume, speed and stop")
    func controller() {
        let space = Space()
        let box = movingBox(in: space)
        var completions = 0
        let move = box.move(to: Transform(translation: [4, 0, 0]), relativeTo: nil, duration: .seconds(4)) { completions += 1 }
        space.advance(by: .seconds(1))
        move.pause()
        space.advance(by: .seconds(1))
        #expect(isClose(box.transform.translation, [1, 0, 0]))
        #expect(!move.isPlaying && move.isPaused)
        move.resume()
        move.speed = 2
        space.advance(by: .seconds(1))
        #expect(isClose(box.transform.translation, [3, 0, 0]))
        move.stop()
        space.advance(by: .seconds(5))
        #expect(isClose(box.transform.translation, [3, 0, 0]))
        #expect(move.isStopped && !move.isComplete && completions == 0)
    }

    @Test("The completion runs exactly once, during the advance that ends the move")
    func completionOnce() {
        let space = Space()
        let box = movingBox(in: space)
        var completions: [Duration] = []
        let move = box.move(to: Transform(translation: [1, 0, 0]), relativeTo: nil, duration: .milliseconds(300)) {
            completions.append(space.time)
        }
        for _ in 0..<10 { space.advance(by: .milliseconds(100)) }
        #expect(completions.count == 1)
        #expect(move.isComplete)
        #expect(completions == [.milliseconds(300)], "the step that reaches 0.3 s ends the move")
    }

    @Test("A new move replaces the running one from where the entity is; the old one reports stopped")
    func replacement() {
        let space = Space()
        let box = movingBox(in: space)
        var firstDone = false
        let first = box.move(to: Transform(translation: [2, 0, 0]), relativeTo: nil, duration: .seconds(2)) { firstDone = true }
        space.advance(by: .seconds(1))
        let second = box.move(to: Transform(translation: [1, 2, 0]), relativeTo: nil, duration: .seconds(1))
        #expect(first.isStopped && !first.isComplete)
        space.advance(by: .milliseconds(500))
        #expect(isClose(box.transform.translation, [1, 1, 0]), "from the midpoint (1, 0, 0)")
        space.advance(by: .seconds(1))
        #expect(second.isComplete && !firstDone)
    }

    @Test("A move's target may be given relative to another entity")
    func relativeTarget() {
        let space = Space()
        let anchor = Entity(name: "anchor", transform: Transform(rotation: simd_quatf(angle: .pi / 2, axis: [0, 1, 0]), translation: [0, 0, -2]))
        space.addChild(anchor)
        let box = movingBox(in: space)
        box.move(to: Transform(translation: [0, 0, -1]), relativeTo: anchor, duration: .seconds(1), timingFunction: .easeInOut)
        space.advance(by: .seconds(1))
        // The anchor is turned 90° left: its -z is the world's -x.
        #expect(isClose(box.position(relativeTo: nil), [-1, 0, -2]))
    }

    @Test("Orientation can be read and set relative to another entity")
    func orientation() {
        let space = Space()
        let turned = Entity(name: "turned", transform: Transform(rotation: simd_quatf(angle: .pi / 2, axis: [0, 1, 0])))
        space.addChild(turned)
        let box = movingBox(in: space)
        box.setOrientation(.identity, relativeTo: turned)
        #expect(box.orientation(relativeTo: nil).isApproximatelyEqual(to: simd_quatf(angle: .pi / 2, axis: [0, 1, 0])))
        #expect(box.orientation(relativeTo: turned).isApproximatelyEqual(to: .identity))
    }

    @Test("The same steps give the same transforms, bit for bit")
    func deterministic() {
        func run() -> [Transform] {
            let space = Space()
            let boxes = space.addBoxes(at: (0..<20).map { [Float($0), 0, 0] })
            for (k, box) in boxes.enumerated() {
                box.move(
                    to: Transform(rotation: simd_quatf(angle: Float(k), axis: [0, 1, 1]), translation: [0, Float(k), 1]),
                    relativeTo: nil, duration: .seconds(0.5 + Double(k) / 10), timingFunction: .easeInOut)
            }
            for step in 0..<30 { space.advance(by: .seconds(1.0 / 60 + Double(step % 3) / 1000)) }
            return boxes.map(\.transform)
        }
        #expect(run() == run())
    }

    @Test("Moves and steps in whole microseconds, as the world gives them, match the same Durations bit for bit")
    func microsecondsMatchDurations() {
        let durations: [Int64] = [300_000, 250_001, 1, 0, -5, 1_500_000]
        let steps: [Int64] = [16_667, 11_111, 3, 0, -1, 400_000, 123_457]
        func run(inMicroseconds: Bool) -> (transforms: [Transform], durations: [TimeInterval], time: Duration) {
            let space = Space()
            let boxes = space.addBoxes(at: durations.indices.map { [Float($0), 0, 0] })
            let moves = zip(boxes, durations).enumerated().map { k, pair in
                let (box, duration) = pair
                let target = Transform(rotation: simd_quatf(angle: Float(k), axis: [0, 1, 1]), translation: [0, Float(k), 1])
                return inMicroseconds
                    ? box.move(to: target, relativeTo: nil, microseconds: duration, timingFunction: .easeInOut)
                    : box.move(to: target, relativeTo: nil, duration: .microseconds(duration), timingFunction: .easeInOut)
            }
            for step in steps {
                if inMicroseconds { space.advance(byMicroseconds: step) } else { space.advance(by: .microseconds(step)) }
            }
            return (boxes.map(\.transform), moves.map(\.duration), space.time)
        }
        let world = run(inMicroseconds: true), api = run(inMicroseconds: false)
        #expect(world.transforms == api.transforms)
        #expect(world.durations == api.durations && world.time == api.time)
        #expect(world.time == .microseconds(551_238) && world.durations[4] == .zero)
    }

    @Test("Any split of the same time gives the same progress and ends the move at the same instant")
    func splitsOfTheSameTime() {
        // A move of 0.3 s in 300,000 steps of 1 µs: summed in floating point, the steps fell
        // short of the end by a rounding error and the move completed a step late.
        for (step, count) in [(Duration.microseconds(1), 300_000), (.milliseconds(1), 300), (.milliseconds(300), 1)] {
            let space = Space()
            let box = movingBox(in: space)
            let move = box.move(to: Transform(translation: [0.6, 0, 0]), relativeTo: nil, duration: .milliseconds(300))
            var steps = 0
            while !move.isComplete, steps <= count {
                steps += 1
                space.advance(by: step)
                if steps == count / 3 { #expect(move.elapsed == step * (count / 3)) }
            }
            #expect(steps == count, "steps of \(step)")
            #expect(box.transform.translation == [0.6, 0, 0])
        }
        // 90 steps of a 90th of a second fall short of a second by attoseconds: the move of a
        // second still ends at the 90th.
        let space = Space()
        let move = movingBox(in: space).move(to: Transform(translation: [1, 0, 0]), relativeTo: nil, duration: 1)
        for _ in 0..<89 { space.advance(by: .seconds(1) / 90) }
        #expect(!move.isComplete)
        space.advance(by: .seconds(1) / 90)
        #expect(move.isComplete)
    }

    @Test("A negative step is ignored; an entity outside a space jumps and completes at once")
    func edges() {
        let space = Space()
        let box = movingBox(in: space)
        box.move(to: Transform(translation: [1, 0, 0]), relativeTo: nil, duration: .seconds(1))
        space.advance(by: .seconds(-1))
        #expect(box.transform.translation == .zero && space.time == .zero)
        let loose = Entity(name: "loose")
        var done = false
        let move = loose.move(to: Transform(translation: [5, 0, 0]), relativeTo: nil, duration: .seconds(3)) { done = true }
        #expect(move.isComplete && done && loose.transform.translation == [5, 0, 0])
    }
}
