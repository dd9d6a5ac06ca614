/// Scale, then rotation, then translation: where an entity sits relative to its parent.
public struct Transform: Hashable, Sendable {
    /// The scale along each of the entity's own axes, applied first.
    public var scale: SIMD3<Float>
    /// The rotation (a unit quaternion), applied after the scale.
    public var rotation: Quaternion
    /// The translation, in metres in the parent's space, applied last.
    public var translation: SIMD3<Float>

    /// The transform that changes nothing.
    public static let identity = Transform()

    /// The transform that scales by `scale`, then turns by `rotation`, then moves by `translation`.
    public init(scale: SIMD3<Float> = [1, 1, 1], rotation: Quaternion = .identity, translation: SIMD3<Float> = .zero) {
        self.scale = scale
        self.rotation = rotation
        self.translation = translation
    }

    /// The transform of an affine matrix without shear: translation, rotation and scale read back
    /// from it (a mirrored matrix gives a negative x scale).
    public init(matrix: Matrix4x4) {
        let x = SIMD3(matrix.columns.0.x, matrix.columns.0.y, matrix.columns.0.z)
        let y = SIMD3(matrix.columns.1.x, matrix.columns.1.y, matrix.columns.1.z)
        let z = SIMD3(matrix.columns.2.x, matrix.columns.2.y, matrix.columns.2.z)
        var scale = SIMD3(x.length, y.length, z.length)
        if x.cross(y).dot(z) < 0 { scale.x = -scale.x }
        translation = SIMD3(matrix.columns.3.x, matrix.columns.3.y, matrix.columns.3.z)
        self.scale = scale
        rotation =
            scale.x != 0 && scale.y != 0 && scale.z != 0
            ? Quaternion(rotationMatrixColumns: x / scale.x, y / scale.y, z / scale.z) : .identity
    }

    /// The matrix that applies scale, rotation and translation in that order.
    public var matrix: Matrix4x4 {
        var m = Matrix4x4(rotation: rotation)
        m.columns.0 *= scale.x
        m.columns.1 *= scale.y
        m.columns.2 *= scale.z
        m.columns.3 = SIMD4(translation, 1)
        return m
    }

    /// Whether the parts are within `tolerance` of `other`'s (rotations compared as rotations).
    public func isApproximatelyEqual(to other: Transform, tolerance: Float = 1e-4) -> Bool {
        scale.isApproximatelyEqual(to: other.scale, tolerance: tolerance)
            && translation.isApproximatelyEqual(to: other.translation, tolerance: tolerance)
            && rotation.isApproximatelyEqual(to: other.rotation, tolerance: tolerance)
    }
}
