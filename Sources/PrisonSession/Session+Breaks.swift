import PrisonRules
import PrisonSpace
import PrisonWorld

// The breaks in flight, read from the game's latest moves and the world's breaking blocks: which
// blocks broke, at which cell the tap was, when, and what it scored. Nothing is kept beside them.
extension Session {
    /// Seconds the HUD's score takes to count up to a break's points.
    static let scoreCountUp: Float = 0.5

    /// The moves still showing, latest first, each with its place in the game's history and
    /// the seconds since it was played: those whose break or points have not run out.
    private func recentMoves() -> [(index: Int, outcome: MoveOutcome, age: Float)] {
        let history = world.game.history
        let now = world.time
        let window = max(Float(world.game.rules.comboWindow.inSeconds), Shatter.pointsLife, Self.scoreCountUp)
        var recent: [(Int, MoveOutcome, Float)] = []
        for index in history.indices.reversed() {
            guard let time = history[index].move.time else { break }
            let age = Float((now - time).inSeconds)
            guard age < window else { break }
            recent.append((index, history[index], age))
        }
        return recent
    }

    /// The blocks of each break in flight as the shatter draws them (``Shatter/pieces(of:at:reducesMotion:into:)``),
    /// with the seconds since their tap, and the points of each rising from its group.
    public func breaks() -> (blocks: [(block: ShatterBlock, age: Float)], points: [ScenePoints]) {
        var blocks: [(ShatterBlock, Float)] = []
        var points: [ScenePoints] = []
        let size = world.layout.blockSize * 0.97
        let duration = Float(world.game.rules.comboWindow.inSeconds)
        let colours = palette.colours
        for (index, outcome, age) in recentMoves() {
            let broken = outcome.removal.broken
            // Each block as it stood: its wall's rotation and its centre, which the break keeps.
            let frames: [simd_float4x4?] = broken.map { placed in
                guard let drawn = world.block(placed.block.id), drawn.phase == .breaking, let wall = drawn.entity.parent else {
                    return nil
                }
                return wall.worldMatrix * simd_float4x4(translation: drawn.entity.position)
            }
            let centres = frames.map { $0.map { SIMD3($0.columns.3.x, $0.columns.3.y, $0.columns.3.z) } }
            let tapped = broken.firstIndex { $0.cell == outcome.move.cell } ?? 0
            // The points rise from the group's middle as the rules had it, a block out into the room.
            let layout = world.layout
            let middle = broken.reduce(SIMD3<Float>.zero) { sum, placed in
                sum + layout.centre(wall: placed.cell.wall, column: placed.cell.column, row: placed.cell.row)
            } / Float(max(broken.count, 1))
            let inward = broken.isEmpty ? .zero : layout.rotation(ofWall: broken[tapped].cell.wall).act([0, 0, 1])
            Shatter.points(
                outcome.points, multiplier: outcome.multiplier, from: middle + inward * layout.blockSize,
                at: age, blockSize: layout.blockSize, into: &points)
            guard age < duration, let tapFrame = frames[tapped] ?? frames.compactMap({ $0 }).first else { continue }
            let tapCentre = SIMD3(tapFrame.columns.3.x, tapFrame.columns.3.y, tapFrame.columns.3.z)
            let tap = tapCentre + SIMD3(tapFrame.columns.2.x, tapFrame.columns.2.y, tapFrame.columns.2.z) * (size / 2)
            let rings = centres.map { centre in centre.map { Int((simd_length($0 - tapCentre) / world.layout.blockSize).rounded()) } ?? 0 }
            let lastRing = rings.max() ?? 0
            for (block, frame) in zip(broken.indices, frames) {
                guard let frame else { continue }
                let placed = broken[block]
                let shatter = ShatterBlock(
                    frame: frame, size: size, tap: tap, delay: Shatter.delay(ring: rings[block], of: lastRing, duration: duration),
                    duration: duration, colour: colours[placed.block.colour % colours.count], wall: placed.cell.wall,
                    multiplier: outcome.multiplier, seed: UInt64(placed.block.id.rawValue) &* 0x1_0000_0001 &+ UInt64(index))
                blocks.append((shatter, age))
            }
        }
        return (blocks, points)
    }

    /// The score the HUD shows: the game's, less what the latest breaks have not counted up yet.
    var countedScore: Int {
        var score = world.game.score
        for (_, outcome, age) in recentMoves() where age < Self.scoreCountUp {
            let progress = age / Self.scoreCountUp
            score -= Int((Float(outcome.points + outcome.bonus) * (1 - progress) * (1 - progress)).rounded())
        }
        return score
    }
}
