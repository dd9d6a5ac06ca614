/// A condition on entities, as RealityKit's `QueryPredicate`: which components they have,
/// combined with `&&`, `||` and `!`.
public struct QueryPredicate<Value> {
    let isMet: (Value) -> Bool

    /// The entities that have a component of `componentType`.
    public static func has<T: Component>(_ componentType: T.Type) -> QueryPredicate<Entity> {
        QueryPredicate<Entity> { $0.components.has(componentType) }
    }

    /// Both conditions.
    public static func && (a: QueryPredicate, b: QueryPredicate) -> QueryPredicate {
        QueryPredicate { a.isMet($0) && b.isMet($0) }
    }

    /// Either condition.
    public static func || (a: QueryPredicate, b: QueryPredicate) -> QueryPredicate {
        QueryPredicate { a.isMet($0) || b.isMet($0) }
    }

    /// The opposite condition.
    public static prefix func ! (a: QueryPredicate) -> QueryPredicate {
        QueryPredicate { !a.isMet($0) }
    }
}

/// A search for the entities of a space that meet a condition, as RealityKit's `EntityQuery`.
public struct EntityQuery {
    let predicate: QueryPredicate<Entity>

    /// A query for the entities that meet `predicate`.
    public init(where predicate: QueryPredicate<Entity>) { self.predicate = predicate }
}

extension Space {
    /// The entities of the space that meet `query`'s condition, depth first from the root,
    /// disabled ones included, as RealityKit's `performQuery(_:)` finds them.
    public func performQuery(_ query: EntityQuery) -> [Entity] {
        root.subtree.filter { $0 !== root && query.predicate.isMet($0) }
    }
}

/// What a space sends as time moves, as RealityKit's `SceneEvents`.
public enum SceneEvents {
    /// The space's clock advanced: sent at the end of every ``Space/advance(by:)``, after the
    /// moves stepped and their completions ran.
    public struct Update: Event {
        /// The space.
        public let scene: Space
        /// The step, in seconds.
        public let deltaTime: TimeInterval
    }
}

/// An entity that anchors its descendants in the space, as RealityKit's `AnchorEntity`: here a
/// plain entity placed in the world, since a space's root anchors everything under it.
open class AnchorEntity: Entity {
    /// An anchor at `position` in the world.
    public convenience init(world position: SIMD3<Float>) {
        self.init()
        transform = Transform(translation: position)
    }

    /// An anchor at the transform of the matrix `transform` in the world.
    public convenience init(world transform: simd_float4x4) {
        self.init()
        self.transform = Transform(matrix: transform)
    }
}
