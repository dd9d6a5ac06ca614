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
        let entity: Entity

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
                let isNew = entity.otherComponents.set(component, for: ObjectIdentifier(T.self))
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
            return entity.otherComponents[componentType] != nil
        }

        /// Removes the component of `componentType`; removing the ``Transform`` resets it to the
        /// identity.
        public func remove(_ componentType: any Component.Type) {
            if componentType == Transform.self {
                entity.transform = .identity
            } else if componentType == CollisionComponent.self {
                entity.collision = nil
            } else if entity.otherComponents[ObjectIdentifier(componentType)] != nil {
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
        public subscript<T: Component>(componentType: T.Type) -> T? {
            get {
                if T.self == Transform.self { return entity.transform as? T }
                if T.self == CollisionComponent.self { return entity.collision as? T }
                guard let component = entity.otherComponents[ObjectIdentifier(T.self)] else { return nil }
                return Self.value(of: component, as: T.self)
            }
            nonmutating set {
                if let newValue { set(newValue) } else { remove(T.self) }
            }
        }

        /// `component`, kept under the key of `T`, so a `T`: read without a dynamic cast (the
        /// cost of most of a system's read of a component), by opening the existential, whose
        /// concrete type is `T`.
        private static func value<T: Component>(of component: any Component, as _: T.Type) -> T {
            func open<Stored: Component>(_ stored: Stored) -> T {
                precondition(Stored.self == T.self, "a component kept under the key of another type")
                return unsafeBitCast(stored, to: T.self)
            }
            return open(component)
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

/// The components of an entity other than its transform and collision component, in the order
/// they were first set: a short list searched by type, cheaper than hashing for the few
/// components an entity has, and in the same order on every run.
struct ComponentStore {
    /// The types, by identity, in the order their components were first set: a look-up scans
    /// these only.
    private var types: [ObjectIdentifier] = []
    /// The components, in the same order.
    private(set) var values: [any Component] = []

    /// The component of the type `type` identifies, or nil.
    subscript(type: ObjectIdentifier) -> (any Component)? {
        guard let index = types.firstIndex(of: type) else { return nil }
        return values[index]
    }

    /// Sets `component` as the one of the type `type` identifies; returns whether there was none.
    mutating func set(_ component: any Component, for type: ObjectIdentifier) -> Bool {
        if let index = types.firstIndex(of: type) {
            values[index] = component
            return false
        }
        types.append(type)
        values.append(component)
        return true
    }

    /// Removes the component of the type `type` identifies.
    mutating func remove(_ type: ObjectIdentifier) {
        guard let index = types.firstIndex(of: type) else { return }
        types.remove(at: index)
        values.remove(at: index)
    }

    /// How many components there are.
    var count: Int { types.count }
}
