/// The lens of a perspective camera, as RealityKit's `PerspectiveCameraComponent`.
public struct PerspectiveCameraComponent: Component, Hashable, Sendable {
    /// The nearest distance drawn, in metres.
    public var near: Float
    /// The farthest distance drawn, in metres.
    public var far: Float
    /// The vertical field of view, in degrees.
    public var fieldOfViewInDegrees: Float

    /// A lens drawing from `near` to `far` metres with a vertical field of view of
    /// `fieldOfViewInDegrees`.
    public init(near: Float = 0.01, far: Float = 100, fieldOfViewInDegrees: Float = 60) {
        self.near = near
        self.far = far
        self.fieldOfViewInDegrees = fieldOfViewInDegrees
    }
}

/// A perspective camera, as RealityKit's `PerspectiveCamera`: an entity that looks down its -z
/// axis through its ``camera`` lens. Screen points are pixels of a viewport, from (0, 0) at the
/// top-left corner to (width, height) at the bottom-right, as a mouse reports them.
public final class PerspectiveCamera: Entity {
    /// The camera's lens: its component, which a clone copies.
    public var camera: PerspectiveCameraComponent {
        get { components[PerspectiveCameraComponent.self] ?? PerspectiveCameraComponent() }
        set { components.set(newValue) }
    }
    /// The vertical field of view, in degrees: the lens's.
    public var fieldOfViewInDegrees: Float {
        get { camera.fieldOfViewInDegrees }
        set { camera.fieldOfViewInDegrees = newValue }
    }
    /// The nearest distance drawn, in metres: the lens's.
    public var near: Float {
        get { camera.near }
        set { camera.near = newValue }
    }
    /// The farthest distance drawn, in metres: the lens's.
    public var far: Float {
        get { camera.far }
        set { camera.far = newValue }
    }

    /// The projection for a viewport of `aspectRatio` (width over height).
    public func projectionMatrix(aspectRatio: Float) -> simd_float4x4 {
        simd_float4x4(
            perspectiveFieldOfView: fieldOfViewInDegrees * .pi / 180, aspectRatio: aspectRatio, near: near,
            far: far)
    }

    /// The matrix from the world to the camera's space.
    public var viewMatrix: simd_float4x4 { worldMatrix.invertedOrNil ?? .identity }

    /// The ray from the camera through `screenPoint`, in the world, with a unit direction: the
    /// same ray a mouse click, a gaze or a pinch casts. Nil for an empty viewport or non-finite
    /// input.
    public func ray(through screenPoint: SIMD2<Float>, viewport: SIMD2<Float>) -> Ray? {
        guard viewport.x > 0, viewport.y > 0, screenPoint.x.isFinite, screenPoint.y.isFinite,
            let unproject = (projectionMatrix(aspectRatio: viewport.x / viewport.y) * viewMatrix).invertedOrNil
        else { return nil }
        let ndc = SIMD2(2 * screenPoint.x / viewport.x - 1, 1 - 2 * screenPoint.y / viewport.y)
        let onNear = unproject.transformPoint(SIMD3(ndc, -1))
        let onFar = unproject.transformPoint(SIMD3(ndc, 1))
        let direction = (onFar - onNear).normalized
        guard onNear.isFinite, direction.isFinite, direction.length > 0 else { return nil }
        return Ray(origin: position(relativeTo: nil), direction: direction)
    }

    /// The pixel where `worldPoint` appears, or nil when it is behind the camera.
    public func project(_ worldPoint: SIMD3<Float>, viewport: SIMD2<Float>) -> SIMD2<Float>? {
        guard viewport.x > 0, viewport.y > 0 else { return nil }
        let clip = projectionMatrix(aspectRatio: viewport.x / viewport.y) * viewMatrix * SIMD4(worldPoint, 1)
        guard clip.w > 0 else { return nil }
        let ndc = SIMD2(clip.x, clip.y) / clip.w
        return SIMD2((ndc.x + 1) / 2 * viewport.x, (1 - ndc.y) / 2 * viewport.y)
    }
}
