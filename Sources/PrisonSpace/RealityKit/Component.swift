/// A piece of data an entity carries, one of each type: RealityKit's `Component`. Conform your
/// own types to it to keep them on entities with `entity.components.set(…)`.
public protocol Component {
    /// Registers the type with the space's component system. RealityKit requires a call for
    /// custom components before use; here every type works without it, and the call does nothing.
    static func registerComponent()
}

extension Component {
    /// Does nothing: every component type works without registration here.
    public static func registerComponent() {}
}

extension Transform: Component {}

extension Entity {
    /// An entity's components, one of each type, as RealityKit's `Entity.ComponentSet`: set,
    /// read, test and remove them by type. Every entity has a ``Transform``.
    public struct ComponentSet: Sequence {
        /// The entity whose components these are.
        @usableFromInline let entity: Entity

        init(entity: Entity) { self.entity = entity }

        /// Every component of the entity, its ``Transform`` first, then its collision component,
        /// then the others in the order they were first set.
        public func makeIterator() -> IndexingIterator<[any Component]> {
            var all: [any Component] = [entity.transform]
            if let collision = entity.collision { all.append(collision) }
            all.append(contentsOf: entity.otherComponents.values)
            return all.makeIterator()
        }

        /// Sets `component`, replacing any of its type.
        public func set<T: Component>(_ component: T) {
            switch component {
            case let transform as Transform: entity.transform = transform
            case let collision as CollisionComponent: entity.collision = collision
            default:
                let isNew = entity.otherComponents.set(component)
                entity.componentWasSet(T.self, isNew: isNew)
            }
        }

        /// Sets each of `components`, replacing those of their types.
        public func set(_ components: [any Component]) {
            for component in components { set(component) }
        }

        /// Whether the entity has a component of `componentType`.
        public func has(_ componentType: any Component.Type) -> Bool {
            has(ObjectIdentifier(componentType))
        }

        /// Whether the entity has a component of the type `componentType` identifies.
        func has(_ componentType: ObjectIdentifier) -> Bool {
            if componentType == ObjectIdentifier(Transform.self) { return true }
            if componentType == ObjectIdentifier(CollisionComponent.self) { return entity.collision != nil }
            return entity.otherComponents.contains(componentType)
        }

        /// Removes the component of `componentType`; removing the ``Transform`` resets it to the
        /// identity.
        public func remove(_ componentType: any Component.Type) {
            if componentType == Transform.self {
                entity.transform = .identity
            } else if componentType == CollisionComponent.self {
                entity.collision = nil
            } else if entity.otherComponents.contains(ObjectIdentifier(componentType)) {
                entity.componentWillBeRemoved(componentType)
                entity.otherComponents.remove(ObjectIdentifier(componentType))
            }
        }

        /// Removes every component; the ``Transform`` is reset to the identity.
        public func removeAll() {
            entity.transform = .identity
            entity.collision = nil
            for component in entity.otherComponents.values { remove(type(of: component)) }
        }

        /// The component of `componentType`, or nil; setting nil removes it.
        // Inlinable, so that a system's read of its own component type is specialized where it
        // is written: a look-up of the type and a load, no dynamic cast or existential copy.
        @inlinable public subscript<T: Component>(componentType: T.Type) -> T? {
            get {
                if T.self == Transform.self { return entity.transform as? T }
                if T.self == CollisionComponent.self { return entity.collision as? T }
                guard let address = entity.storedComponentAddress(of: ObjectIdentifier(T.self)) else { return nil }
                return address.assumingMemoryBound(to: T.self).pointee
            }
            nonmutating set {
                if let newValue { set(newValue) } else { remove(T.self) }
            }
        }

        /// How many components the entity has, its ``Transform`` included.
        public var count: Int { 1 + (entity.collision == nil ? 0 : 1) + entity.otherComponents.count }
    }

    /// The entity's components, one of each type. Setting it gives the entity the components of
    /// another entity's set.
    public var components: ComponentSet {
        get { ComponentSet(entity: self) }
        set {
            guard newValue.entity !== self else { return }
            components.removeAll()
            transform = newValue.entity.transform
            collision = newValue.entity.collision
            for component in newValue.entity.otherComponents.values { components.set(component) }
        }
    }
}

/// A component kept on an entity, in a box of its own type: a read of a known type loads it
/// without opening an existential. Boxes are shared between clones and copied on write.
final class StoredComponent<Value: Component>: ComponentBox {
    /// Where the value is: memory of the box's own, so that a read inlined into another module
    /// loads it through the address, with no reference to the box taken and no run-time check
    /// of exclusive access (a class's stored property would have both). Boxes are used only from
    /// the thread that owns the entity's space.
    let value: UnsafeMutablePointer<Value>

    init(_ value: Value) {
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
        super.init(address: UnsafeMutableRawPointer(self.value))
    }

    deinit { value.deinitialize(count: 1).deallocate() }

    override var component: any Component { value.pointee }
}

/// A component's box, whatever its type: a `StoredComponent` of that type.
class ComponentBox {
    /// Where the component is.
    let address: UnsafeMutableRawPointer

    init(address: UnsafeMutableRawPointer) { self.address = address }

    /// The component in the box; each `StoredComponent` answers for its type.
    var component: any Component { preconditionFailure("a component's box has the component's type") }
}

extension Entity {
    /// Where the component of the type `type` identifies is kept (other than the transform and
    /// the collision component), or nil: valid until the entity's components next change. A
    /// read through it takes no reference to the box.
    @usableFromInline func storedComponentAddress(of type: ObjectIdentifier) -> UnsafeMutableRawPointer? {
        otherComponents.address(of: type)
    }
}

/// The components of an entity other than its transform and collision component, in the order
/// they were first set: a short list searched by type, cheaper than hashing for the few
/// components an entity has, and in the same order on every run.
struct ComponentStore {
    /// The types, by identity, in the order their components were first set: a look-up scans
    /// these only.
    private var types: [ObjectIdentifier] = []
    /// The components' boxes (each a `StoredComponent` of its type), in the same order.
    private var boxes: [ComponentBox] = []

    /// The components, in the order they were first set.
    var values: [any Component] { boxes.map(\.component) }

    /// Where the component of the type `type` identifies is kept, or nil.
    func address(of type: ObjectIdentifier) -> UnsafeMutableRawPointer? {
        guard let index = types.firstIndex(of: type) else { return nil }
        return boxes[index].address
    }

    /// Sets `component` as the one of its type; returns whether there was none. A box no other
    /// entity shares is updated in place.
    mutating func set<T: Component>(_ component: T) -> Bool {
        let type = ObjectIdentifier(T.self)
        guard let index = types.firstIndex(of: type) else {
            types.append(type)
            boxes.append(StoredComponent(component))
            return true
        }
        if isKnownUniquelyReferenced(&boxes[index]) {
            unsafeDowncast(boxes[index], to: StoredComponent<T>.self).value.pointee = component
        } else {
            boxes[index] = StoredComponent(component)
        }
        return false
    }

    /// Removes the component of the type `type` identifies.
    mutating func remove(_ type: ObjectIdentifier) {
        guard let index = types.firstIndex(of: type) else { return }
        types.remove(at: index)
        boxes.remove(at: index)
    }

    /// Whether there is a component of the type `type` identifies.
    func contains(_ type: ObjectIdentifier) -> Bool { types.contains(type) }

    /// How many components there are.
    var count: Int { types.count }
}
