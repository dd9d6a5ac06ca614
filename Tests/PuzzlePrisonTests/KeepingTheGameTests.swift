import Foundation
import PrisonRules
import Testing

/// The process ids of `pid`'s descendants, read from /proc.
private func descendants(of pid: Int32) -> [Int32] {
    var parents: [Int32: Int32] = [:]
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
        guard let child = Int32(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { continue }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        if fields.count > 1, let parent = Int32(fields[1]) { parents[child] = parent }
    }
    var found: [Int32] = []
    var frontier = [pid]
    while let next = frontier.popLast() {
        let children = parents.filter { $0.value == next }.map(\.key)
        found += children
        frontier += children
    }
    return found
}

/// Starts `executable` with `arguments` in `folder`, no display, the data folder inside `folder`,
/// standard error into `errors` (or nowhere).
private func startGame(_ executable: URL, _ arguments: [String], in folder: URL, errors: URL? = nil) throws -> Process {
    let process = Process()
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = nil
    environment["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
    environment["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
    process.environment = environment
    process.currentDirectoryURL = folder
    process.executableURL = executable
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    if let errors {
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errors)
    } else {
        process.standardError = FileHandle.nullDevice
    }
    try process.run()
    return process
}

/// Waits (four minutes at most, which only catches a hang) for `process` to write `name` in `folder`.
private func waitForFile(_ name: String, in folder: URL, from process: Process) -> URL {
    let file = folder.appendingPathComponent(name)
    let deadline = Date().addingTimeInterval(240)
    while !FileManager.default.fileExists(atPath: file.path), process.isRunning, Date() < deadline {
        Thread.sleep(forTimeInterval: 0.05)
    }
    return file
}

/// What the player did not choose to abandon is never lost: the window saves on the signals a
/// terminal, a log-out or a shutdown send; games from a board, seed or replay leave the game in
/// progress alone; damaged numbers and killed saves are dealt with at the next start.
@Suite(.serialized) struct KeepingTheGameTests {
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func aSignalToTheWindowSavesTheGame(signal: Int32) throws {
        guard let xvfbRun = ["/usr/bin/xvfb-run", "/bin/xvfb-run"].first(where: FileManager.default.isExecutableFile) else {
            throw MissingTool(description: "xvfb-run is missing: scripts/test installs it (Debian package xvfb)")
        }
        try withTemporaryFolder { folder in
            try plantSavedGame(seed: 3, in: folder)
            let steps = try script(
                ["look 0 0", "face 1", "wait 1", "click 640 360", "wait 0.5", "state moved.json", "wait 3600"], in: folder)
            let errors = folder.appendingPathComponent("stderr.txt")
            let process = try startGame(
                URL(fileURLWithPath: xvfbRun), ["-a", "-s", "-screen 0 1280x720x24", try gameExecutable().path, "--script", steps],
                in: folder, errors: errors)
            defer { if process.isRunning { process.terminate() } }
            // The script has played its move (the handlers are installed before it starts).
            let moved = waitForFile("moved.json", in: folder, from: process)
            try #require(FileManager.default.fileExists(atPath: moved.path), "the script never got to its move")
            Thread.sleep(forTimeInterval: 0.2)  // the state file is written whole before the next frame
            let played = try savedGame(at: moved)
            try #require(played.moves.count == 1)
            let game = try #require(
                descendants(of: process.processIdentifier).first { pid in
                    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe"))?.hasSuffix("/puzzle-prison") == true
                })
            kill(game, signal)

            // Generous: a loaded machine draws slowly; this only catches a game that never ends.
            let exitDeadline = Date().addingTimeInterval(180)
            while FileManager.default.fileExists(atPath: "/proc/\(game)/status"), Date() < exitDeadline {
                Thread.sleep(forTimeInterval: 0.05)
            }
            try #require(!FileManager.default.fileExists(atPath: "/proc/\(game)/status"), "the signal did not end the game")
            #expect(try keptGame(in: folder)?.moves == played.moves)
            // xvfb-run passes the game's status on, unless its own clean-up fails (status 5, which
            // happens now and then on a busy machine, with the game long gone).
            let cleanUp = Date().addingTimeInterval(30)
            while process.isRunning, Date() < cleanUp { Thread.sleep(forTimeInterval: 0.05) }
            let xvfbErrors = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            if !process.isRunning, !xvfbErrors.contains("xvfb-run: error") {
                #expect(process.terminationStatus == 128 + signal, "\(xvfbErrors)")
            }
        }
    }

    /// The same offscreen, where the game is our own child: it exits with 128 plus the signal.
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func aSignalOffscreenSavesTheGameAndExitsWithTheSignalsStatus(signal: Int32) throws {
        try withTemporaryFolder { folder in
            try plantSavedGame(seed: 4, in: folder)
            let steps = try script(["look 0 0", "click 600 360", "wait 2", "state moved.json", "wait 3600"], in: folder)
            let process = try startGame(try gameExecutable(), ["--script", steps, "--screenshot", "never.png"], in: folder)
            defer { if process.isRunning { process.terminate() } }
            let moved = waitForFile("moved.json", in: folder, from: process)
            Thread.sleep(forTimeInterval: 0.2)
            let played = try savedGame(at: moved)
            try #require(played.moves.count == 1)
            kill(process.processIdentifier, signal)
            let exitDeadline = Date().addingTimeInterval(180)
            while process.isRunning, Date() < exitDeadline { Thread.sleep(forTimeInterval: 0.05) }
            try #require(!process.isRunning, "the signal did not end the game")
            #expect(process.terminationReason == .exit && process.terminationStatus == 128 + signal)
            #expect(try keptGame(in: folder)?.moves == played.moves)
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("never.png").path))
        }
    }

    /// A single colour: the first click clears the room and the game is over.
    static let oneColourBoard = String(repeating: "000000000000 000000000000 000000000000 000000000000\n", count: 10)

    @Test func finishingABoardGameKeepsTheGameInProgress() throws {
        try withTemporaryFolder { folder in
            try plantSavedGame(seed: 8, in: folder)
            let before = try savedGame(at: gameInProgressFile(in: folder))
            try Self.oneColourBoard.write(to: folder.appendingPathComponent("one.txt"), atomically: true, encoding: .utf8)
            let steps = try script(["look 0 0", "click 640 360", "wait 4", "state board.json"], in: folder)
            let run = try runGame(["--board", "one.txt", "--script", steps, "--screenshot", "x.png"], in: folder)
            #expect(run.status == 0, "\(run)")
            let played = try savedGame(at: folder.appendingPathComponent("board.json"))
            try #require(played.isOver, "the click cleared the room")
            #expect(try keptGame(in: folder) == before)
        }
    }

    @Test func aMoveOnASeededBoardKeepsTheGameInProgress() throws {
        try withTemporaryFolder { folder in
            try plantSavedGame(seed: 8, in: folder)
            let before = try savedGame(at: gameInProgressFile(in: folder))
            let steps = try script(["look 0 0", "click 600 360", "wait 2", "state seeded.json"], in: folder)
            let run = try runGame(["--seed", "4", "--script", steps, "--screenshot", "x.png"], in: folder)
            #expect(run.status == 0, "\(run)")
            try #require(try savedGame(at: folder.appendingPathComponent("seeded.json")).moves.count == 1)
            #expect(try keptGame(in: folder) == before)
        }
    }

    @Test func aSaveWithAnImpossibleNumberIsPutAsideAndTheGameStarts() throws {
        try withTemporaryFolder { folder in
            try plantSavedGame(seed: 2, in: folder)
            let file = gameInProgressFile(in: folder)
            let damaged = Data(
                try String(contentsOf: file, encoding: .utf8)
                    .replacingOccurrences(of: "\"dangerThreshold\" : 3", with: "\"dangerThreshold\" : 9223372036854775807").utf8)
            try damaged.write(to: file)
            let copy = folder.appendingPathComponent("copy.json")
            try damaged.write(to: copy)
            let replay = try runGame(["--replay", copy.path, "--screenshot", "x.png"], in: folder)
            #expect(replay.status == 1, "\(replay)")
            #expect(replay.stderr.contains("replay file '\(copy.path)': "), "\(replay)")
            #expect(replay.stderr.contains("the danger threshold must be 0 to 4096"), "\(replay)")
            // That start imported the files of the earlier version: the damaged save is put aside.
            #expect(replay.stderr.contains("is damaged"), "\(replay)")

            let run = try runGame(["--screenshot", "x.png"], in: folder)
            #expect(run.status == 0, "\(run)")
            let data = file.deletingLastPathComponent()
            let aside = try FileManager.default.contentsOfDirectory(atPath: data.path).filter { $0.hasPrefix("game.json.damaged-") }
            try #require(aside.count == 1)
            #expect(try Data(contentsOf: data.appendingPathComponent(aside[0])) == damaged)
            let again = try runGame(["--screenshot", "y.png"], in: folder)
            #expect(again.status == 0 && again.stderr.isEmpty, "\(again)")
        }
    }

    @Test func temporaryFilesOfAKilledSaveAreRemovedAtTheNextStart() throws {
        try withTemporaryFolder { folder in
            try plantSavedGame(seed: 2, in: folder)
            let data = gameInProgressFile(in: folder).deletingLastPathComponent()
            // What kill -9 during a save leaves: the temporary files of a process that is gone.
            let left = [".game.json.4194305.\(UUID().uuidString).tmp", ".scores.json.4194305.\(UUID().uuidString).tmp"]
            for name in left { try Data("{\"for".utf8).write(to: data.appendingPathComponent(name)) }
            let run = try runGame(["--screenshot", "x.png"], in: folder)
            #expect(run.status == 0, "\(run)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: data.path).filter { $0.hasSuffix(".tmp") }.isEmpty)
        }
    }
}
