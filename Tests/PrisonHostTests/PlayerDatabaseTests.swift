import Foundation
import PrisonHost
import PrisonRules
import PrisonSession
import SessionFixture
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The player's database through the session and its desktop host: every move kept before the
/// next frame, a game's end kept whole, the files of the last release imported once, and what a
/// damaged, newer, truncated, read-only or full database does.
@Suite struct PlayerDatabaseTests {
    /// The data folder of a fixture's `folder` (``Fixture/environment(_:)``).
    private func dataFolder(_ folder: URL) -> URL { folder.appendingPathComponent(DataDirectory.folderName) }

    private func databaseFile(_ folder: URL) -> URL { dataFolder(folder).appendingPathComponent("player.sqlite3") }

    /// The profile in `folder` as a next start finds it.
    private func reopened(_ folder: URL) throws -> Profile { try Profile(environment: Fixture.environment(folder)) }

    /// A 3 x 2 wall of two colours, with moves to play.
    private func smallGame(folder: URL) throws -> Fixture {
        try Fixture(columns: [[0, 1], [0, 1], [1, 0]], width: 3, height: 2, folder: folder)
    }

    /// A 4 x 3 wall of two colours in vertical pairs: several moves before its end.
    private func longerGame(folder: URL) throws -> Fixture {
        try Fixture(columns: [[0, 0, 1], [1, 1, 0], [0, 0, 1], [1, 1, 0], [0, 0, 1]], width: 5, height: 3, folder: folder)
    }

    /// Plays the first group of the game up to `moves` times, stopping before its end.
    private func play(_ fixture: Fixture, moves: Int) {
        for _ in 0..<moves {
            guard let group = fixture.session.game.availableGroups.first, let cell = group.cells.first else { return }
            var trial = fixture.session.game
            guard (try? trial.play(Move(cell))) != nil, !trial.isOver else { return }
            fixture.session.play(cell)
            fixture.wait(0.2)
        }
    }

    @Test func everyMoveAndUndoIsKeptAtTheServeAfterIt() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fixture = try smallGame(folder: folder)
        #expect(try reopened(folder).savedGame() == nil, "an unplayed game leaves the kept one alone")
        fixture.gazeTap(Cell(wall: 0, column: 0, row: 0))
        fixture.serve()
        let played = fixture.session.game
        #expect(played.moves.count == 1)
        #expect(try reopened(folder).savedGame() == played)
        fixture.session.perform(.undo)
        fixture.serve()
        let undone = try #require(try reopened(folder).savedGame())
        #expect(undone.moves.isEmpty && undone.undoneMoves.count == 1)
        fixture.session.perform(.redo)
        fixture.serve()
        #expect(try reopened(folder).savedGame() == played)
    }

    @Test func theGamesUGoesBackToAreKeptForTheNextStart() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fixture = try longerGame(folder: folder)
        play(fixture, moves: 1)
        let first = fixture.session.game
        fixture.session.perform(.restart)
        fixture.serve()
        let kept = try reopened(folder).loadedRecords
        #expect(kept.earlierGames == [first] && kept.laterGames.isEmpty)

        // The next start goes back to it with U, and forward again with Ctrl+Shift+Z.
        let next = try Fixture(game: fixture.session.game, folder: folder)
        next.session.perform(.undo)
        #expect(next.session.game == first)
        next.serve()
        let swapped = try reopened(folder).loadedRecords
        #expect(swapped.earlierGames.isEmpty && swapped.laterGames.map(\.moves.count) == [0])
        next.session.perform(.redo)
        next.serve()
        #expect(try reopened(folder).loadedRecords.earlierGames == [first])
    }

    @Test func aGamesEndKeepsItsScoreStatisticsAndEndTogether() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fixture = try Fixture(columns: [[0], [0]], width: 2, height: 1, folder: folder)
        fixture.gazeTap(Cell(wall: 0, column: 0, row: 0))
        fixture.serve()
        #expect(fixture.session.game.isOver)
        let kept = try reopened(folder)
        #expect(kept.savedGame() == nil, "the finished game is no longer the game in progress")
        #expect(kept.loadedRecords.statistics.games.map(\.score) == [fixture.session.game.score])
        #expect(kept.loadedRecords.scores.entries(for: fixture.session.game.start.room).count == 1)
    }

    @Test func theFilesOfRelease240AreImportedOnceAndKeptAside() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let release = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Release2.4.0")
        let data = dataFolder(folder)
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        var bytes: [String: Data] = [:]
        for name in ["game.json", "scores.json", "statistics.json"] {
            bytes[name] = try Data(contentsOf: release.appendingPathComponent(name))
            try bytes[name]?.write(to: data.appendingPathComponent(name))
        }
        let game = try SavedGame(json: try #require(bytes["game.json"])).game()
        let first = try Fixture(startingIn: folder)
        #expect(first.session.game == game)
        #expect(first.session.records.scores.entries(forKey: "1x3x2").map(\.score) == [0])
        #expect(first.session.records.statistics.games.map(\.room) == ["1x3x2"])
        #expect(first.session.notices.isEmpty)
        // Kept aside byte for byte, not deleted; nothing imported twice.
        let names = try fileNames(in: data)
        for (name, contents) in bytes {
            let aside = try #require(names.first { $0.hasPrefix("\(name).imported-") })
            #expect(try Data(contentsOf: data.appendingPathComponent(aside)) == contents)
        }
        #expect(!names.contains("game.json") && !names.contains("scores.json") && !names.contains("statistics.json"))
        let next = try reopened(folder)
        #expect(next.savedGame() == game)
        #expect(next.loadedRecords.statistics.games.count == 1)
    }

    @Test func aDatabaseOfANewerVersionIsRefusedNamingBothVersionsAndKept() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let fixture = try smallGame(folder: folder)
            fixture.gazeTap(Cell(wall: 0, column: 0, row: 0))
            fixture.serve()
        }
        // `PRAGMA user_version` lives at byte 60 of the header, big-endian.
        var bytes = try Data(contentsOf: databaseFile(folder))
        bytes.replaceSubrange(60..<64, with: [0, 0, 0, 7])
        try bytes.write(to: databaseFile(folder))
        let newer = try Fixture(startingIn: folder)
        #expect(
            newer.session.notices == [
                "Your games and scores are from a newer Puzzle Prison (database version 7; this one reads version 2). They are left as they are, so games, scores and statistics will not be kept this time."
            ])
        newer.gazeTap(Cell(wall: 0, column: 0, row: 0))
        newer.wait(1)
        #expect(try Data(contentsOf: databaseFile(folder)) == bytes)
    }

    @Test func aDatabaseThatIsNotOneIsMovedAsideAndTheGameStartsFresh() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: dataFolder(folder), withIntermediateDirectories: true)
        let damaged = Data(repeating: 0x5a, count: 8192)
        try damaged.write(to: databaseFile(folder))
        let fixture = try smallGame(folder: folder)
        let aside = try #require(try fileNames(in: dataFolder(folder)).first { $0.hasPrefix("player.sqlite3.damaged-") })
        #expect(
            fixture.session.notices == [
                "Your games, scores and statistics could not be read, so they start again. The damaged file is kept as \(aside)."
            ])
        #expect(try Data(contentsOf: dataFolder(folder).appendingPathComponent(aside)) == damaged)
        fixture.gazeTap(Cell(wall: 0, column: 0, row: 0))
        fixture.serve()
        #expect(try reopened(folder).savedGame() == fixture.session.game, "the new database keeps the game")
    }

    /// Damaged pages at random places, from fixed seeds: the game starts (on what was good, or
    /// fresh with the damaged file kept byte for byte), never a crash, and goes on keeping moves.
    @Test(arguments: 0..<24)
    func damagedPagesNeverStopTheGame(seed: UInt64) throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let played: Game
        do {
            let fixture = try smallGame(folder: folder)
            fixture.gazeTap(Cell(wall: 0, column: 0, row: 0))
            fixture.wait(2)
            played = fixture.session.game
        }
        var random = SeededGenerator(seed: seed)
        var bytes = try Data(contentsOf: databaseFile(folder))
        let pageSize = 4096
        let page = Int.random(in: 0..<bytes.count / pageSize, using: &random)
        let start = page * pageSize + Int.random(in: 0..<pageSize - 256, using: &random)
        for index in start..<start + Int.random(in: 1...256, using: &random) { bytes[index] = UInt8.random(in: 0...255, using: &random) }
        try bytes.write(to: databaseFile(folder))
        let next = try smallGame(folder: folder)
        if let aside = try fileNames(in: dataFolder(folder)).first(where: { $0.hasPrefix("player.sqlite3.damaged-") }) {
            #expect(try Data(contentsOf: dataFolder(folder).appendingPathComponent(aside)) == bytes)
            #expect(next.session.notices.contains { $0.contains("The damaged file is kept as \(aside)") })
        }
        let resumed = next.profile.savedGame()
        #expect(resumed == nil || resumed == played, "what is loaded is what was kept")
        next.gazeTap(Cell(wall: 0, column: 0, row: 0))
        next.serve()
        #expect(next.session.game.moves.count == 1)
        #expect(try reopened(folder).savedGame() == next.session.game)
    }

    /// A crash leaves the database and its write-ahead log; the log cut short (a power cut in the
    /// middle of a write) loses at most the transactions in its cut part, never the database.
    @Test(arguments: [0.0, 0.3, 0.6, 0.9, 1.0])
    func aTruncatedLogKeepsTheMovesCommittedBeforeIt(fraction: Double) throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fixture = try longerGame(folder: folder)
        play(fixture, moves: 4)
        let played = fixture.session.game
        try #require(played.moves.count >= 2)
        // A copy of the files as they are while the game runs, as a crash would leave them.
        let crashed = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: crashed) }
        try FileManager.default.createDirectory(at: dataFolder(crashed), withIntermediateDirectories: true)
        for name in ["player.sqlite3", "player.sqlite3-wal"] {
            try FileManager.default.copyItem(at: dataFolder(folder).appendingPathComponent(name), to: dataFolder(crashed).appendingPathComponent(name))
        }
        let log = dataFolder(crashed).appendingPathComponent("player.sqlite3-wal")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: log.path)[.size] as? Int)
        #expect(size > 0, "the log holds the moves while the game runs")
        try FileHandle(forWritingTo: log).truncate(atOffset: UInt64(Double(size) * fraction))
        let next = try Fixture(startingIn: crashed)
        #expect(next.session.notices.isEmpty)
        let resumed = try reopened(crashed).savedGame()
        #expect(Array(played.moves.prefix(resumed?.moves.count ?? 0)) == resumed?.moves ?? [])
        if fraction == 1 { #expect(resumed?.moves == played.moves) }
    }

    @Test func theGameInProgressGoesOutAndInAsASavedGame() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let exported = folder.appendingPathComponent("exported.json").path
        #expect(throws: HostError.self) { try reopened(folder).exportGame(to: exported) }
        do {
            let fixture = try smallGame(folder: folder)
            fixture.gazeTap(Cell(wall: 0, column: 0, row: 0))
            fixture.serve()
        }
        let profile = try reopened(folder)
        try profile.exportGame(to: exported)
        let game = try SavedGame(json: Data(contentsOf: URL(fileURLWithPath: exported))).game()
        #expect(game == profile.savedGame())

        let other = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: other) }
        #expect(try reopened(other).importGame(from: exported) == game)
        #expect(try reopened(other).savedGame() == game)
        let damaged = folder.appendingPathComponent("damaged.json")
        try Data("{\"format\": \"puzzle-prison-game\"".utf8).write(to: damaged)
        let error = #expect(throws: HostError.self) { try reopened(other).importGame(from: damaged.path) }
        #expect(error?.description.hasPrefix("saved game '\(damaged.path)': ") == true)
        #expect(try reopened(other).savedGame() == game, "a refused import leaves the game in progress")
    }

    // MARK: Read-only and full file systems (a tmpfs of our own: root only)

    /// A tmpfs of `size` mounted on a new folder, unmounted after `body`; the test is skipped
    /// (not passed) where mounting is not allowed.
    private func withTmpfs(size: String, _ body: (URL) throws -> Void) throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        guard run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", folder.path]) == 0 else {
            try Test.cancel("skipped: cannot mount a tmpfs here (needs root)")
        }
        defer { _ = run("/bin/umount", ["-l", folder.path]) }
        try body(folder)
    }

    @Test func aReadOnlyFolderPlaysWithoutKeepingAndLosesNothing() throws {
        try withTmpfs(size: "4m") { folder in
            let kept: Game
            do {
                let fixture = try smallGame(folder: folder)
                fixture.gazeTap(Cell(wall: 0, column: 0, row: 0))
                fixture.serve()
                kept = fixture.session.game
            }
            try #require(run("/bin/mount", ["-o", "remount,ro", folder.path]) == 0)
            let readOnly = try Fixture(startingIn: folder)
            #expect(readOnly.session.notices.count == 1)
            #expect(readOnly.session.notices.first?.hasPrefix("Games and scores will not be kept") == true)
            let cell = try #require(readOnly.session.game.availableGroups.first?.cells.first)
            #expect(readOnly.session.play(cell), "the game goes on")
            readOnly.serve()
            try #require(run("/bin/mount", ["-o", "remount,rw", folder.path]) == 0)
            #expect(try reopened(folder).savedGame() == kept)
        }
    }

    @Test func aFullDiskSaysSoAndKeepsWhatWasCommitted() throws {
        try withTmpfs(size: "1m") { folder in
            let fixture = try longerGame(folder: folder)
            play(fixture, moves: 1)
            let committed = fixture.session.game
            try #require(committed.moves.count == 1)
            // Fill the disk to the last byte.
            let filler = folder.appendingPathComponent("filler")
            _ = FileManager.default.createFile(atPath: filler.path, contents: nil)
            let handle = try FileHandle(forWritingTo: filler)
            let block = Data(repeating: 0, count: 4096)
            while (try? handle.write(contentsOf: block)) != nil {}
            try? handle.close()
            play(fixture, moves: 3)
            #expect(fixture.session.notices.contains { $0.hasPrefix("Your game could not be saved") }, "\(fixture.session.notices)")
            let resumed = try #require(try reopened(folder).savedGame())
            #expect(Array(fixture.session.game.moves.prefix(resumed.moves.count)) == resumed.moves)
            #expect(resumed.moves.count >= committed.moves.count)
            try FileManager.default.removeItem(at: filler)
            fixture.session.perform(.undo)
            fixture.serve()
            #expect(try reopened(folder).savedGame() == fixture.session.game, "with room again, keeping goes on")
        }
    }
}

/// Sums of statistics at the limits of what a file may hold.
@Suite struct StatisticsLimitTests {
    /// What the Statistics page shows: the build before this one trapped from 9,224 such games.
    @Test func fiftyThousandGamesAtTheHighestScoreAverageWithoutOverflow() throws {
        let games = (0..<50_000).map { index in
            #"{"board": "\#(String(index, radix: 16))", "cleared": true, "room": "4x12x10", "score": 1000000000000000}"#
        }
        let json = #"{"format": "puzzle-prison-statistics", "version": 1, "games": [\#(games.joined(separator: ","))]}"#
        let statistics = try Statistics(json: Data(json.utf8))
        let summary = statistics.summary()
        #expect(summary.played == 50_000)
        #expect(summary.best == 1_000_000_000_000_000)
        #expect(summary.average == 1e15)
        #expect(summary.longestStreak == 50_000)
    }

    @Test func aScoreBeyondTheLimitIsRefused() {
        let json = #"{"format": "puzzle-prison-statistics", "version": 1, "games": [{"board": "1", "cleared": true, "room": "1x2x1", "score": 1000000000000001}]}"#
        #expect(throws: DataError.self) { try Statistics(json: Data(json.utf8)) }
    }
}
