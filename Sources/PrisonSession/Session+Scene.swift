import PrisonRules
import PrisonSpace
import PrisonWorld

// The room as a renderer draws it: the camera, the cell and the blocks.
extension Session {
    /// The palette the blocks are drawn in.
    package var palette: Palette { palettes[paletteIndex] }

    /// The room as a renderer draws it now.
    public func scene() -> SceneFrame {
        var frame = SceneFrame()
        let camera = world.camera
        frame.viewProjection = camera.projectionMatrix(aspectRatio: self.frame.viewport.x / max(self.frame.viewport.y, 1)) * camera.viewMatrix
        frame.eye = camera.position(relativeTo: nil)
        frame.time = Float(time.inSeconds)
        frame.showsSymbols = palette.showsSymbols
        frame.surroundings = surroundings
        frame.cutaway = framing.cutaway(yaw: head.yaw)
        let hovered = Set(hover?.group.cells ?? [])
        let hinted = Set(hint?.cells ?? [])
        // A sliver of gap between neighbours, so every cube reads as one.
        let scale = simd_float4x4(scale: SIMD3(repeating: world.layout.blockSize * 0.97))
        let colours = palette.colours
        frame.blocks = world.blocks.compactMap { block in
            guard block.phase != .breaking else { return nil }
            let colour = block.block.colour
            let resting = block.phase == .resting ? block.cell : nil
            let drawn = SceneBlock(
                transform: block.entity.worldMatrix * scale, colour: colours[colour % colours.count], symbol: colour,
                wall: block.wall, isHovered: resting.map(hovered.contains) ?? false, isInDanger: block.isInDanger,
                isHinted: resting.map(hinted.contains) ?? false)
            if drawn.isInDanger || drawn.isHinted { frame.pulses = true }
            return drawn
        }
        let breaks = breaks()
        let reducesMotion = records.settings.reduceMotion
        for (block, age) in breaks.blocks {
            Shatter.pieces(of: block, at: age, reducesMotion: reducesMotion, into: &frame.pieces)
        }
        frame.points = breaks.points
        return frame
    }
}
