#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import PrisonSpaceTesting
import Testing

// Sources:
// https://developer.apple.com/documentation/realitykit/hastransform/move(to:relativeto:duration:timingfunction:)
// https://developer.apple.com/documentation/realitykit/animationplaybackcontroller
// A timed move animates the entity's transform from wherever it is when the move starts.
// Starting a second move while one is running takes over the transform: the second one sets
// off from the in-between place, and the entity ends at the second target, not the first.
@MainActor
@Suite("A second move replaces the first")
struct SecondMoveReplacesFirstTests {
    @Test func secondMoveStartsFromCurrentPlace() {
        let scene = Space()
        let e = Entity()
        scene.add(e)
        e.move(to: Transform(translation: [1, 0, 0]), relativeTo: nil, duration: 2, timingFunction: .linear)
        scene.advance(by: .seconds(1))
        #expect(isClose(e.position, [0.5, 0, 0]))

        e.move(to: Transform(translation: [0.5, 0, -1]), relativeTo: nil, duration: 1, timingFunction: .linear)
        scene.advance(by: .seconds(0.5))
        #expect(isClose(e.position, [0.5, 0, -0.5]))
    }

    @Test func entityEndsAtSecondTarget() {
        let scene = Space()
        let e = Entity()
        scene.add(e)
        e.move(to: Transform(translation: [1, 0, 0]), relativeTo: nil, duration: 2, timingFunction: .linear)
        scene.advance(by: .seconds(1))
        let second = e.move(to: Transform(translation: [0.5, 0, -1]), relativeTo: nil, duration: 1, timingFunction: .linear)
        scene.advance(by: .seconds(3))
        #expect(isClose(e.position, [0.5, 0, -1]))
        #expect(!isClose(e.position, [1, 0, 0]))
        #expect(second.isComplete)
    }

    // The replaced animation no longer plays.
    @Test func firstControllerStopsPlaying() {
        let scene = Space()
        let e = Entity()
        scene.add(e)
        let first = e.move(to: Transform(translation: [1, 0, 0]), relativeTo: nil, duration: 2, timingFunction: .linear)
        scene.advance(by: .seconds(1))
        e.move(to: Transform(translation: [0, 1, 0]), relativeTo: nil, duration: 1, timingFunction: .linear)
        scene.advance(by: .seconds(0.25))
        #expect(!first.isPlaying)
    }
}
