import PrisonSpace

/// A spin of an entity of the bench's, in radians a second about +y.
struct BenchSpinComponent: Component {
    var radiansPerSecond: Float
}

/// Turns every entity with a ``BenchSpinComponent``: a registered system as an app writes one.
struct BenchSpinSystem: System {
    static let query = EntityQuery(where: .has(BenchSpinComponent.self))

    init(scene: Scene) {}

    func update(context: SceneUpdateContext) {
        let step = Float(context.deltaTime)
        for entity in context.entities(matching: Self.query, updatingSystemWhen: .rendering) {
            guard let spin = entity.components[BenchSpinComponent.self] else { continue }
            entity.transform.rotation = simd_quatf(angle: spin.radiansPerSecond * step, axis: [0, 1, 0]) * entity.transform.rotation
        }
    }
}

extension EngineBench {
    /// The figures of systems, queries and collision events, each beside its baseline.
    struct SystemFigures: Encodable {
        let entities: Int
        /// A registered system turning every entity: one update of the space.
        let systemMillisecondsPerUpdate: Double
        /// The same turns on a plain array of transforms and spins.
        let plainArrayMillisecondsPerUpdate: Double
        /// A query asked again with nothing changed.
        let cachedQueryMicroseconds: Double
        /// A query asked after an entity was added.
        let queryAfterAddMicroseconds: Double
        /// A walk of the whole tree testing every entity, what an uncached query costs.
        let treeWalkMicroseconds: Double
        let collisionShapes: Int
        let movingShapes: Int
        /// An update of the space with 100 shapes moving, collision events subscribed.
        let collisionMillisecondsPerUpdate: Double
        /// The same update with no collision events subscribed.
        let noCollisionMillisecondsPerUpdate: Double
    }

    /// Measures a registered system over 10,000 entities against a plain array, a cached query
    /// against a walk of the tree, and collision events among 10,000 shapes of which 100 move
    /// against the same updates without them.
    @MainActor func measureSystems() -> SystemFigures {
        let count = 10_000
        BenchSpinSystem.registerSystem()
        let spinning = Space()
        for k in 0..<count {
            spinning.add(
                Entity(components: [
                    Transform(translation: SIMD3<Float>(Float(k % 100), 1, Float(k / 100))),
                    BenchSpinComponent(radiansPerSecond: Float(k % 5)),
                ]))
        }
        let system = repeatFor(seconds: seconds, rounds: playouts) { _ in spinning.advance(by: .seconds(1) / 90) }
        var plain: [(transform: Transform, spin: Float)] = []
        for k in 0..<count {
            let place = SIMD3<Float>(Float(k % 100), 1, Float(k / 100))
            plain.append((Transform(translation: place), Float(k % 5)))
        }
        let step = Float(1.0 / 90)
        let array = repeatFor(seconds: seconds, rounds: playouts) { _ in
            for k in plain.indices {
                plain[k].transform.rotation = simd_quatf(angle: plain[k].spin * step, axis: [0, 1, 0]) * plain[k].transform.rotation
            }
        }

        let query = BenchSpinSystem.query
        var found = 0
        let cached = repeatFor(seconds: seconds, rounds: playouts) { _ in found &+= spinning.performQuery(query).count }
        let afterAdd = repeatFor(seconds: seconds, rounds: playouts.map { max(1, $0 / 100) }) { _ in
            spinning.add(Entity())
            found &+= spinning.performQuery(query).count
        }
        let walk = repeatFor(seconds: seconds, rounds: playouts.map { max(1, $0 / 100) }) { _ in
            found &+= spinning.root.subtree.filter { $0.components.has(BenchSpinComponent.self) }.count
        }

        let movers = 100
        func contactUpdates(subscribed: Bool) -> Double {
            let space = Space()
            let boxes = (0..<count).map { k in
                Entity(
                    transform: Transform(translation: SIMD3<Float>(Float(k % 100), 1, Float(k / 100))),
                    collision: CollisionComponent(shapes: [.generateBox(size: SIMD3(repeating: 0.5))]))
            }
            boxes.forEach(space.add)
            var contacts = 0
            if subscribed { _ = space.subscribe(to: CollisionEvents.Began.self) { _ in contacts += 1 } }
            for k in 0..<movers {
                boxes[k * 97].move(
                    to: Transform(translation: SIMD3<Float>(Float(k % 100) + 50, 1, Float(k))), relativeTo: nil,
                    duration: .seconds(1_000_000), timingFunction: .linear)
            }
            space.advance(by: .seconds(1) / 90)
            let updates = repeatFor(seconds: seconds, rounds: playouts) { _ in space.advance(by: .seconds(1) / 90) }
            return 1000 / updates.rate
        }
        let withContacts = contactUpdates(subscribed: true)
        let withoutContacts = contactUpdates(subscribed: false)
        precondition(found > 0)
        return SystemFigures(
            entities: count, systemMillisecondsPerUpdate: 1000 / system.rate, plainArrayMillisecondsPerUpdate: 1000 / array.rate,
            cachedQueryMicroseconds: 1e6 / cached.rate, queryAfterAddMicroseconds: 1e6 / afterAdd.rate,
            treeWalkMicroseconds: 1e6 / walk.rate, collisionShapes: count, movingShapes: movers,
            collisionMillisecondsPerUpdate: withContacts, noCollisionMillisecondsPerUpdate: withoutContacts)
    }

    /// The lines of the table of `figures`.
    func lines(of figures: SystemFigures) -> [String] {
        [
            "",
            "systems, queries and collision events (\(figures.entities) entities; baselines in the same run)",
            String(
                format: "a system turning %d entities: %.3f ms an update; the same on a plain array: %.3f ms (%.1fx)",
                figures.entities, figures.systemMillisecondsPerUpdate, figures.plainArrayMillisecondsPerUpdate,
                figures.systemMillisecondsPerUpdate / figures.plainArrayMillisecondsPerUpdate),
            String(
                format: "a cached query: %.2f us unchanged, %.0f us after an entity is added; a walk of the tree: %.0f us (%.0fx the cached)",
                figures.cachedQueryMicroseconds, figures.queryAfterAddMicroseconds, figures.treeWalkMicroseconds,
                figures.treeWalkMicroseconds / figures.cachedQueryMicroseconds),
            String(
                format: "collision events among %d shapes, %d moving: %.3f ms an update; without events: %.3f ms (%.2fx)",
                figures.collisionShapes, figures.movingShapes, figures.collisionMillisecondsPerUpdate,
                figures.noCollisionMillisecondsPerUpdate,
                figures.collisionMillisecondsPerUpdate / figures.noCollisionMillisecondsPerUpdate),
        ]
    }
}
