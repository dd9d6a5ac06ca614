import PrisonRules
import PrisonSpace

/// A piece of a breaking block as a renderer draws it: a small cube in flight, or the whole block
/// while it waits for the ripple to reach it (or fades, when motion is reduced).
public struct ScenePiece: Equatable, Sendable {
    /// Its world transform, scaled to its size.
    public var transform: simd_float4x4
    /// Its block's colour, linear RGB.
    public var colour: SIMD3<Float>
    /// How opaque it is: 1, down to 0 as it fades.
    public var opacity: Float
    /// Light it gives off, added to its shading: the flash at the tap and the combo's glow.
    public var glow: SIMD3<Float>
    /// The wall its block stood on.
    public var wall: Int
}

/// The points of a break rising from its group, as a renderer draws them, facing the player.
public struct ScenePoints: Equatable, Sendable {
    /// Where the text's middle is, in world space.
    public var position: SIMD3<Float>
    /// The points the break scored, multiplier included: the rules' number.
    public var points: Int
    /// The multiplier it scored with; 1 outside a combo.
    public var multiplier: Int
    /// How opaque the text is: 1, down to 0 as it fades.
    public var opacity: Float
    /// The text's height in metres.
    public var height: Float
}

/// A block of a break, as the shatter needs it: where it stood, where the tap hit, when the ripple
/// reaches it, and how long the break lasts.
public struct ShatterBlock: Equatable, Sendable {
    /// The block at rest: its wall's rotation and its centre, in world space, unscaled. Its +z
    /// points out of the wall into the room, its +y up.
    public var frame: simd_float4x4
    /// The block's edge in metres, as drawn.
    public var size: Float
    /// Where the tap hit, in world space: the pieces fly away from it.
    public var tap: SIMD3<Float>
    /// Seconds from the tap until the block bursts (the ripple's delay).
    public var delay: Float
    /// Seconds the break lasts (the rules' combo window): every piece is gone by then.
    public var duration: Float
    /// The block's colour, linear RGB.
    public var colour: SIMD3<Float>
    /// The wall the block stood on.
    public var wall: Int
    /// The multiplier its break scored with: from 2 the block glows, warmer as it grows.
    public var multiplier: Int
    /// Seeds the pieces' paths: the same seed, the same pieces.
    public var seed: UInt64

    /// A block of a break, as described by the properties.
    public init(
        frame: simd_float4x4, size: Float, tap: SIMD3<Float>, delay: Float, duration: Float, colour: SIMD3<Float>, wall: Int,
        multiplier: Int, seed: UInt64
    ) {
        self.frame = frame
        self.size = size
        self.tap = tap
        self.delay = delay
        self.duration = duration
        self.colour = colour
        self.wall = wall
        self.multiplier = multiplier
        self.seed = seed
    }
}

/// How a break looks: each block bursts into pieces thrown from the tap, spinning and falling,
/// gone by the break's end, or with motion reduced, fades where it stands. Pure functions of the
/// block and the time since the tap, so the same game draws the same pictures.
public enum Shatter {
    /// Pieces across each edge of a block: a block bursts into `split`³ pieces.
    public static let split = 2
    /// Metres a second squared the pieces fall with.
    public static let gravity: Float = 5
    /// Seconds a break's flash lasts from the tap.
    public static let flash: Float = 0.12
    /// Seconds a block takes to fade when motion is reduced.
    public static let reducedFade: Float = 0.25
    /// Seconds between one ring of the ripple and the next, at most.
    public static let rippleStep: Float = 0.03
    /// Seconds the points rise for.
    public static let pointsLife: Float = 1.2

    /// The ripple's delay of a block `ring` steps from the tapped block, in a break of `rings`
    /// rings lasting `duration` seconds: ``rippleStep`` a ring, closer in a large group so that the
    /// last ring bursts within the first third of the break.
    public static func delay(ring: Int, of rings: Int, duration: Float) -> Float {
        Float(ring) * min(rippleStep, duration / 3 / Float(max(rings, 1)))
    }

    /// The light a combo of `multiplier` gives off: none at 1, then from gold to orange, red and
    /// magenta as it grows.
    public static func glowColour(multiplier: Int) -> SIMD3<Float> {
        switch multiplier {
        case ...1: .zero
        case 2: [1, 0.82, 0.25]
        case 3: [1, 0.5, 0.12]
        case 4: [1, 0.22, 0.1]
        default: [1, 0.2, 0.65]
        }
    }

    /// Appends to `pieces` what `block` shows `t` seconds after the tap: nothing once the break
    /// is over; with `reducesMotion`, the whole block where it stood, fading; otherwise the whole
    /// block until the ripple reaches it, then ``split``³ pieces in flight.
    public static func pieces(of block: ShatterBlock, at t: Float, reducesMotion: Bool, into pieces: inout [ScenePiece]) {
        guard t >= 0, t < block.duration else { return }
        let comboLeft = 1 - t / block.duration
        let flashing = max(0, 1 - t / flash)
        let glow = glowColour(multiplier: block.multiplier) * (0.55 * comboLeft) + SIMD3(repeating: 0.9 * flashing)
        let whole = block.frame * simd_float4x4(scale: SIMD3(repeating: block.size))
        if reducesMotion {
            guard t < reducedFade else { return }
            pieces.append(ScenePiece(transform: whole, colour: block.colour, opacity: 1 - t / reducedFade, glow: glow, wall: block.wall))
            return
        }
        guard t >= block.delay else {
            pieces.append(ScenePiece(transform: whole, colour: block.colour, opacity: 1, glow: glow, wall: block.wall))
            return
        }
        let age = t - block.delay, life = block.duration - block.delay
        // Solid for the first half of its flight, then fading and shrinking to nothing at the end.
        let fade = min(1, max(0, 2 * (1 - age / life)))
        let pieceSize = block.size / Float(split)
        let rotation = simd_quatf(block.frame)
        for index in 0..<split * split * split {
            let path = Path(block: block, piece: index)
            var position = path.start + path.velocity * age
            position.y -= gravity / 2 * age * age
            // Pieces come to rest on the floor rather than through it.
            position.y = max(position.y, pieceSize / 2)
            let spin = simd_quatf(angle: path.spin * age, axis: path.axis)
            let scale = pieceSize * 0.94 * (0.35 + 0.65 * fade)
            let transform =
                simd_float4x4(translation: position) * simd_float4x4(spin * rotation) * simd_float4x4(scale: SIMD3(repeating: scale))
            pieces.append(ScenePiece(transform: transform, colour: block.colour, opacity: fade, glow: glow, wall: block.wall))
        }
    }

    /// Where piece `index` of a block starts, how it is thrown (world space, metres and metres a
    /// second) and how it spins.
    private struct Path {
        var start: SIMD3<Float>
        var velocity: SIMD3<Float>
        var axis: SIMD3<Float>
        var spin: Float

        init(block: ShatterBlock, piece index: Int) {
            var random = SeededGenerator(seed: block.seed, stream: UInt64(index))
            let cell = SIMD3(Float(index % split), Float(index / split % split), Float(index / (split * split)))
            let offset = ((cell + 0.5) / Float(split) - 0.5) * block.size
            let columns = block.frame.columns
            let right = SIMD3(columns.0.x, columns.0.y, columns.0.z), up = SIMD3(columns.1.x, columns.1.y, columns.1.z)
            let out = SIMD3(columns.2.x, columns.2.y, columns.2.z), centre = SIMD3(columns.3.x, columns.3.y, columns.3.z)
            start = centre + right * offset.x + up * offset.y + out * offset.z
            // Away from the tap along the wall, always out of it into the room, and up a little.
            var away = start - block.tap
            away -= out * (away * out).sum()
            let length = simd_length(away)
            let along = length > 1e-5 ? away / length : right * (random.unit() - 0.5) + up * (random.unit() - 0.5)
            velocity =
                along * (0.5 + 0.9 * random.unit()) + out * (0.6 + 0.9 * random.unit()) + up * (0.4 + 1.2 * random.unit())
            let axis = SIMD3(random.unit() - 0.5, random.unit() - 0.5, random.unit() - 0.5) + SIMD3(0, 0, 0.01)
            self.axis = axis / simd_length(axis)
            spin = (4 + 10 * random.unit()) * (random.unit() < 0.5 ? -1 : 1)
        }
    }

    /// Appends the points of a break to `points`, `t` seconds after its tap: they rise from the
    /// group's middle (`origin`, world space) toward the room, larger in a bigger combo, and fade
    /// over ``pointsLife``; nothing after.
    public static func points(
        _ scored: Int, multiplier: Int, from origin: SIMD3<Float>, at t: Float, blockSize: Float, into points: inout [ScenePoints]
    ) {
        guard t >= 0, t < pointsLife else { return }
        let progress = t / pointsLife
        // Quick to rise at first, slowing; solid for the first half, then fading.
        let rise = blockSize * 2.2 * (1 - (1 - progress) * (1 - progress))
        let opacity = min(1, 2 * (1 - progress))
        let height = blockSize * 0.85 * (1 + 0.15 * Float(min(multiplier, 6) - 1)) * (0.85 + 0.15 * min(1, t * 8))
        points.append(
            ScenePoints(position: origin + SIMD3(0, rise, 0), points: scored, multiplier: multiplier, opacity: opacity, height: height))
    }
}

extension SeededGenerator {
    /// The next number in 0..<1.
    fileprivate mutating func unit() -> Float { Float.random(in: 0..<1, using: &self) }
}
