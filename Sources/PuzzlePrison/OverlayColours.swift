/// The colours of what the window draws over the room, the HUD's and the menu's alike: red,
/// green, blue and opacity, 0 to 1. Every text on its panel keeps a contrast of at least 4.5:1
/// whatever the room shows behind (a test measures it).
enum OverlayColours {
    /// Text: the score, messages, panels' lines, menu items, the wall faced.
    static let text = SIMD4<Float>(1, 1, 1, 1)
    /// Titles, key names, the multiplier as it rises, the menu's arrows, "Replay", the compass's mark.
    static let accent = SIMD4<Float>(1, 0.82, 0.25, 1)
    /// The HUD's quieter text: the best score, moves and blocks, the walls not faced.
    static let quietText = SIMD4<Float>(0.8, 0.82, 0.86, 1)
    /// The multiplier while a combo runs and it does not rise.
    static let multiplier = SIMD4<Float>(1, 0.9, 0.5, 1)
    /// The walls in danger on the compass, at `pulse` (0.65 to 1, it pulses): salmon to pale.
    static func danger(pulse: Float) -> SIMD4<Float> {
        let light = (pulse - 0.65) / 0.35
        return [1, 0.55 + 0.25 * light, 0.4 + 0.25 * light, 1]
    }

    /// Under the HUD's lines and the compass.
    static let panel = SIMD4<Float>(0.02, 0.03, 0.05, 0.8)
    /// Under the danger line, at `pulse` (0.65 to 1): a deep red that glows.
    static func dangerPanel(pulse: Float) -> SIMD4<Float> { [0.3 + 0.3 * pulse, 0.02, 0.02, 0.92] }
    /// Under the end panel and the quit question.
    static let centredPanel = SIMD4<Float>(0.02, 0.03, 0.05, 0.85)
    /// Under the key help.
    static let helpPanel = SIMD4<Float>(0.02, 0.03, 0.05, 0.92)
    /// The crosshair.
    static let crosshair = SIMD4<Float>(1, 1, 1, 0.9)
    /// The crosshair's outline, which keeps it seen on light blocks.
    static let crosshairOutline = SIMD4<Float>(0, 0, 0, 0.6)

    /// Over the whole game while the menu or a notice is up.
    static let menuShade = SIMD4<Float>(0, 0, 0, 0.55)
    /// Under the menu and notices.
    static let menuPanel = SIMD4<Float>(0.03, 0.04, 0.07, 0.94)
    /// Under the menu's selected line.
    static let selectedRow = SIMD4<Float>(0.22, 0.3, 0.45, 0.95)
    /// The menu's quieter text: lines that cannot be chosen, keys, "Press any key to go on".
    static let menuQuietText = SIMD4<Float>(0.72, 0.75, 0.8, 1)
}
