// SwiftUI's views, as far as an immersive view needs them: the protocol, the builder, stacks and
// the few leaf views an ornament or attachment holds. They are evaluated, not drawn: the harness
// (``RealityViewHarness``) walks a body to its `RealityView`, its gestures and its actions.
import PrisonSpace

/// A piece of an app's interface, as SwiftUI's `View`: a value whose ``body`` says what it is
/// made of. Isolated to the main actor, as SwiftUI's is.
@MainActor @preconcurrency public protocol View {
    /// The type of the view's content.
    associatedtype Body: View
    /// What the view is made of.
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    /// A view that has no body: the body of the views built in.
    public var body: Never { return fatalError("a view built in has no body") }
}

/// A view built in: the harness reads what it holds instead of its body.
protocol PrimitiveView {
    /// Walks the view's content in `graph`, at `path`, in `environment`.
    func visit(in graph: ViewGraph, at path: [Int], environment: EnvironmentValues)
}

extension PrimitiveView {
    /// A built-in view has no body.
    public var body: Never { return fatalError("a view built in has no body") }
}

/// Builds a view from the statements of a closure, as SwiftUI's `ViewBuilder`.
@resultBuilder public enum ViewBuilder {
    /// No view.
    public static func buildBlock() -> EmptyView { EmptyView() }
    /// The views, one after another.
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        var views: [any View] = []
        for view in repeat each content { views.append(view) }
        return TupleView(value: (repeat each content), views: views)
    }
    /// A view when the condition holds.
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    /// A view when the condition holds.
    public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }
    /// The first branch of an `if`.
    public static func buildEither<First: View, Second: View>(first: First) -> ConditionalContent<First, Second> {
        ConditionalContent(content: first)
    }
    /// The second branch of an `if`.
    public static func buildEither<First: View, Second: View>(second: Second) -> ConditionalContent<First, Second> {
        ConditionalContent(content: second)
    }
    /// A view under `if #available`.
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

extension Optional: View where Wrapped: View {
    /// The wrapped view, or nothing.
    public var body: Never { return fatalError("a view built in has no body") }
}

extension Optional: PrimitiveView where Wrapped: View {
    func visit(in graph: ViewGraph, at path: [Int], environment: EnvironmentValues) {
        if let view = self { graph.visit(view, at: path + [0], environment: environment) }
    }
}

/// Views one after another, as SwiftUI's `TupleView`.
public struct TupleView<T>: View, PrimitiveView {
    /// The views.
    public var value: T
    let views: [any View]

    init(value: T, views: [any View]) {
        self.value = value
        self.views = views
    }

    func visit(in graph: ViewGraph, at path: [Int], environment: EnvironmentValues) {
        for (index, view) in views.enumerated() { graph.visit(view, at: path + [index], environment: environment) }
    }
}

/// One of two views, as the branches of an `if` give.
public struct ConditionalContent<TrueContent: View, FalseContent: View>: View, PrimitiveView {
    let content: any View

    func visit(in graph: ViewGraph, at path: [Int], environment: EnvironmentValues) {
        graph.visit(content, at: path + [content is TrueContent ? 0 : 1], environment: environment)
    }
}

/// No view, as SwiftUI's `EmptyView`.
public struct EmptyView: View, PrimitiveView {
    /// No view.
    public init() {}
    func visit(in graph: ViewGraph, at path: [Int], environment: EnvironmentValues) {}
}

/// Any view, its type hidden, as SwiftUI's `AnyView`.
public struct AnyView: View, PrimitiveView {
    let view: any View
    /// The view `view`, its type hidden.
    public init<V: View>(_ view: V) { self.view = view }
    /// The view `view`, its type hidden.
    public init(erasing view: some View) { self.view = view }

    func visit(in graph: ViewGraph, at path: [Int], environment: EnvironmentValues) {
        graph.visit(view, at: path + [0], environment: environment)
    }
}

/// Views that hold other views: stacks and groups. Their layout does not matter here.
public struct Container<Content: View>: View, PrimitiveView {
    let content: Content

    func visit(in graph: ViewGraph, at path: [Int], environment: EnvironmentValues) {
        graph.visit(content, at: path + [0], environment: environment)
    }
}

/// Where views line up across a stack, as SwiftUI's alignments: layout, which does not matter
/// here.
public struct Alignment: Hashable, Sendable {
    let name: String
    /// The middle.
    public static let center = Alignment(name: "center")
    /// The front edge.
    public static let leading = Alignment(name: "leading")
    /// The back edge.
    public static let trailing = Alignment(name: "trailing")
    /// The top.
    public static let top = Alignment(name: "top")
    /// The bottom.
    public static let bottom = Alignment(name: "bottom")
}

/// Views in a column, as SwiftUI's `VStack`.
public typealias VStack<Content: View> = Container<Content>
/// Views in a row, as SwiftUI's `HStack`.
public typealias HStack<Content: View> = Container<Content>
/// Views on top of each other, as SwiftUI's `ZStack`.
public typealias ZStack<Content: View> = Container<Content>
/// Views in depth, as SwiftUI's `ZStack`.
public typealias ZStackLayout<Content: View> = Container<Content>
/// Views together, as SwiftUI's `Group`.
public typealias Group<Content: View> = Container<Content>

extension Container {
    /// The views of `content` in a stack (`VStack`, `HStack`, `ZStack`) or group, however they
    /// are aligned and spaced.
    public init(alignment: Alignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
        self.content = content()
    }

    /// The views of `content` in a stack, however they are aligned in depth.
    public init(alignment: Alignment = .center, spacing: Double? = nil, depthAlignment: Alignment, @ViewBuilder content: () -> Content) {
        self.content = content()
    }
}

/// A view for each element of a collection, as SwiftUI's `ForEach`.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View, PrimitiveView {
    let data: Data
    let content: (Data.Element) -> Content

    /// A view for each element of `data`, identified by the element's `id`.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }

    func visit(in graph: ViewGraph, at path: [Int], environment: EnvironmentValues) {
        for (index, element) in data.enumerated() { graph.visit(content(element), at: path + [index], environment: environment) }
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    /// A view for each element of `data`.
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    /// A view for each number of `data`.
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.data = data
        self.content = content
    }
}

/// A view that shows nothing the harness needs: text, an image, a space, a progress spinner.
public struct LeafView: View, PrimitiveView {
    func visit(in graph: ViewGraph, at path: [Int], environment: EnvironmentValues) {}
}

/// Text, as SwiftUI's `Text`.
public typealias Text = LeafView
/// An image, as SwiftUI's `Image`.
public typealias Image = LeafView
/// Room between views, as SwiftUI's `Spacer`.
public typealias Spacer = LeafView
/// A spinner, as SwiftUI's `ProgressView`.
public typealias ProgressView = LeafView

extension LeafView {
    /// Text showing `content`.
    public init<S: StringProtocol>(_ content: S) {}
    /// An image named `systemName` among the system's symbols.
    public init(systemName: String) {}
    /// Room between views, at least `minLength`.
    public init(minLength: Double? = nil) {}
}

/// A button, as SwiftUI's `Button`: shown, not pressed (the harness performs gestures on entities).
public struct Button<Label: View>: View, PrimitiveView {
    let action: @MainActor () -> Void
    let label: Label

    /// A button showing `label` that runs `action`.
    public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        self.action = action
        self.label = label()
    }

    func visit(in graph: ViewGraph, at path: [Int], environment: EnvironmentValues) {
        graph.visit(label, at: path + [0], environment: environment)
    }
}

extension Button where Label == LeafView {
    /// A button titled `title` that runs `action`.
    public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {
        self.action = action
        label = LeafView()
    }

    /// A button titled `title` with the image `systemImage` that runs `action`.
    public init<S: StringProtocol>(_ title: S, systemImage: String, action: @escaping @MainActor () -> Void) {
        self.action = action
        label = LeafView()
    }
}

/// A switch, as SwiftUI's `Toggle`: it sets its binding.
public struct Toggle<Label: View>: View, PrimitiveView {
    let isOn: Binding<Bool>
    let label: Label

    /// A switch showing `label` that sets `isOn`.
    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
        self.isOn = isOn
        self.label = label()
    }

    func visit(in graph: ViewGraph, at path: [Int], environment: EnvironmentValues) {
        graph.visit(label, at: path + [0], environment: environment)
    }
}

extension Toggle where Label == LeafView {
    /// A switch titled `title` that sets `isOn`.
    public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {
        self.isOn = isOn
        label = LeafView()
    }
}
