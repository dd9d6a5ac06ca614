import PrisonSession

/// One step of a script that drives the window as a person would.
public enum ScriptStep: Hashable, Sendable {
    /// Let the time pass, drawing frames.
    case wait(Duration)
    /// Look `yaw` degrees right of wall 0 and `pitch` degrees up.
    case look(yaw: Float, pitch: Float)
    /// Turn smoothly to face wall `wall` (from 0, as in move files).
    case face(wall: Int)
    /// A left click at `x`, `y`: window coordinates in screen points from the top left.
    case click(x: Float, y: Float)
    /// A key press.
    case key(KeyChord)
    /// Save a screenshot (PNG) to `path`.
    case screenshot(path: String)
    /// Write the game so far (saved-game JSON) to `path`.
    case state(path: String)
    /// Close the window.
    case quit
}

/// Why a script was refused: the line and what is wrong with it.
public struct ScriptError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line refused, counted from 1.
    package let line: Int
    /// What is wrong with it.
    package let message: String
    /// `line N: message`.
    public var description: String { "line \(line): \(message)" }
}

/// A script: timed steps, one a line, `#` starting a comment, quotes around a path with blanks.
public struct Script: Hashable, Sendable {
    /// The steps, in the order they run.
    package let steps: [ScriptStep]

    /// The commands a script knows, as its help and errors list them.
    public static let usage = "wait S, look YAW PITCH, face WALL, click X Y, key NAME, screenshot FILE, state FILE, quit"

    /// The script of `steps`.
    package init(steps: [ScriptStep]) { self.steps = steps }

    /// The longest wait a script may ask for: an hour (offscreen every second of it is 60 frames
    /// drawn, so a longer one would only look like a hang).
    package static let longestWait = Duration.seconds(3600)
    /// The largest number a look or click may give: far outside any window or angle that matters.
    static let largestCoordinate = 1_000_000.0

    /// Parses a script, refusing the first line that is not a step. Words are separated by blanks;
    /// a word in double or single quotes (a path with spaces) is taken as it is, `#` included.
    public init(text: String) throws(ScriptError) {
        var steps: [ScriptStep] = []
        for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let words = try Self.words(of: rawLine, line: index + 1)
            guard let command = words.first else { continue }
            let arguments = Array(words.dropFirst())
            steps.append(try Self.step(command.lowercased(), arguments, line: index + 1))
        }
        self.steps = steps
    }

    /// The words of `line`, quotes taken off, up to a `#` outside quotes.
    private static func words(of line: Substring, line number: Int) throws(ScriptError) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character == "#" {
                break
            } else if character.isWhitespace {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if let open = quote { throw ScriptError(line: number, message: "a quote (\(open)) is not closed") }
        if inWord { words.append(word) }
        return words
    }

    private static func step(_ command: String, _ arguments: [String], line: Int) throws(ScriptError) -> ScriptStep {
        func fail(_ message: String) -> ScriptError { ScriptError(line: line, message: message) }
        func expect(_ names: String...) throws(ScriptError) {
            guard arguments.count == names.count else {
                let wanted = ([command] + names).joined(separator: " ")
                throw fail("'\(command)' takes \(names.isEmpty ? "no arguments" : names.joined(separator: " ")) ('\(wanted)'), not \(arguments.isEmpty ? "none" : "'\(arguments.joined(separator: " "))'")")
            }
        }
        func number(_ text: String, _ what: String) throws(ScriptError) -> Double {
            guard let value = Double(text), value.isFinite else { throw fail("\(what) '\(text)' is not a number") }
            guard abs(value) <= largestCoordinate else {
                throw fail("\(what) '\(text)' is out of range (at most \(Int(largestCoordinate)) either way)")
            }
            return value
        }
        switch command {
        case "wait":
            try expect("SECONDS")
            let seconds = try number(arguments[0], "seconds")
            guard seconds >= 0 else { throw fail("cannot wait a negative time (\(arguments[0]) s)") }
            guard seconds <= Double(longestWait.components.seconds) else {
                throw fail("cannot wait more than \(longestWait.components.seconds) seconds (\(arguments[0]) s)")
            }
            return .wait(.seconds(seconds))
        case "look":
            try expect("YAW", "PITCH")
            return .look(yaw: Float(try number(arguments[0], "yaw")), pitch: Float(try number(arguments[1], "pitch")))
        case "face":
            try expect("WALL")
            guard let wall = Int(arguments[0]), (0...3).contains(wall) else {
                throw fail("wall '\(arguments[0])' is not a wall number (0, 1, 2 or 3)")
            }
            return .face(wall: wall)
        case "click":
            try expect("X", "Y")
            return .click(x: Float(try number(arguments[0], "x")), y: Float(try number(arguments[1], "y")))
        case "key":
            try expect("NAME")
            guard let chord = KeyChord(parsing: arguments[0]) else {
                throw fail("'\(arguments[0])' is not a key: use a letter, digit, space, enter, escape, tab, an arrow (left, right, up, down) or f1 to f12, with ctrl+, shift+ or alt+ before it")
            }
            return .key(chord)
        case "screenshot":
            try expect("FILE")
            return .screenshot(path: arguments[0])
        case "state":
            try expect("FILE")
            return .state(path: arguments[0])
        case "quit":
            try expect()
            return .quit
        default:
            throw fail("unknown command '\(command)'; a script knows \(usage)")
        }
    }
}

/// Plays a script against time: each frame says how long it took, and gets the steps now due.
public struct ScriptPlayer: Hashable, Sendable {
    /// The script played.
    let script: Script
    private var next = 0
    /// The time still to wait before the next step.
    private var waiting = Duration.zero

    /// Plays `script` from its first step.
    public init(_ script: Script) { self.script = script }

    /// Whether every step has been handed out and the last wait is over.
    public var isFinished: Bool { next == script.steps.count && waiting <= .zero }

    /// Lets `duration` pass and returns the steps due, in order; a wait holds back the steps after it.
    public mutating func advance(by duration: Duration) -> [ScriptStep] {
        waiting -= max(.zero, duration)
        var due: [ScriptStep] = []
        while waiting <= .zero, next < script.steps.count {
            let step = script.steps[next]
            next += 1
            if case .wait(let time) = step { waiting += time } else { due.append(step) }
        }
        return due
    }
}
