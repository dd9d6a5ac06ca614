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

/// An animation from one value to another, or by an amount, as RealityKit's
/// `FromToByAnimation`. For a ``Transform``: translation and scale change linearly, rotation
/// along the shortest arc, with progress shaped by ``timing``.
public struct FromToByAnimation<Value: AnimatableData>: AnimationDefinition {
    /// A name for the animation.
    public var name: String
    /// The value at the start; nil starts from the value the target has when the animation plays.
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
    /// What the animation changes.
    public var bindTarget: BindTarget
    /// How the animation repeats.
    public var repeatMode: AnimationRepeatMode
    /// Seconds before the animation starts changing its target (at speed 1).
    public var delay: TimeInterval
    /// How fast the animation plays: 1 normal, 2 twice as fast; 0 or less is taken as 1.
    public var speed: Float

    /// An animation of `duration` seconds from `from` to `to`, or by `by`, shaped by `timing`,
    /// changing `bindTarget` (the transform when nil), repeating as `repeatMode` says, starting
    /// after `delay` seconds, played at `speed`.
    public init(
        name: String = "", from: Value? = nil, to: Value? = nil, by: Value? = nil, duration: TimeInterval = 1.0,
        timing: AnimationTimingFunction = .linear, bindTarget: BindTarget? = nil, repeatMode: AnimationRepeatMode = .none,
        delay: TimeInterval = 0, speed: Float = 1.0
    ) {
        self.name = name
        fromValue = from
        toValue = to
        byValue = by
        self.duration = duration
        self.timing = timing
        self.bindTarget = bindTarget ?? .transform
        self.repeatMode = repeatMode
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
        let seconds = animation.duration.isFinite ? min(max(animation.duration, 0), 1e12) : 0
        let delay = animation.delay.isFinite ? min(max(animation.delay, 0), 1e12) : 0
        let speed = animation.speed.isFinite && animation.speed > 0 ? Double(animation.speed) : 1
        let play = AnimationClip.FromToBy(
            from: animation.fromValue, to: animation.toValue, by: animation.byValue,
            length: .seconds(seconds) * (1 / speed), timing: animation.timing, delay: .seconds(delay) * (1 / speed),
            repeatMode: animation.repeatMode)
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
        /// One play, at the animation's speed.
        let length: Duration
        let timing: AnimationTimingFunction
        let delay: Duration
        let repeatMode: AnimationRepeatMode
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
        case .fromToBy(let play): play.repeatMode == .none ? play.delay + play.length : nil
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
        let start = from ?? base
        let end = to ?? by.map { start.changed(by: $0) } ?? base
        guard time > delay else { return start }
        let played = time - delay
        guard length > .zero else { return end }
        let loop = repeatMode == .none ? 0 : completedLoops(of: length, in: played)
        var fraction = repeatMode == .none ? min(played / length, 1) : (played - length * loop) / length
        if repeatMode == .autoReverse, loop % 2 == 1 { fraction = 1 - fraction }
        let progress = timing.progress(at: Float(fraction))
        let arc = RotationArc(from: start.rotation, to: end.rotation)
        var value = Transform(
            scale: start.scale + (end.scale - start.scale) * progress,
            rotation: arc.rotation(at: progress),
            translation: start.translation + (end.translation - start.translation) * progress)
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
