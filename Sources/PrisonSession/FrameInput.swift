import Foundation

/// What a front end gives the session for one frame (``Session/advance(_:)``): the time gone
/// since the last frame and what the frame is drawn for. The session keeps the last one until
/// the next frame: input between frames (keys, clicks) is taken against it.
public struct FrameInput: Hashable, Sendable {
    /// The real time since the last frame: the session's only clock.
    package var elapsed: Duration
    /// The framebuffer's size in pixels.
    package var viewport: SIMD2<Float>
    /// The calendar date and time now: the endings of games are dated by it.
    package var date: Date
    /// The time zone the top 10's days are shown in: the player's.
    package var timeZone: TimeZone
    /// The window's bands the HUD covers: facing a wall keeps the wall out of them.
    package var hudBands: HUDBands
    /// The height of a menu line in framebuffer pixels, to fit the front end's font, so clicks
    /// land on the lines it draws.
    package var menuRowHeight: Float
    /// The panel in the room the HUD and the menu are drawn on, for a headset; nil for a window,
    /// whose camera the session frames.
    package var panel: PanelPlacement?

    /// A frame `elapsed` after the last one, drawn in a `viewport` framebuffer on `date` (shown
    /// in `timeZone`), its HUD covering `hudBands` and its menu lines `menuRowHeight` pixels high;
    /// a headset's frame is drawn on its `panel`.
    public init(
        elapsed: Duration, viewport: SIMD2<Float>, date: Date, timeZone: TimeZone = .gmt, hudBands: HUDBands = HUDBands(),
        menuRowHeight: Float = 32, panel: PanelPlacement? = nil
    ) {
        self.elapsed = elapsed
        self.viewport = viewport
        self.date = date
        self.timeZone = timeZone
        self.hudBands = hudBands
        self.menuRowHeight = menuRowHeight
        self.panel = panel
    }

    /// The window's bands, in pixels, that the HUD covers at the top and bottom: the framing of
    /// a wall keeps out of them. Each is capped at 30 % of the window's height: a tiny window
    /// with large text keeps room for the wall.
    public struct HUDBands: Hashable, Sendable {
        /// Pixels from the window's top edge.
        package var top: Float
        /// Pixels from the window's bottom edge.
        package var bottom: Float

        /// Bands `top` and `bottom` pixels high.
        public init(top: Float = 0, bottom: Float = 0) {
            self.top = top
            self.bottom = bottom
        }
    }
}
