// SwiftUI's gestures, as an immersive view attaches them to its RealityView: tap, spatial tap,
// drag, 3D rotation, magnification and long press, targeted to entities, with their handlers.
// The harness performs them (``RealityViewHarness/perform(_:at:)``); each gesture that fits what
// is performed turns the hand's frames into its own values.
import Foundation
import PrisonSpace

/// A gesture, as SwiftUI's `Gesture`: a value a view carries with `.gesture(_:)`, whose handlers
/// run when a person performs it.
public protocol Gesture<Value> {
    /// What the gesture's handlers receive.
    associatedtype Value
}

/// What a person does, as the harness performs it.
enum GestureKind: Equatable {
    case tap(count: Int)
    case drag
    case rotate
    case magnify
    case longPress(seconds: Double)
}

/// A gesture as performed: its kind, the entity the gaze met (the input target) and where.
struct GestureInput {
    let kind: GestureKind
    let entity: Entity
    let hitPoint: SIMD3<Double>
    /// How far the hand moves over the gesture, in metres.
    let distance: Double
}

/// The hand at one frame of a gesture: the gesture's values are made from it.
struct GestureFrame {
    /// Where the gesture points now, where it started and where it will end, in the world.
    var location: SIMD3<Double>
    var start: SIMD3<Double>
    var end: SIMD3<Double>
    /// How far the hand moved from where it started; its pose then.
    var handStart: SIMD3<Double>
    /// The rotation and magnification of a two-handed gesture so far.
    var rotation = Rotation3D.identity
    var magnification = 1.0
    /// How fast it changes, per second: the location, and the magnification.
    var velocity = SIMD3<Double>.zero
    var magnificationVelocity = 0.0
    /// When the frame is, on the date clock.
    var time: Date
}

/// A gesture under way: its value at each frame and what runs with it.
struct GestureRun<Value> {
    var value: (GestureFrame) -> Value
    var reportsChanges = true
    /// How long it must be held before it ends on its own (a long press), in seconds.
    var endsAfter: Double?
    var changed: (Value) -> Void = { _ in }
    var ended: (Value) -> Void = { _ in }
    var reset: () -> Void = {}

    /// The same run with `value` mapped by `transform`; the handlers see the new values.
    func map<New>(_ transform: @escaping (Value) -> New, back: @escaping (New) -> Value) -> GestureRun<New> {
        let value = self.value, changed = self.changed, ended = self.ended
        return GestureRun<New>(
            value: { transform(value($0)) }, reportsChanges: reportsChanges, endsAfter: endsAfter, changed: { changed(back($0)) },
            ended: { ended(back($0)) }, reset: reset)
    }

    /// The run without its value's type.
    var erased: ErasedGestureRun {
        let value = self.value, changed = self.changed, ended = self.ended
        return ErasedGestureRun(
            reportsChanges: reportsChanges, endsAfter: endsAfter, changed: { changed(value($0)) }, ended: { ended(value($0)) },
            reset: reset)
    }
}

/// A gesture under way, whatever its value.
struct ErasedGestureRun {
    let reportsChanges: Bool
    let endsAfter: Double?
    let changed: (GestureFrame) -> Void
    let ended: (GestureFrame) -> Void
    let reset: () -> Void
}

/// A gesture that can take part in what the harness performs.
protocol GestureRecognizing {
    /// The run of the gesture for `input`, a `GestureRun<Value>`, or nil when it does not fit.
    func anyRun(for input: GestureInput) -> Any?
}

/// The run of `gesture` for `input`, or nil when it does not fit.
func run<G: Gesture>(of gesture: G, for input: GestureInput) -> GestureRun<G.Value>? {
    (gesture as? any GestureRecognizing)?.anyRun(for: input) as? GestureRun<G.Value>
}

// MARK: The gestures

/// One or more taps, as SwiftUI's `TapGesture`.
public struct TapGesture: Gesture, GestureRecognizing {
    /// A tap has no value.
    public typealias Value = Void
    /// How many taps in a row it needs.
    public var count: Int

    /// A gesture of `count` taps in a row.
    public init(count: Int = 1) { self.count = count }

    func anyRun(for input: GestureInput) -> Any? {
        guard input.kind == .tap(count: count) else { return nil }
        return GestureRun<Void>(value: { _ in () }, reportsChanges: false)
    }
}

extension SpatialTapGesture: Gesture, GestureRecognizing {
    func anyRun(for input: GestureInput) -> Any? {
        guard input.kind == .tap(count: count) else { return nil }
        return GestureRun<Value>(value: { Value(location3D: Point3D($0.location)) }, reportsChanges: false)
    }
}

/// A pinch that moves, as SwiftUI's `DragGesture`, with its 3D values.
public struct DragGesture: Gesture, GestureRecognizing {
    /// How far the hand must move before the drag starts, in points (a drag the harness
    /// performs moves farther unless it does not move at all).
    public var minimumDistance: Double

    /// A drag that starts once the hand moved `minimumDistance` points; its locations are given
    /// in `coordinateSpace` (here always the space's world).
    public init(minimumDistance: Double = 10, coordinateSpace: some CoordinateSpaceProtocol = .local) {
        self.minimumDistance = minimumDistance
    }

    /// The drag so far.
    public struct Value: Equatable, Sendable {
        /// When the frame of this value came.
        public var time: Date
        /// Where the drag is now, in metres in the world.
        public var location3D: Point3D
        /// Where it started: where the gaze met the entity.
        public var startLocation3D: Point3D
        /// Where it will end, as far as can be told.
        public var predictedEndLocation3D: Point3D
        /// The pose of the hand now (moved as far as the drag, not turned).
        public var inputDevicePose3D: Pose3D?
        /// The pose of the hand when the drag started.
        public var startInputDevicePose3D: Pose3D?
        /// How fast the drag moves, in metres a second.
        public var velocity3D: Vector3D

        /// How far the drag has moved: ``location3D`` less ``startLocation3D``.
        public var translation3D: Vector3D { location3D - startLocation3D }
        /// How far it will have moved at its end, as far as can be told.
        public var predictedEndTranslation3D: Vector3D { predictedEndLocation3D - startLocation3D }
    }

    func anyRun(for input: GestureInput) -> Any? {
        guard input.kind == .drag, input.distance > 0 || minimumDistance <= 0 else { return nil }
        return GestureRun<Value>(value: { frame in
            let hand = frame.handStart + (frame.location - frame.start)
            return Value(
                time: frame.time, location3D: Point3D(frame.location), startLocation3D: Point3D(frame.start),
                predictedEndLocation3D: Point3D(frame.end), inputDevicePose3D: Pose3D(position: Point3D(hand)),
                startInputDevicePose3D: Pose3D(position: Point3D(frame.handStart)), velocity3D: Vector3D(frame.velocity))
        })
    }
}

/// Two hands turning, as SwiftUI's `RotateGesture3D`.
public struct RotateGesture3D: Gesture, GestureRecognizing {
    /// The axis the rotation is held to, if any.
    public var constrainedAxis: RotationAxis3D?
    /// How far the hands must turn before the gesture starts.
    public var minimumAngleDelta: Angle

    /// A rotation gesture held to turning about `constrainedToAxis` (any axis when nil) that
    /// starts once the hands turned `minimumAngleDelta`.
    public init(constrainedToAxis: RotationAxis3D? = nil, minimumAngleDelta: Angle = .degrees(1)) {
        constrainedAxis = constrainedToAxis
        self.minimumAngleDelta = minimumAngleDelta
    }

    /// The rotation so far.
    public struct Value: Equatable, Sendable {
        /// When the frame of this value came.
        public var time: Date
        /// How far the hands turned since the gesture started.
        public var rotation: Rotation3D
        /// Where the gesture started: where the gaze met the entity.
        public var startLocation3D: Point3D
    }

    func anyRun(for input: GestureInput) -> Any? {
        guard input.kind == .rotate else { return nil }
        let axis = constrainedAxis
        return GestureRun<Value>(value: { frame in
            Value(time: frame.time, rotation: axis.map { frame.rotation.twist(about: $0) } ?? frame.rotation, startLocation3D: Point3D(frame.start))
        })
    }
}

extension Rotation3D {
    /// The part of this rotation about `axis` (its twist).
    func twist(about axis: RotationAxis3D) -> Rotation3D {
        let imaginary = SIMD3(vector.x, vector.y, vector.z)
        let along = axis.vector * (imaginary * axis.vector).sum()
        let twist = SIMD4(along, vector.w)
        let length = (twist * twist).sum().squareRoot()
        var result = Rotation3D.identity
        if length > 0 { result.vector = twist / length }
        return result
    }
}

/// Two hands moving apart or together, as SwiftUI's `MagnifyGesture`.
public struct MagnifyGesture: Gesture, GestureRecognizing {
    /// How much the scale must change before the gesture starts.
    public var minimumScaleDelta: Double

    /// A magnification that starts once the scale changed by `minimumScaleDelta`.
    public init(minimumScaleDelta: Double = 0.01) { self.minimumScaleDelta = minimumScaleDelta }

    /// The magnification so far.
    public struct Value: Equatable, Sendable {
        /// When the frame of this value came.
        public var time: Date
        /// The factor the hands' distance changed by since the gesture started.
        public var magnification: Double
        /// How fast the factor changes, a second.
        public var velocity: Double
        /// Where the gesture started: where the gaze met the entity.
        public var startLocation3D: Point3D
    }

    func anyRun(for input: GestureInput) -> Any? {
        guard input.kind == .magnify else { return nil }
        return GestureRun<Value>(value: { frame in
            Value(
                time: frame.time, magnification: frame.magnification, velocity: frame.magnificationVelocity,
                startLocation3D: Point3D(frame.start))
        })
    }
}

/// A pinch held, as SwiftUI's `LongPressGesture`: it changes to true when the pinch starts and
/// ends (true) once it has been held `minimumDuration`; released sooner, it does not end.
public struct LongPressGesture: Gesture, GestureRecognizing {
    /// A long press tells whether it is pressed.
    public typealias Value = Bool
    /// How long the pinch must be held, in seconds.
    public var minimumDuration: Double
    /// How far the hand may move while held, in points.
    public var maximumDistance: Double

    /// A press held `minimumDuration` seconds that moves no farther than `maximumDistance`.
    public init(minimumDuration: Double = 0.5, maximumDistance: Double = 10) {
        self.minimumDuration = minimumDuration
        self.maximumDistance = maximumDistance
    }

    func anyRun(for input: GestureInput) -> Any? {
        guard case .longPress = input.kind else { return nil }
        return GestureRun<Bool>(value: { _ in true }, endsAfter: minimumDuration)
    }
}

// MARK: Targeting

/// A gesture targeted to entities, as RealityKit's `EntityTargetGesture`: its value is an
/// `EntityTargetValue` holding the entity and the gesture's own value.
public struct EntityTargetGesture<Base: Gesture>: Gesture, GestureRecognizing {
    /// The targeted value.
    public typealias Value = EntityTargetValue<Base.Value>

    enum Target {
        case any
        case entity(Entity)
        case query(QueryPredicate<Entity>)
    }

    let base: Base
    let target: Target

    /// The entity the gesture targets for a hit on `hit`: the hit entity for any entity; the
    /// given one, or the nearest matching ancestor, when the hit is in its subtree.
    func targetedEntity(for hit: Entity) -> Entity? {
        switch target {
        case .any: return hit
        case .entity(let entity): return hit === entity || entity.isAncestor(of: hit) ? entity : nil
        case .query(let predicate):
            var current: Entity? = hit
            while let entity = current, !predicate.isMet(by: entity) { current = entity.parent }
            return current
        }
    }

    func anyRun(for input: GestureInput) -> Any? {
        guard let entity = targetedEntity(for: input.entity), let inner = run(of: base, for: input) else { return nil }
        return inner.map({ EntityTargetValue(entity: entity, gestureValue: $0) }, back: \.gestureValue)
    }
}

extension Gesture {
    /// The gesture targeted to any entity that is an input target.
    public func targetedToAnyEntity() -> EntityTargetGesture<Self> { EntityTargetGesture(base: self, target: .any) }

    /// The gesture targeted to `entity` (and the entities below it).
    public func targetedToEntity(_ entity: Entity) -> EntityTargetGesture<Self> {
        EntityTargetGesture(base: self, target: .entity(entity))
    }

    /// The gesture targeted to the entities that meet `query` (a hit below one targets it).
    public func targetedToEntity(where query: QueryPredicate<Entity>) -> EntityTargetGesture<Self> {
        EntityTargetGesture(base: self, target: .query(query))
    }
}

// MARK: Handlers

/// A gesture with a handler, as SwiftUI's gestures given `onChanged`, `onEnded` or `updating`.
public struct HandledGesture<Base: Gesture>: Gesture, GestureRecognizing {
    /// The base gesture's value.
    public typealias Value = Base.Value

    let base: Base
    let attach: (inout GestureRun<Value>) -> Void

    func anyRun(for input: GestureInput) -> Any? {
        guard var inner = run(of: base, for: input) else { return nil }
        attach(&inner)
        return inner
    }
}

extension Gesture {
    /// The gesture, running `action` with each new value while it goes on.
    public func onChanged(_ action: @escaping (Value) -> Void) -> HandledGesture<Self> {
        HandledGesture(base: self) { run in run.changed = then(run.changed, action) }
    }

    /// The gesture, running `action` with its last value when it ends.
    public func onEnded(_ action: @escaping (Value) -> Void) -> HandledGesture<Self> {
        HandledGesture(base: self) { run in run.ended = then(run.ended, action) }
    }

    /// The gesture, letting `body` set `state` (and the transaction) with each new value; the
    /// state goes back to its first value when the gesture ends.
    public func updating<State>(
        _ state: GestureState<State>, body: @escaping (Value, inout State, inout Transaction) -> Void
    ) -> HandledGesture<Self> {
        HandledGesture(base: self) { run in
            let reset = run.reset
            let box = state.box
            run.changed = then(run.changed) { value in
                var current = box.location.storage
                var transaction = Transaction()
                body(value, &current, &transaction)
                box.location.value = current
            }
            run.reset = {
                reset()
                box.location.value = box.location.initial
            }
        }
    }
}

/// A handler that runs `first`, then `second`.
private func then<Value>(_ first: @escaping (Value) -> Void, _ second: @escaping (Value) -> Void) -> (Value) -> Void {
    { value in
        first(value)
        second(value)
    }
}

/// Which gestures of a view and its subviews take part, as SwiftUI's `GestureMask`.
public struct GestureMask: OptionSet, Sendable {
    /// The bits of the set.
    public let rawValue: UInt8
    /// The set of the bits of `rawValue`.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// None.
    public static let none: GestureMask = []
    /// The gesture being added.
    public static let gesture = GestureMask(rawValue: 1)
    /// The subviews' gestures.
    public static let subviews = GestureMask(rawValue: 2)
    /// Every gesture.
    public static let all: GestureMask = [.gesture, .subviews]
}
