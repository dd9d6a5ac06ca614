import Foundation
import PrisonSession

/// Lays the HUD out in framebuffer pixels: panels under text, with the renderer's two fonts.
struct HUDPainter {
    let text: Font
    let title: Font
    /// The HUD's scale (``scale(contentScale:framebuffer:)``): margins grow with it as the fonts do.
    let scale: Float

    /// The HUD's scale for a window of `contentScale` (HiDPI) whose framebuffer is `framebuffer`
    /// pixels: the content scale, times the window's size against 1280 x 720 points (held to
    /// 0.75...3, in steps of an eighth, so a resize bakes the fonts again only now and then).
    static func scale(contentScale: Float, framebuffer: SIMD2<Float>) -> Float {
        let points = framebuffer / max(contentScale, 0.01)
        let factor = min(max(min(points.x / 1280, points.y / 720), 0.75), 3)
        return contentScale * (factor * 8).rounded() / 8
    }

    /// One plane of the HUD: its panels under its text, under its titles.
    private struct Plane {
        var panels = HUDBatch(), body = HUDBatch(), titles = HUDBatch()
    }

    private var margin: Float { 16 * scale }
    private var line: Float { text.pixelHeight * 1.35 }
    /// The baselines of the top band's two rows: the score's, and the one under it.
    private var topRows: (Float, Float) {
        (margin + title.pixelHeight, margin + title.pixelHeight + max(line * 1.05, title.pixelHeight * 0.85))
    }

    /// Whether the danger line goes on a row of its own under the top band's two rows: a window
    /// too narrow for it between the score and the moves.
    private func dangerHasItsOwnRow(_ viewport: SIMD2<Float>) -> Bool { viewport.x < 1000 * scale }

    /// The baseline of the danger line.
    private func dangerRow(_ viewport: SIMD2<Float>) -> Float {
        topRows.1 + (dangerHasItsOwnRow(viewport) ? line * 1.1 : 0)
    }

    /// The bands of a `viewport` window the HUD's fixed lines take, top and bottom, with a
    /// tutorial panel of `tutorialLines` lines (title included) at the bottom: a framed wall stays
    /// out of them, so no label covers a block of the wall faced.
    func bands(for viewport: SIMD2<Float>, tutorialLines: Int = 0) -> Framing.Bands {
        Framing.Bands(top: dangerRow(viewport) + line * 0.35, bottom: margin + line * 2.6 + tutorialHeight(lines: tutorialLines))
    }

    /// The height of a tutorial panel of `lines` lines with the gap above it; 0 for none.
    private func tutorialHeight(lines: Int) -> Float {
        lines == 0 ? 0 : Float(lines) * line + 2 * margin + margin / 2
    }

    /// The batches to draw, in order: the HUD's plane, then the overlays' (help, end, quit)
    /// above it, each panels first.
    func layers(for state: HUDState, viewport: SIMD2<Float>) -> [(Font, HUDBatch)] {
        var base = Plane(), overlay = Plane()
        let margin = margin, line = line, rows = topRows
        let solid = text.solid

        func box(_ a: SIMD2<Float>, _ b: SIMD2<Float>, _ colour: SIMD4<Float> = OverlayColours.panel, on plane: inout Plane) {
            plane.panels.quad(from: a, to: b, uv: solid, solid, colour: colour)
        }
        func write(_ string: String, _ font: Font, at origin: SIMD2<Float>, _ colour: SIMD4<Float>, on plane: inout Plane) {
            if font === title {
                font.layout(string, at: origin, colour: colour, into: &plane.titles)
            } else {
                font.layout(string, at: origin, colour: colour, into: &plane.body)
            }
        }
        /// One line of body text with its baseline at `origin`, on a panel of its own.
        func label(_ string: String, at origin: SIMD2<Float>, _ colour: SIMD4<Float>) {
            box([origin.x - margin / 2, origin.y - line * 0.85], [origin.x + text.width(of: string) + margin / 2, origin.y + line * 0.3], on: &base)
            write(string, text, at: origin, colour, on: &base)
        }
        /// A panel across the middle from `top` holding `lines` (the first in the title font when `titled`).
        func centredPanel(_ lines: [String], top: Float, titled: Bool) {
            let widths = lines.enumerated().map { ($0 == 0 && titled ? title : text).width(of: $1) }
            let width = (widths.max() ?? 0) + 2 * margin
            let heights = lines.indices.map { $0 == 0 && titled ? title.pixelHeight * 1.4 : line }
            let height = heights.reduce(0, +) + 2 * margin
            let left = (viewport.x - width) / 2
            box([left, top], [left + width, top + height], OverlayColours.centredPanel, on: &overlay)
            var y = top + margin
            for (index, string) in lines.enumerated() {
                y += heights[index]
                let font = index == 0 && titled ? title : text
                write(string, font, at: [(viewport.x - widths[index]) / 2, y - heights[index] * 0.28], OverlayColours.text, on: &overlay)
            }
        }

        // Score and multiplier, top left, within the top band.
        let scoreText = HUDText.score(state.score)
        let multiplierText = HUDText.multiplier(state.multiplier).map { "Combo \($0)" }
        let scoreWidth = max(title.width(of: scoreText), title.width(of: multiplierText ?? ""), 8 * title.pixelHeight * 0.6)
        box([margin / 2, margin / 2], [margin * 1.5 + scoreWidth, rows.1 + line * 0.35], on: &base)
        write(scoreText, title, at: [margin, rows.0], OverlayColours.text, on: &base)
        if let multiplierText {
            write(multiplierText, title, at: [margin, rows.1], state.flashes ? OverlayColours.accent : OverlayColours.multiplier, on: &base)
        }

        // Best, moves and blocks, top right.
        for (index, string) in [HUDText.best(state.best), HUDText.movesAndBlocks(moves: state.moves, blocks: state.blocks)].enumerated() {
            let width = text.width(of: string)
            let y = index == 0 ? rows.0 - title.pixelHeight * 0.3 : rows.1
            box([viewport.x - width - margin * 1.5, y - line * 0.85], [viewport.x - margin / 2, y + line * 0.3], on: &base)
            write(string, text, at: [viewport.x - width - margin, y], OverlayColours.quietText, on: &base)
        }

        // Which wall is where, top centre; the danger line under it, pulsing.
        let pulse = 0.65 + 0.35 * (0.5 + 0.5 * sin(state.time * 6))
        if let compass = state.compass, compass.walls > 1 {
            drawCompass(compass, pulse: pulse, baseline: rows.0 - title.pixelHeight * 0.3, viewport: viewport, on: &base)
        }
        if let danger = state.danger {
            let width = text.width(of: danger), y = dangerRow(viewport)
            box(
                [(viewport.x - width) / 2 - margin, y - line * 0.85], [(viewport.x + width) / 2 + margin, y + line * 0.3],
                OverlayColours.dangerPanel(pulse: pulse), on: &base)
            write(danger, text, at: [(viewport.x - width) / 2, y], OverlayColours.text, on: &base)
        } else if state.isReplay {
            label("Replay", at: [(viewport.x - text.width(of: "Replay")) / 2, rows.1], OverlayColours.accent)
        }

        // The crosshair, unless a panel is in the middle of the window.
        if state.ending == nil, !state.showsHelp, state.quitQuestion == nil {
            let centre = (viewport / 2).rounded(.down)
            let arm = 9 * scale, thick = max(1, (1.5 * scale).rounded())
            for (a, b) in [(SIMD2(-arm, -thick), SIMD2(arm, thick)), (SIMD2(-thick, -arm), SIMD2(thick, arm))] {
                box(centre + a - 1, centre + b + 1, OverlayColours.crosshairOutline, on: &base)
                box(centre + a, centre + b, OverlayColours.crosshair, on: &base)
            }
        }

        // What the cursor points at, and messages, bottom centre, above the tutorial's panel.
        var bottom = viewport.y - margin
        if let tutorial = state.tutorialPanel {
            let height = tutorialHeight(lines: tutorial.count) - margin / 2
            bottom -= line * 1.4
            let lines = tutorial.map { text.fitted($0, within: viewport.x - 4 * margin) }
            let width = (lines.map { text.width(of: $0) }.max() ?? 0) + 2 * margin
            let left = ((viewport.x - width) / 2).rounded(.down)
            box([left, bottom - height], [left + width, bottom], OverlayColours.centredPanel, on: &base)
            for (index, string) in lines.enumerated() {
                let y = bottom - height + margin + line * Float(index + 1) - line * 0.3
                let colour = index == 0 ? OverlayColours.accent : index == lines.count - 1 ? OverlayColours.quietText : OverlayColours.text
                write(string, text, at: [left + margin, y], colour, on: &base)
            }
            bottom -= height + margin / 2
        }
        // Between the "F1 help" at the left and its mirror at the right.
        let reserved = text.width(of: "F1 help") + margin * 3
        let messages = [state.hover, state.message].compactMap { $0 }.map { text.fitted($0, within: viewport.x - 2 * reserved) }
        for string in messages {
            let width = text.width(of: string)
            box([(viewport.x - width) / 2 - margin, bottom - line * 1.1], [(viewport.x + width) / 2 + margin, bottom + line * 0.1], on: &base)
            write(string, text, at: [(viewport.x - width) / 2, bottom - line * 0.3], OverlayColours.text, on: &base)
            bottom -= line * 1.5
        }
        label("F1 help", at: [margin, viewport.y - margin - line * 0.1], OverlayColours.quietText)
        if state.danger != nil, state.isReplay {
            label("Replay", at: [viewport.x - margin - text.width(of: "Replay"), viewport.y - margin - line * 0.1], OverlayColours.accent)
        }

        if let ending = state.ending {
            centredPanel(ending, top: viewport.y * 0.3, titled: true)
        }
        if state.showsHelp {
            // As many columns of keys as the window's height needs.
            let entries = KeyBindings.help
            let heading = title.pixelHeight * 1.5
            let rows = max(1, min(entries.count, Int((viewport.y - 2 * margin - heading - 2 * margin) / line)))
            let columns = (entries.count + rows - 1) / rows
            let keyWidth = entries.map { text.width(of: $0.keys) }.max() ?? 0
            let columnWidth = keyWidth + margin * 2 + (entries.map { text.width(of: $0.does) }.max() ?? 0)
            let width = Float(columns) * columnWidth + Float(columns - 1) * margin * 2 + margin * 2
            let height = Float(min(rows, entries.count)) * line + heading + margin * 2
            let left = max(0, (viewport.x - width) / 2), top = max(0, (viewport.y - height) / 2)
            box([left, top], [left + width, top + height], OverlayColours.helpPanel, on: &overlay)
            write("Keys", title, at: [left + margin, top + margin + title.pixelHeight], OverlayColours.accent, on: &overlay)
            for (index, entry) in entries.enumerated() {
                let x = left + margin + Float(index / rows) * (columnWidth + margin * 2)
                let y = top + margin + heading + line * Float(index % rows + 1) - line * 0.3
                write(entry.keys, text, at: [x, y], OverlayColours.accent, on: &overlay)
                write(entry.does, text, at: [x + margin * 2 + keyWidth, y], OverlayColours.text, on: &overlay)
            }
        }
        if let question = state.quitQuestion {
            centredPanel([question], top: viewport.y * 0.45, titled: false)
        }
        return [
            (text, base.panels), (text, base.body), (title, base.titles),
            (text, overlay.panels), (text, overlay.body), (title, overlay.titles),
        ]
    }

    /// The compass: a strip at the top centre spanning a whole turn, with every wall's number
    /// where that wall is: the faced one in the middle, named in full and bright, the one behind
    /// at an end, and the walls holding the groups left in danger marked `!` and pulsing.
    private func drawCompass(_ compass: Compass, pulse: Float, baseline: Float, viewport: SIMD2<Float>, on plane: inout Plane) {
        let spacing = max(min(viewport.x * 0.36, 480 * scale) / 4, text.width(of: "4 !") + margin)
        let centre = viewport.x / 2, half = 2 * spacing + margin
        plane.panels.quad(
            from: [centre - half, baseline - line * 0.85], to: [centre + half, baseline + line * 0.3],
            uv: text.solid, text.solid, colour: OverlayColours.panel)
        // The mark under the middle: where the crosshair's wall is.
        plane.panels.quad(
            from: [centre - 1.5 * scale, baseline + line * 0.1], to: [centre + 1.5 * scale, baseline + line * 0.3],
            uv: text.solid, text.solid, colour: OverlayColours.accent)
        for wall in 0..<compass.walls {
            let bearing = compass.bearing(ofWall: wall)
            let faced = abs(bearing) < 45
            let label = (faced ? Compass.label(ofWall: wall) : String(wall + 1)) + (compass.dangerWalls.contains(wall) ? " !" : "")
            var colour = faced ? OverlayColours.text : OverlayColours.quietText
            if compass.dangerWalls.contains(wall) { colour = OverlayColours.danger(pulse: pulse) }
            let x = centre + bearing / 90 * spacing - text.width(of: label) / 2
            text.layout(label, at: [x, baseline], colour: colour, into: &plane.body)
        }
    }
}
