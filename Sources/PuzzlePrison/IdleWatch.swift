import PrisonSession

/// Tells the frame loop when a frame would show nothing new, so an idle window waits for input
/// instead of drawing the same picture again and again.
struct IdleWatch {
    /// What the last frame drawn showed, less the clock: the blocks, the breaks' pieces and
    /// points, and the overlay (menu and notices) as the vertices it draws, since its state is
    /// the session's, not the HUD's.
    private var shown:
        (
            scene: [SceneBlock], pieces: [ScenePiece], points: [ScenePoints], view: [Float], hud: HUDState, overlay: [[Float]],
            viewport: SIMD2<Float>, scale: Float
        )?
    /// When the pulses were last drawn (session seconds).
    private var pulsedAt: Float = 0
    /// When the frame last showed something new besides the pulses (session seconds).
    private var changedAt: Float = 0
    /// Whether the loop is waiting: the last call found nothing new.
    private(set) var isWaiting = false

    /// How many steps a second pulses (danger, hints, combo flashes) are drawn at while nothing else moves.
    static let pulseRate: Float = 30
    /// The longest wait with nothing pulsing: time still passes for messages.
    static let longestWait = 0.25
    /// How long pulses (danger, hints, combo flashes) keep moving after the last change: then the
    /// window holds their last frame, still marked, and costs nothing until something happens.
    static let pulseSpan: Float = 3

    /// Nil when the frame of `scene`, `hud` and the `overlay` batches, its HUD at `scale`, must be
    /// drawn (and counts it as drawn); otherwise the seconds to wait for input before looking again.
    mutating func wait(scene: SceneFrame, hud: HUDState, overlay: [HUDBatch], viewport: SIMD2<Float>, scale: Float) -> Double? {
        var still = hud
        still.time = 0
        let view = scene.viewProjection.floats
        let pulsing = (hud.danger != nil || hud.flashes || scene.pulses) && hud.time - changedAt < Self.pulseSpan
        let overlay = overlay.map(\.vertices)
        let same = shown.map {
            $0.viewport == viewport && $0.scale == scale && $0.hud == still && $0.view == view && $0.overlay == overlay && $0.scene == scene.blocks
                && $0.pieces == scene.pieces && $0.points == scene.points
        } ?? false
        if same {
            let due = 1 / Self.pulseRate - (hud.time - pulsedAt)
            if !pulsing || due > 0 {
                isWaiting = true
                return pulsing ? Double(max(due, 0.001)) : Self.longestWait
            }
        }
        if !same { changedAt = hud.time }
        shown = (scene.blocks, scene.pieces, scene.points, view, still, overlay, viewport, scale)
        pulsedAt = hud.time
        isWaiting = false
        return nil
    }
}
