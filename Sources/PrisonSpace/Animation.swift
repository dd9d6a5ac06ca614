/// How a move's progress follows time: the curves of CSS and Core Animation.
public enum TimingFunction: Hashable, Sendable {
    /// Progress proportional to time.
    case linear
    /// Starts slowly: the cubic Bézier (0.42, 0) (1, 1).
    case easeIn
    /// Ends slowly: the cubic Bézier (0, 0) (0.58, 1).
    case easeOut
    /// Starts and ends slowly: the cubic Bézier (0.42, 0) (0.58, 1).
    case easeInOut
    /// A cubic Bézier from (0, 0) to (1, 1) with two control points; x (time) must be in 0...1.
    case cubicBezier(controlPoint1: SIMD2<Float>, controlPoint2: SIMD2<Float>)

    /// The progress, usually 0...1, at `fraction` (0...1) of the duration.
    public func progress(at fraction: Float) -> Float {
        let t = min(max(fraction, 0), 1)
        switch self {
        case .linear: return t
        case .easeIn: return Self.bezier([0.42, 0], [1, 1], at: t)
        case .easeOut: return Self.bezier([0, 0], [0.58, 1], at: t)
        case .easeInOut: return Self.bezier([0.42, 0], [0.58, 1], at: t)
        case .cubicBezier(let p1, let p2): return Self.bezier(p1, p2, at: t)
        }
    }

    /// The curve's y where its x is `x`: x(s) is solved for s by Newton's method, falling back
    /// to bisection where the slope is flat.
    private static func bezier(_ p1: SIMD2<Float>, _ p2: SIMD2<Float>, at x: Float) -> Float {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        func curve(_ s: Float, _ a: Float, _ b: Float) -> Float {
            let u = 1 - s
            return 3 * u * u * s * a + 3 * u * s * s * b + s * s * s
        }
        func slope(_ s: Float, _ a: Float, _ b: Float) -> Float {
            let u = 1 - s
            return 3 * u * u * a + 6 * u * s * (b - a) + 3 * s * s * (1 - b)
        }
        var s = x
        for _ in 0..<8 {
            let error = curve(s, p1.x, p2.x) - x
            if abs(error) < 1e-6 { return curve(s, p1.y, p2.y) }
            let d = slope(s, p1.x, p2.x)
            if abs(d) < 1e-6 { break }
            s -= error / d
        }
        var low: Float = 0, high: Float = 1
        s = x
        for _ in 0..<40 {
            let value = curve(s, p1.x, p2.x)
            if abs(value - x) < 1e-6 { break }
            if value < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return curve(s, p1.y, p2.y)
    }
}

/// Controls a move in flight: pause, resume, stop, speed, and a completion callback that runs
/// once, when the move reaches its end (not when it is stopped or replaced).
public final class AnimationPlaybackController {
    /// The entity that moves.
    public let entity: Entity
    /// Seconds the move lasts at speed 1.
    public let duration: Double
    /// How fast space time drives the move: 1 normal, 2 twice as fast, 0 frozen.
    @exclusivity(unchecked) public var speed: Double = 1 {
        didSet { speed = speed.isFinite ? max(speed, 0) : 1 }
    }
    /// Runs once when the move completes, during the ``Space/update(deltaTime:)`` that ends it.
    @exclusivity(unchecked) public var completion: (() -> Void)?

    /// Whether the move reached its end (and ran its completion).
    @exclusivity(unchecked) public private(set) var isComplete = false
    /// Whether the move was stopped, or replaced by another move of its entity, before its end.
    @exclusivity(unchecked) public private(set) var isStopped = false
    /// Whether the move is paused: space time does not drive it until ``resume()``.
    @exclusivity(unchecked) public private(set) var isPaused = false
    /// Seconds of the move played so far (at its speed).
    @exclusivity(unchecked) public private(set) var elapsed: Double = 0

    /// Whether the move is neither paused, stopped nor complete.
    public var isPlaying: Bool { !isPaused && !isStopped && !isComplete }

    let start: Transform
    let target: Transform
    let arc: RotationArc
    let timingFunction: TimingFunction

    init(entity: Entity, target: Transform, duration: Double, timingFunction: TimingFunction) {
        self.entity = entity
        start = entity.transform
        self.target = target
        arc = RotationArc(from: start.rotation, to: target.rotation)
        self.duration = duration.isFinite ? max(duration, 0) : 0
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

    /// Plays `deltaTime` more seconds of space time. Returns whether the move just completed.
    func advance(by deltaTime: Double) -> Bool {
        guard isPlaying else { return false }
        elapsed += deltaTime * speed
        let fraction = duration > 0 ? min(elapsed / duration, 1) : 1
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
    /// world when nil), over `duration` seconds of space time: translation and scale linearly,
    /// rotation along the shortest arc, progress shaped by `timingFunction`. A move already
    /// running on the entity is stopped and replaced, starting from where the entity is. The
    /// move advances only through ``Space/update(deltaTime:)``; an entity outside any space
    /// jumps to the target at once and completes.
    @discardableResult
    public func move(
        to target: Transform, relativeTo reference: Entity?, duration: Double,
        timingFunction: TimingFunction = .linear, completion: (() -> Void)? = nil
    ) -> AnimationPlaybackController {
        runningMove?.stop()
        let local = localTransform(for: target, relativeTo: reference)
        let controller = AnimationPlaybackController(
            entity: self, target: local, duration: duration, timingFunction: timingFunction)
        controller.completion = completion
        if let space {
            runningMove = controller
            space.moves.append(controller)
        } else if controller.advance(by: .infinity) {
            controller.completion?()
            controller.completion = nil
        }
        return controller
    }
}

extension Space {
    /// Whether any move in flight is playing (not paused): what ``updateUntilSettled(deltaTime:timeLimit:)``
    /// waits for.
    public var isAnimating: Bool { moves.contains { $0.isPlaying } }

    /// Steps the clock by `deltaTime` until no move is playing, for at most `timeLimit` seconds
    /// of space time, running completions as ``update(deltaTime:)`` does (a completion that
    /// starts a move keeps the clock going). Returns whether the space settled; a move at speed
    /// 0 never ends, and paused moves are not waited for. A `deltaTime` that is not positive and
    /// finite steps nothing.
    @discardableResult
    public func updateUntilSettled(deltaTime: Double = 1.0 / 90, timeLimit: Double = 3600) -> Bool {
        guard deltaTime > 0, deltaTime.isFinite else { return !isAnimating }
        var elapsed = 0.0
        while isAnimating {
            guard elapsed < timeLimit else { return false }
            update(deltaTime: deltaTime)
            elapsed += deltaTime
        }
        return true
    }

    /// Advances space time by `deltaTime` seconds (negative or non-finite steps are ignored):
    /// every playing move steps, in the order the moves started, then the completions of the
    /// moves that ended run, in the same order.
    public func update(deltaTime: Double) {
        guard deltaTime.isFinite, deltaTime >= 0 else { return }
        advanceClock(by: deltaTime)
        var completed: [AnimationPlaybackController] = []
        for move in moves where move.advance(by: deltaTime) { completed.append(move) }
        moves.removeAll { $0.isComplete || $0.isStopped }
        for move in completed {
            let completion = move.completion
            move.completion = nil
            completion?()
        }
    }
}
