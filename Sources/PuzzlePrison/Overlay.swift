import Foundation
import PrisonSession

/// What a front end draws over the room at one scale: the HUD, and above it the menu and notices
/// (``MenuOverlay``). The window and the headset's panel build each frame's ``FrameInput`` here,
/// so the session lays out the HUD's bands and the menu's rows as they are drawn.
struct Overlay {
    let painter: HUDPainter

    /// The menu and notices, in the painter's fonts at its scale.
    var menu: MenuOverlay { MenuOverlay(text: painter.text, title: painter.title, scale: painter.scale) }

    /// The HUD's bands over `session`'s `viewport`, which the framing keeps the wall out of.
    func bands(for session: Session, viewport: SIMD2<Float>) -> FrameInput.HUDBands {
        painter.bands(for: viewport, tutorialLines: session.tutorialPanelLineCount)
    }

    /// What `session` is given for a frame `elapsed` after the last, drawn in `viewport` (on a
    /// headset's `panel`): the date and time zone now, the HUD's bands and the menu's line height.
    func frameInput(for session: Session, elapsed: Duration, viewport: SIMD2<Float>, panel: PanelPlacement? = nil) -> FrameInput {
        FrameInput(
            elapsed: elapsed, viewport: viewport, date: Date(), timeZone: .current, hudBands: bands(for: session, viewport: viewport),
            menuRowHeight: menu.rowHeight, panel: panel)
    }

    /// The layers drawn over the room: the HUD showing `hud`, then `menu` (the menu and notices),
    /// each what `session` shows now when not given.
    func layers(
        for session: Session, viewport: SIMD2<Float>, hud: HUDState? = nil, menu: [(Font, HUDBatch)]? = nil
    ) -> [(Font, HUDBatch)] {
        painter.layers(for: hud ?? session.hudState, viewport: viewport) + (menu ?? self.menu.layers(for: session, viewport: viewport))
    }
}
