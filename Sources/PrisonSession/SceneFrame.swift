import PrisonSpace

/// What a renderer draws of the room in one frame: the blocks as instance data, and the eye.
public struct SceneFrame {
    /// ``BlockInstances/floatsPerInstance`` floats a block.
    public var instances: [Float] = []
    /// The camera's projection times its view: world space to clip space.
    public var viewProjection = matrix_identity_float4x4
    /// Where the eye is, in world space.
    public var eye: SIMD3<Float> = .zero
    /// Seconds, for the shaders' pulses.
    public var time: Float = 0
    /// Whether the blocks carry their colour's symbol (the palette's setting).
    public var showsSymbols = false
    /// The clear colour, linear RGB.
    public var background: SIMD3<Float> = [0.05, 0.06, 0.09]
    /// The cutaway plane (``Framing/cutaway(yaw:)``): blocks beyond it are not drawn; nil when
    /// nothing is cut away. Kept out of ``surroundings``, which only change when the cell does.
    public var cutaway: SIMD4<Float>?
    /// Whether a block pulses (in danger or hinted): the picture changes with ``time`` alone.
    public var pulses = false
    /// The prison cell around the blocks.
    public var surroundings = Surroundings()

    /// An empty frame: no blocks, the identity camera at the origin.
    public init() {}
}

/// Block instances as the block shader reads them: a model matrix (column by column), a colour
/// with its symbol index, and a state (hover, danger, hint, the block's wall).
public enum BlockInstances {
    /// The floats of one block: 16 for the model matrix, 4 for colour and symbol, 4 for the state.
    public static let floatsPerInstance = 24

    /// Appends one block's ``floatsPerInstance`` floats to `instances`.
    public static func append(
        model: simd_float4x4, colour: SIMD3<Float>, symbol: Int, state: SIMD4<Float>, to instances: inout [Float]
    ) {
        instances += model.floats
        instances += [colour.x, colour.y, colour.z, Float(symbol), state.x, state.y, state.z, state.w]
    }
}

extension simd_float4x4 {
    /// The sixteen entries, column by column, as a GPU matrix uniform takes them.
    public var floats: [Float] {
        let c = columns
        return [c.0.x, c.0.y, c.0.z, c.0.w, c.1.x, c.1.y, c.1.z, c.1.w, c.2.x, c.2.y, c.2.z, c.2.w, c.3.x, c.3.y, c.3.z, c.3.w]
    }
}
