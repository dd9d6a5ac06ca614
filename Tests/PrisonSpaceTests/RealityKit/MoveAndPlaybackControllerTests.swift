#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import PrisonSpaceTesting
import Testing

// Sources:
// https://developer.apple.com/documentation/realitykit/hastransform/move(to:relativeto:)
// https://developer.apple.com/documentation/realitykit/hastransform/move(to:relativeto:duration:timingfunction:)
// https://developer.apple.com/documentation/realitykit/animationplaybackcontroller
// https://developer.apple.com/documentation/realitykit/entity/stopallanimations(recursive:)
// (pause(), resume(), stop(), isPlaying, isPaused, isStopped, isComplete, speed, time, duration)
// move(to:relativeTo:) jumps at once; with a duration it animates and returns a controller that
// starts playing immediately and can be paused, resumed, stopped and sped up.
@MainActor
@Suite("move(to:) and AnimationPlaybackController")
struct MoveAndPlaybackControllerTests {
    private func entity(in scene: Space) -> Entity {
        let e = Entity()
        scene.add(e)
        return e
    }

    // Without a duration the move is instant, and relativeTo sets the frame of the target.
    @Test func instantMove() {
        let scene = Space()
        let e = entity(in: scene)
        e.move(to: Transform(translation: [1, 2, 3]), relativeTo: nil)
        #expect(isClose(e.position, [1, 2, 3]))
        let reference = entity(in: scene)
        reference.position = [0, 0, -2]
        e.move(to: Transform(translation: [0, 0, 1]), relativeTo: reference)
        #expect(isClose(e.position(relativeTo: nil), [0, 0, -1]))
    }

    // The controller reports the duration and plays from the start.
    @Test func controllerStartsPlaying() {
        let scene = Space()
        let e = entity(in: scene)
        let controller = e.move(to: Transform(translation: [1, 0, 0]), relativeTo: nil, duration: 2, timingFunction: .linear)
        #expect(isClose(Float(controller.duration), 2))
        #expect(controller.isPlaying)
        #expect(!controller.isPaused)
        #expect(!controller.isComplete)
        scene.advance(by: .seconds(0.5))
        #expect(isClose(Float(controller.time), 0.5))
        #expect(isClose(e.position, [0.25, 0, 0]))
    }

    // Pausing freezes the entity; resuming continues from there; the move then completes.
    @Test func pauseAndResume() {
        let scene = Space()
        let e = entity(in: scene)
        let controller = e.move(to: Transform(translation: [1, 0, 0]), relativeTo: nil, duration: 2, timingFunction: .linear)
        scene.advance(by: .seconds(0.5))
        controller.pause()
        #expect(controller.isPaused)
        #expect(!controller.isPlaying)
        scene.advance(by: .seconds(1))
        #expect(isClose(e.position, [0.25, 0, 0]))
        controller.resume()
        #expect(controller.isPlaying)
        scene.advance(by: .seconds(1))
        #expect(isClose(e.position, [0.75, 0, 0]))
        scene.advance(by: .seconds(0.5))
        #expect(isClose(e.position, [1, 0, 0]))
        #expect(controller.isComplete)
        #expect(!controller.isPlaying)
    }

    // Stopping ends the animation for good: it never reaches the target and resume has no effect.
    @Test func stop() {
        let scene = Space()
        let e = entity(in: scene)
        let controller = e.move(to: Transform(translation: [1, 0, 0]), relativeTo: nil, duration: 2, timingFunction: .linear)
        scene.advance(by: .seconds(0.5))
        controller.stop()
        #expect(controller.isStopped)
        #expect(!controller.isPlaying)
        let stoppedAt = e.position
        controller.resume()
        scene.advance(by: .seconds(3))
        #expect(isClose(e.position, stoppedAt))
        #expect(!isClose(e.position, [1, 0, 0]))
    }

    // stopAllAnimations(recursive:) stops the entity's animations where they are, and its
    // descendants' too unless `recursive` is false; recursive is the default.
    @Test func stopAllAnimations() {
        let scene = Space()
        let parent = entity(in: scene)
        let child = Entity()
        parent.addChild(child)
        let parentMove = parent.move(to: Transform(translation: [1, 0, 0]), relativeTo: parent.parent, duration: 2, timingFunction: .linear)
        let childMove = child.move(to: Transform(translation: [0, 1, 0]), relativeTo: parent, duration: 2, timingFunction: .linear)
        scene.advance(by: .seconds(0.5))
        parent.stopAllAnimations(recursive: false)
        #expect(parentMove.isStopped && childMove.isPlaying)
        scene.advance(by: .seconds(0.5))
        #expect(isClose(parent.position, [0.25, 0, 0]))
        #expect(isClose(child.position, [0, 0.5, 0]))
        parent.stopAllAnimations()
        #expect(childMove.isStopped)
        scene.advance(by: .seconds(2))
        #expect(isClose(child.position, [0, 0.5, 0]))
    }

    // A speed of 2 plays twice as fast: a 2 s move is done after 1 s.
    @Test func speed() {
        let scene = Space()
        let e = entity(in: scene)
        let controller = e.move(to: Transform(translation: [1, 0, 0]), relativeTo: nil, duration: 2, timingFunction: .linear)
        controller.speed = 2
        scene.advance(by: .seconds(0.5))
        #expect(isClose(e.position, [0.5, 0, 0]))
        scene.advance(by: .seconds(0.5))
        #expect(isClose(e.position, [1, 0, 0]))
        #expect(controller.isComplete)
    }

    // The float4x4 overload moves the same way as the Transform one.
    // https://developer.apple.com/documentation/realitykit/hastransform/move(to:relativeto:duration:timingfunction:)-6la93
    @Test func matrixOverload() {
        let scene = Space()
        let e = entity(in: scene)
        e.move(to: Transform(translation: [0, 0, -2]).matrix, relativeTo: nil, duration: 1, timingFunction: .linear)
        scene.advance(by: .seconds(0.5))
        #expect(isClose(e.position, [0, 0, -1]))
        scene.advance(by: .seconds(0.5))
        #expect(isClose(e.position, [0, 0, -2]))
    }
}
