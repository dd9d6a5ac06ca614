

/// Controls a move or an animation in flight, as RealityKit's `AnimationPlaybackController`:
/// pause, resume, stop, speed, seek, and (ours) a completion callback that runs once, when the
/// move reaches its end (not when it is stopped or replaced). Here "move" means either: a
/// `move(to:…)` or an ``AnimationResource`` played with
/// ``Entity/playAnimation(_:transitionDuration:startsPaused:)``.
public final class AnimationPlaybackController {
    /// The entity that moves.
    public var entity: Entity? { movingEntity }
    /// How long the move lasts at speed 1, in seconds; infinity for an animation that repeats
    /// forever.
    public var duration: TimeInterval { length == .forever ? .infinity : length.duration.inSeconds }
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
    /// Whether the animation was played on an entity outside any scene, and waits to join one.
    @exclusivity(unchecked) var isWaitingForScene = false

    /// Whether the move is neither paused, stopped nor complete.
    public var isPlaying: Bool { !isPaused && !isStopped && !isComplete }

    /// Whether the controller still controls a move: until the move completes or is stopped.
    public var isValid: Bool { !isStopped && !isComplete }

    /// How much of the move has played so far (at its speed), in seconds, up to its duration.
    /// Setting it jumps the move to that point (clamped to the move); a move set to its end
    /// completes at the next ``Space/advance(by:)``.
    public var time: TimeInterval {
        get { elapsed.inSeconds }
        set {
            guard isValid, newValue.isFinite else { return }
            played = min(ExactTime(.seconds(min(max(newValue, 0), 1e12))), length)
            if played < length { apply() }
        }
    }

    /// How much of the move has played so far (at its speed), up to its duration.
    public var elapsed: Duration { min(played, length).duration }

    /// Where the entity was when the move started.
    let start: Transform
    /// A move's target, the arc its rotation follows and its timing function (unused for an
    /// animation: kept as stored properties, the cheapest to read at every step of a move).
    let target: Transform
    let arc: RotationArc
    /// The target's translation less the start's, found once for every step.
    private let translationChange: SIMD3<Float>
    /// The target's scale less the start's; nil when the move keeps the scale.
    private let scaleChange: SIMD3<Float>?
    let timingFunction: AnimationTimingFunction
    /// What an animation plays; nil for a move.
    let clip: AnimationClip?
    /// How long an animation fades in over the pose the entity had when it started: zero for
    /// none, and for a move.
    private let fadeIn: ExactTime
    /// The entity that moves, never nil here.
    private let movingEntity: Entity
    /// How long the move lasts at speed 1, exactly; ``ExactTime/forever`` for an animation
    /// that repeats forever.
    private let length: ExactTime
    /// The length in microseconds, what a move's progress divides by.
    private let lengthInMicroseconds: Double
    /// What played completes the move once it reaches it: a nanosecond short of its length (so
    /// that 90 steps of a 90th of a second, which fall short of a second by attoseconds, end a
    /// move of a second).
    private let end: ExactTime
    /// How much space time has driven the move (at its speed): a sum of whole steps, exact at
    /// speed 1, so any split of the same time gives the same progress.
    @exclusivity(unchecked) private var played = ExactTime.zero

    /// A move of `entity` to `target` over `length`, not negative.
    init(entity: Entity, target: Transform, length: Duration, timingFunction: AnimationTimingFunction) {
        movingEntity = entity
        start = entity.transform
        self.target = target
        arc = RotationArc(from: start.rotation, to: target.rotation)
        translationChange = target.translation - start.translation
        scaleChange = target.scale == start.scale ? nil : target.scale - start.scale
        self.timingFunction = timingFunction
        clip = nil
        fadeIn = .zero
        self.length = ExactTime(length)
        lengthInMicroseconds = self.length.inMicroseconds
        end = ExactTime(max(length - .nanoseconds(1), .zero))
    }

    /// An animation of `entity` playing `clip` from where the entity is, fading in over `fadeIn`.
    init(entity: Entity, clip: AnimationClip, fadeIn: Duration) {
        movingEntity = entity
        start = entity.transform
        target = start
        arc = RotationArc(from: start.rotation, to: start.rotation)
        translationChange = .zero
        scaleChange = nil
        timingFunction = .linear
        self.clip = clip
        self.fadeIn = ExactTime(max(fadeIn, .zero))
        length = clip.duration.map(ExactTime.init) ?? .forever
        lengthInMicroseconds = length.inMicroseconds
        end = clip.duration.map { ExactTime(max($0 - .nanoseconds(1), .zero)) } ?? .forever
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

    /// Plays `step` (which is `duration`) more of space time. Returns whether the move just
    /// completed: when what it played comes within a nanosecond of its length (``end``). An
    /// animation that loops reports each loop it starts with `AnimationEvents.PlaybackLooped`.
    func advance(by step: ExactTime, of duration: Duration) -> Bool {
        guard isPlaying else { return false }
        let before = played
        played += speed == 1 ? step : ExactTime(duration * Double(speed))
        // A move has no clip; comparing with nil, rather than binding, costs no retain.
        if clip != nil { reportLoops(of: clip!, since: before.duration) }
        guard played < end else {
            complete()
            return true
        }
        apply()
        return false
    }

    /// Sends `AnimationEvents.PlaybackLooped` for each loop of `clip` that started after
    /// `before` and by what has played now, short of the end (the end itself starts none).
    private func reportLoops(of clip: AnimationClip, since before: Duration) {
        guard let loop = clip.loopLength else { return }
        let end = length.duration - .nanoseconds(1)
        let loops = completedLoops(of: loop, in: min(played.duration, end)) - completedLoops(of: loop, in: before)
        for _ in 0..<max(0, min(loops, 1000)) {
            movingEntity.space?.send(AnimationEvents.PlaybackLooped(playbackController: self), from: movingEntity)
        }
    }

    /// Puts the entity at the move's end: the move is complete.
    func complete() {
        played = length
        movingEntity.transform = clip?.transform(at: played.duration, from: start) ?? target
        isComplete = true
        if movingEntity.runningMove === self { movingEntity.runningMove = nil }
    }

    /// Puts the entity where the move has it after what it played, short of its end.
    private func apply() {
        if clip != nil {
            let pose = clip!.transform(at: played.duration, from: start)
            movingEntity.transform =
                played < fadeIn ? start.blended(with: pose, weight: Float(played.inMicroseconds / fadeIn.inMicroseconds)) : pose
            return
        }
        let progress = timingFunction.progress(at: Float(played.inMicroseconds / lengthInMicroseconds))
        var transform = start
        transform.rotation = arc.rotation(at: progress)
        transform.translation += translationChange * progress
        if let scaleChange { transform.scale += scaleChange * progress }
        movingEntity.transform = transform
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
    /// world when nil), over `duration` seconds of space time (a negative or NaN one is none, one
    /// beyond 10^12 s lasts that long): translation and scale linearly, rotation along the shortest arc, progress shaped by
    /// `timingFunction`. A move already running on the entity is stopped and replaced, starting
    /// from where the entity is. The move advances only through ``Space/advance(by:)``; an
    /// entity outside any space jumps to the target at once and completes.
    @discardableResult
    public func move(
        to target: Transform, relativeTo reference: Entity?, duration: TimeInterval,
        timingFunction: AnimationTimingFunction = .default
    ) -> AnimationPlaybackController {
        startMove(
            to: target, relativeTo: reference, length: duration.isNaN ? .zero : .seconds(min(max(duration, 0), 1e12)),
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
            to: target, relativeTo: reference, length: max(duration, .zero), timingFunction: timingFunction,
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
            to: target, relativeTo: reference, length: .microseconds(max(microseconds, 0)),
            timingFunction: timingFunction, completion: completion)
    }

    /// The animations the entity carries from the file it was loaded from, as RealityKit's
    /// `availableAnimations`: none, since every entity here is made in code (play the ones you
    /// generate with ``playAnimation(_:transitionDuration:startsPaused:)``).
    public var availableAnimations: [AnimationResource] { [] }

    /// Plays `animation` on the entity from where it is, replacing the move or animation in
    /// flight, as RealityKit's `playAnimation(_:transitionDuration:startsPaused:)`. Over
    /// `transitionDuration` seconds the animation fades in: the entity goes from the pose it had
    /// when the call was made (where the animation before left it) toward the animation's pose,
    /// by the share of the transition played (rotations along the shorter arc). An animation that
    /// ends before its transition does ends at its own end.
    /// With `startsPaused`, it waits for ``AnimationPlaybackController/resume()``. The
    /// animation advances only through ``Space/advance(by:)``, reports
    /// `AnimationEvents.PlaybackStarted`, `PlaybackLooped` at each loop, then
    /// `PlaybackCompleted` and `PlaybackTerminated`, as a move does. On an entity outside any
    /// space, the animation waits: it starts, from its beginning, on the clock of the space the
    /// entity joins (an app plays animations on entities it adds to the scene afterwards).
    @discardableResult
    public func playAnimation(
        _ animation: AnimationResource, transitionDuration: TimeInterval = 0, startsPaused: Bool = false
    ) -> AnimationPlaybackController {
        runningMove?.stop()
        let fade = transitionDuration.isFinite ? Duration.seconds(min(max(transitionDuration, 0), 1e12)) : .zero
        let controller = AnimationPlaybackController(entity: self, clip: animation.clip, fadeIn: fade)
        if startsPaused { controller.pause() }
        return start(controller)
    }

    /// Starts the move over `length`, not negative.
    private func startMove(
        to target: Transform, relativeTo reference: Entity?, length: Duration, timingFunction: AnimationTimingFunction,
        completion: (() -> Void)?
    ) -> AnimationPlaybackController {
        runningMove?.stop()
        let local = localTransform(for: target, relativeTo: reference)
        let controller = AnimationPlaybackController(
            entity: self, target: local, length: length, timingFunction: timingFunction)
        controller.completion = completion
        return start(controller)
    }

    /// Makes `controller` the entity's move in flight in its space; outside a space, ends a move
    /// and keeps an animation waiting for one.
    private func start(_ controller: AnimationPlaybackController) -> AnimationPlaybackController {
        if let space {
            runningMove = controller
            space.moves.append(controller)
            space.send(AnimationEvents.PlaybackStarted(playbackController: controller), from: self)
        } else if controller.clip != nil {
            runningMove = controller
            controller.isWaitingForScene = true
        } else if controller.duration.isFinite {
            controller.complete()
            controller.completion?()
            controller.completion = nil
        } else {
            controller.stop()
        }
        return controller
    }
}
