/// How opaque an entity and its descendants look, as RealityKit's `OpacityComponent`: 0
/// invisible, 1 as opaque as their materials. Here it is kept for front ends to read; it does
/// not change what rays hit (RealityKit's ray casts ignore opacity too).
public struct OpacityComponent: Component, Hashable, Sendable {
    /// The opacity, 0...1.
    public var opacity: Float

    /// A component of `opacity`, fully opaque unless told otherwise.
    public init(opacity: Float = 1.0) { self.opacity = opacity }
}

/// Makes an entity glow when the player looks at it, as RealityKit's `HoverEffectComponent`.
/// Here it is kept for front ends to read; RealityKit requires an ``InputTargetComponent`` and
/// a ``CollisionComponent`` too for the effect to show.
public struct HoverEffectComponent: Component, Hashable, Sendable {
    /// The system's default hover effect.
    public init() {}
}
