import PrisonSession
import PrisonSpace

/// Blocks as the block shader reads them, one instance each: a model matrix (column by column),
/// a colour with its symbol index, and a state (hovered, in danger, hinted, the block's wall).
enum BlockInstances {
    /// The floats of one block: 16 for the model matrix, 4 for colour and symbol, 4 for the state.
    static let floatsPerInstance = 24

    /// `blocks` as instance data, ``floatsPerInstance`` floats each.
    static func packed(_ blocks: [SceneBlock]) -> [Float] {
        var instances: [Float] = []
        instances.reserveCapacity(blocks.count * floatsPerInstance)
        for block in blocks {
            append(
                block.transform, SIMD4(block.colour, Float(block.symbol)),
                SIMD4(block.isHovered ? 1 : 0, block.isInDanger ? 1 : 0, block.isHinted ? 1 : 0, Float(block.wall)), to: &instances)
        }
        return instances
    }

    /// The pieces of breaking blocks as instance data for the piece shader, ``floatsPerInstance``
    /// floats each: a model matrix, the colour with the opacity, the glow with the wall.
    static func pieces(_ pieces: [ScenePiece]) -> [Float] {
        var instances: [Float] = []
        instances.reserveCapacity(pieces.count * floatsPerInstance)
        for piece in pieces {
            append(piece.transform, SIMD4(piece.colour, piece.opacity), SIMD4(piece.glow, Float(piece.wall)), to: &instances)
        }
        return instances
    }

    /// Appends one instance: `model` column by column, then `first` and `second`.
    private static func append(_ model: simd_float4x4, _ first: SIMD4<Float>, _ second: SIMD4<Float>, to instances: inout [Float]) {
        let c = model.columns
        for vector in [c.0, c.1, c.2, c.3, first, second] {
            instances.append(vector.x)
            instances.append(vector.y)
            instances.append(vector.z)
            instances.append(vector.w)
        }
    }

    /// A beam as one instance: a white box `width` across and `length` long from `origin` along
    /// the unit vector `direction` (a headset's pointer ray), in the state of a hovered block.
    static func beam(from origin: SIMD3<Float>, direction: SIMD3<Float>, length: Float, width: Float) -> [Float] {
        let turn = simd_quatf(from: [0, 0, -1], to: direction)
        let model =
            simd_float4x4(translation: origin + direction * (length / 2)) * simd_float4x4(turn)
            * simd_float4x4(scale: [width, width, length])
        return model.floats + [1, 1, 1, -1, 1, 0, 0, -1]
    }
}

extension simd_float4x4 {
    /// The sixteen entries, column by column, as a GPU matrix uniform takes them.
    var floats: [Float] {
        let c = columns
        return [c.0.x, c.0.y, c.0.z, c.0.w, c.1.x, c.1.y, c.1.z, c.1.w, c.2.x, c.2.y, c.2.z, c.2.w, c.3.x, c.3.y, c.3.z, c.3.w]
    }
}
