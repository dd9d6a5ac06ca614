/// Something that happens in a space that handlers can subscribe to with
/// ``Space/subscribe(to:on:_:)``, as RealityKit's `Event`.
public protocol Event {}

/// What events come from: a space or one of its entities, as RealityKit's `EventSource`.
public protocol EventSource: AnyObject {}

extension Entity: EventSource {}
extension Space: EventSource {}

/// A subscription that can be ended, as Combine's `Cancellable`.
public protocol Cancellable {
    /// Ends the subscription: its handler is not called again.
    func cancel()
}

/// A handler's subscription to events of a space: ``cancel()`` ends it.
public struct EventSubscription: Cancellable {
    let space: Space?
    let eventType: ObjectIdentifier
    let number: Int

    /// Ends the subscription: its handler is not called again.
    public func cancel() {
        space?.subscriptions[eventType]?.removeAll { $0.number == number }
    }
}

/// The events of moves, as RealityKit's `AnimationEvents`.
public enum AnimationEvents {
    /// A move started (its entity is the source).
    public struct PlaybackStarted: Event {
        /// The controller of the move.
        public let playbackController: AnimationPlaybackController
    }

    /// A move reached its end. Not sent for a move that was stopped or replaced.
    public struct PlaybackCompleted: Event {
        /// The controller of the move.
        public let playbackController: AnimationPlaybackController
    }

    /// An animation that repeats started a new loop: sent once a loop, not for the first.
    public struct PlaybackLooped: Event {
        /// The controller of the animation.
        public let playbackController: AnimationPlaybackController
    }

    /// A move ended, whether it completed or was stopped or replaced.
    public struct PlaybackTerminated: Event {
        /// The controller of the move.
        public let playbackController: AnimationPlaybackController
    }
}

/// What a space sends as time moves and its tree changes, as RealityKit's `SceneEvents`.
public enum SceneEvents {
    /// The space updated: sent at the end of every update (see ``Space/advance(by:)``), after
    /// the update's other events.
    public struct Update: Event {
        /// The space.
        public let scene: Space
        /// The update's duration, in seconds.
        public let deltaTime: TimeInterval
    }

    /// An entity joined the space (sent for it and for each of its descendants, parents first).
    public struct DidAddEntity: Event {
        /// The entity added.
        public let entity: Entity
    }

    /// An entity is about to leave the space (sent for it and for each of its descendants,
    /// parents first).
    public struct WillRemoveEntity: Event {
        /// The entity to be removed.
        public let entity: Entity
    }

    /// An entity became active: in the space, and enabled with all its ancestors.
    public struct DidActivateEntity: Event {
        /// The entity activated.
        public let entity: Entity
    }

    /// An entity is about to stop being active: leaving the space, or disabled with itself or
    /// an ancestor.
    public struct WillDeactivateEntity: Event {
        /// The entity to be deactivated.
        public let entity: Entity
    }
}

/// What happens to the components of entities in a space, as RealityKit's `ComponentEvents`.
/// Subscribe with ``Space/subscribe(to:on:componentType:_:)`` to hear of one component type.
/// The ``Transform`` is not reported: it changes at every step of a move.
public enum ComponentEvents {
    /// A component was added to an entity of the space.
    public struct DidAdd: ComponentEvent {
        /// The component's type.
        public let componentType: any Component.Type
        /// The entity.
        public let entity: Entity
    }

    /// A component of an entity of the space was set again (with `components.set(_:)`, the
    /// subscript, or a property such as ``Entity/collision``), whether or not its value changed.
    public struct DidChange: ComponentEvent {
        /// The component's type.
        public let componentType: any Component.Type
        /// The entity.
        public let entity: Entity
    }

    /// A component is about to be removed from an entity of the space.
    public struct WillRemove: ComponentEvent {
        /// The component's type.
        public let componentType: any Component.Type
        /// The entity.
        public let entity: Entity
    }

    /// A component became active: its entity became active (see ``Entity/isActive``), or it was
    /// added to an active entity.
    public struct DidActivate: ComponentEvent {
        /// The component's type.
        public let componentType: any Component.Type
        /// The entity.
        public let entity: Entity
    }

    /// A component is about to stop being active: its entity is about to stop being active, or
    /// the component is about to be removed from an active entity.
    public struct WillDeactivate: ComponentEvent {
        /// The component's type.
        public let componentType: any Component.Type
        /// The entity.
        public let entity: Entity
    }
}

/// An event about a component of an entity: what a subscription for one component type tests.
public protocol ComponentEvent: Event {
    /// The component's type.
    var componentType: any Component.Type { get }
    /// The entity.
    var entity: Entity { get }
}

/// One handler of one type of event, from one source or from all.
struct Subscription {
    let number: Int
    weak var source: AnyObject?
    let isFiltered: Bool
    let handler: (any Event) -> Void
}

extension Space {
    /// Calls `handler` with every event of type `event` from `sourceObject` (an entity, or the
    /// space) or, when it is nil, from anywhere in the space, until the subscription is
    /// cancelled. An event that happens during an update of ``advance(by:)`` (a move that
    /// completes, a change a system makes, a collision) reaches its handlers at the end of that
    /// update, in the order the events happened; one your code causes between updates (a move
    /// started or stopped, an entity added) reaches them before the call that caused it returns.
    @discardableResult
    public func subscribe<E: Event>(
        to event: E.Type, on sourceObject: (any EventSource)? = nil, _ handler: @escaping (E) -> Void
    ) -> EventSubscription {
        subscribe(to: event, on: sourceObject, componentType: nil, handler)
    }

    /// Calls `handler` as ``subscribe(to:on:_:)`` does, and, when `componentType` is not nil,
    /// only with ``ComponentEvents`` about components of that type.
    @discardableResult
    public func subscribe<E: Event>(
        to event: E.Type, on sourceObject: (any EventSource)? = nil, componentType: (any Component.Type)?,
        _ handler: @escaping (E) -> Void
    ) -> EventSubscription {
        nextSubscription += 1
        let wanted = componentType.map(ObjectIdentifier.init)
        let subscription = Subscription(
            number: nextSubscription, source: sourceObject, isFiltered: sourceObject != nil,
            handler: { event in
                guard let event = event as? E else { return }
                if let wanted, let about = event as? any ComponentEvent, ObjectIdentifier(about.componentType) != wanted { return }
                handler(event)
            })
        subscriptions[ObjectIdentifier(E.self), default: []].append(subscription)
        return EventSubscription(space: self, eventType: ObjectIdentifier(E.self), number: nextSubscription)
    }

    /// Sends `event` from `source` to its subscribers, in the order they subscribed: at once
    /// between updates, at the end of the update under way during one (see ``advance(by:)``).
    /// With `other`, the event comes from both (a collision's two entities): a handler
    /// subscribed to either hears it once.
    func send<E: Event>(_ event: E, from source: AnyObject, alsoFrom other: AnyObject? = nil) {
        guard !subscriptions.isEmpty, subscriptions[ObjectIdentifier(E.self)] != nil else { return }
        if pendingEvents != nil {
            pendingEvents?.append { [unowned self] in deliver(event, from: source, alsoFrom: other) }
        } else {
            deliver(event, from: source, alsoFrom: other)
        }
    }

    /// Calls the handlers of `event` from `source` (or `other`), in the order they subscribed.
    private func deliver<E: Event>(_ event: E, from source: AnyObject, alsoFrom other: AnyObject?) {
        guard let handlers = subscriptions[ObjectIdentifier(E.self)] else { return }
        for subscription in handlers
        where !subscription.isFiltered || subscription.source === source || subscription.source === self
            || (other != nil && subscription.source === other)
        {
            subscription.handler(event)
        }
    }
}

extension Space {
    /// Whether any handler is subscribed: changes of the tree look for what to report only then.
    var hasSubscriptions: Bool { !subscriptions.isEmpty }
}

extension Entity {
    /// Reports this subtree joining `space`, parents first: each entity's
    /// ``SceneEvents/DidAddEntity``, then, for the active ones, ``SceneEvents/DidActivateEntity``
    /// and the ``ComponentEvents/DidActivate`` of each of their components.
    func reportAdded(to space: Space) {
        for entity in subtree { space.send(SceneEvents.DidAddEntity(entity: entity), from: entity) }
        reportActivated(in: space)
    }

    /// Reports this subtree leaving `space`, parents first: for the active entities,
    /// ``SceneEvents/WillDeactivateEntity`` and the ``ComponentEvents/WillDeactivate`` of each of
    /// their components, then each entity's ``SceneEvents/WillRemoveEntity``.
    func reportRemoving(from space: Space) {
        reportDeactivating(in: space)
        for entity in subtree { space.send(SceneEvents.WillRemoveEntity(entity: entity), from: entity) }
    }

    /// Reports the active entities of this subtree as activated, with their components.
    func reportActivated(in space: Space) {
        for entity in subtree where entity.isActive {
            space.send(SceneEvents.DidActivateEntity(entity: entity), from: entity)
            for component in entity.components {
                space.send(ComponentEvents.DidActivate(componentType: type(of: component), entity: entity), from: entity)
            }
        }
    }

    /// Reports the active entities of this subtree as about to be deactivated, with their
    /// components.
    func reportDeactivating(in space: Space) {
        for entity in subtree where entity.isActive {
            space.send(SceneEvents.WillDeactivateEntity(entity: entity), from: entity)
            for component in entity.components {
                space.send(ComponentEvents.WillDeactivate(componentType: type(of: component), entity: entity), from: entity)
            }
        }
    }

    /// Notes that a component of `componentType` was set on the entity, `isNew` when the entity
    /// did not have one: queries see the change, and subscribers hear of it.
    func componentWasSet(_ componentType: any Component.Type, isNew: Bool) {
        guard let space else { return }
        if isNew { space.changes.structure &+= 1 }
        guard space.hasSubscriptions else { return }
        if isNew {
            space.send(ComponentEvents.DidAdd(componentType: componentType, entity: self), from: self)
            if isActive { space.send(ComponentEvents.DidActivate(componentType: componentType, entity: self), from: self) }
        } else {
            space.send(ComponentEvents.DidChange(componentType: componentType, entity: self), from: self)
        }
    }

    /// Notes that the component of `componentType` the entity has is about to be removed.
    func componentWillBeRemoved(_ componentType: any Component.Type) {
        guard let space else { return }
        space.changes.structure &+= 1
        guard space.hasSubscriptions else { return }
        if isActive { space.send(ComponentEvents.WillDeactivate(componentType: componentType, entity: self), from: self) }
        space.send(ComponentEvents.WillRemove(componentType: componentType, entity: self), from: self)
    }
}
