import PrisonRules
import PrisonSpace
import PrisonWorld

// The room as a renderer draws it: the camera, and the blocks packed as instance data.
extension Session {
    /// The palette the blocks are drawn in.
    public var palette: Palette { palettes[paletteIndex] }

    /// The room as a renderer draws it now.
    public func scene() -> SceneFrame {
        var frame = SceneFrame()
        let camera = world.camera
        frame.viewProjection = camera.projectionMatrix(aspectRatio: viewport.x / max(viewport.y, 1)) * camera.viewMatrix
        frame.eye = camera.position(relativeTo: nil)
        frame.time = Float(elapsed.inSeconds)
        frame.showsSymbols = palette.showsSymbols
        frame.surroundings = surroundings
        frame.cutaway = framing.cutaway(yaw: head.yaw)
        let hovered = Set(hover?.group.cells ?? [])
        let hinted = Set(hint?.cells ?? [])
        // A sliver of gap between neighbours, so every cube reads as one.
        let scale = simd_float4x4(scale: SIMD3(repeating: world.layout.blockSize * 0.97))
        let blocks = world.blocks
        frame.instances.reserveCapacity(blocks.count * BlockInstances.floatsPerInstance)
        let colours = palette.colours
        for block in blocks {
            let colour = block.block.colour
            var state = SIMD4<Float>(0, block.isInDanger ? 1 : 0, 0, Float(block.cell?.wall ?? 0))
            if let cell = block.cell, block.phase == .resting {
                if hovered.contains(cell) { state.x = 1 }
                if hinted.contains(cell) { state.z = 1 }
            }
            if state.y != 0 || state.z != 0 { frame.pulses = true }
            BlockInstances.append(
                model: block.entity.worldMatrix * scale, colour: colours[colour % colours.count], symbol: colour,
                state: state, to: &frame.instances)
        }
        return frame
    }
}
