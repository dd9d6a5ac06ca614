/// A value an animation can change over time, as RealityKit's `AnimatableData`. Here only a
/// ``Transform`` animates.
public protocol AnimatableData {}

extension Transform: AnimatableData {}

/// What an animation changes on its entity, as RealityKit's `BindTarget`.
public enum BindTarget: Hashable, Sendable {
    /// The entity's ``Entity/transform``.
    case transform
}

/// How an animation repeats, as RealityKit's `AnimationRepeatMode`.
public enum AnimationRepeatMode: Hashable, Sendable {
    /// It plays once.
    case none
    /// It plays again from its start, forever.
    case `repeat`
    /// It plays forward, then backward, forever.
    case autoReverse
    /// It plays again from where the last play ended, forever: each play adds its change again.
    case cumulative
}

/// A description of an animation that ``AnimationResource/generate(with:)`` makes a resource of,
/// as RealityKit's `AnimationDefinition`.
public protocol AnimationDefinition {
    /// A name for the animation.
    var name: String { get set }
    /// What the animation changes.
    var bindTarget: BindTarget { get set }
    /// How the animation repeats.
    var repeatMode: AnimationRepeatMode { get set }
    /// Seconds before the animation starts changing its target.
    var delay: TimeInterval { get set }
    /// How fast the animation plays: 1 normal, 2 twice as fast.
    var speed: Float { get set }
}

/// Which of an animation's values show outside the time its data covers, as RealityKit's
/// `AnimationFillMode`: before its start (a negative ``FromToByAnimation/trimStart``, an
/// ``FromToByAnimation/offset``) and after its end (a trim past its duration).
public struct AnimationFillMode: OptionSet, Hashable, Sendable {
    /// The bits of the set.
    public let rawValue: UInt8
    /// The set of the bits of `rawValue`.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Neither: outside its data, the animation leaves its target as it was.
    public static let none: AnimationFillMode = []
    /// The first value shows before the data starts.
    public static let backwards = AnimationFillMode(rawValue: 1)
    /// The last value shows after the data ends.
    public static let forwards = AnimationFillMode(rawValue: 2)
    /// Both.
    public static let both: AnimationFillMode = [.backwards, .forwards]
}

/// An animation from one value to another, or by an amount, as RealityKit's
/// `FromToByAnimation`. For a ``Transform``: translation and scale change linearly, rotation
/// along the shortest arc, with progress shaped by ``timing``.
public struct FromToByAnimation<Value: AnimatableData>: AnimationDefinition {
    /// A name for the animation.
    public var name: String
    /// The value at the start; nil starts from the value the target has when the animation plays
    /// (from no change when ``isAdditive``).
    public var fromValue: Value?
    /// The value at the end; nil ends at the start value changed by ``byValue``.
    public var toValue: Value?
    /// The change over the animation when ``toValue`` is nil: for a ``Transform``, its
    /// translation is added, its rotation applied after the start's, its scale multiplied.
    public var byValue: Value?
    /// How long one play lasts at speed 1, in seconds.
    public var duration: TimeInterval
    /// How progress follows time.
    public var timing: AnimationTimingFunction
    /// Whether the values are changes applied to the target's value when the animation plays
    /// (for a transform: translation added, rotation applied after, scale multiplied), rather
    /// than values it takes.
    public var isAdditive: Bool
    /// What the animation changes.
    public var bindTarget: BindTarget
    /// The layer the animation blends in: one animation plays at a time here, so it is kept only.
    public var blendLayer: Int32
    /// How the animation repeats.
    public var repeatMode: AnimationRepeatMode
    /// Which values show outside the time the data covers.
    public var fillMode: AnimationFillMode
    /// The time of the data the animation starts playing at, in seconds (nil: 0). A negative
    /// time plays before the data starts, where ``fillMode`` decides what shows.
    public var trimStart: TimeInterval?
    /// The time of the data the animation stops playing at, in seconds (nil: its duration, or
    /// ``trimStart`` plus ``trimDuration``). Past the duration, ``fillMode`` decides what shows.
    public var trimEnd: TimeInterval?
    /// How long the animation plays from ``trimStart`` when ``trimEnd`` is nil, in seconds.
    public var trimDuration: TimeInterval?
    /// The time of the data the animation begins at, in seconds: it plays at once from there,
    /// for as long as it would have played (what lies past the data's end ``fillMode`` decides).
    public var offset: TimeInterval
    /// Seconds before the animation starts changing its target (at speed 1).
    public var delay: TimeInterval
    /// How fast the animation plays: 1 normal, 2 twice as fast; 0 or less is taken as 1.
    public var speed: Float

    /// An animation of `duration` seconds from `from` to `to`, or by `by`, shaped by `timing`,
    /// changing `bindTarget` (the transform when nil), additively or not, repeating as
    /// `repeatMode` says, trimmed and offset as given (in seconds of its data), starting after
    /// `delay` seconds, played at `speed`.
    public init(
        name: String = "", from: Value? = nil, to: Value? = nil, by: Value? = nil, duration: TimeInterval = 1.0,
        timing: AnimationTimingFunction = .linear, isAdditive: Bool = false, bindTarget: BindTarget? = nil,
        blendLayer: Int32 = 0, repeatMode: AnimationRepeatMode = .none, fillMode: AnimationFillMode = [],
        trimStart: TimeInterval? = nil, trimEnd: TimeInterval? = nil, trimDuration: TimeInterval? = nil,
        offset: TimeInterval = 0, delay: TimeInterval = 0, speed: Float = 1.0
    ) {
        self.name = name
        fromValue = from
        toValue = to
        byValue = by
        self.duration = duration
        self.timing = timing
        self.isAdditive = isAdditive
        self.bindTarget = bindTarget ?? .transform
        self.blendLayer = blendLayer
        self.repeatMode = repeatMode
        self.fillMode = fillMode
        self.trimStart = trimStart
        self.trimEnd = trimEnd
        self.trimDuration = trimDuration
        self.offset = offset
        self.delay = delay
        self.speed = speed
    }
}

/// Why ``AnimationResource`` could not make an animation.
public struct AnimationResourceError: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String
}

/// An animation an entity plays with ``Entity/playAnimation(_:transitionDuration:startsPaused:)``,
/// as RealityKit's `AnimationResource`: made from a definition, repeated, or combined in a
/// sequence or a group. It drives the entity's transform on the space's clock, as a move does,
/// with the same ``AnimationPlaybackController`` and events.
public final class AnimationResource {
    /// A name for the animation.
    public let name: String
    let clip: AnimationClip

    init(name: String, clip: AnimationClip) {
        self.name = name
        self.clip = clip
    }

    /// A resource that plays `definition`: a ``FromToByAnimation`` of a ``Transform``. Other
    /// definitions throw.
    public static func generate(with definition: any AnimationDefinition) throws -> AnimationResource {
        guard let animation = definition as? FromToByAnimation<Transform> else {
            throw AnimationResourceError(description: "only FromToByAnimation<Transform> plays here, not \(type(of: definition))")
        }
        func clamped(_ seconds: TimeInterval?, atLeast low: Double = 0) -> Double? {
            seconds.map { $0.isFinite ? min(max($0, low), 1e12) : 0 }
        }
        let seconds = clamped(animation.duration) ?? 0
        let speed = animation.speed.isFinite && animation.speed > 0 ? Double(animation.speed) : 1
        let trimStart = clamped(animation.trimStart, atLeast: -1e12) ?? 0
        let trimEnd = clamped(animation.trimEnd, atLeast: -1e12) ?? clamped(animation.trimDuration).map { trimStart + $0 } ?? seconds
        func inSpaceTime(_ seconds: Double) -> Duration { .seconds(seconds) * (1 / speed) }
        let play = AnimationClip.FromToBy(
            from: animation.fromValue, to: animation.toValue, by: animation.byValue, isAdditive: animation.isAdditive,
            length: inSpaceTime(seconds), timing: animation.timing, delay: inSpaceTime(clamped(animation.delay) ?? 0),
            repeatMode: animation.repeatMode, fillMode: animation.fillMode, trimStart: inSpaceTime(trimStart),
            trimmedLength: inSpaceTime(max(trimEnd - trimStart, 0)), offset: inSpaceTime(clamped(animation.offset, atLeast: -1e12) ?? 0))
        return AnimationResource(name: animation.name, clip: .fromToBy(play))
    }

    /// A resource that plays `resources` one after another, each starting where the one before
    /// left the entity (a resource that never ends keeps the later ones from playing). An empty
    /// list throws.
    public static func sequence(with resources: [AnimationResource]) throws -> AnimationResource {
        guard !resources.isEmpty else { throw AnimationResourceError(description: "a sequence needs an animation") }
        return AnimationResource(name: "", clip: .sequence(resources.map(\.clip)))
    }

    /// A resource that plays `resources` at once, each from where the entity is when it starts;
    /// where two change the transform at the same time, the last in the list that is still
    /// playing wins. It lasts as long as the longest. An empty list throws.
    public static func group(with resources: [AnimationResource]) throws -> AnimationResource {
        guard !resources.isEmpty else { throw AnimationResourceError(description: "a group needs an animation") }
        return AnimationResource(name: "", clip: .group(resources.map(\.clip)))
    }

    /// This animation played `count` times (at least once), each from its start.
    public func `repeat`(count: Int) -> AnimationResource {
        AnimationResource(name: name, clip: .repeated(clip, times: max(count, 1)))
    }

    /// This animation played again and again for `duration` seconds in all.
    public func `repeat`(duration: TimeInterval) -> AnimationResource {
        let seconds = duration.isFinite ? min(max(duration, 0), 1e12) : 0
        return AnimationResource(name: name, clip: .limited(.repeated(clip, times: nil), .seconds(seconds)))
    }

    /// This animation played again and again, forever.
    public func `repeat`() -> AnimationResource {
        AnimationResource(name: name, clip: .repeated(clip, times: nil))
    }
}

/// What an ``AnimationResource`` plays, as a value: the transform at any time since it started.
indirect enum AnimationClip {
    /// The parts of a ``FromToByAnimation``, in space time.
    struct FromToBy {
        let from: Transform?
        let to: Transform?
        let by: Transform?
        let isAdditive: Bool
        /// One play of the data, at the animation's speed.
        let length: Duration
        let timing: AnimationTimingFunction
        let delay: Duration
        let repeatMode: AnimationRepeatMode
        let fillMode: AnimationFillMode
        /// Where in the data a play that does not repeat starts, how long it plays, and how far
        /// its data is moved along, at the animation's speed.
        let trimStart: Duration
        let trimmedLength: Duration
        let offset: Duration
    }

    case fromToBy(FromToBy)
    case sequence([AnimationClip])
    case group([AnimationClip])
    /// The clip again and again, `times` in all (forever when nil).
    case repeated(AnimationClip, times: Int?)
    /// The clip for this long.
    case limited(AnimationClip, Duration)

    /// How long it plays; nil for forever.
    var duration: Duration? {
        switch self {
        case .fromToBy(let play): play.repeatMode == .none ? play.delay + play.trimmedLength : nil
        case .sequence(let clips): clips.contains { $0.duration == nil } ? nil : clips.compactMap(\.duration).reduce(.zero, +)
        case .group(let clips): clips.contains { $0.duration == nil } ? nil : clips.compactMap(\.duration).max()
        case .repeated(let clip, let times): clip.duration.flatMap { length in times.map { length * $0 } }
        case .limited(_, let length): length
        }
    }

    /// The length of one loop, for `PlaybackLooped`; nil when it does not loop.
    var loopLength: Duration? {
        switch self {
        case .fromToBy(let play): play.repeatMode == .none || play.length == .zero ? nil : play.length
        case .repeated(let clip, _): clip.duration.flatMap { $0 > .zero ? $0 : nil }
        case .limited(let clip, _): clip.loopLength
        case .sequence, .group: nil
        }
    }

    /// The transform `time` after the start, for an entity whose transform was `base` then.
    func transform(at time: Duration, from base: Transform) -> Transform {
        switch self {
        case .fromToBy(let play):
            return play.transform(at: time, from: base)
        case .sequence(let clips):
            var start = base
            var elapsed = Duration.zero
            for (index, clip) in clips.enumerated() {
                guard let length = clip.duration, index < clips.count - 1, time >= elapsed + length else {
                    return clip.transform(at: time - elapsed, from: start)
                }
                start = clip.transform(at: length, from: start)
                elapsed += length
            }
            return start
        case .group(let clips):
            let playing = clips.last { clip in clip.duration.map { time < $0 } ?? true } ?? clips[clips.count - 1]
            return playing.transform(at: min(time, playing.duration ?? time), from: base)
        case .repeated(let clip, let times):
            guard let length = clip.duration, length > .zero else { return clip.transform(at: time, from: base) }
            let loop = min(completedLoops(of: length, in: time), (times ?? .max) - 1)
            return clip.transform(at: time - length * loop, from: base)
        case .limited(let clip, let length):
            return clip.transform(at: min(time, length), from: base)
        }
    }
}

extension AnimationClip.FromToBy {
    /// The transform `time` after the start, for an entity whose transform was `base` then.
    func transform(at time: Duration, from base: Transform) -> Transform {
        let start = from ?? (isAdditive ? .identity : base)
        let end = to ?? by.map { start.changed(by: $0) } ?? (isAdditive ? .identity : base)
        let value: Transform
        if time <= delay {
            value = start
        } else if repeatMode == .none {
            // A play that does not repeat may be trimmed and offset: outside its data, the fill
            // mode decides whether its first or last value shows, or the entity's own.
            let data = trimStart + (time - delay) + offset
            if data < .zero {
                guard fillMode.contains(.backwards) else { return base }
                value = start
            } else if data > length, length > .zero {
                guard fillMode.contains(.forwards) else { return base }
                value = end
            } else {
                value = interpolate(from: start, to: end, fraction: length > .zero ? data / length : 1)  // a play of no length ends at once
            }
        } else if length > .zero {
            value = repeated(from: start, to: end, played: time - delay)
        } else {
            value = end
        }
        return isAdditive ? base.changed(by: value) : value
    }

    /// The transform `fraction` of the way through one play, shaped by the timing function.
    private func interpolate(from start: Transform, to end: Transform, fraction: Double) -> Transform {
        let progress = timing.progress(at: Float(fraction))
        let arc = RotationArc(from: start.rotation, to: end.rotation)
        return Transform(
            scale: start.scale + (end.scale - start.scale) * progress, rotation: arc.rotation(at: progress),
            translation: start.translation + (end.translation - start.translation) * progress)
    }

    /// The transform after `played` of plays that repeat, reverse or add up.
    private func repeated(from start: Transform, to end: Transform, played: Duration) -> Transform {
        let loop = completedLoops(of: length, in: played)
        var fraction = (played - length * loop) / length
        if repeatMode == .autoReverse, loop % 2 == 1 { fraction = 1 - fraction }
        var value = interpolate(from: start, to: end, fraction: fraction)
        if repeatMode == .cumulative, loop > 0 {
            let count = Float(loop)
            let turn = end.rotation * start.rotation.inverse
            let growth = end.scale / start.scale
            value = Transform(
                scale: value.scale * SIMD3(pow(growth.x, count), pow(growth.y, count), pow(growth.z, count)),
                rotation: simd_quatf(angle: turn.angle * count, axis: turn.axis) * value.rotation,
                translation: value.translation + (end.translation - start.translation) * count)
        }
        return value
    }
}

extension Transform {
    /// This transform changed by `change`: its translation added, its rotation applied after
    /// this one's, its scale multiplied.
    func changed(by change: Transform) -> Transform {
        Transform(scale: scale * change.scale, rotation: change.rotation * rotation, translation: translation + change.translation)
    }

    /// The transform `weight` of the way from this one to `other` (0 this, 1 `other`):
    /// translation and scale along straight lines, rotation along the shorter arc.
    func blended(with other: Transform, weight: Float) -> Transform {
        Transform(
            scale: scale + (other.scale - scale) * weight, rotation: simd_slerp(rotation, other.rotation, weight),
            translation: translation + (other.translation - translation) * weight)
    }
}

/// How many whole loops of `length` (positive) fit in `time`, exactly.
func completedLoops(of length: Duration, in time: Duration) -> Int {
    guard time > .zero else { return 0 }
    var loops = Int(min(time / length, Double(Int.max / 2)).rounded(.down))
    while loops > 0, length * loops > time { loops -= 1 }
    while length * (loops + 1) <= time { loops += 1 }
    return loops
}
