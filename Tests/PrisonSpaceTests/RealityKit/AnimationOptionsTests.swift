#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import Testing

// Sources: https://developer.apple.com/documentation/realitykit/fromtobyanimation/init(name:from:to:by:duration:timing:isadditive:bindtarget:blendlayer:repeatmode:fillmode:trimstart:trimend:trimduration:offset:delay:speed:),
// https://developer.apple.com/documentation/realitykit/animationfillmode,
// https://developer.apple.com/documentation/realitykit/animationdefinition/trimstart,
// https://developer.apple.com/documentation/realitykit/animationdefinition/offset
// An animation played on an entity before it joins a scene follows the scene's clock from when
// it joins; a FromToByAnimation's additive values, trims, offset, fill mode, delay and speed
// change what plays when, as the pages say.

/// A 10 s linear slide along z from `from` to `to`, with the options given.
private func slide(
    from: Float = 0, to: Float = 10, isAdditive: Bool = false, fillMode: AnimationFillMode = [], trimStart: TimeInterval? = nil,
    trimEnd: TimeInterval? = nil, trimDuration: TimeInterval? = nil, offset: TimeInterval = 0, delay: TimeInterval = 0,
    speed: Float = 1
) throws -> AnimationResource {
    try AnimationResource.generate(with: FromToByAnimation<Transform>(
        from: Transform(translation: [0, 0, from]), to: Transform(translation: [0, 0, to]), duration: 10, timing: .linear,
        isAdditive: isAdditive, bindTarget: .transform, fillMode: fillMode, trimStart: trimStart, trimEnd: trimEnd,
        trimDuration: trimDuration, offset: offset, delay: delay, speed: speed))
}

/// An entity at z = `z` in a fresh space, playing `animation`; the entity, the space and the
/// animation's controller.
@MainActor
private func playing(_ animation: AnimationResource, at z: Float = 0) -> (Entity, Space, AnimationPlaybackController) {
    let space = Space()
    let entity = Entity()
    entity.position = [0, 0, z]
    space.add(entity)
    return (entity, space, entity.playAnimation(animation))
}

@MainActor
@Suite("FromToByAnimation's options and animations played before an entity joins a scene")
struct AnimationOptionsTests {
    @Test func anAnimationPlayedBeforeTheEntityJoinsFollowsTheScenesClockFromThen() throws {
        let space = Space()
        space.advance(by: .seconds(2))
        let entity = Entity()
        let controller = entity.playAnimation(try slide())
        var started = 0
        let subscription = space.subscribe(to: AnimationEvents.PlaybackStarted.self) { _ in started += 1 }
        space.advance(by: .seconds(1))
        #expect(entity.position.z == 0 && !controller.isComplete, "it waits while the entity is in no scene")
        space.add(entity)
        #expect(started == 1)
        space.advance(by: .seconds(5))
        #expect(abs(entity.position.z - 5) < 1e-4)
        space.advance(by: .seconds(5))
        #expect(controller.isComplete && entity.position.z == 10)
        subscription.cancel()
    }

    @Test func anAnimationPlayedOnAChildBeforeItsParentJoinsWaitsToo() throws {
        let space = Space()
        let parent = Entity(), child = Entity()
        parent.addChild(child)
        child.playAnimation(try slide())
        space.advance(by: .seconds(3))
        space.add(parent)
        space.advance(by: .seconds(2.5))
        #expect(abs(child.position.z - 2.5) < 1e-4)
    }

    @Test func additiveValuesChangeTheTransformTheEntityHadWhenItPlayed() throws {
        let (additive, space, _) = playing(try slide(from: 0, to: 2, isAdditive: true), at: 5)
        let (absolute, other, _) = playing(try slide(from: 0, to: 2), at: 5)
        space.advance(by: .seconds(5))
        other.advance(by: .seconds(5))
        #expect(abs(additive.position.z - 6) < 1e-4 && abs(absolute.position.z - 1) < 1e-4)
        space.advance(by: .seconds(5))
        #expect(additive.position.z == 7)
    }

    @Test func aTrimPlaysOnlyPartOfTheDataAndTheControllerLastsAsLong() throws {
        let (entity, space, controller) = playing(try slide(trimStart: 2, trimEnd: 6))
        #expect(controller.duration == 4)
        space.advance(by: .seconds(1) / 90)
        #expect(abs(entity.position.z - 2) < 0.02, "it starts 2 s into the data")
        space.advance(by: .seconds(2) - .seconds(1) / 90)
        #expect(abs(entity.position.z - 4) < 1e-4)
        space.advance(by: .seconds(2))
        #expect(controller.isComplete && abs(entity.position.z - 6) < 1e-4)
        let (trimmed, other, _) = playing(try slide(trimStart: 1, trimDuration: 3))
        other.advance(by: .seconds(3))
        #expect(abs(trimmed.position.z - 4) < 1e-4, "trimDuration counts from trimStart")
    }

    @Test func beforeAndAfterTheDataTheFillModeDecidesWhatShows() throws {
        let (held, space, _) = playing(try slide(fillMode: .backwards, trimStart: -2), at: 100)
        let (loose, other, _) = playing(try slide(trimStart: -2), at: 100)
        space.advance(by: .seconds(1))
        other.advance(by: .seconds(1))
        #expect(held.position.z == 0, "the first value shows before the data starts")
        #expect(loose.position.z == 100, "without a fill, the entity keeps its own transform")
        let (ahead, third, _) = playing(try slide(fillMode: .forwards, trimEnd: 12), at: 100)
        third.advance(by: .seconds(11))
        #expect(ahead.position.z == 10, "the last value shows after the data ends")
    }

    @Test func anOffsetStartsPlayingFromThatTimeOfTheData() throws {
        let (entity, space, _) = playing(try slide(fillMode: .forwards, offset: 4))
        space.advance(by: .seconds(3))
        #expect(abs(entity.position.z - 7) < 1e-4)
        space.advance(by: .seconds(5))
        #expect(entity.position.z == 10, "past the data's end the forward fill holds its last value")
    }

    @Test func aDelayWaitsAndASpeedScalesEveryTimeOfTheAnimation() throws {
        let (entity, space, controller) = playing(try slide(from: -1, delay: 1, speed: 2), at: 100)
        #expect(controller.duration == 5.5)
        space.advance(by: .seconds(0.25))
        #expect(entity.position.z == -1, "during the delay the start value shows")
        space.advance(by: .seconds(2.75))
        #expect(abs(entity.position.z - 4.5) < 1e-4, "2.5 s after the delay, at twice the speed: half the data")
    }
}
