// RealityKit's view: `RealityView` with its make and update closures, its content and its
// attachments. The harness makes its content a ``Space``: what `content.add` adds stands in the
// space at the origin of the immersive space.
import PrisonSpace

/// The view that holds RealityKit content, as RealityKit's `RealityView`: `make` fills its
/// content once (it may wait), `update` runs after it and again whenever state it read changed.
public struct RealityView<Content: View>: View, PrimitiveView {
    let make: @MainActor (inout RealityViewContent, RealityViewAttachments) async -> Void
    let update: (@MainActor (inout RealityViewContent, RealityViewAttachments) -> Void)?
    let attachments: () -> [AttachmentContent]

    func visit(in graph: ViewGraph, at path: [Int], environment: EnvironmentValues) {
        if graph.realityView == nil { graph.realityView = AnyRealityView(make: make, update: update, attachments: attachments) }
    }
}

/// A `RealityView`, its placeholder's type hidden.
struct AnyRealityView {
    let make: @MainActor (inout RealityViewContent, RealityViewAttachments) async -> Void
    let update: (@MainActor (inout RealityViewContent, RealityViewAttachments) -> Void)?
    let attachments: () -> [AttachmentContent]
}

/// What a `RealityView` shows while `make` runs.
public struct RealityViewDefaultPlaceholder: View, PrimitiveView {
    func visit(in graph: ViewGraph, at path: [Int], environment: EnvironmentValues) {}
}

extension RealityView where Content == RealityViewDefaultPlaceholder {
    /// A view whose content `make` fills and `update` updates.
    public init(
        make: @escaping @MainActor (inout RealityViewContent) async -> Void,
        update: (@MainActor (inout RealityViewContent) -> Void)? = nil
    ) {
        self.make = { content, _ in await make(&content) }
        self.update = update.map { update in { content, _ in update(&content) } }
        attachments = { [] }
    }

    /// A view whose content `make` fills and `update` updates, with the entities of the views
    /// `attachments` gives (looked up by id in ``RealityViewAttachments``).
    public init(
        make: @escaping @MainActor (inout RealityViewContent, RealityViewAttachments) async -> Void,
        update: (@MainActor (inout RealityViewContent, RealityViewAttachments) -> Void)? = nil,
        @AttachmentContentBuilder attachments: @escaping () -> [AttachmentContent]
    ) {
        self.make = make
        self.update = update
        self.attachments = attachments
    }
}

extension RealityView {
    /// A view whose content `make` fills and `update` updates, showing `placeholder` meanwhile.
    public init(
        make: @escaping @MainActor (inout RealityViewContent) async -> Void,
        update: (@MainActor (inout RealityViewContent) -> Void)? = nil, @ViewBuilder placeholder: () -> Content
    ) {
        self.make = { content, _ in await make(&content) }
        self.update = update.map { update in { content, _ in update(&content) } }
        attachments = { [] }
    }

    /// A view whose content `make` fills and `update` updates, with the entities of the views
    /// `attachments` gives, showing `placeholder` until `make` finishes. The harness runs `make`
    /// before the first frame, so the placeholder is never shown here (it is not evaluated).
    public init(
        make: @escaping @MainActor (inout RealityViewContent, RealityViewAttachments) async -> Void,
        update: (@MainActor (inout RealityViewContent, RealityViewAttachments) -> Void)? = nil,
        @ViewBuilder placeholder: () -> Content,
        @AttachmentContentBuilder attachments: @escaping () -> [AttachmentContent]
    ) {
        self.make = make
        self.update = update
        self.attachments = attachments
    }
}

/// The content of a `RealityView`, as RealityKit's `RealityViewContent`: the entities of the
/// immersive space, whose origin is the world's.
public struct RealityViewContent {
    /// The space the content is in.
    public let scene: Space

    /// The entities added so far, in order; a collection that also adds and removes them.
    public var entities: Entity.ChildCollection {
        get { scene.entities }
        nonmutating set { scene.entities = newValue }
    }

    /// Adds `entity` to the content, at the space's origin.
    public func add(_ entity: Entity) { scene.add(entity) }

    /// Removes `entity` from the content.
    public func remove(_ entity: Entity) { scene.remove(entity) }

    /// Runs `handler` with every event of type `event` from `sourceObject` (any when nil) until
    /// the returned subscription is cancelled.
    @discardableResult
    public func subscribe<E: Event>(
        to event: E.Type, on sourceObject: (any EventSource)? = nil, componentType: (any Component.Type)? = nil,
        _ handler: @escaping (E) -> Void
    ) -> EventSubscription {
        scene.subscribe(to: event, on: sourceObject, componentType: componentType, handler)
    }

    /// `point`, given in the view's `space` (the world, here), in `realitySpace`.
    public func convert(
        _ point: Point3D, from space: some CoordinateSpaceProtocol, to realitySpace: some RealityCoordinateSpace
    ) -> SIMD3<Float> {
        realitySpace.position(fromWorld: SIMD3<Float>(point.vector))
    }

    /// `point`, given in `realitySpace`, in the view's `space` (the world, here).
    public func convert(
        _ point: SIMD3<Float>, from realitySpace: some RealityCoordinateSpace, to space: some CoordinateSpaceProtocol
    ) -> Point3D {
        Point3D(realitySpace.position(toWorld: point))
    }
}

/// An entity showing a view of a `RealityView`'s attachments, as RealityKit's
/// `ViewAttachmentEntity`: placed like any entity, drawn by nobody here.
public final class ViewAttachmentEntity: Entity {
    /// The id the attachment was given.
    public internal(set) var attachmentID: AnyHashable = AnyHashable(0)
}

/// The entities of a `RealityView`'s attachments, by id, as RealityKit's
/// `RealityViewAttachments`.
public struct RealityViewAttachments {
    let entities: [AnyHashable: ViewAttachmentEntity]

    /// The entity of the attachment given `id`, or nil when there is none (the attachment left
    /// out, or never given).
    public func entity(for id: some Hashable) -> ViewAttachmentEntity? { entities[AnyHashable(id)] }
}

/// A view a `RealityView` shows on an entity, as RealityKit's `Attachment`.
public struct Attachment<Content: View> {
    let id: AnyHashable

    /// The view `content`, known by `id`.
    public init<ID: Hashable>(id: ID, @ViewBuilder _ content: () -> Content) { self.id = AnyHashable(id) }
}

/// One attachment of a `RealityView`, its view's type hidden.
public struct AttachmentContent {
    let id: AnyHashable
}

/// Builds a `RealityView`'s attachments from the statements of a closure, as RealityKit's
/// `AttachmentContentBuilder`.
@resultBuilder public enum AttachmentContentBuilder {
    /// One attachment.
    public static func buildExpression<C: View>(_ attachment: Attachment<C>) -> [AttachmentContent] {
        [AttachmentContent(id: attachment.id)]
    }
    /// The attachments of each statement, in order.
    public static func buildBlock(_ parts: [AttachmentContent]...) -> [AttachmentContent] { parts.flatMap { $0 } }
    /// The attachments when the condition holds.
    public static func buildOptional(_ part: [AttachmentContent]?) -> [AttachmentContent] { part ?? [] }
    /// The first branch of an `if`.
    public static func buildEither(first: [AttachmentContent]) -> [AttachmentContent] { first }
    /// The second branch of an `if`.
    public static func buildEither(second: [AttachmentContent]) -> [AttachmentContent] { second }
    /// The attachments of a loop.
    public static func buildArray(_ parts: [[AttachmentContent]]) -> [AttachmentContent] { parts.flatMap { $0 } }
}
