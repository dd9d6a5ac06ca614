/// What the player asks for with a key press.
public enum Action: Hashable, Sendable {
    case undo, redo, newGame, restart, hint
    /// Tap the block under the crosshair, as gazing and pinching does on a headset.
    case gazeTap
    /// Turn smoothly to face wall `n` (counted from 0, as in move files).
    case faceWall(Int)
    case faceNextWall, facePreviousWall
    case toggleMouseLook, toggleHelp, toggleFullscreen, screenshot, toggleMute, nextPalette
    /// Esc: ask before quitting (or, while asking, quit).
    case quit
}

/// Which key does what: the one table the window, scripts and the help overlay read.
public enum KeyBindings {
    /// The action of a key press, or nil when the chord does nothing. Turning keys (arrows,
    /// A/D) act while held; see ``Head/turnRates(holding:)``.
    public static func action(for chord: KeyChord) -> Action? {
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
        case "escape": return .quit
        default: return nil
        }
    }

    /// The help overlay: every key and what it does, in reading order.
    public static let help: [(keys: String, does: String)] = [
        ("Left click", "break the group under the cursor"),
        ("Space / Enter", "break the group under the crosshair"),
        ("Right drag", "look around"),
        ("L", "mouse-look on or off (the mouse turns the head)"),
        ("Arrows / A, D", "turn the head"),
        ("1 2 3 4", "face wall 1, 2, 3 or 4"),
        ("Q / E", "face the wall to the left / right"),
        ("H", "hint: show a good group"),
        ("U / Ctrl+Z", "undo"),
        ("Ctrl+Shift+Z", "redo"),
        ("N", "new game"),
        ("R", "restart this board"),
        ("T", "next palette"),
        ("M", "sound on or off"),
        ("F1", "this help"),
        ("F11", "fullscreen"),
        ("F12", "screenshot"),
        ("Esc", "quit (asks first)"),
    ]
}
