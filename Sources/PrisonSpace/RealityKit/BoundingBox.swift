/// A box whose edges run along the axes, from corner `min` to corner `max`: RealityKit's
/// `BoundingBox`. A box whose `max` is below its `min` on some axis is empty.
public struct BoundingBox: Hashable, Sendable {
    /// The corner with the smallest coordinates.
    public var min: SIMD3<Float>
    /// The corner with the largest coordinates.
    public var max: SIMD3<Float>

    /// The empty box: `min` at +infinity and `max` at -infinity, so that a union with it changes
    /// nothing.
    public static let empty = BoundingBox(min: SIMD3(repeating: .infinity), max: SIMD3(repeating: -.infinity))

    /// The empty box, ``empty``.
    public init() { self = .empty }

    /// The box from `min` to `max`.
    public init(min: SIMD3<Float>, max: SIMD3<Float>) {
        self.min = min
        self.max = max
    }

    /// The box of `size` (full edge lengths) around `center`.
    public init(center: SIMD3<Float>, size: SIMD3<Float>) {
        self.init(min: center - size.absolute / 2, max: center + size.absolute / 2)
    }

    /// Whether the box holds no point: `max` is below `min` on some axis.
    public var isEmpty: Bool { any(max .< min) }

    /// The centre of the box; the origin for an empty box.
    public var center: SIMD3<Float> { isEmpty ? .zero : (min + max) / 2 }

    /// The full edge lengths along x, y and z; zero for an empty box.
    public var extents: SIMD3<Float> { isEmpty ? .zero : max - min }

    /// The distance from the centre to a corner: the radius of the ball around the centre that
    /// holds the box; 0 for an empty box.
    public var boundingRadius: Float { (extents / 2).length }

    /// The smallest box that holds this one and `other`.
    public func union(_ other: BoundingBox) -> BoundingBox {
        BoundingBox(min: pointwiseMin(min, other.min), max: pointwiseMax(max, other.max))
    }

    /// The smallest box that holds this one and `point`.
    public func union(_ point: SIMD3<Float>) -> BoundingBox {
        BoundingBox(min: pointwiseMin(min, point), max: pointwiseMax(max, point))
    }

    /// Grows the box to hold `other` too.
    public mutating func formUnion(_ other: BoundingBox) { self = union(other) }

    /// Grows the box to hold `point` too.
    public mutating func formUnion(_ point: SIMD3<Float>) { self = union(point) }

    /// Whether `point` is in the box, faces included.
    public func contains(_ point: SIMD3<Float>) -> Bool { all(point .>= min) && all(point .<= max) }

    /// Whether every point of `other` is in this box.
    public func contains(_ other: BoundingBox) -> Bool { other.isEmpty || (contains(other.min) && contains(other.max)) }

    /// Whether the two boxes share a point.
    public func intersects(_ other: BoundingBox) -> Bool {
        !isEmpty && !other.isEmpty && all(min .<= other.max) && all(other.min .<= max)
    }

    /// The squared distance from `point` to the nearest point of the box; 0 inside.
    public func distanceSquared(toPoint point: SIMD3<Float>) -> Float {
        let outside = pointwiseMax(pointwiseMax(min - point, point - max), .zero)
        return outside.dot(outside)
    }

    /// The smallest box along the axes that holds this one's eight corners moved by `transform`.
    public func transformed(by transform: simd_float4x4) -> BoundingBox {
        guard !isEmpty else { return self }
        var result = BoundingBox.empty
        for index in 0..<8 { result.formUnion(transform.transformPoint(corner(index))) }
        return result
    }

    /// Corner `index` (0 to 7): bit 0 picks `max` over `min` in x, bit 1 in y, bit 2 in z.
    func corner(_ index: Int) -> SIMD3<Float> {
        let pick = SIMD3<Float>(Float(index & 1), Float((index >> 1) & 1), Float((index >> 2) & 1))
        return min + (max - min) * pick
    }
}
