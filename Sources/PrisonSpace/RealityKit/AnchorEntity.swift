/// An entity that anchors its descendants in the space, as RealityKit's `AnchorEntity`: here a
/// plain entity placed in the world, since a space's root anchors everything under it.
open class AnchorEntity: Entity {
    /// An anchor at `position` in the world.
    public convenience init(world position: SIMD3<Float>) {
        self.init()
        transform = Transform(translation: position)
    }

    /// An anchor at the transform of the matrix `transform` in the world.
    public convenience init(world transform: simd_float4x4) {
        self.init()
        self.transform = Transform(matrix: transform)
    }
}
