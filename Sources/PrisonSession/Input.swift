/// A key of the keyboard, by the name scripts and the help overlay use: `a`…`z`, `0`…`9`,
/// `space`, `enter`, `escape`, `tab`, `backspace`, `left`, `right`, `up`, `down`, `f1`…`f12`.
public struct Key: Hashable, Sendable, CustomStringConvertible {
    public let name: String

    /// The key named `name` (any case), or nil when there is no such key.
    public init?(name: String) {
        let name = name.lowercased()
        guard Key.names.contains(name) else { return nil }
        self.name = name
    }

    init(known name: String) { self.name = name }

    public var description: String { name }

    /// Every key name, letters and digits first.
    public static let names: Set<String> = {
        let letters = (UInt8(ascii: "a")...UInt8(ascii: "z")).map { String(UnicodeScalar($0)) }
        let digits = (0...9).map(String.init)
        let functions = (1...12).map { "f\($0)" }
        return Set(letters + digits + functions + ["space", "enter", "escape", "tab", "backspace", "left", "right", "up", "down"])
    }()

    public static let escape = Key(known: "escape")
    public static let left = Key(known: "left")
    public static let right = Key(known: "right")
    public static let up = Key(known: "up")
    public static let down = Key(known: "down")
    public static let letterA = Key(known: "a")
    public static let letterD = Key(known: "d")
    public static let letterY = Key(known: "y")
}

/// The modifier keys held with a key.
public struct Modifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let shift = Modifiers(rawValue: 1)
    public static let control = Modifiers(rawValue: 2)
    public static let alt = Modifiers(rawValue: 4)
}

/// A key pressed with modifiers, written like `ctrl+shift+z` in scripts.
public struct KeyChord: Hashable, Sendable, CustomStringConvertible {
    public let key: Key
    public let modifiers: Modifiers

    public init(_ key: Key, modifiers: Modifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }

    /// Parses `ctrl+z`, `Shift+Ctrl+Z`, `f12`, `space`: modifiers (`ctrl`, `control`, `shift`,
    /// `alt`) joined to a key name by `+`. Nil when a part is not a modifier or the key is unknown.
    public init?(parsing text: String) {
        var parts = text.split(separator: "+", omittingEmptySubsequences: false).map { $0.lowercased() }
        guard let keyName = parts.popLast(), let key = Key(name: keyName) else { return nil }
        var modifiers: Modifiers = []
        for part in parts {
            switch part {
            case "ctrl", "control": modifiers.insert(.control)
            case "shift": modifiers.insert(.shift)
            case "alt": modifiers.insert(.alt)
            default: return nil
            }
        }
        self.init(key, modifiers: modifiers)
    }

    public var description: String {
        let names = [(Modifiers.control, "ctrl"), (.shift, "shift"), (.alt, "alt")]
            .filter { modifiers.contains($0.0) }.map(\.1)
        return (names + [key.name]).joined(separator: "+")
    }
}

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

extension Key {
    /// The key of a GLFW key code (GLFW numbers keys by their place on a US keyboard), or nil
    /// for keys the game does not use.
    public init?(glfwKeyCode code: Int) {
        let name: String? =
            switch code {
            case 65...90: String(UnicodeScalar(UInt8(code + 32)))  // A to Z
            case 48...57: String(code - 48)
            case 290...301: "f\(code - 289)"
            case 32: "space"
            case 257, 335: "enter"  // Enter and the keypad's Enter
            case 256: "escape"
            case 258: "tab"
            case 259: "backspace"
            case 262: "right"
            case 263: "left"
            case 264: "down"
            case 265: "up"
            default: nil
            }
        guard let name else { return nil }
        self.init(known: name)
    }
}

extension Modifiers {
    /// The modifiers of GLFW's bit mask (shift 1, control 2, alt 4).
    public init(glfwModifiers mask: Int) {
        self = []
        if mask & 1 != 0 { insert(.shift) }
        if mask & 2 != 0 { insert(.control) }
        if mask & 4 != 0 { insert(.alt) }
    }
}
