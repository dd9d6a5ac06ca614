import PrisonHost
import PrisonSession
import Testing

/// The error `text` is refused with, or nil when it parses.
private func refusal(_ text: String) -> ScriptError? {
    do {
        _ = try Script(text: text)
        return nil
    } catch {
        return error
    }
}

/// The chord of `text`, which must parse.
private func chord(_ text: String) throws -> KeyChord {
    try #require(KeyChord(parsing: text))
}

@Suite("Scripts")
struct ScriptParsingTests {
    @Test("Each command parses to its step", arguments: [
        ("wait 1.5", ScriptStep.wait(.seconds(1.5))), ("wait 0", .wait(.seconds(0))), ("wait 2", .wait(.seconds(2))),
        ("look 90 -10", .look(yaw: 90, pitch: -10)), ("look -45.5 0", .look(yaw: -45.5, pitch: 0)),
        ("face 0", .face(wall: 0)), ("face 3", .face(wall: 3)),
        ("click 640 360", .click(x: 640, y: 360)), ("click 0.5 12.25", .click(x: 0.5, y: 12.25)),
        ("screenshot out/shot.png", .screenshot(path: "out/shot.png")), ("state /tmp/game.json", .state(path: "/tmp/game.json")),
        ("quit", .quit),
    ])
    func commands(line: String, step: ScriptStep) throws {
        #expect(try Script(text: line).steps == [step])
    }

    @Test("Key steps read chords", arguments: ["u", "ctrl+z", "Shift+Ctrl+Z", "space", "f12", "escape", "alt+left"])
    func keys(name: String) throws {
        #expect(try Script(text: "key \(name)").steps == [.key(try chord(name))])
    }

    @Test("Commands are read in any case; paths keep theirs")
    func caseInsensitive() throws {
        let script = try Script(text: "WAIT 1\nLook 10 20\nFace 2\nKEY Ctrl+Z\nScreenShot Out/Shot.PNG\nState A.json\nQuit")
        #expect(script.steps == [
            .wait(.seconds(1)), .look(yaw: 10, pitch: 20), .face(wall: 2), .key(try chord("ctrl+z")),
            .screenshot(path: "Out/Shot.PNG"), .state(path: "A.json"), .quit,
        ])
    }

    @Test("Comments, blank lines and extra blanks are skipped")
    func commentsAndBlanks() throws {
        let text = """
            # a tour of the room

              face 1   # turn right
            \twait\t0.5
            # key u
            key   h

            """
        #expect(try Script(text: text).steps == [.face(wall: 1), .wait(.seconds(0.5)), .key(try chord("h"))])
    }

    @Test("An empty script, or one of comments only, has no steps", arguments: ["", "\n\n", "# nothing\n   # at all", "   "])
    func empty(text: String) throws {
        #expect(try Script(text: text).steps.isEmpty)
    }

    @Test("Lines written with CR LF line ends parse as lines")
    func crlf() throws {
        #expect(try Script(text: "wait 1\r\nquit\r\n").steps == [.wait(.seconds(1)), .quit])
    }

    @Test("Errors carry the line, counted from 1 with blank and comment lines")
    func lineNumbers() throws {
        let error = try #require(refusal("wait 1\n\n# comment\nlook 0 0\njump 3\nquit"))
        #expect(error.line == 5)
        #expect(error.description.hasPrefix("line 5: "))
        #expect(try #require(refusal("jump")).line == 1)
        #expect(try #require(refusal("quit\nquit\nwait -1")).line == 3)
    }

    @Test("An unknown command is named, with every command a script knows")
    func unknownCommand() throws {
        let error = try #require(refusal("Jump 3"))
        #expect(error.message.contains("unknown command 'jump'"))
        #expect(error.message.contains(Script.usage))
        for command in ["wait", "look", "face", "click", "key", "screenshot", "state", "quit"] {
            #expect(Script.usage.contains(command))
        }
    }

    @Test("The wrong number of arguments is refused, saying what the command takes", arguments: [
        ("wait", "'wait' takes SECONDS", "not none"),
        ("wait 1 2", "'wait' takes SECONDS", "not '1 2'"),
        ("look 10", "'look' takes YAW PITCH", "not '10'"),
        ("face", "'face' takes WALL", "not none"),
        ("click 1 2 3", "'click' takes X Y", "not '1 2 3'"),
        ("key", "'key' takes NAME", "not none"),
        ("key ctrl z", "'key' takes NAME", "not 'ctrl z'"),
        ("screenshot", "'screenshot' takes FILE", "not none"),
        ("screenshot my shot.png", "'screenshot' takes FILE", "not 'my shot.png'"),
        ("state", "'state' takes FILE", "not none"),
        ("quit now", "'quit' takes no arguments", "not 'now'"),
    ])
    func argumentCounts(line: String, takes: String, got: String) throws {
        let error = try #require(refusal(line))
        #expect(error.line == 1)
        #expect(error.message.contains(takes), "\(error.message)")
        #expect(error.message.contains(got), "\(error.message)")
    }

    @Test("A negative wait is refused")
    func negativeWait() throws {
        let error = try #require(refusal("wait -0.5"))
        #expect(error.message.contains("negative"))
        #expect(error.message.contains("-0.5"))
    }

    @Test("Numbers that are not numbers, or not finite, are refused, naming what they were for", arguments: [
        ("wait soon", "seconds 'soon'"), ("wait nan", "seconds 'nan'"), ("wait inf", "seconds 'inf'"),
        ("look left 0", "yaw 'left'"), ("look 0 up", "pitch 'up'"), ("click 1,5 2", "x '1,5'"), ("click 1 y", "y 'y'"),
    ])
    func nonNumbers(line: String, named: String) throws {
        let error = try #require(refusal(line))
        #expect(error.message.contains(named), "\(error.message)")
        #expect(error.message.contains("not a number"), "\(error.message)")
    }

    @Test("Keys that are not keys are refused, saying what a key is", arguments: ["meta+z", "ctrl+", "foo", "f13"])
    func badKeys(name: String) throws {
        let error = try #require(refusal("key \(name)"))
        #expect(error.message.contains("'\(name)' is not a key"), "\(error.message)")
        #expect(error.message.contains("f1 to f12"))
    }

    @Test("Walls that are not wall numbers are refused", arguments: ["-1", "4", "two", "1.5", "+"])
    func badWalls(wall: String) throws {
        let error = try #require(refusal("face \(wall)"))
        #expect(error.message.contains("wall '\(wall)' is not a wall number"), "\(error.message)")
    }

    @Test("The first bad line is the one reported")
    func firstError() throws {
        let error = try #require(refusal("wait 1\nface x\njump"))
        #expect(error.line == 2)
    }
}

@Suite("Script player")
struct ScriptPlayerTests {
    @Test("Steps before the first wait come at once; a wait holds the rest until its time has passed")
    func waitsHold() throws {
        var player = ScriptPlayer(try Script(text: "look 0 0\nface 1\nwait 1\nkey u\nquit"))
        #expect(!player.isFinished)
        #expect(player.advance(by: .seconds(0)) == [.look(yaw: 0, pitch: 0), .face(wall: 1)])
        #expect(!player.isFinished)
        #expect(player.advance(by: .seconds(0.4)) == [])
        #expect(player.advance(by: .seconds(0.4)) == [])
        #expect(!player.isFinished)
        #expect(player.advance(by: .seconds(0.3)) == [.key(try chord("u")), .quit])
        #expect(player.isFinished)
        #expect(player.advance(by: .seconds(1)) == [])
    }

    @Test("The first frame hands out the steps up to the first wait, whatever its length")
    func firstFrame() throws {
        var player = ScriptPlayer(try Script(text: "key n\nwait 2\nkey r"))
        #expect(player.advance(by: .seconds(0.016)) == [.key(try chord("n"))])
        #expect(player.advance(by: .seconds(1.9)) == [])
        #expect(player.advance(by: .seconds(0.2)) == [.key(try chord("r"))])
    }

    @Test("A long frame passes several waits, and the time left over counts toward the next wait")
    func longFrames() throws {
        var player = ScriptPlayer(try Script(text: "wait 1\nkey u\nwait 1\nkey r\nwait 1\nquit"))
        #expect(player.advance(by: .seconds(2.5)) == [.key(try chord("u")), .key(try chord("r"))])
        #expect(player.advance(by: .seconds(0.25)) == [])
        #expect(player.advance(by: .seconds(0.25)) == [.quit])
        #expect(player.isFinished)
    }

    @Test("A wait of 0 holds nothing back")
    func zeroWait() throws {
        var player = ScriptPlayer(try Script(text: "wait 0\nquit"))
        #expect(player.advance(by: .seconds(0)) == [.quit])
        #expect(player.isFinished)
    }

    @Test("A script ending with a wait finishes only when the wait is over")
    func trailingWait() throws {
        var player = ScriptPlayer(try Script(text: "key u\nwait 1"))
        #expect(player.advance(by: .seconds(0)) == [.key(try chord("u"))])
        #expect(!player.isFinished)
        #expect(player.advance(by: .seconds(0.5)) == [])
        #expect(!player.isFinished)
        #expect(player.advance(by: .seconds(0.5)) == [])
        #expect(player.isFinished)
    }

    @Test("An empty script is finished from the start")
    func emptyScript() {
        var player = ScriptPlayer(Script(steps: []))
        #expect(player.isFinished)
        #expect(player.advance(by: .seconds(1)) == [])
    }

    @Test("Negative time does not run a wait backwards")
    func negativeTime() throws {
        var player = ScriptPlayer(try Script(text: "wait 1\nquit"))
        #expect(player.advance(by: .seconds(-5)) == [])
        #expect(player.advance(by: .seconds(0.6)) == [])
        #expect(player.advance(by: .seconds(-5)) == [])
        #expect(player.advance(by: .seconds(0.4)) == [.quit])
    }

    @Test("Steps come in script order, each once, however the time is cut", arguments: [0.01, 0.1, 0.3, 1, 10])
    func order(frame: Double) throws {
        let script = try Script(text: "key a\nwait 0.25\nkey b\nkey c\nwait 0.5\nkey d\nwait 0.1\nquit")
        var player = ScriptPlayer(script)
        var handedOut: [ScriptStep] = []
        var frames = 0
        while !player.isFinished, frames < 1000 {
            handedOut += player.advance(by: .seconds(frame))
            frames += 1
        }
        #expect(handedOut == script.steps.filter { if case .wait = $0 { false } else { true } })
    }
}
