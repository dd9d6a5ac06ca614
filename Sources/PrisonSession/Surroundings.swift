import PrisonRules
import PrisonSpace
import PrisonWorld

/// The prison cell around the blocks, as a renderer draws it: stone walls behind the walls of
/// blocks (they move with the wall entities, so they open outward when the room is cleared), a
/// stone floor and a ceiling, lit by a lamp under the ceiling.
public struct Surroundings: Equatable {
    /// The walls of blocks: 4, or 1 (then the other three are bare stone).
    var walls = 4
    /// The distance from the room's centre to the inner face of a wall of blocks, in metres.
    public var innerDistance: Float = 1.8
    /// The edge of a block, in metres.
    var blockSize: Float = 0.3
    /// The height of the walls of blocks, in metres.
    public var wallHeight: Float = 3
    /// Each wall entity's matrix from its space to the world, wall 0 first: the stone behind a
    /// wall of blocks follows it.
    var wallMatrices: [simd_float4x4] = []

    /// The cell of the default room, shut.
    init() {}

    /// The height of the ceiling: a little above the blocks, and never lower than a person.
    public var ceilingHeight: Float { max(wallHeight + max(2 * blockSize, 0.6), 2.4) }
    /// The distance from the room's centre to the stone behind the blocks.
    public var stoneDistance: Float { innerDistance + blockSize }
    /// Where the lamp hangs: under the middle of the ceiling.
    public var lamp: SIMD3<Float> { [0, ceilingHeight - 0.2, 0] }

    /// How far the walls have opened on a clear, 0 (shut) to 1: light comes in as they go.
    public var opening: Float {
        let moved = wallZeroShift
        return min(1, (moved * moved).sum().squareRoot() / max(innerDistance, 0.3))
    }

    /// How far wall 0 has moved from its shut place (zero in a room without walls).
    private var wallZeroShift: SIMD3<Float> { wallMatrices.first?.transformPoint(.zero) ?? .zero }

    /// The four stone walls' matrices, wall 0 first, each taking wall 0's shut place to where
    /// that wall stands now: behind a wall of blocks, that wall's matrix; a bare stone wall (in a
    /// room of one wall of blocks) is a quarter turn a wall round and moves as wall 0 does.
    public var stoneWallMatrices: [simd_float4x4] {
        let shift = wallZeroShift
        return (0..<4).map { wall in
            wall < wallMatrices.count
                ? wallMatrices[wall]
                : simd_float4x4(RoomLayout.rotation(ofWall: wall)) * simd_float4x4(translation: shift)
        }
    }
}

/// Which way the player faces, for a compass of wall labels matching the wall numbers messages
/// use (counted from 1), and the walls that hold the groups left while in danger.
public struct Compass: Hashable, Sendable {
    /// Degrees the head is turned right of wall 0.
    var yaw: Float
    /// The walls of the room: 1 or 4.
    public var walls: Int
    /// The walls holding the groups left while in danger, counted from 0; empty out of danger.
    public var dangerWalls: [Int]

    /// A compass for a head turned `yaw` degrees in a room of `walls` walls.
    package init(yaw: Float, walls: Int, dangerWalls: [Int] = []) {
        self.yaw = yaw
        self.walls = walls
        self.dangerWalls = dangerWalls
    }

    /// Degrees from straight ahead to the middle of wall `wall` (0-based), in -180..<180:
    /// negative to the left.
    public func bearing(ofWall wall: Int) -> Float {
        let r = (Float(wall) * 90 - yaw).truncatingRemainder(dividingBy: 360)
        let wrapped = r < -180 ? r + 360 : (r >= 180 ? r - 360 : r)
        return wrapped
    }

    /// The label of wall `wall` (0-based), as messages name it.
    package static func label(ofWall wall: Int) -> String { "Wall \(wall + 1)" }
}

extension Session {
    /// The prison cell around the room now.
    package var surroundings: Surroundings {
        let layout = world.layout
        var cell = Surroundings()
        cell.walls = layout.walls
        cell.innerDistance = layout.innerDistance
        cell.blockSize = layout.blockSize
        cell.wallHeight = Float(world.game.start.room.height) * layout.blockSize
        cell.wallMatrices = world.walls.map(\.worldMatrix)
        return cell
    }

    /// Which way the player faces, and where the danger is.
    var compass: Compass {
        Compass(yaw: head.yaw, walls: world.layout.walls, dangerWalls: world.danger?.walls ?? [])
    }
}
