import Synchronization

/// Behaviour that updates many entities at every update of a space, as RealityKit's `System`.
///
/// Register a system type once with ``registerSystem()``; every space then makes its own
/// instance with ``init(scene:)`` at its next update and calls ``update(context:)`` once an
/// update, after the moves and animations stepped (see ``Space/advance(by:)``). Systems run in
/// the order their ``dependencies`` ask for, and otherwise in the order they were registered.
///
/// Registration is global, as in RealityKit: every space of the process, in every test running in
/// parallel, makes an instance of every registered system. A system that finds its entities
/// through a query for components of its own touches only those.
public protocol System {
    /// A system for `scene`, made by the space when it first updates after the registration.
    /// Main-actor isolated as RealityKit declares it, so that app code written for RealityKit
    /// conforms unchanged in Swift 6; the space calls it on whatever thread updates it.
    @MainActor @preconcurrency init(scene: Scene)

    /// Updates the entities of `context.scene`, once every update of the space. Main-actor
    /// isolated as RealityKit declares it.
    @MainActor @preconcurrency mutating func update(context: SceneUpdateContext)

    /// The systems this one updates before or after; empty unless told otherwise.
    static var dependencies: [SystemDependency] { get }
}

extension System {
    /// No dependencies: the system runs in the order it was registered.
    public static var dependencies: [SystemDependency] { [] }

    /// Does nothing.
    public mutating func update(context: SceneUpdateContext) {}

    /// Registers the system type for every space, as RealityKit's `registerSystem()`: each space
    /// makes an instance at its next update. Registering a type again does nothing. A type whose
    /// dependencies close a cycle with those of the registered systems (A before B before A) is
    /// refused: the program stops with a message naming the cycle.
    @MainActor @preconcurrency public static func registerSystem() {
        SystemRegistry.shared.register(Self.self)
    }
}

/// Whether a system updates before or after another, as RealityKit's `SystemDependency`.
public enum SystemDependency {
    /// The system updates before the given one.
    case before(any System.Type)
    /// The system updates after the given one.
    case after(any System.Type)
}

/// When a system wants its entities, as RealityKit's `SystemUpdateCondition`.
public struct SystemUpdateCondition: Hashable, Sendable {
    /// At every update of the space, a frame of a headset's display: ``Space/frameInterval``.
    public static let rendering = SystemUpdateCondition()
}

/// What a system's ``System/update(context:)`` is told about the update, as RealityKit's
/// `SceneUpdateContext`.
public struct SceneUpdateContext {
    /// The space that updates.
    public let scene: Scene
    /// The seconds of space time this update advanced: at most the space's
    /// ``Space/frameInterval``.
    public let deltaTime: TimeInterval

    /// The entities of the space that meet `query`, as ``Space/performQuery(_:)`` finds them
    /// (from the space's cache). Every update is a rendering update here, so `condition` is
    /// always met.
    public func entities(matching query: EntityQuery, updatingSystemWhen condition: SystemUpdateCondition) -> QueryResult<Entity> {
        scene.performQuery(query)
    }
}

/// The system types registered in the process, in the order they were registered, behind a lock:
/// spaces on any thread read it.
final class SystemRegistry: Sendable {
    static let shared = SystemRegistry()

    /// A registered type. A metatype holds no state, so sharing it across threads is safe;
    /// the compiler cannot tell that of a metatype of a protocol not marked `SendableMetatype`.
    private struct Registered: @unchecked Sendable {
        let type: any System.Type
    }

    private let ordered = Mutex<[Registered]>([])

    /// Adds `type` unless it is there; stops the program if its dependencies close a cycle.
    func register(_ type: any System.Type) {
        ordered.withLock { ordered in
            guard !ordered.contains(where: { $0.type == type }) else { return }
            let candidate = ordered.map(\.type) + [type]
            if let cycle = SystemRegistry.cycle(in: candidate) {
                fatalError("registerSystem(): the dependencies of \(cycle.map { "\($0)" }.joined(separator: " -> ")) form a cycle; \(type) was not registered")
            }
            ordered.append(Registered(type: type))
        }
    }

    /// The registered types, in registration order, when there are more than `count` of them.
    func types(ifMoreThan count: Int) -> [any System.Type]? {
        ordered.withLock { $0.count > count ? $0.map(\.type) : nil }
    }

    /// `types` in an order that puts every system after those it must follow and before those it
    /// must precede, ties broken by the order in `types`; nil when there is a cycle.
    static func updateOrder(of types: [any System.Type]) -> [any System.Type]? {
        let edges = successors(in: types)
        var waiting = Array(repeating: 0, count: types.count)
        for next in edges.values.joined() { waiting[next] += 1 }
        var order: [Int] = []
        var ready = Set(types.indices.filter { waiting[$0] == 0 })
        while let first = ready.min() {
            ready.remove(first)
            order.append(first)
            for next in edges[first, default: []] {
                waiting[next] -= 1
                if waiting[next] == 0 { ready.insert(next) }
            }
        }
        return order.count == types.count ? order.map { types[$0] } : nil
    }

    /// For each index of `types`, the indices of the types that must update after it.
    private static func successors(in types: [any System.Type]) -> [Int: [Int]] {
        func index(of type: any System.Type) -> Int? { types.firstIndex { $0 == type } }
        var edges: [Int: [Int]] = [:]
        for (position, type) in types.enumerated() {
            for dependency in type.dependencies {
                switch dependency {
                case .before(let other): if let other = index(of: other) { edges[position, default: []].append(other) }
                case .after(let other): if let other = index(of: other) { edges[other, default: []].append(position) }
                }
            }
        }
        return edges
    }

    /// A cycle among the dependencies of `types`, as the types along it (the first again at the
    /// end), or nil.
    static func cycle(in types: [any System.Type]) -> [any System.Type]? {
        guard updateOrder(of: types) == nil else { return nil }
        let edges = successors(in: types)
        var state = Array(repeating: 0, count: types.count)  // 0 unseen, 1 on the path, 2 done
        var path: [Int] = []
        func visit(_ node: Int) -> [Int]? {
            state[node] = 1
            path.append(node)
            for next in edges[node, default: []] {
                if state[next] == 1 { return Array(path[path.firstIndex(of: next)!...]) + [next] }
                if state[next] == 0, let found = visit(next) { return found }
            }
            path.removeLast()
            state[node] = 2
            return nil
        }
        for start in types.indices where state[start] == 0 {
            if let found = visit(start) { return found.map { types[$0] } }
        }
        return nil
    }
}

extension Space {
    /// Makes an instance of every system registered since the last update and puts all of them
    /// in update order.
    func instantiateNewSystems() {
        guard let types = SystemRegistry.shared.types(ifMoreThan: systems.count) else { return }
        var instances: [ObjectIdentifier: any System] = [:]
        for system in systems { instances[ObjectIdentifier(type(of: system))] = system }
        let order = SystemRegistry.updateOrder(of: types) ?? types
        systems = order.map { type in instances[ObjectIdentifier(type)] ?? type.init(scene: self) }
    }

    /// Updates every system, in order, for an update of `seconds`.
    func updateSystems(seconds: TimeInterval) {
        guard !systems.isEmpty else { return }
        let context = SceneUpdateContext(scene: self, deltaTime: seconds)
        for index in systems.indices { systems[index].update(context: context) }
    }
}
