import Foundation
import PrisonRules
@testable import PuzzlePrison
import PrisonSpace
import PrisonWorld
import Testing

/// `puzzle-prison --xr` running on a virtual X screen against Monado, its head and hands moved by
/// the remote driver. Each step waits for the line the game prints when it has handled the input
/// (`--report-input`), never for a fixed time.
final class HeadsetGame {
    private let process: Process
    private let output: URL
    private let errors: URL
    /// The lines read so far, and how many of them a wait has passed.
    private(set) var lines: [String] = []
    private var consumed = 0

    /// Starts the game with `arguments` on `screen`, a client of `service`, its profile in `folder`.
    init(_ arguments: [String], folder: URL, service: MonadoService, screen: VirtualScreen) throws {
        process = Process()
        process.executableURL = try gameExecutable()
        process.arguments = ["--xr", "--report-input"] + arguments
        process.environment = ProcessInfo.processInfo.environment
            .merging(service.runtimeEnvironment) { $1 }
            .merging(profileEnvironment(in: folder)) { $1 }
            .merging(["DISPLAY": screen.display]) { $1 }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        process.currentDirectoryURL = folder
        (output, errors) = try sendOutput(of: process, to: folder)
        try process.run()
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// Waits (up to a minute) for the next line that starts with `prefix` and returns it; the
    /// lines before it are passed over (``passed(since:)`` has them).
    @discardableResult
    func waitFor(_ prefix: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let deadline = Date().addingTimeInterval(60)
        while true {
            let text = String(decoding: (try? Data(contentsOf: output)) ?? Data(), as: UTF8.self)
            lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
            if let index = lines[consumed...].firstIndex(where: { $0.hasPrefix(prefix) }) {
                consumed = index + 1
                return lines[index]
            }
            let ended = !process.isRunning
            try #require(
                !ended && Date() < deadline, "no '\(prefix)' from the game (\(ended ? "it ended" : "after a minute")): \(transcript)",
                sourceLocation: sourceLocation)
            usleep(5_000)
        }
    }

    /// The lines from `start` up to the last one a wait returned.
    func passed(since start: Int) -> [String] { Array(lines[start..<consumed]) }

    /// How many lines the waits have passed.
    var position: Int { consumed }

    /// Sends SIGTERM and waits for the game to end; its exit status.
    func stop() -> Int32 {
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Waits for the game to end by itself; its exit status.
    func waitUntilExit() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// What it printed, for failure messages.
    var transcript: String {
        let out = String(decoding: (try? Data(contentsOf: output)) ?? Data(), as: UTF8.self)
        let err = String(decoding: (try? Data(contentsOf: errors)) ?? Data(), as: UTF8.self)
        return "--- stdout ---\n\(out)--- stderr ---\n\(err.suffix(3000))"
    }
}

@Suite("Playing in a headset: puzzle-prison --xr on Monado, head and hands scripted through its remote driver", .serialized)
struct HeadsetTests {
    /// The board of the player's game in progress in every scenario.
    static let seed: UInt64 = 5
    static let board = try! Board.random(room: .standard, colours: 5, seed: seed)
    /// Where the game lays the blocks out: the room's own geometry.
    static let layout = World(game: Game(start: board)).layout

    /// A folder with a returning player's profile whose game in progress is on ``board``, Monado
    /// running with the remote driver, a virtual screen, the remote driver connected and the game
    /// started with `arguments` and focused; `body` plays; everything is stopped afterwards.
    func withHeadset(
        _ arguments: [String] = [], _ body: (URL, HeadsetGame, RemoteDriver, MonadoService, VirtualScreen) throws -> Void
    ) throws {
        let build = try requireMonado()
        try withTemporaryFolder { folder in
            try plantSavedGame(seed: Self.seed, in: folder)
            for (path, contents) in returningPlayer {
                let file = folder.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try contents.write(to: file, atomically: true, encoding: .utf8)
            }
            let service = try MonadoService(build: build, folder: folder)
            defer { service.stop() }
            try service.waitUntilReady()
            let screen = try VirtualScreen(size: [640, 480])
            defer { screen.stop() }
            let remote = try RemoteDriver(port: service.port)
            try remote.send(Self.restingHands)
            let game = try HeadsetGame(arguments, folder: folder, service: service, screen: screen)
            try game.waitFor("state FOCUSED")
            try body(folder, game, remote, service, screen)
        }
    }

    /// A group of `game`'s lying on `wall` alone, in its middle columns and low rows (so no
    /// block of a neighbouring wall stands in the way of a ray at it), and the cell aimed at.
    static func group(onWall wall: Int, of game: Game) throws -> (group: Group, cell: Cell) {
        let groups = game.availableGroups.filter { $0.cells.allSatisfy { $0.wall == wall } }
        let group = try #require(
            groups.first { $0.cells.contains { (3...8).contains($0.column) && $0.row <= 5 } },
            "no group on wall \(wall) to aim at")
        return (group, group.cells.first { (3...8).contains($0.column) && $0.row <= 5 }!)
    }

    /// The head facing wall 0, both hands pointing at the ceiling: nothing hovered.
    static var restingHands: RemoteState {
        var state = RemoteState()
        state.left.pose = Pose.at(state.left.pose.position, pointingAt: [-0.2, 10, -0.5])
        state.right.pose = Pose.at(state.right.pose.position, pointingAt: [0.2, 10, -0.5])
        return state
    }

    /// The state with the head facing `wall` and the right hand beside it pointing at `cell`'s centre.
    static func aiming(at cell: Cell, trigger: Float = 0) -> RemoteState {
        var state = restingHands
        let facing = RoomLayout.rotation(ofWall: cell.wall)
        state.head = Pose(position: [0, 1.6, 0], orientation: facing)
        let target = layout.centre(wall: cell.wall, column: cell.column, row: cell.row)
        state.right.pose = Pose.at(SIMD3(0, 1.3, 0) + facing.act([0.2, 0, -0.3]), pointingAt: target)
        state.right.trigger = trigger
        return state
    }

    @Test("STAGE is the room's space: facing wall 1 from the middle of the floor, each eye sees it ahead, as the window does facing it")
    func stageIsTheRoomsSpace() throws {
        try withHeadset(["--flat-colours", "--eye-pictures", "eye"]) { folder, game, remote, _, _ in
            // Facing wall 1 (to the right, +x), from the middle of the floor: the frame that shows
            // the hand's hover on wall 1 saw the head turned in the same message.
            let (_, cell) = try Self.group(onWall: 1, of: Game(start: Self.board))
            try remote.send(Self.aiming(at: cell))
            try game.waitFor("hover wall 1")
            #expect(game.stop() == 128 + SIGTERM)
            // The window's view of the same game facing wall 1, drawn by the same renderer.
            // (The turn to a wall takes 0.45 s.)
            let windowRun = try runGame(
                ["--flat-colours", "--script", try script(["face 1", "wait 0.5"], in: folder), "--screenshot", "window.png"],
                in: folder)
            #expect(windowRun.status == 0, "\(windowRun)")
            let eyes = try ["left", "right"].map { try Image(png: folder.appendingPathComponent("eye-\($0).png")) }
            let window = try Image(png: folder.appendingPathComponent("window.png"))
            for (name, picture) in zip(["left eye", "right eye", "window"], eyes + [window]) {
                // Wall 1's blocks are flat green: the middle of each view is theirs (around the
                // window's crosshair), the walls to the sides at its edges.
                let middle = [0.375, 0.4375, 0.5625, 0.625].flatMap { x in
                    [0.4, 0.5, 0.6].map { y in SIMD2(Int(Double(picture.width) * x), Int(Double(picture.height) * y)) }
                }
                let notGreen = middle.filter { !picture.isPixel(at: $0, (0, 255, 0)) }
                #expect(notGreen.isEmpty, "the \(name) does not see wall 1 ahead at \(notGreen)")
            }
            // Two eyes 63 mm apart see the wall from two places.
            let differing = eyes[0].fractionDiffering(from: eyes[1])
            #expect(differing > 0.01, "the eyes' pictures differ in \(differing) of their pixels")
        }
    }

    @Test("Facing each wall and tapping a chosen block breaks its group, and the game is kept move by move")
    func tapsTheAimedBlockOnEachWall() throws {
        try withHeadset { folder, game, remote, _, _ in
            var played = Game(start: Self.board)
            var cells: [Cell] = []
            for wall in 0..<4 {
                let (group, cell) = try Self.group(onWall: wall, of: played)
                try remote.send(Self.aiming(at: cell))
                // Hover follows the ray: the aimed block's whole group lights up.
                #expect(try game.waitFor("hover wall") == "hover wall \(wall) blocks \(group.size)")
                try remote.send(Self.aiming(at: cell, trigger: 1))
                #expect(try game.waitFor("select right") == "select right broke")
                try remote.send(Self.aiming(at: cell))
                _ = try played.play(Move(cell))
                cells.append(cell)
            }
            #expect(game.stop() == 128 + SIGTERM)
            let kept = try #require(try keptGame(in: folder))
            #expect(kept.moves.map(\.cell) == cells)
            #expect(kept.board == played.board)
        }
    }

    @Test("With no controller tracked, the gaze points: the group straight ahead lights up")
    func gazePointsWithoutControllers() throws {
        try withHeadset { _, game, remote, _, _ in
            let (group, cell) = try Self.group(onWall: 3, of: Game(start: Self.board))
            var state = Self.restingHands
            state.left.isActive = false
            state.right.isActive = false
            let centre = Self.layout.centre(wall: cell.wall, column: cell.column, row: cell.row)
            state.head = Pose.at([0, 1.6, 0], pointingAt: centre)
            try remote.send(state)
            #expect(try game.waitFor("hover wall") == "hover wall 3 blocks \(group.size)")
            #expect(game.stop() == 128 + SIGTERM)
        }
    }

    @Test("A half press (trigger 0.5) does nothing; a full press then breaks the group")
    func halfPressDoesNothing() throws {
        try withHeadset { folder, game, remote, _, _ in
            let (group, cell) = try Self.group(onWall: 2, of: Game(start: Self.board))
            let start = game.position
            try remote.send(Self.aiming(at: cell, trigger: 0.5))
            // The same message moved the hand and half pressed: its hover shows it was seen.
            #expect(try game.waitFor("hover wall") == "hover wall 2 blocks \(group.size)")
            var away = Self.aiming(at: cell, trigger: 0.5)
            away.right.pose = Pose.at(away.right.pose.position, pointingAt: [0, 10, 0])
            try remote.send(away)
            try game.waitFor("hover none")
            #expect(!game.passed(since: start).contains { $0.hasPrefix("select") })
            try remote.send(Self.aiming(at: cell))
            try game.waitFor("hover wall 2")
            try remote.send(Self.aiming(at: cell, trigger: 1))
            #expect(try game.waitFor("select right") == "select right broke")
            #expect(game.stop() == 128 + SIGTERM)
            #expect(try keptGame(in: folder)?.moves.map(\.cell) == [cell])
        }
    }

    @Test("The menu button (B) opens the menu on a panel in front of the wall faced; select clicks where the hand points on it, breaks nothing off it; B closes it")
    func menuButtonOpensTheMenu() throws {
        try withHeadset { folder, game, remote, _, _ in
            var state = Self.restingHands
            state.right.bClick = true
            try remote.send(state)
            try game.waitFor("menu open")
            state.right.bClick = false
            try remote.send(state)
            // Off the panel (at the ceiling), a select breaks nothing.
            state.right.trigger = 1
            try remote.send(state)
            #expect(try game.waitFor("select right") == "select right no break")
            // On the panel, a tenth of its width from its left edge, half way down: the shade
            // around the menu, where a click does nothing.
            state.right.trigger = 0
            let eye = state.head.position
            let panelSize = SIMD2<Float>(HeadsetLoop.panelSize)
            let target = SIMD3<Float>(-0.4 * Panel.width, eye.y - Panel.drop, -Panel.distance)
            state.right.pose = Pose.at(state.right.pose.position, pointingAt: target)
            try remote.send(state)
            // The menu's cursor follows the hand on the panel.
            try game.waitFor("cursor ")
            state.right.trigger = 1
            try remote.send(state)
            let click = try game.waitFor("select right")
            let point = click.split(separator: " ").dropFirst(3).compactMap { Int($0) }
            #expect(click.hasPrefix("select right panel "), "\(click)")
            #expect(point.count == 2 && abs(point[0] - Int(panelSize.x / 10)) <= 2 && abs(point[1] - Int(panelSize.y / 2)) <= 2, "\(click)")
            state.right.trigger = 0
            try remote.send(state)
            state.right.bClick = true
            try remote.send(state)
            try game.waitFor("menu closed")
            #expect(game.stop() == 128 + SIGTERM)
            #expect(try keptGame(in: folder)?.moves.isEmpty == true)
        }
    }

    @Test("Another app taking the headset pauses the game clock; getting it back resumes it where it stood")
    func focusLostPausesTheClock() throws {
        try withHeadset { folder, game, _, service, screen in
            try game.waitFor("clock running at")
            // Monado gives the headset to the newest app: this one loses its focus.
            let other = try HeadsetGame([], folder: folder.appendingPathComponent("other"), service: service, screen: screen)
            try other.waitFor("state FOCUSED")
            let paused = try game.waitFor("clock paused at ")
            #expect(other.stop() == 128 + SIGTERM)
            let resumed = try game.waitFor("clock running at ")
            #expect(resumed.dropFirst("clock running at ".count) == paused.dropFirst("clock paused at ".count))
            #expect(game.stop() == 128 + SIGTERM)
        }
    }

    @Test("The runtime going away ends the game cleanly with every move kept")
    func runtimeLostKeepsTheGame() throws {
        try withHeadset { folder, game, remote, service, _ in
            let (_, cell) = try Self.group(onWall: 3, of: Game(start: Self.board))
            try remote.send(Self.aiming(at: cell))
            try game.waitFor("hover wall 3")
            try remote.send(Self.aiming(at: cell, trigger: 1))
            #expect(try game.waitFor("select right") == "select right broke")
            service.stop()
            #expect(game.waitUntilExit() == 1)
            #expect(game.transcript.contains("puzzle-prison: the OpenXR runtime went away in the middle of the game"), "\(game.transcript)")
            #expect(try keptGame(in: folder)?.moves.map(\.cell) == [cell])
        }
    }
}

@Suite("Playing in a headset when it cannot start")
struct HeadsetErrorTests {
    @Test("No OpenXR runtime: one sentence that says what to install, exit 1, the game in progress untouched")
    func noRuntime() throws {
        try withTemporaryFolder { folder in
            try plantSavedGame(seed: 3, in: folder)
            let screen = try VirtualScreen(size: [640, 480])
            defer { screen.stop() }
            let process = Process()
            process.executableURL = try gameExecutable()
            process.arguments = ["--xr"]
            process.environment = ProcessInfo.processInfo.environment.merging(profileEnvironment(in: folder)) { $1 }.merging([
                "DISPLAY": screen.display, "XR_RUNTIME_JSON": folder.appendingPathComponent("none.json").path,
                "XDG_CONFIG_DIRS": folder.path, "XDG_RUNTIME_DIR": folder.path,
            ]) { $1 }
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 1)
            #expect(said.contains("puzzle-prison: no OpenXR runtime is installed or running: install and start one"), "\(said)")
            #expect(try keptGame(in: folder)?.start == Game(start: try Board.random(room: .standard, colours: 5, seed: 3)).start)
        }
    }
}
