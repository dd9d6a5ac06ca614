import Foundation
import PrisonSession
import Testing

/// The chord of `text`, which must parse.
private func chord(_ text: String) throws -> KeyChord {
    try #require(KeyChord(parsing: text), "'\(text)' parses")
}

@Suite("Keys and modifiers")
struct KeyTests {
    @Test("Key names are read in any case", arguments: [
        ("a", "a"), ("Z", "z"), ("7", "7"), ("F12", "f12"), ("Space", "space"), ("ENTER", "enter"),
        ("escape", "escape"), ("Tab", "tab"), ("backspace", "backspace"), ("Left", "left"), ("UP", "up"),
    ])
    func names(text: String, name: String) throws {
        let key = try #require(Key(name: text))
        #expect(key.name == name)
        #expect(key.description == name)
    }

    @Test("Unknown key names are refused", arguments: ["", "f0", "f13", "ctrl", "shift", "aa", "10", "esc", "return", " a", "+"])
    func unknownNames(text: String) {
        #expect(Key(name: text) == nil)
    }

    @Test("The named keys are the keys of those names")
    func namedKeys() {
        #expect(Key(name: "escape") == .escape)
        #expect(Key(name: "left") == .left)
        #expect(Key(name: "right") == .right)
        #expect(Key(name: "up") == .up)
        #expect(Key(name: "down") == .down)
        #expect(Key(name: "A") == .letterA)
        #expect(Key(name: "d") == .letterD)
        #expect(Key(name: "Y") == .letterY)
    }
}

@Suite("Key chords")
struct KeyChordTests {
    @Test("Chords parse, modifiers in any order and case", arguments: [
        ("ctrl+z", "z", Modifiers.control), ("Shift+Ctrl+Z", "z", [.shift, .control]),
        ("control+y", "y", .control), ("CTRL+SHIFT+z", "z", [.control, .shift]), ("alt+n", "n", .alt),
        ("f12", "f12", []), ("space", "space", []), ("shift+F1", "f1", .shift), ("ctrl+ctrl+z", "z", .control),
    ] as [(String, String, Modifiers)])
    func parsing(text: String, key: String, modifiers: Modifiers) throws {
        let parsed = try chord(text)
        #expect(parsed.key == Key(name: key))
        #expect(parsed.modifiers == modifiers)
    }

    @Test("Chords that are not keys are refused", arguments: [
        "ctrl+", "meta+z", "foo", "", "+", "+z", "z+", "ctrl+shift", "ctrl++z", "ctrl z", "super+a", "z+ctrl",
    ])
    func refusals(text: String) {
        #expect(KeyChord(parsing: text) == nil)
    }

    @Test("A chord's description is its canonical text, which parses back to it", arguments: [
        ("ctrl+z", "ctrl+z"), ("Shift+Ctrl+Z", "ctrl+shift+z"), ("control+y", "ctrl+y"), ("F12", "f12"),
        ("space", "space"), ("alt+shift+ctrl+left", "ctrl+shift+alt+left"),
    ])
    func roundTrip(text: String, canonical: String) throws {
        let parsed = try chord(text)
        #expect(parsed.description == canonical)
        #expect(KeyChord(parsing: parsed.description) == parsed)
    }

    @Test("Every key, with every set of modifiers, round-trips through its description")
    func everyChordRoundTrips() throws {
        let modifierSets: [Modifiers] = (0..<8).map { Modifiers(rawValue: $0) }
        for name in Key.names {
            let key = try #require(Key(name: name))
            for modifiers in modifierSets {
                let chord = KeyChord(key, modifiers: modifiers)
                #expect(KeyChord(parsing: chord.description) == chord)
            }
        }
    }
}

@Suite("Key bindings")
struct KeyBindingTests {
    @Test("Each documented binding does its action", arguments: [
        ("u", Action.undo), ("ctrl+z", .undo), ("U", .undo),
        ("ctrl+shift+z", .redo), ("shift+ctrl+z", .redo), ("ctrl+y", .redo), ("ctrl+shift+y", .redo),
        ("n", .newGame), ("r", .restart), ("h", .hint), ("space", .gazeTap), ("enter", .gazeTap),
        ("1", .faceWall(0)), ("2", .faceWall(1)), ("3", .faceWall(2)), ("4", .faceWall(3)),
        ("q", .facePreviousWall), ("e", .faceNextWall), ("l", .toggleMouseLook), ("f1", .toggleHelp),
        ("f11", .toggleFullscreen), ("f12", .screenshot), ("m", .toggleMute), ("t", .nextPalette),
        ("escape", .menu),
        // Shift alone does not change what a key does.
        ("shift+n", .newGame), ("shift+space", .gazeTap),
    ] as [(String, Action)])
    func bindings(text: String, action: Action) throws {
        #expect(KeyBindings.action(for: try chord(text)) == action)
    }

    @Test("Unbound chords do nothing", arguments: [
        "ctrl+u", "alt+n", "ctrl+n", "alt+z", "shift+z", "z", "y", "5", "0", "9", "f2", "f10", "tab",
        "backspace", "left", "right", "up", "down", "a", "d", "ctrl+escape", "alt+f4", "ctrl+1",
    ])
    func unbound(text: String) throws {
        #expect(KeyBindings.action(for: try chord(text)) == nil)
    }

    /// The actions of the keys a help line names: its keys split at " / ", ", " and blanks,
    /// `Ctrl+Z` style names read as chords, `Esc` as Escape; mouse lines and the arrows (which
    /// turn while held) have no key action.
    private func actions(ofHelpKeys keys: String) -> [Action?] {
        if keys.contains("click") || keys.contains("drag") || keys.contains("Arrows") { return [] }
        let words = keys.replacingOccurrences(of: "/", with: " ").replacingOccurrences(of: ",", with: " ")
            .split(separator: " ").map(String.init)
        return words.map { word in
            let name = word == "Esc" ? "escape" : word
            return KeyChord(parsing: name).flatMap(KeyBindings.action(for:))
        }
    }

    @Test("Every key the help names has an action")
    func helpKeysAct() {
        #expect(!KeyBindings.help.isEmpty)
        for line in KeyBindings.help {
            for action in actions(ofHelpKeys: line.keys) {
                #expect(action != nil, "help line '\(line.keys)': \(line.does)")
            }
        }
    }

    @Test("The help names every action")
    func helpCoversEveryAction() {
        let named = Set(KeyBindings.help.flatMap { actions(ofHelpKeys: $0.keys) }.compactMap { $0 })
        let every: Set<Action> = [
            .undo, .redo, .newGame, .restart, .hint, .gazeTap, .faceWall(0), .faceWall(1), .faceWall(2), .faceWall(3),
            .faceNextWall, .facePreviousWall, .toggleMouseLook, .toggleHelp, .toggleFullscreen, .screenshot,
            .toggleMute, .nextPalette, .menu,
        ]
        #expect(every.subtracting(named).isEmpty, "actions the help does not name: \(every.subtracting(named))")
        #expect(KeyBindings.help.allSatisfy { !$0.keys.isEmpty && !$0.does.isEmpty })
    }

    @Test("The help names the turning keys and the mouse")
    func helpNamesTurningAndMouse() {
        let keys = KeyBindings.help.map(\.keys).joined(separator: " | ")
        #expect(keys.contains("Arrows"))
        #expect(keys.contains("A, D"))
        #expect(keys.contains("click"))
    }
}
