/// Makes an entity and its descendants targets for input such as taps, as RealityKit's
/// `InputTargetComponent`.
///
/// An entity can be targeted when it has a ``CollisionComponent`` (its shapes are what input
/// hits) and the nearest `InputTargetComponent` on it or on an ancestor is enabled and allows
/// the kind of input. A descendant opts out with a component of its own whose ``isEnabled`` is
/// false, and its own ``allowedInputTypes`` override its ancestor's.
public struct InputTargetComponent: Component, Hashable, Sendable {
    /// Kinds of input: direct (touching the entity) and indirect (looking and pinching, or a
    /// mouse click).
    public struct InputType: OptionSet, Hashable, Sendable {
        /// The bits of the set.
        public let rawValue: UInt32
        /// The set of the bits of `rawValue`.
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// Input that reaches the entity by touching it.
        public static let direct = InputType(rawValue: 1)
        /// Input that reaches the entity from afar, along a ray: a gaze and pinch, a click.
        public static let indirect = InputType(rawValue: 2)
        /// Every kind of input.
        public static let all: InputType = [.direct, .indirect]
    }

    /// The kinds of input the entity and its descendants take.
    public var allowedInputTypes: InputType
    /// Whether the entity and its descendants (up to any with a component of their own) take
    /// input at all.
    public var isEnabled = true

    /// A component that lets the entity and its descendants take `allowedInputTypes`.
    public init(allowedInputTypes: InputType = .all) {
        self.allowedInputTypes = allowedInputTypes
    }
}

extension Entity {
    /// Whether input of `inputType` can target the entity: it is active, has a collision
    /// component, and the nearest ``InputTargetComponent`` on it or an ancestor is enabled and
    /// allows that input.
    public func isInputTarget(for inputType: InputTargetComponent.InputType = .indirect) -> Bool {
        guard collision != nil, isActive else { return false }
        var current: Entity? = self
        while let entity = current {
            if let target = entity.components[InputTargetComponent.self] {
                return target.isEnabled && target.allowedInputTypes.contains(inputType)
            }
            current = entity.parent
        }
        return false
    }
}

/// A point in three dimensions with double coordinates, as the Spatial framework's `Point3D`.
public struct Point3D: Hashable, Sendable {
    /// The coordinate along x.
    public var x: Double
    /// The coordinate along y.
    public var y: Double
    /// The coordinate along z.
    public var z: Double

    /// The point `(x, y, z)`.
    public init(x: Double = 0, y: Double = 0, z: Double = 0) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// The point at `vector`.
    public init(_ vector: SIMD3<Float>) { self.init(x: Double(vector.x), y: Double(vector.y), z: Double(vector.z)) }

    /// The coordinates as a vector.
    public var vector: SIMD3<Double> {
        get { SIMD3(x, y, z) }
        set { (x, y, z) = (newValue.x, newValue.y, newValue.z) }
    }
}

/// A tap that says where it landed, as SwiftUI's `SpatialTapGesture`: its ``Value`` is what a
/// handler of `SpatialTapGesture().targetedToAnyEntity()` reads. The `SwiftUI` module makes it a
/// gesture a view can carry.
public struct SpatialTapGesture: Sendable {
    /// How many taps in a row the gesture needs.
    public var count: Int

    /// A gesture of `count` taps in a row, whose locations are given in `coordinateSpace` (here
    /// always the space's world).
    public init(count: Int = 1, coordinateSpace: some CoordinateSpaceProtocol = .local) { self.count = count }

    /// Where a tap landed.
    public struct Value: Hashable, Sendable {
        /// The point the tap hit, in metres in the space (the world).
        public var location3D: Point3D

        /// A tap that hit `location3D`.
        public init(location3D: Point3D) { self.location3D = location3D }
    }
}

/// A gesture's value together with the entity it targeted, as RealityKit's `EntityTargetValue`:
/// what a handler of `SpatialTapGesture().targetedToAnyEntity()` receives. The gesture value's
/// properties read through it: `value.location3D`.
@dynamicMemberLookup
public struct EntityTargetValue<Value> {
    /// The entity the gesture targeted.
    public var entity: Entity
    /// The gesture's own value.
    public var gestureValue: Value

    /// The value of a gesture `gestureValue` that targeted `entity`, for calling a handler in a
    /// test.
    public init(entity: Entity, gestureValue: Value) {
        self.entity = entity
        self.gestureValue = gestureValue
    }

    /// The gesture value's property at `keyPath`.
    public subscript<T>(dynamicMember keyPath: KeyPath<Value, T>) -> T { gestureValue[keyPath: keyPath] }
}

extension Space {
    /// The tap that `ray` (in the world) gives, as a targeted tap gesture would hand it to its
    /// handler: the nearest entity within 100 m that it hits and input of `inputType` can target
    /// (``Entity/isInputTarget(for:)``), and the point hit. Nil when it targets nothing.
    ///
    /// A shape the ray starts inside is hit where the ray leaves it, so that a large sphere
    /// around the viewer catches every tap that hits nothing nearer (the "tap anywhere" idiom of
    /// visionOS apps); ``raycast(along:length:query:mask:relativeTo:)`` does not report such a
    /// shape.
    public func tap(
        along ray: Ray, inputType: InputTargetComponent.InputType = .indirect
    ) -> EntityTargetValue<SpatialTapGesture.Value>? {
        let hits = cast(along: ray, length: 100, query: .all, mask: .all, relativeTo: nil, leavingShapes: true)
        guard let hit = hits.first(where: { $0.entity.isInputTarget(for: inputType) }) else { return nil }
        return EntityTargetValue(entity: hit.entity, gestureValue: SpatialTapGesture.Value(location3D: Point3D(hit.position)))
    }
}

/// A vector in three dimensions with double components, as the Spatial framework's `Vector3D`.
public struct Vector3D: Hashable, Sendable {
    /// The three components.
    public var vector: SIMD3<Double>

    /// The vector `(x, y, z)`.
    public init(x: Double = 0, y: Double = 0, z: Double = 0) { vector = SIMD3(x, y, z) }

    /// The vector `vector`.
    public init(_ vector: SIMD3<Float>) { self.vector = SIMD3<Double>(vector) }

    /// The component along x.
    public var x: Double {
        get { vector.x }
        set { vector.x = newValue }
    }
    /// The component along y.
    public var y: Double {
        get { vector.y }
        set { vector.y = newValue }
    }
    /// The component along z.
    public var z: Double {
        get { vector.z }
        set { vector.z = newValue }
    }
}

// MARK: Coordinate spaces

/// A coordinate space a gesture's locations are given in, as SwiftUI's `CoordinateSpaceProtocol`
/// (`.local`, `.global`, `.immersiveSpace`). A tap's ``SpatialTapGesture/Value/location3D`` is
/// in metres in the space's world here, so every such space is that world.
public protocol CoordinateSpaceProtocol {}

/// The gesture's own view, as SwiftUI's `LocalCoordinateSpace`: here the space's world.
public struct LocalCoordinateSpace: CoordinateSpaceProtocol {
    /// The local space.
    public init() {}
}

/// The root of the views, as SwiftUI's `GlobalCoordinateSpace`: here the space's world.
public struct GlobalCoordinateSpace: CoordinateSpaceProtocol {
    /// The global space.
    public init() {}
}

/// A space named by the app, as SwiftUI's `NamedCoordinateSpace`; `.immersiveSpace` is the
/// one of the open immersive space: here the space's world.
public struct NamedCoordinateSpace: CoordinateSpaceProtocol {
    /// The space's name.
    public var name: String

    /// The space called `name`.
    public init(name: String) { self.name = name }
}

extension CoordinateSpaceProtocol where Self == LocalCoordinateSpace {
    /// The gesture's own view: here the space's world.
    public static var local: LocalCoordinateSpace { LocalCoordinateSpace() }
}

extension CoordinateSpaceProtocol where Self == GlobalCoordinateSpace {
    /// The root of the views: here the space's world.
    public static var global: GlobalCoordinateSpace { GlobalCoordinateSpace() }
}

extension CoordinateSpaceProtocol where Self == NamedCoordinateSpace {
    /// The open immersive space: here the space's world.
    public static var immersiveSpace: NamedCoordinateSpace { NamedCoordinateSpace(name: "immersiveSpace") }
}

/// A coordinate space of the space's, as RealityKit's `RealityCoordinateSpace`: an entity's own
/// (``Entity`` conforms) or the scene's, ``SceneRealityCoordinateSpace`` (`.scene`).
public protocol RealityCoordinateSpace {}

extension Entity: RealityCoordinateSpace {}

/// The scene's coordinate space, as RealityKit's `SceneRealityCoordinateSpace`: in an immersive
/// space, the world (the floor under the viewer, +y up, -z forward).
public struct SceneRealityCoordinateSpace: RealityCoordinateSpace {}

extension RealityCoordinateSpace where Self == SceneRealityCoordinateSpace {
    /// The scene's coordinate space: the world.
    public static var scene: SceneRealityCoordinateSpace { SceneRealityCoordinateSpace() }
}

extension RealityCoordinateSpace {
    /// The entity whose space this is; nil for the scene's, the world.
    private var referenceEntity: Entity? { self as? Entity }

    /// The world's point `point` in this space.
    package func position(fromWorld point: SIMD3<Float>) -> SIMD3<Float> {
        referenceEntity?.convert(position: point, from: nil) ?? point
    }

    /// The world's direction `vector` in this space: turned and scaled, not moved.
    package func direction(fromWorld vector: SIMD3<Float>) -> SIMD3<Float> {
        referenceEntity?.convert(direction: vector, from: nil) ?? vector
    }

    /// This space's point `point` in the world.
    package func position(toWorld point: SIMD3<Float>) -> SIMD3<Float> { referenceEntity?.convert(position: point, to: nil) ?? point }

    /// This space's direction `vector` in the world.
    package func direction(toWorld vector: SIMD3<Float>) -> SIMD3<Float> {
        referenceEntity?.convert(direction: vector, to: nil) ?? vector
    }
}

extension EntityTargetValue {
    /// `point`, given in the gesture's `space`, in `realitySpace`: what a handler writes as
    /// `value.convert(value.location3D, from: .local, to: .scene)` to place something where the
    /// tap landed.
    public func convert(
        _ point: Point3D, from space: some CoordinateSpaceProtocol, to realitySpace: some RealityCoordinateSpace
    ) -> SIMD3<Float> {
        realitySpace.position(fromWorld: SIMD3<Float>(point.vector))
    }

    /// `vector`, given in the gesture's `space`, in `realitySpace`: turned and scaled, not moved.
    public func convert(
        _ vector: Vector3D, from space: some CoordinateSpaceProtocol, to realitySpace: some RealityCoordinateSpace
    ) -> SIMD3<Float> {
        realitySpace.direction(fromWorld: SIMD3<Float>(vector.vector))
    }

    /// `point`, given in `realitySpace`, in the gesture's `space`.
    public func convert(
        point: SIMD3<Float>, from realitySpace: some RealityCoordinateSpace, to space: some CoordinateSpaceProtocol
    ) -> Point3D {
        Point3D(realitySpace.position(toWorld: point))
    }

    /// `vector`, given in `realitySpace`, in the gesture's `space`: turned and scaled, not moved.
    public func convert(
        vector: SIMD3<Float>, from realitySpace: some RealityCoordinateSpace, to space: some CoordinateSpaceProtocol
    ) -> Vector3D {
        Vector3D(realitySpace.direction(toWorld: vector))
    }
}
