

/// Controls a move in flight: pause, resume, stop, speed, and a completion callback that runs
/// once, when the move reaches its end (not when it is stopped or replaced).
public final class AnimationPlaybackController {
    /// The entity that moves.
    public let entity: Entity
    /// How long the move lasts at speed 1.
    public let duration: Duration
    /// How fast space time drives the move: 1 normal, 2 twice as fast, 0 frozen.
    @exclusivity(unchecked) public var speed: Double = 1 {
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
    /// How much of the move has played so far (at its speed), up to its duration.
    public var elapsed: Duration { .seconds(min(elapsedSeconds, durationSeconds)) }

    /// Whether the move is neither paused, stopped nor complete.
    public var isPlaying: Bool { !isPaused && !isStopped && !isComplete }

    let start: Transform
    let target: Transform
    let arc: RotationArc
    let timingFunction: TimingFunction
    /// ``duration`` and ``elapsed`` in seconds, the unit of the interpolation.
    let durationSeconds: Double
    @exclusivity(unchecked) private var elapsedSeconds: Double = 0

    /// A move of `entity` to `target` over `duration`, not negative, which is `durationSeconds` long.
    init(
        entity: Entity, target: Transform, duration: Duration, durationSeconds: Double, timingFunction: TimingFunction
    ) {
        self.entity = entity
        start = entity.transform
        self.target = target
        arc = RotationArc(from: start.rotation, to: target.rotation)
        self.duration = duration
        self.durationSeconds = durationSeconds
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
        if entity.runningMove === self { entity.runningMove = nil }
    }

    /// Plays `seconds` more of space time. Returns whether the move just completed.
    func advance(bySeconds seconds: Double) -> Bool {
        guard isPlaying else { return false }
        elapsedSeconds += seconds * speed
        let fraction = durationSeconds > 0 ? min(elapsedSeconds / durationSeconds, 1) : 1
        // Steps that add up to the duration may fall short of it by a rounding error: a move
        // stepped exactly to its end time completes then.
        if fraction >= 1 - 1e-12 {
            entity.transform = target
            isComplete = true
            if entity.runningMove === self { entity.runningMove = nil }
            return true
        }
        let progress = timingFunction.progress(at: Float(fraction))
        entity.transform = Transform(
            scale: start.scale + (target.scale - start.scale) * progress,
            rotation: arc.rotation(at: progress),
            translation: start.translation + (target.translation - start.translation) * progress)
        return false
    }
}

extension Entity {
    /// Whether a move of this entity is playing (started and not paused, stopped or complete).
    public var isAnimating: Bool { runningMove?.isPlaying ?? false }

    /// Moves the entity from where it is now to `target`, given relative to `reference` (the
    /// world when nil), over `duration` of space time (a negative one is none): translation and
    /// scale linearly, rotation along the shortest arc, progress shaped by `timingFunction`. A
    /// move already running on the entity is stopped and replaced, starting from where the entity
    /// is. The move advances only through ``Space/advance(by:)``; an entity outside any space
    /// jumps to the target at once and completes.
    @discardableResult
    public func move(
        to target: Transform, relativeTo reference: Entity?, duration: Duration,
        timingFunction: TimingFunction = .linear, completion: (() -> Void)? = nil
    ) -> AnimationPlaybackController {
        let duration = max(duration, .zero)
        return move(
            to: target, relativeTo: reference, duration: duration, seconds: duration.inSeconds,
            timingFunction: timingFunction, completion: completion)
    }

    /// Moves the entity as ``move(to:relativeTo:duration:timingFunction:completion:)`` does, over
    /// `microseconds` of space time: for the world, whose clock counts microseconds, without a
    /// `Duration`'s division.
    @discardableResult
    package func move(
        to target: Transform, relativeTo reference: Entity?, microseconds: Int64,
        timingFunction: TimingFunction = .linear, completion: (() -> Void)? = nil
    ) -> AnimationPlaybackController {
        let microseconds = max(microseconds, 0)
        return move(
            to: target, relativeTo: reference, duration: .microseconds(microseconds),
            seconds: Double(microseconds) / 1_000_000, timingFunction: timingFunction, completion: completion)
    }

    /// Starts the move over `duration`, not negative, which is `seconds` long.
    private func move(
        to target: Transform, relativeTo reference: Entity?, duration: Duration, seconds: Double,
        timingFunction: TimingFunction, completion: (() -> Void)?
    ) -> AnimationPlaybackController {
        runningMove?.stop()
        let local = localTransform(for: target, relativeTo: reference)
        let controller = AnimationPlaybackController(
            entity: self, target: local, duration: duration, durationSeconds: seconds, timingFunction: timingFunction)
        controller.completion = completion
        if let space {
            runningMove = controller
            space.moves.append(controller)
        } else if controller.advance(bySeconds: .infinity) {
            controller.completion?()
            controller.completion = nil
        }
        return controller
    }
}
