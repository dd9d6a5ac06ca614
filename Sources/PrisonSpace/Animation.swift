

/// Controls a move in flight, as RealityKit's `AnimationPlaybackController`: pause, resume,
/// stop, speed, seek, and (ours) a completion callback that runs once, when the move reaches its
/// end (not when it is stopped or replaced).
public final class AnimationPlaybackController {
    /// The entity that moves.
    public var entity: Entity? { movingEntity }
    /// How long the move lasts at speed 1, in seconds: the unit of the interpolation.
    public let duration: TimeInterval
    /// How fast space time drives the move: 1 normal, 2 twice as fast, 0 frozen. A negative or
    /// non-finite speed is taken as 0 or 1.
    @exclusivity(unchecked) public var speed: Float = 1 {
        didSet { speed = speed.isFinite ? max(speed, 0) : 1 }
    }
    /// Runs once when the move completes, during the ``Space/advance(by:)`` that ends it.
    @exclusivity(unchecked) public var completion: (() -> Void)?

    /// Whether the move reached its end (and ran its completion).
    @exclusivity(unchecked) public private(set) var isComplete = false
    /// Whether the move was stopped, or replaced by another move of its entity, before its end.
    @exclusivity(unchecked) public private(set) var isStopped = false
    /// Whether the move is paused: space time does not drive it until ``resume()``.
    @exclusivity(unchecked) public private(set) var isPaused = false

    /// Whether the move is neither paused, stopped nor complete.
    public var isPlaying: Bool { !isPaused && !isStopped && !isComplete }

    /// Whether the controller still controls a move: until the move completes or is stopped.
    public var isValid: Bool { !isStopped && !isComplete }

    /// How much of the move has played so far (at its speed), in seconds, up to its duration.
    /// Setting it jumps the move to that point (clamped to the move); a move set to its end
    /// completes at the next ``Space/advance(by:)``.
    public var time: TimeInterval {
        get { min(elapsedSeconds, duration) }
        set {
            guard isValid, newValue.isFinite else { return }
            elapsedSeconds = min(max(newValue, 0), duration)
            if elapsedSeconds < duration { apply(fraction: elapsedSeconds / duration) }
        }
    }

    /// How much of the move has played so far (at its speed), up to its duration.
    public var elapsed: Duration { .seconds(time) }

    let start: Transform
    let target: Transform
    let arc: RotationArc
    let timingFunction: AnimationTimingFunction
    /// The entity that moves, never nil here.
    private let movingEntity: Entity
    @exclusivity(unchecked) private var elapsedSeconds: Double = 0

    /// A move of `entity` to `target` over `duration` seconds, not negative.
    init(entity: Entity, target: Transform, duration: TimeInterval, timingFunction: AnimationTimingFunction) {
        movingEntity = entity
        start = entity.transform
        self.target = target
        arc = RotationArc(from: start.rotation, to: target.rotation)
        self.duration = duration
        self.timingFunction = timingFunction
    }

    /// Holds the move where it is; space time no longer drives it.
    public func pause() { isPaused = true }
    /// Lets space time drive the move again after ``pause()``.
    public func resume() { isPaused = false }

    /// Ends the move where the entity is now; the completion does not run.
    public func stop() {
        guard !isComplete, !isStopped else { return }
        isStopped = true
        completion = nil
        if movingEntity.runningMove === self { movingEntity.runningMove = nil }
        movingEntity.space?.send(AnimationEvents.PlaybackTerminated(playbackController: self), from: movingEntity)
    }

    /// Ends the move where the entity is now, as ``stop()`` does: moves here do not blend, so
    /// `blendOutDuration` is not used.
    public func stop(blendOutDuration: TimeInterval) { stop() }

    /// Plays `seconds` more of space time. Returns whether the move just completed.
    func advance(bySeconds seconds: Double) -> Bool {
        guard isPlaying else { return false }
        elapsedSeconds += seconds * Double(speed)
        let fraction = duration > 0 ? min(elapsedSeconds / duration, 1) : 1
        // Steps that add up to the duration may fall short of it by a rounding error: a move
        // stepped exactly to its end time completes then.
        if fraction >= 1 - 1e-12 {
            movingEntity.transform = target
            isComplete = true
            if movingEntity.runningMove === self { movingEntity.runningMove = nil }
            return true
        }
        apply(fraction: fraction)
        return false
    }

    /// Puts the entity where the move has it at `fraction` (below 1) of its duration.
    private func apply(fraction: Double) {
        let progress = timingFunction.progress(at: Float(fraction))
        movingEntity.transform = Transform(
            scale: start.scale + (target.scale - start.scale) * progress,
            rotation: arc.rotation(at: progress),
            translation: start.translation + (target.translation - start.translation) * progress)
    }
}

extension Entity {
    /// Whether a move of this entity is playing (started and not paused, stopped or complete).
    public var isAnimating: Bool { runningMove?.isPlaying ?? false }

    /// Stops the entity's move in flight, if any, where the entity is now (its completion does not
    /// run), and with `recursive` those of its descendants too, as RealityKit's
    /// `stopAllAnimations(recursive:)`.
    public func stopAllAnimations(recursive: Bool = true) {
        runningMove?.stop()
        if recursive { for child in children { child.stopAllAnimations(recursive: true) } }
    }

    /// Puts the entity at `target`, given relative to `reference` (the world when nil), at once,
    /// stopping any move in flight.
    public func move(to target: Transform, relativeTo reference: Entity?) {
        runningMove?.stop()
        setTransform(target, relativeTo: reference)
    }

    /// Puts the entity at the transform of the matrix `target`, given relative to `reference`
    /// (the world when nil), at once, stopping any move in flight.
    public func move(to target: simd_float4x4, relativeTo reference: Entity?) {
        move(to: Transform(matrix: target), relativeTo: reference)
    }

    /// Moves the entity from where it is now to `target`, given relative to `reference` (the
    /// world when nil), over `duration` seconds of space time (a negative or NaN one is none):
    /// translation and scale linearly, rotation along the shortest arc, progress shaped by
    /// `timingFunction`. A move already running on the entity is stopped and replaced, starting
    /// from where the entity is. The move advances only through ``Space/advance(by:)``; an
    /// entity outside any space jumps to the target at once and completes.
    @discardableResult
    public func move(
        to target: Transform, relativeTo reference: Entity?, duration: TimeInterval,
        timingFunction: AnimationTimingFunction = .default
    ) -> AnimationPlaybackController {
        startMove(
            to: target, relativeTo: reference, seconds: duration.isNaN ? 0 : max(duration, 0),
            timingFunction: timingFunction, completion: nil)
    }

    /// Moves the entity to the transform of the matrix `target` as
    /// ``move(to:relativeTo:duration:timingFunction:)-(Transform,_,_,_)`` does.
    @discardableResult
    public func move(
        to target: simd_float4x4, relativeTo reference: Entity?, duration: TimeInterval,
        timingFunction: AnimationTimingFunction = .default
    ) -> AnimationPlaybackController {
        move(to: Transform(matrix: target), relativeTo: reference, duration: duration, timingFunction: timingFunction)
    }

    /// Moves the entity as ``move(to:relativeTo:duration:timingFunction:)-(Transform,_,_,_)``
    /// does, over a `Duration` of space time, linearly unless told otherwise, and runs
    /// `completion` when the move ends.
    @discardableResult
    public func move(
        to target: Transform, relativeTo reference: Entity?, duration: Duration,
        timingFunction: AnimationTimingFunction = .linear, completion: (() -> Void)? = nil
    ) -> AnimationPlaybackController {
        startMove(
            to: target, relativeTo: reference, seconds: max(duration, .zero).inSeconds, timingFunction: timingFunction,
            completion: completion)
    }

    /// Moves the entity as ``move(to:relativeTo:duration:timingFunction:completion:)`` does, over
    /// `microseconds` of space time: for the world, whose clock counts microseconds, without a
    /// `Duration`'s division.
    @discardableResult
    package func move(
        to target: Transform, relativeTo reference: Entity?, microseconds: Int64,
        timingFunction: AnimationTimingFunction = .linear, completion: (() -> Void)? = nil
    ) -> AnimationPlaybackController {
        startMove(
            to: target, relativeTo: reference, seconds: Double(max(microseconds, 0)) / 1_000_000,
            timingFunction: timingFunction, completion: completion)
    }

    /// Starts the move over `seconds`, not negative.
    private func startMove(
        to target: Transform, relativeTo reference: Entity?, seconds: Double, timingFunction: AnimationTimingFunction,
        completion: (() -> Void)?
    ) -> AnimationPlaybackController {
        runningMove?.stop()
        let local = localTransform(for: target, relativeTo: reference)
        let controller = AnimationPlaybackController(
            entity: self, target: local, duration: seconds, timingFunction: timingFunction)
        controller.completion = completion
        if let space {
            runningMove = controller
            space.moves.append(controller)
            space.send(AnimationEvents.PlaybackStarted(playbackController: controller), from: self)
        } else if controller.advance(bySeconds: .infinity) {
            controller.completion?()
            controller.completion = nil
        }
        return controller
    }
}
