// View modifiers. Those that matter to an immersive view's RealityKit code act: gestures, the
// environment, onAppear, task and onChange. Those that only change looks or layout compile and
// do nothing; which are which is listed in docs/LIBRARIES.md ("Where the line is").
import Foundation
import PrisonSpace

/// What a modifier does to the view it wraps, as the harness walks it.
enum ViewEffect {
    /// Gives the views below a changed environment.
    case environment((inout EnvironmentValues) -> Void)
    /// Adds a gesture to the view.
    case gesture(AnyGesture, GesturePriority)
    /// Runs once, when the view first appears.
    case onAppear(() -> Void)
    /// Runs when the view disappears (never, here: the harness keeps it).
    case onDisappear
    /// Starts once, when the view first appears.
    case task(@isolated(any) @Sendable () async -> Void)
    /// Compares a value with the one of the last evaluation and runs an action when it changed.
    case onChange(OnChange)
}

/// How a gesture was added.
enum GesturePriority {
    case normal, simultaneous, high
}

/// A gesture whose type is hidden.
struct AnyGesture {
    let run: (GestureInput) -> ErasedGestureRun?
    init<G: Gesture>(_ gesture: G) { run = { input in erasedRun(of: gesture, for: input) } }
}

/// The run of `gesture` for `input`, its value's type hidden.
private func erasedRun<G: Gesture>(of gesture: G, for input: GestureInput) -> ErasedGestureRun? {
    run(of: gesture, for: input)?.erased
}

/// An `onChange(of:)`: the value now, and what to run with the one before.
struct OnChange {
    let value: Any
    let isEqual: (Any) -> Bool
    let initial: Bool
    let action: (Any) -> Void
}

/// A view with a modifier that acts, as the harness walks it.
public struct ModifiedView<Content: View>: View, PrimitiveView {
    let content: Content
    let effect: ViewEffect

    func visit(in graph: ViewGraph, at path: [Int], environment: EnvironmentValues) {
        var environment = environment
        switch effect {
        case .environment(let change): change(&environment)
        default: graph.note(effect, at: path)
        }
        graph.visit(content, at: path + [0], environment: environment)
    }
}

extension View {
    func modified(_ effect: ViewEffect) -> ModifiedView<Self> { ModifiedView(content: self, effect: effect) }

    // MARK: Modifiers that act

    /// The view with `gesture`: it takes part when what is performed fits it.
    public func gesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> some View {
        modified(.gesture(AnyGesture(gesture), .normal))
    }

    /// The view with `gesture`, which takes part together with the view's other gestures.
    public func simultaneousGesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> some View {
        modified(.gesture(AnyGesture(gesture), .simultaneous))
    }

    /// The view with `gesture`, which takes part before (and instead of) the view's gestures
    /// added with `gesture(_:)`.
    public func highPriorityGesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> some View {
        modified(.gesture(AnyGesture(gesture), .high))
    }

    /// The view giving `object` (an `@Observable` model) to the views below, which read it with
    /// `@Environment(Model.self)`.
    public func environment<T: AnyObject & Observable>(_ object: T?) -> some View {
        modified(.environment { values in if let object { values.set(object: object) } })
    }

    /// The view giving `value` at `keyPath` of the environment to the views below.
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        modified(.environment { $0[keyPath: keyPath] = value })
    }

    /// The view, running `action` when it first appears.
    public func onAppear(perform action: (() -> Void)? = nil) -> some View { modified(.onAppear(action ?? {})) }

    /// The view, with `action` for when it disappears (which it does not, in the harness).
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View { modified(.onDisappear) }

    /// The view, starting `action` when it first appears (the harness does not wait for it to
    /// end; ``RealityViewHarness/present(_:)`` lets it run up to its first suspension).
    public func task(
        priority: TaskPriority = .userInitiated, @_inheritActorContext _ action: @escaping @isolated(any) @Sendable () async -> Void
    ) -> some View {
        modified(.task(action))
    }

    /// The view, running `action` with the value before and after when `value` changes between
    /// evaluations of the body (and once at first with `initial`).
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void) -> some View {
        modified(.onChange(OnChange(
            value: value, isEqual: { ($0 as? V) == value }, initial: initial, action: { action($0 as? V ?? value, value) })))
    }

    /// The view, running `action` when `value` changes between evaluations of the body (and once
    /// at first with `initial`).
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View {
        onChange(of: value, initial: initial) { _, _ in action() }
    }
}
