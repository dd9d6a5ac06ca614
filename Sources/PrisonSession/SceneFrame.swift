import PrisonSpace

/// One block as a renderer draws it: where, in which colour, and what marks it.
public struct SceneBlock: Equatable, Sendable {
    /// Its world transform, scaled to the size the block is drawn (a sliver under its cell, so
    /// every cube reads as one).
    public var transform: simd_float4x4
    /// Its colour, from the palette, linear RGB.
    public var colour: SIMD3<Float>
    /// Its colour's index, which names its symbol when the palette draws symbols.
    public var symbol: Int
    /// The wall it stands on (its last wall while it falls away).
    public var wall: Int
    /// Whether it is in the group under the pointer.
    public var isHovered: Bool
    /// Whether it is in one of the few groups left while the player is in danger.
    public var isInDanger: Bool
    /// Whether it is in the group a hint shows.
    public var isHinted: Bool

    /// A block drawn with `transform` in `colour` (its symbol `symbol`) on `wall`, marked as said.
    init(
        transform: simd_float4x4, colour: SIMD3<Float>, symbol: Int, wall: Int, isHovered: Bool = false,
        isInDanger: Bool = false, isHinted: Bool = false
    ) {
        self.transform = transform
        self.colour = colour
        self.symbol = symbol
        self.wall = wall
        self.isHovered = isHovered
        self.isInDanger = isInDanger
        self.isHinted = isHinted
    }
}

/// What a renderer draws of the room in one frame: the blocks, the eye and the cell, as plain
/// values (how they reach a GPU is the renderer's business).
public struct SceneFrame: Equatable {
    /// The blocks to draw, at rest or moving; breaking blocks are drawn as ``pieces``.
    public var blocks: [SceneBlock] = []
    /// The pieces of the blocks breaking (``Shatter``), drawn with their opacity.
    public var pieces: [ScenePiece] = []
    /// The points of the latest breaks, rising from their groups.
    public var points: [ScenePoints] = []
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
    /// The cutaway plane (`Framing/cutaway(yaw:)`): blocks beyond it are not drawn; nil when
    /// nothing is cut away. Kept out of ``surroundings``, which only change when the cell does.
    public var cutaway: SIMD4<Float>?
    /// Whether a block pulses (in danger or hinted): the picture changes with ``time`` alone.
    public var pulses = false
    /// The prison cell around the blocks.
    public var surroundings = Surroundings()

    /// An empty frame: no blocks, the identity camera at the origin.
    init() {}
}
