// A view's state and what it reads from above: @State, @Binding, @Environment, @GestureState.
// Each keeps its value in a location that the view graph keeps for the view's place in the tree,
// so a body evaluated again finds the values it left. Foundation and Observation come with the
// module, as they do with Apple's SwiftUI, and so do the 3D values and the spatial tap a view's
// gestures name, which live beside RealityKit's names.
@_exported import Foundation
@_exported import Observation
import PrisonSpace
@_exported import protocol PrisonSpace.CoordinateSpaceProtocol
@_exported import struct PrisonSpace.GlobalCoordinateSpace
@_exported import struct PrisonSpace.LocalCoordinateSpace
@_exported import struct PrisonSpace.NamedCoordinateSpace
@_exported import struct PrisonSpace.Point3D
@_exported import struct PrisonSpace.SpatialTapGesture
@_exported import struct PrisonSpace.Vector3D

/// Where a property wrapper's value lives: kept by the view graph for the view's place in the
/// tree, across evaluations of the body.
final class StateLocation<Value>: AnyLocation {
    var value: Value {
        get {
            graph?.noteRead(self)
            return storage
        }
        set {
            storage = newValue
            graph?.noteChange(of: self)
        }
    }
    var storage: Value
    let initial: Value

    init(_ value: Value) {
        storage = value
        initial = value
    }
}

/// A location of any value, and the graph that keeps it.
class AnyLocation {
    weak var graph: ViewGraph?
}

/// A property wrapper whose location the view graph keeps for the view's place in the tree.
protocol DynamicLocation {
    /// The location the wrapper was made with.
    var anyLocation: AnyLocation { get }
    /// Makes the wrapper use `kept` (the one kept for its place) from now on.
    func adopt(_ kept: AnyLocation)
}

/// A box holding the location a wrapper uses: its first, or the one the graph kept.
final class LocationBox<Value> {
    var location: StateLocation<Value>
    init(_ location: StateLocation<Value>) { self.location = location }
}

/// A value a view owns, as SwiftUI's `@State`: setting it makes the views that read it evaluate
/// their bodies again (and a `RealityView`'s update run again).
@propertyWrapper public struct State<Value>: DynamicLocation {
    let box: LocationBox<Value>

    /// State starting at `wrappedValue`.
    public init(wrappedValue value: Value) { box = LocationBox(StateLocation(value)) }
    /// State starting at `value`.
    public init(initialValue value: Value) { self.init(wrappedValue: value) }

    /// The value.
    public var wrappedValue: Value {
        get { box.location.value }
        nonmutating set { box.location.value = newValue }
    }

    /// A binding to the value.
    public var projectedValue: Binding<Value> {
        let box = self.box
        return Binding(get: { box.location.value }, set: { box.location.value = $0 })
    }

    var anyLocation: AnyLocation { box.location }
    func adopt(_ kept: AnyLocation) { if let kept = kept as? StateLocation<Value> { box.location = kept } }
}

extension State where Value: ExpressibleByNilLiteral {
    /// State starting at nil.
    public init() { self.init(wrappedValue: nil) }
}

/// A value another view owns, as SwiftUI's `@Binding`: reading and setting go to the owner.
@propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
    let get: () -> Value
    let set: (Value) -> Void

    /// A binding that reads with `get` and writes with `set`.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.get = get
        self.set = set
    }

    /// The binding `binding`, as `@Binding var x: T` is set from a parent's `$x`.
    public init(projectedValue binding: Binding<Value>) { self = binding }

    /// A binding that always reads `value` and ignores writes.
    public static func constant(_ value: Value) -> Binding<Value> { Binding(get: { value }, set: { _ in }) }

    /// The value.
    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }

    /// The binding itself.
    public var projectedValue: Binding<Value> { self }

    /// A binding to the value's property at `keyPath`.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(get: { self.get()[keyPath: keyPath] }, set: { subject in
            var value = self.get()
            value[keyPath: keyPath] = subject
            self.set(value)
        })
    }
}

/// Bindings to the properties of an `@Observable` model, as SwiftUI's `@Bindable`.
@propertyWrapper @dynamicMemberLookup public struct Bindable<Value: AnyObject> {
    /// The model.
    public var wrappedValue: Value
    /// Bindings to the model's properties.
    public var projectedValue: Bindable<Value> { self }

    /// Bindings to `wrappedValue`'s properties.
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    /// Bindings to `value`'s properties.
    public init(_ value: Value) { wrappedValue = value }

    /// A binding to the model's property at `keyPath`.
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let model = wrappedValue
        return Binding(get: { model[keyPath: keyPath] }, set: { model[keyPath: keyPath] = $0 })
    }
}

/// What views read from above, as SwiftUI's `EnvironmentValues`: the models given with
/// `.environment(model)`, and values under keys.
public struct EnvironmentValues {
    var values: [ObjectIdentifier: Any] = [:]

    /// No values.
    public init() {}

    /// The value under `key`, or its default.
    public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
        get { values[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }

    /// The model of type `type` given with `.environment(model)`, if any.
    func object<T>(of type: T.Type) -> T? { values[ObjectIdentifier(type)] as? T }

    /// Gives `object` to the views below.
    mutating func set<T: AnyObject>(object: T) { values[ObjectIdentifier(T.self)] = object }
}

/// A key for a value of the environment, as SwiftUI's `EnvironmentKey`.
public protocol EnvironmentKey {
    /// The type of the value.
    associatedtype Value
    /// The value where none is given.
    static var defaultValue: Value { get }
}

/// A value read from the environment, as SwiftUI's `@Environment`: a model given with
/// `.environment(model)` above the view, or a value at a key path of ``EnvironmentValues``.
@propertyWrapper public struct Environment<Value>: EnvironmentReading {
    let box: EnvironmentBox
    let read: (EnvironmentValues) -> Value?
    let what: String

    /// The value at `keyPath` of the environment.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        box = EnvironmentBox()
        read = { $0[keyPath: keyPath] }
        what = "\(keyPath)"
    }

    /// The model of type `objectType` given with `.environment(model)` above the view.
    public init(_ objectType: Value.Type) where Value: AnyObject & Observable {
        box = EnvironmentBox()
        read = { $0.object(of: objectType) }
        what = "\(objectType)"
    }

    /// The model of type `objectType` given above the view, or nil.
    public init<T: AnyObject & Observable>(_ objectType: T.Type) where Value == T? {
        box = EnvironmentBox()
        read = { $0.object(of: objectType) }
        what = "\(objectType)"
    }

    /// The value.
    public var wrappedValue: Value {
        guard let value = box.values.flatMap(read) else {
            fatalError("no \(what) in the environment: give it with .environment(_:) above the view")
        }
        return value
    }

    func install(_ values: EnvironmentValues) { box.values = values }
}

/// The environment a view was evaluated in.
final class EnvironmentBox {
    var values: EnvironmentValues?
}

/// A property wrapper that reads the environment.
protocol EnvironmentReading {
    /// Gives the wrapper the environment of its view.
    func install(_ values: EnvironmentValues)
}

/// A value a gesture sets while it runs, as SwiftUI's `@GestureState`: back to its first value
/// when the gesture ends.
@propertyWrapper public struct GestureState<Value>: DynamicLocation {
    let box: LocationBox<Value>

    /// State starting, and ending each gesture, at `wrappedValue`.
    public init(wrappedValue: Value) { box = LocationBox(StateLocation(wrappedValue)) }
    /// State starting, and ending each gesture, at `initialValue`.
    public init(initialValue: Value) { self.init(wrappedValue: initialValue) }

    /// The value.
    public var wrappedValue: Value { box.location.value }
    /// The state itself, for a gesture's `updating(_:body:)`.
    public var projectedValue: GestureState<Value> { self }

    var anyLocation: AnyLocation { box.location }
    func adopt(_ kept: AnyLocation) { if let kept = kept as? StateLocation<Value> { box.location = kept } }
}

extension GestureState where Value: ExpressibleByNilLiteral {
    /// State starting, and ending each gesture, at nil.
    public init() { self.init(wrappedValue: nil) }
}

/// What a gesture's `updating` may change besides its state, as SwiftUI's `Transaction`: the
/// animation of the change, which does not matter here.
public struct Transaction {
    /// A transaction without animation.
    public init() {}
}
