import Foundation
import GRDB
import PrisonHost
import PrisonRules
import PrisonSession
import Testing

/// A profile folder whose database holds a game in progress, two rooms' best scores and three
/// finished games, and what a start finds in it after a row is damaged as another program or
/// a disk can damage one.
struct ProfileWithRecords {
    let root: URL
    let game: Game
    let scores: ScoreTable
    let statistics: Statistics

    var environment: [String: String] {
        ["XDG_DATA_HOME": root.appendingPathComponent("data").path, "XDG_CONFIG_HOME": root.appendingPathComponent("config").path]
    }

    var folder: URL { root.appendingPathComponent("data").appendingPathComponent(DataDirectory.folderName) }

    var databaseFile: URL { folder.appendingPathComponent("player.sqlite3") }

    /// Made in `root`, or in a new temporary folder.
    init(in root: URL? = nil) throws {
        self.root = try root ?? temporaryDirectory()
        var game = Game(start: try Board(text: "1122\n1212\n2211"))
        _ = try game.play(Move(Cell(column: 0, row: 0)))
        self.game = game
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        scores = ScoreTable(rooms: [
            "1x4x3": [
                ScoreEntry(score: 90, cleared: true, moves: 3, date: date),
                ScoreEntry(score: 40, cleared: false, moves: 2, date: date.addingTimeInterval(60)),
            ],
            "4x12x10": [ScoreEntry(score: 700, cleared: false, moves: 30, date: date, board: "1\n2")],
        ])
        statistics = Statistics(games: ["a", "b", "c"].enumerated().map { GameRecord(room: "1x4x3", board: $1, score: $0 * 10, cleared: $0 == 0) })
        let profile = try Profile(environment: environment)
        profile.keep([.game(game), .scores(scores), .statistics(statistics)])
    }

    private init(root: URL, of other: ProfileWithRecords) {
        (self.root, game, scores, statistics) = (root, other.game, other.scores, other.statistics)
    }

    /// The same profile in a new temporary folder.
    func copy() throws -> ProfileWithRecords {
        let copy = ProfileWithRecords(root: try temporaryDirectory(), of: self)
        try FileManager.default.removeItem(at: copy.root)
        try FileManager.default.copyItem(at: root, to: copy.root)
        return copy
    }

    /// Runs `sql` on the database as another program would.
    func execute(_ sql: String) throws {
        let queue = try DatabaseQueue(path: databaseFile.path)
        try queue.write { db in try db.execute(sql: sql) }
    }

    /// The rows of the table `damaged`, as `source: record`.
    func damagedRows() throws -> [String] {
        try DatabaseQueue(path: databaseFile.path).read { db in
            try Row.fetchAll(db, sql: "SELECT source, record FROM damaged ORDER BY id").map { row in
                "\(try row.decode(String.self, atIndex: 0)): \(try row.decode(String.self, atIndex: 1))"
            }
        }
    }
}

/// A row of the wrong type, the table it is in and what the start shows instead.
struct BadRow: CustomTestStringConvertible, Sendable {
    let sql: String
    let table: String
    let notice: String
    var testDescription: String { sql }

    static let scores = "Some of your best scores could not be read, so they are left out."
    static let statistics = "Some of your statistics could not be read, so they are left out."
    static let all = [
        BadRow(sql: "UPDATE bestScore SET date = 'x' WHERE score = 40", table: "bestScore", notice: scores),
        BadRow(sql: "UPDATE bestScore SET date = 1.5e300 WHERE score = 40", table: "bestScore", notice: scores),
        BadRow(sql: "UPDATE bestScore SET cleared = 'yes' WHERE score = 40", table: "bestScore", notice: scores),
        BadRow(sql: "UPDATE finishedGame SET cleared = 'no' WHERE board = 'b'", table: "finishedGame", notice: statistics),
        BadRow(sql: "UPDATE finishedGame SET board = x'ff00' WHERE board = 'b'", table: "finishedGame", notice: statistics),
        BadRow(sql: "UPDATE game SET start = x'fffe'", table: "game", notice: "Your saved game could not be read, so a new game starts."),
    ]
}

/// The build before this one trapped at every start on each of these rows (`try!` in GRDB's
/// row subscript): now the row is left out with one notice, the rest is played, and the row is
/// moved to the table `damaged` so the next start says nothing.
@Test(arguments: BadRow.all)
func aRowOfTheWrongTypeIsLeftOutOnceAndTheRestIsPlayed(bad: BadRow) throws {
    let profile = try ProfileWithRecords()
    defer { try? FileManager.default.removeItem(at: profile.root) }
    try profile.execute(bad.sql)

    let expectedScores = bad.table == "bestScore" ? Array(profile.scores.entries(forKey: "1x4x3").prefix(1)) : profile.scores.entries(forKey: "1x4x3")
    do {
    let reopened = try Profile(environment: profile.environment)
    #expect(reopened.takeNotices() == [bad.notice])
    let records = reopened.loadedRecords
    #expect(records.scores.entries(forKey: "1x4x3") == expectedScores)
    #expect(records.scores.entries(forKey: "4x12x10") == profile.scores.entries(forKey: "4x12x10"))
    let expectedBoards = bad.table == "finishedGame" ? ["a", "c"] : ["a", "b", "c"]
    #expect(records.statistics.games.map(\.board) == expectedBoards)
    #expect(reopened.savedGame() == (bad.table == "game" ? nil : profile.game))
    }
    let damaged = try profile.damagedRows()
    let sources = bad.table == "game" ? ["game", "move"] : [bad.table]
    #expect(damaged.map { String($0.prefix { $0 != ":" }) } == sources)
    if bad.table == "game" { #expect(damaged[0].contains("X'FFFE'"), "the value is kept as it was found") }

    // The next start reads what is left without a word.
    let next = try Profile(environment: profile.environment)
    #expect(next.takeNotices().isEmpty)
    #expect(next.loadedRecords.scores.entries(forKey: "1x4x3") == expectedScores)
    #expect(try profile.damagedRows() == damaged)
}

/// The build before this one replaced the database's top 10, statistics and game in progress
/// with those of the files an earlier version left: now they merge, and the game in progress of
/// the file waits among the games U goes back to.
@Test func theFilesOfAnEarlierVersionMergeWithWhatTheDatabaseHolds() throws {
    let profile = try ProfileWithRecords()
    defer { try? FileManager.default.removeItem(at: profile.root) }
    let date = Date(timeIntervalSince1970: 1_600_000_000)
    let older = ScoreTable(rooms: ["1x4x3": [ScoreEntry(score: 60, cleared: false, moves: 2, date: date)]])
    try older.encoded().write(to: profile.folder.appendingPathComponent("scores.json"))
    let counted = profile.statistics.games[1]
    let new = GameRecord(room: "1x4x3", board: "d", score: 5, cleared: false)
    try Statistics(games: [counted, new]).encoded().write(to: profile.folder.appendingPathComponent("statistics.json"))
    var other = Game(start: try Board(text: "1122\n1122\n2211"))
    _ = try other.play(Move(Cell(column: 0, row: 0)))
    try SavedGame(other).encoded().write(to: profile.folder.appendingPathComponent("game.json"))

    let reopened = try Profile(environment: profile.environment)
    let records = reopened.loadedRecords
    let expected = ScoreTable(rooms: ["1x4x3": profile.scores.entries(forKey: "1x4x3") + older.entries(forKey: "1x4x3")])
    #expect(records.scores.entries(forKey: "1x4x3") == expected.entries(forKey: "1x4x3"))
    #expect(records.scores.entries(forKey: "4x12x10") == profile.scores.entries(forKey: "4x12x10"))
    #expect(records.statistics.games == profile.statistics.games + [new], "a board counted in both counts once")
    #expect(reopened.savedGame() == profile.game)
    #expect(records.earlierGames.last == other, "U brings the imported game back")
    #expect(try fileNames(in: profile.folder).filter { $0.contains(".imported-") }.count == 3)
}

/// A file that cannot be read (too big, or a folder by its name) is not marked imported and
/// stays for the next start; a damaged one is put aside; neither changes the database.
@Test func aFileThatIsNotReadIsNeitherImportedNorMarkedSo() throws {
    let profile = try ProfileWithRecords()
    defer { try? FileManager.default.removeItem(at: profile.root) }
    try FileManager.default.createDirectory(at: profile.folder.appendingPathComponent("game.json"), withIntermediateDirectories: true)
    try Data(repeating: 0x20, count: 17 << 20).write(to: profile.folder.appendingPathComponent("scores.json"))
    try Data("{".utf8).write(to: profile.folder.appendingPathComponent("statistics.json"))

    let reopened = try Profile(environment: profile.environment)
    let records = reopened.loadedRecords
    #expect(records.scores == profile.scores)
    #expect(records.statistics == profile.statistics)
    #expect(reopened.savedGame() == profile.game)
    let names = try fileNames(in: profile.folder)
    #expect(names.contains("game.json") && names.contains("scores.json"))
    #expect(!names.contains { $0.contains(".imported-") })
    #expect(names.contains { $0.hasPrefix("statistics.json.damaged-") })
}

/// The build before this one started a new game in a read-only data folder, with an empty top
/// 10: now the saved game, the top 10 and the statistics are shown and played from, and
/// nothing is written.
@Test func aReadOnlyFolderShowsTheSavedGameAndWritesNothing() throws {
    let mount = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: mount) }
    guard run("/bin/mount", ["-t", "tmpfs", "-o", "size=4m", "tmpfs", mount.path]) == 0 else {
        try Test.cancel("skipped: cannot mount a tmpfs here (needs root)")
    }
    defer { _ = run("/bin/umount", ["-l", mount.path]) }
    let profile = try ProfileWithRecords(in: mount)
    let before = try fileNames(in: profile.folder).map { try Data(contentsOf: profile.folder.appendingPathComponent($0)) }
    try #require(run("/bin/mount", ["-o", "remount,ro", mount.path]) == 0)
    do {
        let readOnly = try Profile(environment: profile.environment)
        let notices = readOnly.takeNotices()
        #expect(notices.count == 1 && notices.first?.hasSuffix("Your saved game, top 10 and statistics are shown as they were.") == true)
        #expect(readOnly.loadedRecords.scores == profile.scores)
        #expect(readOnly.loadedRecords.statistics == profile.statistics)
        #expect(readOnly.savedGame() == profile.game)
        readOnly.keep([.forgetGame, .scores(ScoreTable())])
        #expect(readOnly.takeNotices().isEmpty, "the notice is said once")
    }
    try #require(run("/bin/mount", ["-o", "remount,rw", mount.path]) == 0)
    #expect(try fileNames(in: profile.folder).map { try Data(contentsOf: profile.folder.appendingPathComponent($0)) } == before)
}

/// A room of 10^5 entries in an earlier version's `scores.json` is imported, its best ten kept
/// (the build before this one made a date formatter for each entry: 12 s for this file).
@Test func aHundredThousandEntriesOfARoomAreImportedToTheirBestTen() throws {
    let profile = try ProfileWithRecords()
    defer { try? FileManager.default.removeItem(at: profile.root) }
    let entries = (0..<100_000).map { ScoreEntry(score: $0, cleared: false, moves: 1, date: Date(timeIntervalSince1970: Double($0))) }
    let entry = #"{"board": "b", "cleared": false, "date": "2026-11-27T06:42:12Z", "moves": 1, "score": SCORE}"#
    let room = entries.map { entry.replacingOccurrences(of: "SCORE", with: String($0.score)) }.joined(separator: ",")
    try Data(#"{"format": "puzzle-prison-scores", "version": 1, "rooms": {"9x9x9": [\#(room)]}}"#.utf8)
        .write(to: profile.folder.appendingPathComponent("scores.json"))
    let reopened = try Profile(environment: profile.environment)
    #expect(reopened.loadedRecords.scores.entries(forKey: "9x9x9").map(\.score) == [99_999], "a board holds one place")
    #expect(reopened.loadedRecords.scores.entries(forKey: "4x12x10") == profile.scores.entries(forKey: "4x12x10"))
}
