/// Scale, then rotation, then translation: where an entity sits relative to its parent, as
/// RealityKit's `Transform` describes it. It is also a component: `entity.components[Transform.self]`
/// reads and writes the entity's transform.
public struct Transform: Hashable, Sendable {
    /// The scale along each of the entity's own axes, applied first.
    public var scale: SIMD3<Float>
    /// The rotation (a unit quaternion), applied after the scale.
    public var rotation: simd_quatf
    /// The translation, in metres in the parent's space, applied last.
    public var translation: SIMD3<Float>

    /// The transform that changes nothing.
    public static let identity = Transform()

    /// The transform that changes nothing: scale 1, no rotation, no translation.
    public init() {
        self.init(scale: [1, 1, 1], rotation: .identity, translation: .zero)
    }

    /// The transform that scales by `scale`, then turns by `rotation`, then moves by `translation`.
    public init(scale: SIMD3<Float> = [1, 1, 1], rotation: simd_quatf = .identity, translation: SIMD3<Float> = .zero) {
        self.scale = scale
        self.rotation = rotation
        self.translation = translation
    }

    /// The transform of an affine matrix without shear: translation, rotation and scale read back
    /// from it (a mirrored matrix gives a negative x scale).
    public init(matrix: simd_float4x4) {
        let x = SIMD3(matrix.columns.0.x, matrix.columns.0.y, matrix.columns.0.z)
        let y = SIMD3(matrix.columns.1.x, matrix.columns.1.y, matrix.columns.1.z)
        let z = SIMD3(matrix.columns.2.x, matrix.columns.2.y, matrix.columns.2.z)
        var scale = SIMD3(x.length, y.length, z.length)
        if x.cross(y).dot(z) < 0 { scale.x = -scale.x }
        translation = SIMD3(matrix.columns.3.x, matrix.columns.3.y, matrix.columns.3.z)
        self.scale = scale
        rotation =
            scale.x != 0 && scale.y != 0 && scale.z != 0
            ? simd_quatf(rotationMatrixColumns: x / scale.x, y / scale.y, z / scale.z) : .identity
    }

    /// The transform that turns by Euler angles in radians: `roll` about z first, then `pitch`
    /// about x, then `yaw` about y, each about the parent's axes.
    public init(pitch x: Float = 0, yaw y: Float = 0, roll z: Float = 0) {
        let rotation = simd_quatf(angle: y, axis: [0, 1, 0]) * simd_quatf(angle: x, axis: [1, 0, 0])
            * simd_quatf(angle: z, axis: [0, 0, 1])
        self.init(rotation: rotation)
    }

    /// The matrix that applies scale, rotation and translation in that order.
    public var matrix: simd_float4x4 {
        get {
            var m = simd_float4x4(rotation)
            m.columns.0 *= scale.x
            m.columns.1 *= scale.y
            m.columns.2 *= scale.z
            m.columns.3 = SIMD4(translation, 1)
            return m
        }
        set { self = Transform(matrix: newValue) }
    }

    /// Whether the parts are within `tolerance` of `other`'s (rotations compared as rotations).
    public func isApproximatelyEqual(to other: Transform, tolerance: Float = 1e-4) -> Bool {
        scale.isApproximatelyEqual(to: other.scale, tolerance: tolerance)
            && translation.isApproximatelyEqual(to: other.translation, tolerance: tolerance)
            && rotation.isApproximatelyEqual(to: other.rotation, tolerance: tolerance)
    }

    /// Whether every part is bit for bit the same (RealityKit's `==`).
    public static func == (a: Transform, b: Transform) -> Bool {
        a.scale == b.scale && a.rotation.vector == b.rotation.vector && a.translation == b.translation
    }

    /// Feeds the ten numbers to `hasher`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(scale)
        hasher.combine(rotation.vector)
        hasher.combine(translation)
    }
}
