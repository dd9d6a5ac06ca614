import Foundation
import PrisonHost
import PrisonRules
import PrisonSession
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `kill -9` at random instants while a script plays in a window, and during the first start's
/// import: no move the window drew is lost, and no database is damaged. A move counts as drawn
/// once a `state` step written frames after its click holds it. `PRISON_KILL_ROUNDS` runs more
/// rounds than the suite's 20 (the long run in TESTING.md), `PRISON_KILL_SEED` other instants.
@Suite(.serialized) struct KillTests {
    /// The rounds of the window test.
    static let rounds = ProcessInfo.processInfo.environment["PRISON_KILL_ROUNDS"].flatMap(Int.init) ?? 20
    static let seed = ProcessInfo.processInfo.environment["PRISON_KILL_SEED"].flatMap(UInt64.init) ?? 37

    /// Starts the game in a window on `screen` with the profile in `folder`, playing `steps`.
    private func start(_ arguments: [String], on screen: VirtualScreen, in folder: URL) throws -> Process {
        let process = Process()
        process.executableURL = try gameExecutable()
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(profileEnvironment(in: folder)) { $1 }
            .merging(["DISPLAY": screen.display]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Kills `process` with SIGKILL and waits for it.
    private func killNow(_ process: Process) {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// The names of the damaged databases moved aside in `folder`'s profile.
    private func damagedDatabases(in folder: URL) throws -> [String] {
        let data = folder.appendingPathComponent("data/puzzle-prison")
        return try FileManager.default.contentsOfDirectory(atPath: data.path).filter { $0.contains(".damaged-") }
    }

    @Test func killsWhileAScriptPlaysLoseNoDrawnMoveAndDamageNoDatabase() throws {
        let screen = try VirtualScreen()
        defer { screen.stop() }
        try withTemporaryFolder { folder in
            try plantReturningPlayer(in: folder)
            var random = SeededGenerator(seed: Self.seed)
            var lost = 0, drawn = 0, kills = 0, played = 0
            for round in 0..<Self.rounds {
                // A game to play when there is none (the last one ended): the next start resumes it.
                if try keptGame(in: folder) == nil {
                    let board = try Board.random(room: .standard, colours: 4, seed: UInt64(round) + Self.seed)
                    let file = folder.appendingPathComponent("new.json")
                    try SavedGame(Game(start: board)).encoded().write(to: file)
                    try Profile(environment: profileEnvironment(in: folder)).importGame(from: file.path)
                }
                let before = try keptGame(in: folder)
                var steps = ["look 0 0"]
                for step in 0..<40 {
                    if Int.random(in: 0..<6, using: &random) == 0 {
                        steps.append("key u")
                    } else {
                        steps.append("click \(Int.random(in: 300...980, using: &random)) \(Int.random(in: 160...560, using: &random))")
                    }
                    steps += ["wait 0.25", "state state-\(round)-\(step).json"]
                }
                steps.append("wait 3600")
                let game = try start(["--script", try script(steps, in: folder)], on: screen, in: folder)
                // Up and playing (a first state written), then a random instant 0 to 3 s on.
                let first = folder.appendingPathComponent("state-\(round)-0.json")
                let deadline = Date().addingTimeInterval(120)
                while !FileManager.default.fileExists(atPath: first.path), game.isRunning, Date() < deadline {
                    Thread.sleep(forTimeInterval: 0.02)
                }
                try #require(game.isRunning, "the game ended by itself in round \(round)")
                Thread.sleep(forTimeInterval: Double.random(in: 0...3, using: &random))
                killNow(game)
                kills += 1
                // The last state written whole: what the window had drawn.
                let states = (0..<40).compactMap { step -> Game? in
                    try? savedGame(at: folder.appendingPathComponent("state-\(round)-\(step).json"))
                }
                guard let shown = states.last else { continue }
                let lostHere = Self.movesLost(shown: shown, kept: try keptGame(in: folder), records: try keptRecords(in: folder))
                #expect(lostHere == 0, "round \(round): \(lostHere) drawn moves lost")
                lost += lostHere
                drawn += shown.moves.count
                if before?.start == shown.start { played += max(0, shown.moves.count - (before?.moves.count ?? 0)) }
                for step in 0..<40 { try? FileManager.default.removeItem(at: folder.appendingPathComponent("state-\(round)-\(step).json")) }
            }
            print(
                "kill test: \(kills) kills, \(played) moves played and drawn between them, \(drawn) drawn moves checked after the kills, "
                    + "\(lost) lost, \(try damagedDatabases(in: folder).count) damaged databases")
            #expect(lost == 0)
            #expect(try damagedDatabases(in: folder).isEmpty)
            #expect(drawn > 0, "the script played moves")
        }
    }

    /// How many of the moves of `shown`, the last game the window drew, the game `kept` after the
    /// kill has lost. The script's next step (a click or an undo) may have been kept after it
    /// was drawn; a move that ended the game leaves no game in progress, and the board in the
    /// statistics `records` hold.
    static func movesLost(shown: Game, kept: Game?, records: PlayerRecords) -> Int {
        guard let kept, kept.start == shown.start else {
            let board = ScoreEntry.boardKey(of: shown.start)
            return records.statistics.games.contains { $0.board == board } ? 0 : shown.moves.count
        }
        if kept.moves.starts(with: shown.moves) { return 0 }
        // An undo after the last picture: the move is taken back, not lost.
        if kept.moves == shown.moves.dropLast(), kept.undoneMoves.last == shown.moves.last { return 0 }
        return shown.moves.count - zip(kept.moves, shown.moves).prefix { $0 == $1 }.count
    }

    /// The release's files, as the first start of this version finds them.
    private static let release = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../PrisonHostTests/Release2.4.0").standardized

    @Test func killsDuringTheFirstStartAndTheImportLoseNothing() throws {
        let screen = try VirtualScreen()
        defer { screen.stop() }
        var random = SeededGenerator(seed: Self.seed)
        for _ in 0..<6 {
            try withTemporaryFolder { folder in
                try plantReturningPlayer(in: folder)
                let data = folder.appendingPathComponent("data/puzzle-prison")
                try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
                for name in ["game.json", "scores.json", "statistics.json"] {
                    try FileManager.default.copyItem(at: Self.release.appendingPathComponent(name), to: data.appendingPathComponent(name))
                }
                let planted = try savedGame(at: data.appendingPathComponent("game.json"))
                let game = try start([], on: screen, in: folder)
                Thread.sleep(forTimeInterval: Double.random(in: 0...1.5, using: &random))
                killNow(game)
                let next = try Profile(environment: profileEnvironment(in: folder))
                #expect(next.savedGame() == planted)
                #expect(next.loadedRecords.statistics.games.count == 1)
                #expect(next.loadedRecords.scores.entries(forKey: "1x3x2").count == 1)
                #expect(try damagedDatabases(in: folder).isEmpty)
            }
        }
    }

    @Test func aSecondGameOnTheSameProfileIsRefusedWhileTheFirstPlays() throws {
        let screen = try VirtualScreen()
        defer { screen.stop() }
        try withTemporaryFolder { folder in
            try plantSavedGame(seed: 5, in: folder)
            let steps = try script(["look 0 0", "click 600 360", "wait 0.5", "state first.json", "wait 3600"], in: folder)
            let first = try start(["--script", steps], on: screen, in: folder)
            defer { if first.isRunning { killNow(first) } }
            let moved = folder.appendingPathComponent("first.json")
            let deadline = Date().addingTimeInterval(120)
            while !FileManager.default.fileExists(atPath: moved.path), first.isRunning, Date() < deadline {
                Thread.sleep(forTimeInterval: 0.02)
            }
            try #require(first.isRunning)
            for arguments in [["--screenshot", "second.png"], ["--export-game", "out.json"]] {
                let second = try runGame(arguments, in: folder)
                #expect(second.status == 1, "\(second)")
                #expect(
                    second.stderr.contains("another Puzzle Prison (process \(first.processIdentifier)) is playing on this profile"),
                    "\(second)")
            }
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("second.png").path))
            first.terminate()
            first.waitUntilExit()
            // Once the first has quit, the second plays on the game the first kept.
            let played = try savedGame(at: moved)
            let export = try runGame(["--export-game", "out.json"], in: folder)
            #expect(export.status == 0, "\(export)")
            #expect(try savedGame(at: folder.appendingPathComponent("out.json")).moves == played.moves)
        }
    }
}
