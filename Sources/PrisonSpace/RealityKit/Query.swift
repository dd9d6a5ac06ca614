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

    /// Whether `entity` meets the predicate: for gestures targeted to the entities that do.
    package func isMet(by entity: Entity) -> Bool { condition.isMet(by: entity) }
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

/// The entities a query found, as RealityKit's `QueryResult`: a sequence, in the order of a
/// depth-first walk from the space's root.
///
/// RealityKit's is a `Sequence` only. This one is also a random-access collection, as the array
/// it was before version 2.5 is, so that code that counts or indexes a result keeps compiling;
/// code meant for RealityKit should only iterate it.
public struct QueryResult<Element>: RandomAccessCollection {
    /// The entities found.
    let elements: [Element]

    /// Walks the entities found, in order.
    public struct Iterator: IteratorProtocol {
        var base: IndexingIterator<[Element]>

        /// The next entity, or nil after the last.
        public mutating func next() -> Element? { base.next() }
    }

    /// An iterator over the entities found, in order.
    public func makeIterator() -> Iterator { Iterator(base: elements.makeIterator()) }

    /// The position of the first entity: 0.
    public var startIndex: Int { 0 }
    /// One past the position of the last entity: the number found.
    public var endIndex: Int { elements.count }
    /// The entity at `position`.
    public subscript(position: Int) -> Element { elements[position] }
}

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
        if let cached = queries[query], cached.structure == structure { return QueryResult(elements: cached.entities) }
        var found: [Entity] = []
        found.reserveCapacity(queries[query]?.entities.count ?? 0)
        root.collect(into: &found) { query.condition.isMet(by: $0) }
        queries[query] = CachedQuery(structure: structure, entities: found)
        return QueryResult(elements: found)
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
