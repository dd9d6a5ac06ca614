/// A condition on entities, as RealityKit's `QueryPredicate`: which components they have,
/// combined with `&&`, `||` and `!`.
public struct QueryPredicate<Value>: Hashable, Sendable {
    let condition: QueryCondition

    /// The entities that have a component of `componentType`.
    public static func has<T: Component>(_ componentType: T.Type) -> QueryPredicate<Entity> {
        QueryPredicate<Entity>(condition: .has(ObjectIdentifier(componentType)))
    }

    /// Both conditions.
    public static func && (a: QueryPredicate, b: QueryPredicate) -> QueryPredicate {
        QueryPredicate(condition: .all(a.condition, b.condition))
    }

    /// Either condition.
    public static func || (a: QueryPredicate, b: QueryPredicate) -> QueryPredicate {
        QueryPredicate(condition: .any(a.condition, b.condition))
    }

    /// The opposite condition.
    public static prefix func ! (a: QueryPredicate) -> QueryPredicate {
        QueryPredicate(condition: .none(a.condition))
    }
}

/// What a ``QueryPredicate`` tests, as a value a space can cache its queries by.
indirect enum QueryCondition: Hashable, Sendable {
    case every
    case has(ObjectIdentifier)
    case all(QueryCondition, QueryCondition)
    case any(QueryCondition, QueryCondition)
    case none(QueryCondition)

    func isMet(by entity: Entity) -> Bool {
        switch self {
        case .every: true
        case .has(let type): entity.components.has(type)
        case .all(let a, let b): a.isMet(by: entity) && b.isMet(by: entity)
        case .any(let a, let b): a.isMet(by: entity) || b.isMet(by: entity)
        case .none(let a): !a.isMet(by: entity)
        }
    }
}

/// A search for the entities of a space that meet a condition, as RealityKit's `EntityQuery`.
/// A space keeps the answer to each query it was asked and finds the entities again only when
/// entities were added or removed or components added or removed since.
public struct EntityQuery: Hashable, Sendable {
    let condition: QueryCondition

    /// A query for every entity of the space.
    public init() { condition = .every }

    /// A query for the entities that meet `predicate`.
    public init(where predicate: QueryPredicate<Entity>) { condition = predicate.condition }
}

/// The entities a query found, as RealityKit's `QueryResult`: here an array, in the order of a
/// depth-first walk from the space's root.
public typealias QueryResult<Element> = [Element]

/// A query's answer and the structure of the space it was found in.
struct CachedQuery {
    var structure: Int
    var entities: [Entity]
}

extension Space {
    /// The entities of the space that meet `query`'s condition, depth first from the root (which
    /// is not one of them), disabled ones included, as RealityKit's `performQuery(_:)` finds
    /// them. The answer is kept until entities or components are added or removed: asking again
    /// meanwhile costs a dictionary look-up.
    public func performQuery(_ query: EntityQuery) -> QueryResult<Entity> {
        let structure = changes.structure
        if let cached = queries[query], cached.structure == structure { return cached.entities }
        var found: [Entity] = []
        found.reserveCapacity(queries[query]?.entities.count ?? 0)
        root.collect(into: &found) { query.condition.isMet(by: $0) }
        queries[query] = CachedQuery(structure: structure, entities: found)
        return found
    }
}

extension Entity {
    /// Appends the descendants of this entity that meet `condition` to `found`, depth first.
    func collect(into found: inout [Entity], where condition: (Entity) -> Bool) {
        for child in childList {
            if condition(child) { found.append(child) }
            child.collect(into: &found, where: condition)
        }
    }
}
