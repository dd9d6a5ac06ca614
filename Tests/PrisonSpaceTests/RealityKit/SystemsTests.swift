#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import PrisonSpaceTesting
import Testing

// Sources: https://developer.apple.com/documentation/realitykit/system,
// https://developer.apple.com/documentation/realitykit/sceneupdatecontext,
// https://developer.apple.com/documentation/realitykit/systemdependency,
// https://developer.apple.com/documentation/realitykit/sceneupdatecontext/entities(matching:updatingsystemwhen:),
// https://developer.apple.com/documentation/realitykit/entityquery/init(),
// https://developer.apple.com/documentation/realitykit/scene/performquery(_:)
// A registered system updates every scene once an update, finds its entities with a query and
// runs after the systems it depends on. Registration is global: each system below touches only
// entities with a component of its own, so spaces of tests running in parallel are unaffected.

private struct SpinComponent: Component {
    var radiansPerSecond: Float
}

/// Turns every entity with a SpinComponent about +y, as a RealityKit app's system does.
private struct SpinSystem: System {
    static let query = EntityQuery(where: .has(SpinComponent.self))

    init(scene: Scene) {}

    func update(context: SceneUpdateContext) {
        for entity in context.entities(matching: Self.query, updatingSystemWhen: .rendering) {
            guard let spin = entity.components[SpinComponent.self] else { continue }
            let angle = spin.radiansPerSecond * Float(context.deltaTime)
            entity.transform.rotation = simd_quatf(angle: angle, axis: [0, 1, 0]) * entity.transform.rotation
        }
    }
}

/// The order systems ran in, kept on the entities that carry it.
private struct RunLogComponent: Component {
    var names: [String] = []
}

private protocol LoggingSystem: System {}

extension LoggingSystem {
    func update(context: SceneUpdateContext) {
        for entity in context.entities(matching: EntityQuery(where: .has(RunLogComponent.self)), updatingSystemWhen: .rendering) {
            entity.components[RunLogComponent.self]?.names.append("\(Self.self)")
        }
    }
}

private struct LastSystem: LoggingSystem {
    static var dependencies: [SystemDependency] { [.after(MiddleSystem.self)] }
    init(scene: Scene) {}
}

private struct MiddleSystem: LoggingSystem {
    static var dependencies: [SystemDependency] { [.after(FirstSystem.self)] }
    init(scene: Scene) {}
}

private struct FirstSystem: LoggingSystem {
    static var dependencies: [SystemDependency] { [.before(MiddleSystem.self)] }
    init(scene: Scene) {}
}

private struct ChickenSystem: System {
    static var dependencies: [SystemDependency] { [.before(EggSystem.self)] }
    init(scene: Scene) {}
}

private struct EggSystem: System {
    static var dependencies: [SystemDependency] { [.before(ChickenSystem.self)] }
    init(scene: Scene) {}
}

/// Counts its own updates and the seconds they were given, one instance per scene.
private final class ClockSystem: System {
    static let query = EntityQuery(where: .has(ClockComponent.self))
    var updates = 0

    init(scene: Scene) {}

    func update(context: SceneUpdateContext) {
        updates += 1
        for entity in context.entities(matching: Self.query, updatingSystemWhen: .rendering) {
            entity.components[ClockComponent.self]?.seconds += context.deltaTime
            entity.components[ClockComponent.self]?.updates = updates
        }
    }
}

private struct ClockComponent: Component {
    var seconds: TimeInterval = 0
    var updates = 0
}

@MainActor
@Suite("Systems and queries")
struct SystemsTests {
    @Test func aRegisteredSystemTurnsItsEntitiesEveryUpdate() {
        SpinSystem.registerSystem()
        let scene = Space()
        let spinner = Entity(components: [SpinComponent(radiansPerSecond: .pi)])
        let still = Entity()
        scene.add(spinner)
        scene.add(still)
        scene.advance(by: .seconds(0.5))
        #expect(isClose(spinner.orientation.act([0, 0, -1]), [-1, 0, 0]), "half a second at pi rad/s is a quarter turn")
        #expect(still.orientation == simd_quatf(ix: 0, iy: 0, iz: 0, r: 1))
    }

    @Test func systemsRunAfterThoseTheyDependOnThenInRegistrationOrder() {
        LastSystem.registerSystem()
        MiddleSystem.registerSystem()
        FirstSystem.registerSystem()
        let scene = Space()
        let log = Entity(components: [RunLogComponent()])
        scene.add(log)
        scene.advance(by: .seconds(1) / 90)
        #expect(log.components[RunLogComponent.self]?.names == ["FirstSystem", "MiddleSystem", "LastSystem"])
    }

    @Test func eachSceneHasItsOwnSystemWhoseDeltaTimesAddUpToTheTimeAdvanced() {
        ClockSystem.registerSystem()
        let first = Space()
        let second = Space()
        let a = Entity(components: [ClockComponent()])
        let b = Entity(components: [ClockComponent()])
        first.add(a)
        second.add(b)
        first.advance(by: .seconds(1))
        second.advance(by: .milliseconds(100))
        #expect(a.components[ClockComponent.self]?.updates == 90, "a second is 90 frames of 1/90 s")
        #expect(b.components[ClockComponent.self]?.updates == 9, "the other scene's system counts its own")
        #expect(abs((a.components[ClockComponent.self]?.seconds ?? 0) - 1) < 1e-12)
        #expect(first.time == .seconds(1))
    }

    @Test func registeringSystemsThatDependOnEachOtherInACycleIsRefused() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                ChickenSystem.registerSystem()
                EggSystem.registerSystem()
            }
        }
    }

    @Test func anEmptyQueryFindsEveryEntityAndAnswersFollowChanges() {
        let scene = Space()
        let a = Entity(components: [SpinComponent(radiansPerSecond: 0)])
        let b = Entity()
        scene.add(a)
        a.addChild(b)
        #expect(scene.performQuery(EntityQuery()).map(\.id) == [a.id, b.id])
        let spinning = EntityQuery(where: .has(SpinComponent.self))
        #expect(scene.performQuery(spinning).map(\.id) == [a.id])
        b.components.set(SpinComponent(radiansPerSecond: 1))
        #expect(scene.performQuery(spinning).map(\.id) == [a.id, b.id], "a component added is seen")
        a.components.remove(SpinComponent.self)
        #expect(scene.performQuery(spinning).map(\.id) == [b.id], "a component removed is seen")
        b.removeFromParent()
        #expect(scene.performQuery(spinning).isEmpty, "an entity removed is seen")
        #expect(scene.performQuery(EntityQuery(where: .has(SpinComponent.self) || !.has(SpinComponent.self))).map(\.id) == [a.id])
    }
}
