#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import PrisonSpaceTesting
import Testing

// Sources: https://developer.apple.com/documentation/realitykit/fromtobyanimation,
// https://developer.apple.com/documentation/realitykit/animationresource/generate(with:),
// https://developer.apple.com/documentation/realitykit/animationresource/repeat(count:),
// https://developer.apple.com/documentation/realitykit/animationresource/repeat(duration:),
// https://developer.apple.com/documentation/realitykit/animationresource/repeat(),
// https://developer.apple.com/documentation/realitykit/animationresource/sequence(with:),
// https://developer.apple.com/documentation/realitykit/animationresource/group(with:),
// https://developer.apple.com/documentation/realitykit/entity/playanimation(_:transitionduration:startspaused:),
// https://developer.apple.com/documentation/realitykit/animationevents/playbacklooped
// An animation made from a definition plays on the entity's transform, from the entity's place
// when no `from` is given; resources repeat, play in sequence or together, and report their
// loops, with the playback controller and events a move has.

/// A slide of 1 m along +x from wherever the entity is, in `seconds`.
private func slide(seconds: TimeInterval = 1, repeatMode: AnimationRepeatMode = .none) throws -> AnimationResource {
    let definition = FromToByAnimation<Transform>(
        by: Transform(translation: [1, 0, 0]), duration: seconds, timing: .linear, bindTarget: .transform, repeatMode: repeatMode)
    return try AnimationResource.generate(with: definition)
}

/// An animation from x = 2 to x = 4 over 2 s, wherever the entity is when it starts.
private func jump() throws -> AnimationResource {
    try AnimationResource.generate(
        with: FromToByAnimation<Transform>(
            from: Transform(translation: [2, 0, 0]), to: Transform(translation: [4, 0, 0]), duration: 2,
            timing: .linear, bindTarget: .transform))
}

@MainActor
@Suite("Animation resources")
struct AnimationResourceTests {
    @Test func aFromToAnimationPlaysOnTheTransformAndReportsLikeAMove() throws {
        let scene = Space()
        let box = Entity()
        scene.add(box)
        var events: [String] = []
        _ = scene.subscribe(to: AnimationEvents.PlaybackStarted.self, on: box) { _ in events.append("started") }
        _ = scene.subscribe(to: AnimationEvents.PlaybackCompleted.self, on: box) { _ in events.append("completed") }
        let definition = FromToByAnimation(
            from: Transform(translation: [0, 1, 0]), to: Transform(translation: [0, 1, -2]), duration: 2, timing: .linear,
            bindTarget: .transform)
        let controller = box.playAnimation(try AnimationResource.generate(with: definition))
        #expect(controller.duration == 2 && events == ["started"])
        scene.advance(by: .seconds(1))
        #expect(isClose(box.position, [0, 1, -1]))
        scene.advance(by: .seconds(1))
        #expect(box.position == [0, 1, -2] && controller.isComplete && events == ["started", "completed"])
    }

    @Test func delayAndSpeedShiftAndScaleTheAnimationsTime() throws {
        let scene = Space()
        let box = Entity()
        scene.add(box)
        let definition = FromToByAnimation(
            to: Transform(translation: [4, 0, 0]), duration: 2, timing: .linear, bindTarget: .transform, delay: 1, speed: 2)
        let controller = box.playAnimation(try AnimationResource.generate(with: definition))
        #expect(controller.duration == 1.5, "a second of animation plus half a second of delay, at twice the speed")
        scene.advance(by: .seconds(0.5))
        #expect(box.position == [0, 0, 0])
        scene.advance(by: .seconds(0.5))
        #expect(isClose(box.position, [2, 0, 0]))
    }

    @Test func aRepeatedAnimationLoopsFromItsStartAndReportsEachLoop() throws {
        let scene = Space()
        let box = Entity()
        scene.add(box)
        var loops = 0
        _ = scene.subscribe(to: AnimationEvents.PlaybackLooped.self, on: box) { _ in loops += 1 }
        let controller = box.playAnimation(try slide().repeat(count: 3))
        #expect(controller.duration == 3)
        scene.advance(by: .seconds(1.5))
        #expect(isClose(box.position, [0.5, 0, 0]) && loops == 1, "the second loop starts from the first's start")
        scene.advance(by: .seconds(2))
        #expect(box.position == [1, 0, 0] && controller.isComplete && loops == 2)
    }

    @Test func anAnimationRepeatedForADurationStopsThere() throws {
        let scene = Space()
        let box = Entity()
        scene.add(box)
        let controller = box.playAnimation(try slide().repeat(duration: 2.5))
        scene.advance(by: .seconds(3))
        #expect(isClose(box.position, [0.5, 0, 0]) && controller.isComplete)
    }

    @Test func anAnimationRepeatedForeverNeverCompletes() throws {
        let scene = Space()
        let box = Entity()
        scene.add(box)
        var loops = 0
        _ = scene.subscribe(to: AnimationEvents.PlaybackLooped.self) { _ in loops += 1 }
        let controller = box.playAnimation(try slide().repeat())
        scene.advance(by: .seconds(10.25))
        #expect(isClose(box.position, [0.25, 0, 0]) && loops == 10 && controller.isPlaying)
        #expect(controller.duration == .infinity)
        box.stopAllAnimations()
        #expect(controller.isStopped)
    }

    @Test func aSequencePlaysEachFromWhereTheLastLeftTheEntity() throws {
        let scene = Space()
        let box = Entity()
        scene.add(box)
        let up = try AnimationResource.generate(with: FromToByAnimation(by: Transform(translation: [0, 1, 0]), duration: 1, bindTarget: .transform))
        let controller = box.playAnimation(try AnimationResource.sequence(with: [try slide(), up]))
        scene.advance(by: .seconds(1.5))
        #expect(isClose(box.position, [1, 0.5, 0]))
        scene.advance(by: .seconds(0.5))
        #expect(isClose(box.position, [1, 1, 0]) && controller.isComplete)
    }

    @Test func aGroupLastsAsLongAsItsLongestAnimation() throws {
        let scene = Space()
        let box = Entity()
        scene.add(box)
        let turn = try AnimationResource.generate(
            with: FromToByAnimation(to: Transform(yaw: .pi / 2), duration: 3, bindTarget: .transform))
        let controller = box.playAnimation(try AnimationResource.group(with: [try slide(), turn]))
        #expect(controller.duration == 3)
        scene.advance(by: .seconds(3))
        #expect(controller.isComplete && isClose(box.orientation.act([0, 0, -1]), [-1, 0, 0]))
    }

    @Test func anAnimationThatAutoReversesComesBack() throws {
        let scene = Space()
        let box = Entity()
        scene.add(box)
        box.playAnimation(try slide(repeatMode: .autoReverse))
        scene.advance(by: .seconds(1.75))
        #expect(isClose(box.position, [0.25, 0, 0]))
    }

    @Test func anAnimationFadesInOverItsTransitionFromWhereTheEntityWas() throws {
        let scene = Space()
        let box = Entity()
        scene.add(box)
        box.playAnimation(try jump(), transitionDuration: 1)
        scene.advance(by: .seconds(0.5))
        #expect(isClose(box.position, [1.25, 0, 0]), "half faded in toward 2.5")
        scene.advance(by: .seconds(1))
        #expect(isClose(box.position, [3.5, 0, 0]), "the transition over, the animation's own pose")
        scene.advance(by: .seconds(1))
        #expect(box.position == [4, 0, 0])
    }

    @Test func withoutATransitionAnAnimationStartsAtItsOwnPose() throws {
        let scene = Space()
        let box = Entity()
        scene.add(box)
        box.playAnimation(try jump())
        scene.advance(by: .seconds(0.5))
        #expect(isClose(box.position, [2.5, 0, 0]))
    }

    @Test func anAnimationThatStartsPausedWaitsForResume() throws {
        let scene = Space()
        let box = Entity()
        scene.add(box)
        let controller = box.playAnimation(try slide(), transitionDuration: 0, startsPaused: true)
        scene.advance(by: .seconds(0.5))
        #expect(box.position == [0, 0, 0] && controller.isPaused)
        controller.resume()
        scene.advance(by: .seconds(0.5))
        #expect(isClose(box.position, [0.5, 0, 0]))
    }

    @Test func anySplitOfTheSameTimeGivesTheSameEvents() throws {
        func loops(stepping step: Duration) throws -> (Int, SIMD3<Float>) {
            let scene = Space()
            scene.frameInterval = step
            let box = Entity()
            scene.add(box)
            var loops = 0
            _ = scene.subscribe(to: AnimationEvents.PlaybackLooped.self) { _ in loops += 1 }
            box.playAnimation(try slide(seconds: 0.3).repeat(count: 4))
            for _ in 0..<Int((Duration.seconds(1.2) / step).rounded()) { scene.advance(by: step) }
            return (loops, box.position)
        }
        let (whole, wholePlace) = try loops(stepping: .seconds(1.2))
        let (coarse, coarsePlace) = try loops(stepping: .milliseconds(100))
        let (fine, finePlace) = try loops(stepping: .microseconds(1000))
        #expect(whole == 3 && coarse == 3 && fine == 3)
        #expect(wholePlace == finePlace && coarsePlace == finePlace)
    }
}
