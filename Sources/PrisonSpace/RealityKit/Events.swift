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

    /// A move ended, whether it completed or was stopped or replaced.
    public struct PlaybackTerminated: Event {
        /// The controller of the move.
        public let playbackController: AnimationPlaybackController
    }
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
    /// cancelled. Handlers run during the call that makes the event happen: ``advance(by:)``
    /// for moves that start, complete or end with it, `stop()` for moves stopped.
    @discardableResult
    public func subscribe<E: Event>(
        to event: E.Type, on sourceObject: (any EventSource)? = nil, _ handler: @escaping (E) -> Void
    ) -> EventSubscription {
        nextSubscription += 1
        let subscription = Subscription(
            number: nextSubscription, source: sourceObject, isFiltered: sourceObject != nil,
            handler: { if let event = $0 as? E { handler(event) } })
        subscriptions[ObjectIdentifier(E.self), default: []].append(subscription)
        return EventSubscription(space: self, eventType: ObjectIdentifier(E.self), number: nextSubscription)
    }

    /// Sends `event` from `source` to its subscribers, in the order they subscribed.
    func send<E: Event>(_ event: E, from source: AnyObject) {
        guard !subscriptions.isEmpty, let handlers = subscriptions[ObjectIdentifier(E.self)] else { return }
        for subscription in handlers where !subscription.isFiltered || subscription.source === source || subscription.source === self {
            subscription.handler(event)
        }
    }
}
