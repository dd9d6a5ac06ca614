#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif

/// What gestures may do to an entity, declared as Reality Composer Pro's template declares it:
/// every field has a default, and there is a public `init()`.
public struct GestureComponent: Component, Codable {
    /// Whether the entity can be dragged.
    public var canDrag: Bool = true
    /// Whether a drag pivots the entity.
    public var pivotOnDrag: Bool = true
    /// Whether the entity can be scaled.
    public var canScale: Bool = true
    /// Whether the entity can be rotated.
    public var canRotate: Bool = true
    /// How far a drag may take the entity, in metres.
    public var reach: Float = 2

    /// Every field at its default.
    public init() {}
}

/// A spin, declared as apps often declare components: defaults, a nested struct, an enum, and
/// no public `init()` (Swift makes an internal one).
public struct SpinComponent: Component, Codable {
    /// The axis and speed of a spin.
    public struct Spin: Codable, Equatable {
        /// The axis.
        public var axis: SIMD3<Float> = [0, 1, 0]
        /// Turns a second.
        public var turnsPerSecond: Float = 0.25
    }

    /// How a spin starts.
    public enum Start: String, Codable {
        /// At once.
        case immediately
        /// When the entity is tapped.
        case onTap
    }

    /// The spin.
    public var spin = Spin()
    /// How it starts.
    public var start: Start = .immediately
    /// A label for the spin.
    public var label: String = "spin"
}

#if os(Linux)
// What a component needs on Linux for the fields a scene leaves out to keep their declared
// defaults (Apple's RealityKit needs nothing): its default value, by whatever init it has.
extension GestureComponent: DefaultValueComponent {
    public static var defaultValue: Self { Self() }
}

extension SpinComponent: DefaultValueComponent {
    public static var defaultValue: Self { Self() }
}
#endif

/// Points, declared with its own decoding: fields left out take their defaults without help.
public struct ScoreComponent: Component, Codable {
    /// The points a tap gives.
    public var points: Int = 10
    /// Whether a tap removes the entity.
    public var removesOnTap: Bool = false

    private enum CodingKeys: String, CodingKey { case points, removesOnTap }

    /// Reads the fields, each at its default when left out.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        points = try container.decodeIfPresent(Int.self, forKey: .points) ?? 10
        removesOnTap = try container.decodeIfPresent(Bool.self, forKey: .removesOnTap) ?? false
    }
}

/// A component with a default but neither `init()` adopted nor its own decoding: a scene that
/// leaves its field out cannot give it here.
public struct PlainComponent: Component, Codable {
    /// A number.
    public var value: Int = 3
}

/// Arrays of numbers, as an app's component may hold them.
public struct SamplesComponent: Component, Codable {
    /// Whole numbers.
    public var ids: [Int] = []
    /// Whole numbers in doubles.
    public var wholes: [Double] = []
    /// A few values, repeated.
    public var levels: [Float] = []
    /// Halves of precision.
    public var halves: [Float] = []
    /// A vector.
    public var offset: SIMD3<Float> = .zero
}
