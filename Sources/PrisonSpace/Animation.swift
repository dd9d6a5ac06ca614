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

    init(entity: Entity, target: Transform, duration: Duration, timingFunction: TimingFunction) {
        self.entity = entity
        start = entity.transform
        self.target = target
        arc = RotationArc(from: start.rotation, to: target.rotation)
        self.duration = max(duration, .zero)
        durationSeconds = self.duration.inSeconds
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
        runningMove?.stop()
        let local = localTransform(for: target, relativeTo: reference)
        let controller = AnimationPlaybackController(
            entity: self, target: local, duration: duration, timingFunction: timingFunction)
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

extension Space {
    /// Whether any move in flight is playing (not paused): what
    /// ``advanceUntilSettled(step:timeLimit:)`` waits for.
    public var isAnimating: Bool { moves.contains { $0.isPlaying } }

    /// Advances the clock by `step` until no move is playing, for at most `timeLimit` of space
    /// time, running completions as ``advance(by:)`` does (a completion that starts a move keeps
    /// the clock going). Returns whether the space settled; a move at speed 0 never ends, and
    /// paused moves are not waited for. A `step` that is not positive advances nothing.
    @discardableResult
    public func advanceUntilSettled(step: Duration = .seconds(1) / 90, timeLimit: Duration = .seconds(3600)) -> Bool {
        guard step > .zero else { return !isAnimating }
        var elapsed = Duration.zero
        while isAnimating {
            guard elapsed < timeLimit else { return false }
            advance(by: step)
            elapsed += step
        }
        return true
    }

    /// Advances space time by `step` (a negative step is ignored): every playing move steps, in
    /// the order the moves started, then the completions of the moves that ended run, in the
    /// same order. The step is turned into seconds once; the moves interpolate in seconds.
    public func advance(by step: Duration) {
        guard step >= .zero else { return }
        time += step
        let seconds = step.inSeconds
        var completed: [AnimationPlaybackController] = []
        for move in moves where move.advance(bySeconds: seconds) { completed.append(move) }
        moves.removeAll { $0.isComplete || $0.isStopped }
        for move in completed {
            let completion = move.completion
            move.completion = nil
            completion?()
        }
    }
}

extension Duration {
    /// The duration in seconds, as the moves interpolate it: whole microseconds divided by a
    /// million, plus what is finer, so that a duration of whole microseconds gives exactly the
    /// nearest double to its value in seconds.
    var inSeconds: Double {
        let (seconds, attoseconds) = components
        let microseconds = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
        return Double(microseconds) / 1_000_000 + Double(attoseconds % 1_000_000_000_000) / 1e18
    }
}
