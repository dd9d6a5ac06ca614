/// A key of the keyboard, by the name scripts and the help overlay use: `a`…`z`, `0`…`9`,
/// `space`, `enter`, `escape`, `tab`, `backspace`, `left`, `right`, `up`, `down`, `f1`…`f12`.
public struct Key: Hashable, Sendable, CustomStringConvertible {
    /// The key's lower-case name, as in `names`.
    package let name: String

    /// The key named `name` (any case), or nil when there is no such key.
    public init?(name: String) {
        let name = name.lowercased()
        guard Key.names.contains(name) else { return nil }
        self.name = name
    }

    init(known name: String) { self.name = name }

    /// The key's name.
    public var description: String { name }

    /// Every key name, letters and digits first.
    package static let names: Set<String> = {
        let letters = (UInt8(ascii: "a")...UInt8(ascii: "z")).map { String(UnicodeScalar($0)) }
        let digits = (0...9).map(String.init)
        let functions = (1...12).map { "f\($0)" }
        return Set(letters + digits + functions + ["space", "enter", "escape", "tab", "backspace", "left", "right", "up", "down"])
    }()

    /// The Esc key.
    package static let escape = Key(known: "escape")
    /// The left arrow.
    package static let left = Key(known: "left")
    /// The right arrow.
    package static let right = Key(known: "right")
    /// The up arrow.
    package static let up = Key(known: "up")
    /// The down arrow.
    package static let down = Key(known: "down")
    /// The A key (turns left).
    package static let letterA = Key(known: "a")
    /// The D key (turns right).
    package static let letterD = Key(known: "d")
    /// The Y key (answers yes).
    package static let letterY = Key(known: "y")
}

/// The modifier keys held with a key.
package struct Modifiers: OptionSet, Hashable, Sendable {
    /// One bit a modifier.
    package let rawValue: Int
    /// The modifiers whose bits `rawValue` sets.
    package init(rawValue: Int) { self.rawValue = rawValue }

    /// Shift.
    package static let shift = Modifiers(rawValue: 1)
    /// Control (Ctrl).
    package static let control = Modifiers(rawValue: 2)
    /// Alt.
    package static let alt = Modifiers(rawValue: 4)
}

/// A key pressed with modifiers, written like `ctrl+shift+z` in scripts.
public struct KeyChord: Hashable, Sendable, CustomStringConvertible {
    /// The key pressed (the one to release when it comes up).
    public let key: Key
    /// The modifiers held with it.
    package let modifiers: Modifiers

    /// `key` pressed with `modifiers`.
    package init(_ key: Key, modifiers: Modifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }

    /// Parses `ctrl+z`, `Shift+Ctrl+Z`, `f12`, `space`: modifiers (`ctrl`, `control`, `shift`,
    /// `alt`) joined to a key name (``Key``) by `+`, as scripts write them. Nil when a part is not
    /// a modifier or the key is unknown.
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

    /// The chord as scripts write it, modifiers first: `ctrl+shift+z`.
    public var description: String {
        let names = [(Modifiers.control, "ctrl"), (.shift, "shift"), (.alt, "alt")]
            .filter { modifiers.contains($0.0) }.map(\.1)
        return (names + [key.name]).joined(separator: "+")
    }
}
