// The app's code: what its visionOS target and these Linux tests share. It builds against
// RealityKit on Apple platforms and against PrisonSpace (Puzzle Prison's RealityKit product, on
// Linux) elsewhere; nothing here is PrisonSpace's own.
#if canImport(Combine)
import Combine
#endif
#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif

/// A ball that rolls on its own: `velocity` metres a second, in the world.
public struct RollingComponent: Component {
    /// Where the ball goes, metres a second.
    public var velocity: SIMD3<Float>

    /// A ball rolling at `velocity`.
    public init(velocity: SIMD3<Float>) { self.velocity = velocity }
}

/// A gate the balls should pass: a trigger volume that counts the balls that entered it.
public struct GateComponent: Component {
    /// The balls that entered the gate so far.
    public var passes = 0

    /// A gate no ball has passed yet.
    public init() {}

    /// A gate entity: a trigger volume `width` wide and 10 cm deep at `position`.
    @MainActor
    public static func makeGate(width: Float, at position: SIMD3<Float>) -> Entity {
        let gate = Entity()
        gate.name = "gate"
        gate.position = position
        gate.components.set(GateComponent())
        gate.components.set(CollisionComponent(shapes: [.generateBox(size: [width, width, 0.1])], mode: .trigger))
        return gate
    }
}

/// Rolls the balls along their velocity every update, and counts in each gate the balls whose
/// collision shapes began to overlap it.
public final class GateSystem: System {
    private static let rolling = EntityQuery(where: .has(RollingComponent.self) && .has(CollisionComponent.self))
    private var subscription: (any Cancellable)?

    /// Listens for balls entering gates in `scene`.
    public init(scene: Scene) {
        subscription = scene.subscribe(to: CollisionEvents.Began.self) { event in
            let (gate, ball) = event.entityA.components.has(GateComponent.self) ? (event.entityA, event.entityB) : (event.entityB, event.entityA)
            guard ball.components.has(RollingComponent.self), var count = gate.components[GateComponent.self] else { return }
            count.passes += 1
            gate.components.set(count)
        }
    }

    /// Moves each ball by its velocity times the update's time.
    public func update(context: SceneUpdateContext) {
        for ball in context.entities(matching: Self.rolling, updatingSystemWhen: .rendering) {
            guard let rolling = ball.components[RollingComponent.self] else { continue }
            ball.position += rolling.velocity * Float(context.deltaTime)
        }
    }
}
