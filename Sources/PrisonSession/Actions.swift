/// What the player asks for with a key press.
public enum Action: Hashable, Sendable {
    /// Take back the last move.
    case undo
    /// Play the last move taken back again.
    case redo
    /// A new board.
    case newGame
    /// The same board from its start.
    case restart
    /// Show the best move the search finds.
    case hint
    /// Tap the block under the crosshair, as gazing and pinching does on a headset.
    case gazeTap
    /// Turn smoothly to face wall `n` (counted from 0, as in move files).
    case faceWall(Int)
    /// Turn smoothly to the wall on the right.
    case faceNextWall
    /// Turn smoothly to the wall on the left.
    case facePreviousWall
    /// Mouse-look on or off: the mouse turns the head, a click taps the crosshair.
    case toggleMouseLook
    /// Show or hide the key help.
    case toggleHelp
    /// Ask the front end to switch between a window and the full screen.
    case toggleFullscreen
    /// Ask the front end to save a screenshot.
    case screenshot
    /// Sound off or on.
    case toggleMute
    /// Colour the blocks with the next palette.
    case nextPalette
    /// Esc: the menu (resume, new game, top 10, settings, quit); while it is open, one page back,
    /// closing it from its first page, as Esc does there.
    case menu
}

/// Which key does what: the one table the window, scripts and the help overlay read.
public enum KeyBindings {
    /// The action of a key press, or nil when the chord does nothing. Turning keys (arrows,
    /// A/D) act while held; see ``Head/turnRates(holding:)``.
    package static func action(for chord: KeyChord) -> Action? {
        let control = chord.modifiers.contains(.control)
        let shift = chord.modifiers.contains(.shift)
        switch chord.key.name {
        case "z" where control: return shift ? .redo : .undo
        case "y" where control: return .redo
        case _ where control || chord.modifiers.contains(.alt): return nil
        case "u": return .undo
        case "n": return .newGame
        case "r": return .restart
        case "h": return .hint
        case "space", "enter": return .gazeTap
        case "1", "2", "3", "4": return .faceWall(Int(chord.key.name)! - 1)
        case "e": return .faceNextWall
        case "q": return .facePreviousWall
        case "l": return .toggleMouseLook
        case "f1": return .toggleHelp
        case "f11": return .toggleFullscreen
        case "f12": return .screenshot
        case "m": return .toggleMute
        case "t": return .nextPalette
        case "escape": return .menu
        default: return nil
        }
    }

    /// The help overlay: every key and what it does, in reading order; short enough for one
    /// column in a 640 x 480 window.
    public static let help: [(keys: String, does: String)] = [
        ("Left click", "break the group under the cursor"),
        ("Space / Enter", "break the group under the crosshair"),
        ("Right drag, Arrows, A, D", "look around"),
        ("1 2 3 4 / Q, E", "face a wall / the next one"),
        ("L", "mouse-look: the mouse turns the head"),
        ("H", "hint: a good group and its points"),
        ("U / Ctrl+Z", "undo (goes back past N and R too)"),
        ("Ctrl+Shift+Z", "redo"),
        ("N / R", "new game / restart this board"),
        ("T / M", "next palette / sound on or off"),
        ("F11 / F12", "fullscreen / screenshot"),
        ("F1", "this help"),
        ("Esc", "menu: new game, how to play, statistics, top 10..."),
    ]
}
