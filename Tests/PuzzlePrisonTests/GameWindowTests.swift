import Foundation
import PrisonRules
import Testing

/// The real program, played as a person would: in a window under xvfb-run, or offscreen.
/// One at a time: each run keeps a software GL renderer busy.
@Suite(.serialized) struct GameWindowTests {
    @Test func aScriptedSessionInAWindowBreaksAGroupAndShowsIt() throws {
        try withTemporaryFolder { folder in
            let steps = try script(
                [
                    "# wall 0 first, then the wall to the right; break the group in the middle of it",
                    "look 0 0", "wait 0.2", "screenshot wall0.png",
                    "face 1", "wait 1", "screenshot wall1.png",
                    "click 640 360", "wait 2.5", "screenshot broken.png",
                    "state state.json", "key f1", "wait 0.1", "screenshot help.png",
                    "# Esc opens the menu and closes it again; Esc and Q quit, the game saved", "key escape", "wait 0.1", "key escape", "key escape", "key q",
                ], in: folder)
            // The player's game in progress (only that one is saved on quit): the board of seed 3.
            try plantSavedGame(seed: 3, in: folder)
            let run = try runGame(["--script", steps], in: folder, inWindow: true)
            #expect(run.status == 0, "\(run)")

            let game = try savedGame(at: folder.appendingPathComponent("state.json"))
            #expect(game.moves.count == 1)
            #expect(game.score > 0)
            #expect(game.moves.first?.cell.wall == 1, "the click landed on the wall faced")
            #expect(game.board.blockCount < game.start.blockCount)

            let shots = try ["wall0", "wall1", "broken", "help"].map { try Image(png: folder.appendingPathComponent("\($0).png")) }
            for shot in shots {
                #expect(shot.width == 1280 && shot.height == 720)
                #expect(shot.colourCount > 100, "a screenshot is blank")
            }
            for (a, b) in zip(shots, shots.dropFirst()) { #expect(a.fractionDiffering(from: b) > 0.01) }

            // Quitting saved the game in progress where XDG_DATA_HOME says.
            #expect(try keptGame(in: folder)?.moves == game.moves)

            // Sound: with no sound card, exactly one line says so, and none of the audio
            // libraries' own chatter gets through.
            let audioLines = run.stderr.split(separator: "\n").filter { $0.localizedCaseInsensitiveContains("audio") }
            if !FileManager.default.fileExists(atPath: "/dev/snd") {
                #expect(audioLines == ["puzzle-prison: no audio device (OpenAL could not open one); playing silently"], "\(run)")
            }
            #expect(audioLines.count <= 1)
            #expect(!run.stderr.contains("ALSA lib"), "\(run)")
        }
    }

    @Test func aScreenshotNeedsNoDisplay() throws {
        try withTemporaryFolder { folder in
            let run = try runGame(["--seed", "5", "--screenshot", "room.png"], in: folder)
            #expect(run.status == 0, "\(run)")
            let image = try Image(png: folder.appendingPathComponent("room.png"))
            #expect(image.width == 1280 && image.height == 720)
            #expect(image.colourCount > 100)
            #expect(run.stderr.isEmpty, "no sound, no warnings offscreen: \(run)")
        }
    }

    @Test func theSameSeedGivesTheSamePicture() throws {
        try withTemporaryFolder { folder in
            for name in ["a.png", "b.png"] {
                let run = try runGame(["--seed", "9", "--size", "320x200", "--screenshot", name], in: folder)
                #expect(run.status == 0, "\(run)")
            }
            let a = try Image(png: folder.appendingPathComponent("a.png"))
            let b = try Image(png: folder.appendingPathComponent("b.png"))
            #expect(a.width == 320 && a.height == 200)
            #expect(a == b)
        }
    }

    @Test func withNoDisplayAndNoOffscreenOptionItSaysWhatToDo() throws {
        try withTemporaryFolder { folder in
            let run = try runGame([], in: folder)
            #expect(run.status == 1)
            #expect(run.stderr.contains("xvfb-run") && run.stderr.contains("--screenshot"), "\(run)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(run)")
        }
    }

    @Test func theGameResumesWhereItWasLeft() throws {
        try withTemporaryFolder { folder in
            // Offscreen, a script runs in steps of a 60th of a second and saves on its way out.
            try plantSavedGame(seed: 4, in: folder)
            let first = try script(["look 0 0", "click 600 360", "wait 2", "state first.json"], in: folder)
            #expect(try runGame(["--script", first, "--screenshot", "first.png"], in: folder).status == 0)
            let played = try savedGame(at: folder.appendingPathComponent("first.json"))
            try #require(played.moves.count == 1, "the first run's click broke a group")

            // No board options: the saved game comes back, and takes a further move.
            let second = try script(["look 0 0", "click 600 470", "wait 2", "state second.json"], in: folder)
            let run = try runGame(["--script", second, "--screenshot", "second.png"], in: folder)
            #expect(run.status == 0, "\(run)")
            let resumed = try savedGame(at: folder.appendingPathComponent("second.json"))
            #expect(resumed.start == played.start)
            #expect(Array(resumed.moves.prefix(1)) == played.moves)
            #expect(resumed.moves.count == 2)
        }
    }

    @Test func aDamagedSaveIsKeptAsideWithAWarning() throws {
        try withTemporaryFolder { folder in
            let data = folder.appendingPathComponent("data/puzzle-prison")
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
            let damaged = Data("{ not a game".utf8)
            try damaged.write(to: data.appendingPathComponent("game.json"))
            let run = try runGame(["--screenshot", "room.png"], in: folder)
            #expect(run.status == 0, "\(run)")
            #expect(run.stderr.contains("damaged"), "\(run)")
            let aside = try FileManager.default.contentsOfDirectory(atPath: data.path).filter { $0.hasPrefix("game.json.damaged-") }
            try #require(aside.count == 1)
            #expect(try Data(contentsOf: data.appendingPathComponent(aside[0])) == damaged)
        }
    }

    @Test func aReplayPlaysTheSavedGameBack() throws {
        try withTemporaryFolder { folder in
            let play = try script(
                ["look 0 0", "click 420 300", "wait 1.5", "look 0 0", "click 640 360", "wait 2", "state played.json"], in: folder)
            #expect(try runGame(["--seed", "6", "--script", play, "--screenshot", "played.png"], in: folder).status == 0)
            let played = try savedGame(at: folder.appendingPathComponent("played.json"))
            try #require(played.moves.count == 2)

            let watch = try script(["wait 6", "state watched.json"], in: folder)
            let run = try runGame(["--replay", "played.json", "--script", watch, "--screenshot", "watched.png"], in: folder)
            #expect(run.status == 0, "\(run)")
            let watched = try savedGame(at: folder.appendingPathComponent("watched.json"))
            #expect(watched.moves.map(\.cell) == played.moves.map(\.cell))
            #expect(watched.score == played.score)
        }
    }

    @Test func theBenchmarkPrintsFrameStatistics() throws {
        try withTemporaryFolder { folder in
            let run = try runGame(["--bench-frames", "4", "--size", "320x200"], in: folder)
            #expect(run.status == 0, "\(run)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            let frames = try #require(report["frameMilliseconds"] as? [String: Double])
            #expect((frames["median"] ?? 0) > 0)
            #expect(report["blocks"] as? Int == Room.standard.cellCount)
            #expect((report["cpuOutsideGLMilliseconds"] as? [String: Double])?["median"] != nil)
            #expect(report["frameRatioToBaseline"] as? Double != nil)
        }
    }

    @Test(arguments: [
        (["--board", "missing.board", "--screenshot", "x.png"], "board file 'missing.board' does not exist"),
        (["--replay", "missing.json", "--screenshot", "x.png"], "replay file 'missing.json' does not exist"),
        (["--script", "missing.txt", "--screenshot", "x.png"], "script 'missing.txt' does not exist"),
        (["--size", "12", "--screenshot", "x.png"], "--size"),
        (["--walls", "3"], "--walls must be 1 or 4"),
        (["--board", "b", "--seed", "1"], "do not go with --board"),
        (["--screenshot", "no/such/folder/x.png"], "cannot save the screenshot"),
        (["--xr", "--screenshot", "x.png"], "--xr plays in a headset; it does not go with --screenshot"),
        (["--eye-pictures", "eye"], "--report-input and --eye-pictures go with --xr"),
        (["--stereo", "--screenshot", "x.png"], "--stereo goes with --bench-frames"),
    ])
    func badInputIsRefusedClearly(arguments: [String], message: String) throws {
        try withTemporaryFolder { folder in
            let run = try runGame(arguments, in: folder)
            #expect(run.status != 0)
            #expect(run.stderr.contains(message), "\(run)")
        }
    }

    @Test func aBadScriptNamesItsLine() throws {
        try withTemporaryFolder { folder in
            let steps = try script(["look 0 0", "jump 3"], in: folder)
            let run = try runGame(["--script", steps, "--screenshot", "x.png"], in: folder)
            #expect(run.status == 1)
            #expect(run.stderr.contains("line 2: unknown command 'jump'"), "\(run)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.png").path))
        }
    }
}
