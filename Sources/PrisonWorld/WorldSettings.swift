import PrisonRules
import PrisonSpace

/// The numbers of a world: sizes in metres and durations of world time. A block is 0.3 m and the
/// eyes are 1.6 m above the floor unless told otherwise; a break always lasts the rules' combo
/// window, so what the player sees is what scores.
public struct WorldSettings: Hashable, Sendable {
    /// The edge of a block.
    public var blockSize: Float
    /// The height of the player's eyes above the floor.
    public var eyeHeight: Float
    /// How long the blocks above a broken group take to fall.
    public var fallDuration: Duration
    /// How long columns take to slide together after the fall.
    public var slideDuration: Duration
    /// How long blocks take to go back to their cells on undo.
    public var undoDuration: Duration
    /// How long the end of the game (blocks toppling, or walls opening) takes.
    public var endDuration: Duration

    /// Settings with the given sizes in metres and durations of world time; `blockSize` must be
    /// positive and finite.
    public init(
        blockSize: Float = 0.3, eyeHeight: Float = 1.6, fallDuration: Duration = .milliseconds(300),
        slideDuration: Duration = .milliseconds(250), undoDuration: Duration = .milliseconds(400),
        endDuration: Duration = .milliseconds(1500)
    ) {
        precondition(blockSize > 0 && blockSize.isFinite, "a block needs a positive finite size")
        self.blockSize = blockSize
        self.eyeHeight = eyeHeight
        self.fallDuration = fallDuration
        self.slideDuration = slideDuration
        self.undoDuration = undoDuration
        self.endDuration = endDuration
    }

    /// Where the player's eyes are: above the origin, `eyeHeight` up.
    public var eye: SIMD3<Float> { [0, eyeHeight, 0] }
}

extension Duration {
    /// Whole microseconds, never negative: the unit the world plans its durations in.
    var wholeMicroseconds: Int64 { max(0, sessionMicroseconds) }
}
