/// The sounds of the game, shipped as `Assets/sounds/<name>.wav` (made by the SoundMaker tool).
public enum SoundEffect: String, CaseIterable, Sendable {
    /// A group breaks: a bright percussive chime.
    case breakGroup = "break"
    /// Blocks land after falling: a soft low thud.
    case land
    /// A break raised the multiplier: a rising arpeggio.
    case combo
    /// Few moves are left: a warning double beep.
    case danger
    /// No move is left: a falling minor phrase.
    case gameOver = "game-over"
    /// The room is empty: a major fanfare.
    case cleared

    /// The name of the sound's file, like `break.wav`.
    package var fileName: String { "\(rawValue).wav" }
}
