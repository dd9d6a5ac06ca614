import PrisonSession

/// Draws what the session puts over the game: the menu, and notices about the player's files
/// that stay until read. Lines and rows come from the session (``Session/menuItems``,
/// ``Session/menuLayout``), so what is drawn is what a click hits.
struct MenuOverlay {
    let text: Font
    let title: Font
    /// The HUD's scale (``HUDPainter/scale(contentScale:framebuffer:)``).
    let scale: Float

    /// The height of a menu row for the text font: the session lays its menu out with it.
    var rowHeight: Float { (text.pixelHeight * 1.8).rounded() }

    /// The batches to draw above the HUD: panels, then text, then titles; empty when neither the
    /// menu nor a notice is up.
    func layers(for session: Session, viewport: SIMD2<Float>) -> [(Font, HUDBatch)] {
        var panels = HUDBatch(), body = HUDBatch(), titles = HUDBatch()
        let solid = text.solid
        func box(_ a: SIMD2<Float>, _ b: SIMD2<Float>, _ colour: SIMD4<Float>) {
            panels.quad(from: a, to: b, uv: solid, solid, colour: colour)
        }
        if !session.notices.isEmpty {
            drawNotices(session.notices, viewport: viewport, box: box, body: &body, titles: &titles)
        } else if let layout = session.menuLayout {
            box([0, 0], viewport, OverlayColours.menuShade)
            box(layout.panel.min, layout.panel.max, OverlayColours.menuPanel)
            title.layout(
                session.menuTitle, at: [layout.panel.min.x + layout.margin, layout.panel.min.y + layout.margin + title.pixelHeight],
                colour: OverlayColours.accent, into: &titles)
            let selection = session.menuSelection ?? 0
            for (index, item) in session.menuItems.enumerated() {
                let row = layout.row(index)
                if index == selection, item.isSelectable { box(row.min, row.max, OverlayColours.selectedRow) }
                let baseline = row.min.y + (layout.rowHeight + text.pixelHeight) / 2 - text.pixelHeight * 0.2
                let inset = row.min.x + layout.margin / 2
                // Words only (a path on the About page) are cut to the row.
                let label = item.isSelectable ? item.label : text.fitted(item.label, within: row.max.x - inset - layout.margin / 2)
                text.layout(
                    label, at: [inset, baseline], colour: item.isSelectable ? OverlayColours.text : OverlayColours.menuQuietText,
                    into: &body)
                if let value = item.value {
                    // The value between its arrows: a click on "<" steps it down, elsewhere up.
                    let start = layout.valueStart(ofRow: index)
                    text.layout("<", at: [start + layout.margin / 2, baseline], colour: OverlayColours.accent, into: &body)
                    text.layout(value, at: [start + layout.rowHeight, baseline], colour: OverlayColours.text, into: &body)
                    text.layout(
                        ">", at: [row.max.x - layout.margin / 2 - text.width(of: ">"), baseline], colour: OverlayColours.accent,
                        into: &body)
                } else if let key = item.shortcut {
                    let name = key.name == "escape" ? "Esc" : key.name.capitalized
                    text.layout(
                        name, at: [row.max.x - layout.margin / 2 - text.width(of: name), baseline], colour: OverlayColours.menuQuietText,
                        into: &body)
                }
            }
        }
        return [(text, panels), (text, body), (title, titles)]
    }

    /// The notices in a panel across the middle, their words wrapped to the window.
    private func drawNotices(
        _ notices: [String], viewport: SIMD2<Float>, box: (SIMD2<Float>, SIMD2<Float>, SIMD4<Float>) -> Void,
        body: inout HUDBatch, titles: inout HUDBatch
    ) {
        let margin = 16 * scale
        let line = text.pixelHeight * 1.35
        let width = min(viewport.x - 2 * margin, 40 * text.pixelHeight)
        let lines = notices.flatMap { wrapped($0, width: width - 2 * margin) + [""] } + ["Press any key to go on"]
        let height = title.pixelHeight * 1.6 + Float(lines.count) * line + 2 * margin
        let left = ((viewport.x - width) / 2).rounded(.down), top = max(0, ((viewport.y - height) / 2).rounded(.down))
        box([0, 0], viewport, OverlayColours.menuShade)
        box([left, top], [left + width, top + height], OverlayColours.menuPanel)
        title.layout(
            "About your files", at: [left + margin, top + margin + title.pixelHeight], colour: OverlayColours.accent,
            into: &titles)
        for (index, string) in lines.enumerated() {
            let y = top + margin + title.pixelHeight * 1.6 + line * Float(index + 1) - line * 0.3
            text.layout(
                string, at: [left + margin, y], colour: index == lines.count - 1 ? OverlayColours.menuQuietText : OverlayColours.text,
                into: &body)
        }
    }

    /// `string` broken between words into lines at most `width` pixels wide (a longer word
    /// stands alone).
    private func wrapped(_ string: String, width: Float) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in string.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if text.width(of: candidate) > width, !current.isEmpty {
                lines.append(current)
                current = String(word)
            } else {
                current = candidate
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
