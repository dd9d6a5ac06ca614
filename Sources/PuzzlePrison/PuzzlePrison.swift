import ArgumentParser
import Foundation
import PrisonHost
import PrisonSession
import PrisonFiles
import PrisonRules

/// `puzzle-prison`: the game in a desktop 3D window.
@main
struct PuzzlePrison: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "puzzle-prison",
        abstract: "Puzzle Prison: SameGame on the four walls around you, in a 3D window.",
        discussion: """
            Tap a group of two or more blocks of one colour to break it; clear the room to escape. \
            Press F1 in the game for every key. The game in progress is kept move by move (each \
            move is on disk before it is drawn) in the player's database, \
            $XDG_DATA_HOME/puzzle-prison/player.sqlite3, and resumed on the next start; a game \
            started from a board, seed, room shape or replay is not kept and leaves it alone. One \
            window plays on a profile at a time.
            """,
        version: "puzzle-prison \(About.packageVersion) (build \(buildCommit))")

    @Option(help: "Seed of a new random board (the same seed gives the same board).")
    var seed: UInt64?
    @Option(help: "Walls around the player: 4, or 1 for classic SameGame. (default: 4)")
    var walls: Int?
    @Option(help: "Columns per wall, 1 to \(Room.maximumSide). (default: 12)")
    var width: Int?
    @Option(help: "Rows per wall, 1 to \(Room.maximumSide). (default: 10)")
    var height: Int?
    @Option(help: "Colours, 2 to \(Board.maximumColours). (default: 5)")
    var colours: Int?
    @Option(help: ArgumentHelp("Play the board in this file (prison-sim's board format).", valueName: "file"))
    var board: String?
    @Option(help: ArgumentHelp("Watch a saved game (or a 'prison-sim run --replays' game) play itself.", valueName: "file"))
    var replay: String?
    @Flag(help: "Start fullscreen.")
    var fullscreen = false
    @Option(help: ArgumentHelp("Window size in screen points, WxH.", valueName: "WxH"))
    var size = WindowSize(width: 1280, height: 720)
    @Flag(help: "Start with the sound off (M turns it on).")
    var mute = false
    @Flag(name: .customLong("no-vsync"), help: "Draw frames as fast as possible instead of at the screen's rate.")
    var noVsync = false
    @Option(help: ArgumentHelp("Drive the window from a file of steps: \(Script.usage), one a line.", valueName: "file"))
    var script: String?
    @Option(help: ArgumentHelp("Render the scene to this PNG file and exit; needs no display (EGL).", valueName: "file"))
    var screenshot: String?
    @Option(name: .customLong("bench-frames"), help: ArgumentHelp("Render this many frames of an animated room and print frame-time statistics as JSON.", valueName: "n"))
    var benchFrames: Int?
    @Flag(help: "With --bench-frames, draw the same frames for a headset's two eyes (1832x1920 each) too, offscreen.")
    var stereo = false
    @Option(
        name: .customLong("export-game"),
        help: ArgumentHelp("Write the game in progress to this file as a saved game (what --replay and prison-sim play read), and exit.", valueName: "file"))
    var exportGame: String?
    @Option(
        name: .customLong("import-game"),
        help: ArgumentHelp("Make the saved game in this file the game in progress, and exit.", valueName: "file"))
    var importGame: String?
    @Flag(help: "Play in a headset, through the OpenXR runtime installed (Monado, WiVRn, SteamVR).")
    var xr = false
    /// With --xr, prints a line for each input handled and each change it made (the hovered
    /// group, the menu, the clock, the session's state): tests wait on them.
    @Flag(name: .customLong("report-input"), help: .hidden)
    var reportInput = false
    /// With --xr, writes each eye's last frame, read back from its swapchain, to PREFIX-left.png
    /// and PREFIX-right.png at the end.
    @Option(name: .customLong("eye-pictures"), help: .hidden)
    var eyePictures: String?
    /// Each wall's blocks in a flat colour of its own (red, green, blue, yellow), the cell in flat
    /// greys, no light: tests find a wall's blocks in a screenshot by their exact colour.
    @Flag(name: .customLong("flat-colours"), help: .hidden)
    var flatColours = false

    func validate() throws {
        if let walls, walls != 1, walls != 4 { throw ValidationError("--walls must be 1 or 4, not \(walls)") }
        for (name, value) in [("--width", width), ("--height", height)] {
            if let value, !(1...Room.maximumSide).contains(value) {
                throw ValidationError("\(name) must be 1 to \(Room.maximumSide), not \(value)")
            }
        }
        if let colours, !(2...Board.maximumColours).contains(colours) {
            throw ValidationError("--colours must be 2 to \(Board.maximumColours), not \(colours)")
        }
        if board != nil, replay != nil { throw ValidationError("give --board or --replay, not both") }
        if board != nil || replay != nil, GameRequest(seed: seed, walls: walls, width: width, height: height, colours: colours).makesNewBoard {
            throw ValidationError("--seed, --walls, --width, --height and --colours make a new board; they do not go with --board or --replay")
        }
        if let benchFrames, benchFrames < 1 { throw ValidationError("--bench-frames must be at least 1, not \(benchFrames)") }
        if stereo, benchFrames == nil { throw ValidationError("--stereo goes with --bench-frames") }
        if benchFrames != nil, screenshot != nil || script != nil {
            throw ValidationError("--bench-frames runs on its own, not with --screenshot or --script")
        }
        if xr, screenshot != nil || script != nil || benchFrames != nil || fullscreen {
            throw ValidationError("--xr plays in a headset; it does not go with --screenshot, --script, --bench-frames or --fullscreen")
        }
        if !xr, reportInput || eyePictures != nil { throw ValidationError("--report-input and --eye-pictures go with --xr") }
        if exportGame != nil || importGame != nil {
            let others = [board, replay, script, screenshot].contains { $0 != nil } || benchFrames != nil
                || GameRequest(seed: seed, walls: walls, width: width, height: height, colours: colours).makesNewBoard
            if others || (exportGame != nil && importGame != nil) {
                throw ValidationError("--export-game and --import-game run on their own, one at a time")
            }
        }
    }

    func run() throws {
        // Closing the terminal, logging out or a shutdown end the frame loop, which saves the game.
        QuitSignals.catchAll()
        do throws(FrontEndError) {
            try launch()
        } catch {
            printWarning(error.description)
            throw ExitCode.failure
        }
        // Ended by a signal: the game is saved; exit as the signal would have, 128 plus its number.
        if let signal = QuitSignals.received { throw ExitCode(128 + signal) }
    }

    private func launch() throws(FrontEndError) {
        if exportGame != nil || importGame != nil { return try moveGame() }
        let resources: Resources
        do throws(HostError) { resources = try Resources.locate() } catch { throw FrontEndError(error.description) }
        if xr { return try playInHeadset(resources: resources) }
        let script = try self.script.map(loadScript)
        if let screenshot {
            // Found out now, by creating it, rather than after the script has run.
            do throws(FileError) { try checkCanCreate(screenshot) } catch { throw FrontEndError("cannot save the screenshot: \(error)") }
        }
        let offscreen = screenshot != nil || (benchFrames != nil && (ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty)
        let surface: any Surface =
            offscreen
            ? try OffscreenSurface(size: SIMD2(size.width, size.height))
            : try WindowSurface(size: SIMD2(size.width, size.height), fullscreen: fullscreen, vsync: !noVsync && benchFrames == nil)
        if let benchFrames {
            // Its game is kept move by move, as a player's is, in a profile of its own.
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("puzzle-prison-bench-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_DATA_HOME"] = folder.path
            environment["XDG_CONFIG_HOME"] = folder.path
            let launcher = try Launcher(resources: resources, muted: true, sound: false, waitsForWork: offscreen, environment: environment)
            try Bench(frames: benchFrames, stereo: stereo, surface: surface, launcher: launcher).run()
            return
        }
        let launcher = try Launcher(resources: resources, muted: mute, sound: !offscreen, waitsForWork: offscreen)
        let session = try launcher.session(
            for: GameRequest(replay: replay, board: board, seed: seed, walls: walls, width: width, height: height, colours: colours))
        let loop = try FrameLoop(session: session, surface: surface, launcher: launcher, script: script.map(ScriptPlayer.init))
        loop.renderer.flatColours = flatColours
        try loop.run(screenshot: screenshot)
    }

    /// `--xr`: the game in a headset, kept as the window keeps it.
    private func playInHeadset(resources: Resources) throws(FrontEndError) {
        if let eyePictures {
            for eye in ["left", "right"] {
                do throws(FileError) { try checkCanCreate("\(eyePictures)-\(eye).png") } catch {
                    throw FrontEndError("cannot save the eye's picture: \(error)")
                }
            }
        }
        let launcher = try Launcher(resources: resources, muted: mute, sound: true, waitsForWork: false)
        let session = try launcher.session(
            for: GameRequest(replay: replay, board: board, seed: seed, walls: walls, width: width, height: height, colours: colours))
        let loop = try HeadsetLoop(session: session, launcher: launcher, reportsInput: reportInput, eyePictures: eyePictures)
        loop.flatColours = flatColours
        try loop.run()
    }

    /// `--export-game` or `--import-game`: the game in progress out to a file, or in from one.
    private func moveGame() throws(FrontEndError) {
        do throws(HostError) {
            let profile = try Profile()
            if let exportGame {
                try profile.exportGame(to: exportGame)
            } else if let importGame {
                let game = try profile.importGame(from: importGame)
                print("The game in \(importGame) (\(game.moves.count) moves) is the game in progress now.")
            }
        } catch {
            throw FrontEndError(error.description)
        }
    }

    private func loadScript(_ path: String) throws(FrontEndError) -> Script {
        let source = try text(of: path, what: "script")
        do throws(ScriptError) { return try Script(text: source) } catch { throw FrontEndError("script '\(path)', \(error)") }
    }
}

/// A window size typed as `WxH`.
struct WindowSize: ExpressibleByArgument {
    let width: Int32
    let height: Int32

    init(width: Int32, height: Int32) {
        self.width = width
        self.height = height
    }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Int32(parts[0]), let height = Int32(parts[1]),
            (64...16384).contains(width), (64...16384).contains(height)
        else { return nil }
        self.init(width: width, height: height)
    }

    var defaultValueDescription: String { "\(width)x\(height)" }
}
