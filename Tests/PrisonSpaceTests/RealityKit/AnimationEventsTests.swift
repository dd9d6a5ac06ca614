#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import PrisonSpaceTesting
import Testing

// Sources: https://developer.apple.com/documentation/realitykit/animationevents and
// https://developer.apple.com/documentation/realitykit/animationplaybackcontroller
// A move reports PlaybackStarted, then PlaybackCompleted when it reaches its end; a stopped
// move reports no completion. PlaybackTerminated comes either way. A controller becomes invalid
// once its move completes or stops, and its time can be set to seek.

@MainActor
@Suite("Animation events and the playback controller")
struct AnimationEventsTests {
    @Test func aMoveThatEndsReportsStartCompletionAndTermination() {
        let scene = Space()
        let box = Entity()
        scene.add(box)
        var events: [String] = []
        let started = scene.subscribe(to: AnimationEvents.PlaybackStarted.self, on: box) { _ in events.append("started") }
        let completed = scene.subscribe(to: AnimationEvents.PlaybackCompleted.self, on: box) { event in
            events.append(event.playbackController.isComplete ? "completed" : "completed early")
        }
        let terminated = scene.subscribe(to: AnimationEvents.PlaybackTerminated.self) { _ in events.append("terminated") }
        let controller = box.move(to: Transform(translation: [1, 0, 0]), relativeTo: nil, duration: 1)
        #expect(controller.isValid && controller.isPlaying)
        scene.advance(by: .seconds(0.5))
        #expect(events == ["started"])
        scene.advance(by: .seconds(0.5))
        #expect(events == ["started", "completed", "terminated"])
        #expect(!controller.isValid)
        started.cancel()
        completed.cancel()
        terminated.cancel()
        box.move(to: .identity, relativeTo: nil, duration: 1)
        scene.advance(by: .seconds(2))
        #expect(events.count == 3, "cancelled subscriptions hear nothing more")
    }

    @Test func aStoppedMoveTerminatesWithoutCompleting() {
        let scene = Space()
        let box = Entity()
        let other = Entity()
        scene.add(box)
        scene.add(other)
        var completions = 0
        var terminations = 0
        _ = scene.subscribe(to: AnimationEvents.PlaybackCompleted.self) { _ in completions += 1 }
        _ = scene.subscribe(to: AnimationEvents.PlaybackTerminated.self, on: box) { _ in terminations += 1 }
        let first = box.move(to: Transform(translation: [1, 0, 0]), relativeTo: nil, duration: 1)
        other.move(to: Transform(translation: [0, 1, 0]), relativeTo: nil, duration: 1)
        scene.advance(by: .seconds(0.25))
        first.stop()
        #expect(first.isStopped && !first.isValid && !first.isComplete)
        scene.advance(by: .seconds(1))
        #expect(completions == 1, "only the other entity's move completed")
        #expect(terminations == 1, "the box's stopped move terminated once; the other's is not the box's")
    }

    @Test func timeSeeksAndPausedMovesHold() {
        let scene = Space()
        let box = Entity()
        scene.add(box)
        let controller = box.move(to: Transform(translation: [0, 0, -4]), relativeTo: nil, duration: 2, timingFunction: .linear)
        #expect(controller.duration == 2)
        controller.time = 1.5
        #expect(isClose(box.position, [0, 0, -3]))
        controller.pause()
        scene.advance(by: .seconds(1))
        #expect(isClose(box.position, [0, 0, -3]) && controller.isPaused && !controller.isPlaying)
        controller.resume()
        controller.speed = 0.5
        scene.advance(by: .seconds(0.5))
        #expect(isClose(Float(controller.time), 1.75))
        #expect(isClose(box.position, [0, 0, -3.5]))
    }
}
