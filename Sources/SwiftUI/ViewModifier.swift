// View modifiers an app writes, as SwiftUI's `ViewModifier`: apps keep gestures and their state
// in them (`content.gesture(…)` in a modifier's body), so the harness walks their bodies too.
import PrisonSpace

/// A modifier an app writes, as SwiftUI's `ViewModifier`: its ``body(content:)`` wraps the view
/// it modifies. Its state and environment work as a view's.
@MainActor @preconcurrency public protocol ViewModifier {
    /// The type of the modified view.
    associatedtype Body: View
    /// The view being modified, as the body receives it.
    typealias Content = ViewModifierContent<Self>
    /// The modified view, made from `content`.
    @ViewBuilder func body(content: Content) -> Body
}

/// The view a ``ViewModifier`` modifies, as its body receives it.
public struct ViewModifierContent<Modifier: ViewModifier>: View, PrimitiveView {
    let view: any View

    func visit(in graph: ViewGraph, at path: [Int], environment: EnvironmentValues) {
        graph.visit(view, at: path + [0], environment: environment)
    }
}

/// A view with a modifier an app wrote, as SwiftUI's `ModifiedContent`.
public struct ModifiedContent<Content: View, Modifier: ViewModifier>: View, PrimitiveView {
    let content: Content
    let modifier: Modifier

    func visit(in graph: ViewGraph, at path: [Int], environment: EnvironmentValues) {
        graph.bind(modifier, at: path, environment: environment)
        graph.visit(modifier.body(content: ViewModifierContent(view: content)), at: path + [0], environment: environment)
    }
}

extension View {
    /// The view with `modifier` applied.
    public func modifier<M: ViewModifier>(_ modifier: M) -> ModifiedContent<Self, M> {
        ModifiedContent(content: self, modifier: modifier)
    }
}
