import Foundation
import GRDB
import PrisonFiles
import PrisonRules
import PrisonSession

/// The player's database: the game in progress as its move log, the best scores of each room
/// shape and every finished game for the statistics, in one SQLite file
/// (``PlayerDatabase/fileName`` in the data folder) written through GRDB.
///
/// It runs in WAL mode with `synchronous = FULL`: each transaction appends its pages to the
/// write-ahead log and the log is flushed to the disk (`fsync`) before the commit returns, so a
/// committed move survives a crash of the program, a `kill -9`, an out-of-memory kill and a power
/// cut; an interrupted transaction is rolled back as a whole at the next open. (`NORMAL`, the
/// usual level with WAL, only flushes at checkpoints: it survives a crash of the program but may
/// lose the last transactions to a power cut.)
///
/// Everything the session asks to keep at once (``keep(_:)``) is one transaction, so a game's end
/// (its score, its statistics and the game itself) is kept whole or not at all. The tables change
/// by what changed: a move adds a row, an undo removes one, an ending updates one record.
final class PlayerDatabase {
    /// The database's name in the data folder.
    static let fileName = "player.sqlite3"
    /// The schema this program writes: `PRAGMA user_version` of a database it made or migrated.
    static let schemaVersion = 2

    /// The database file.
    let url: URL
    private let queue: DatabaseQueue
    /// The game in progress as committed: a keep writes the moves that differ from it.
    private var storedGame: SavedGame?
    /// The best scores as committed.
    private(set) var scores: ScoreTable
    /// The finished games as committed, oldest first.
    private(set) var statistics: Statistics
    /// The same by room and board: a keep writes the records that differ from them.
    private var storedGames: [String: GameRecord]
    /// The games U goes back to and those Ctrl+Shift+Z returns to, the nearest last, as
    /// committed; games whose rows no longer make a game are left out.
    private(set) var gameHistory: (earlier: [Game], later: [Game])
    /// What the opening found that does not decode and left out, one problem a table: in full
    /// (for standard error) and in a player's words (for the screen); empty when all was read.
    private(set) var damage: [(warning: String, notice: String)] = []

    /// Whether the database is a copy whose folder goes with it (``DataDirectory/openDatabaseCopy()``).
    var removesFolder = false

    deinit {
        if removesFolder { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    }

    /// Why a database could not be opened.
    enum OpenError: Error {
        /// It is from a newer version of the program (its schema version).
        case newer(Int)
        /// It is not a database, or a damaged one (what SQLite found).
        case damaged(String)
        /// It could not be opened or read (read-only, missing folder, full disk...).
        case failed(String)
    }

    /// Opens (creating it when there is none) and migrates the database at `url`, and loads its records.
    init(url: URL) throws(OpenError) {
        self.url = url
        // Read from the header before SQLite opens the file, so a newer database stays untouched.
        if let version = Self.headerVersion(of: url), version > Self.schemaVersion { throw .newer(version) }
        // SQLite takes a file too short for a header for an empty one and writes over it.
        if let reason = Self.notADatabase(url) { throw .damaged(reason) }
        let queue: DatabaseQueue
        do {
            // Checked on a copy first: SQLite writes to the file it opens (its header, the log it
            // finds), so a damaged one is put aside, and a newer one (even only in its log) left,
            // byte for byte as found.
            try Self.checkCopy(of: url)
            queue = try Self.checkedQueue(at: url)
            try Self.migrator.migrate(queue)
            let contents = try queue.read(Self.contents)
            (storedGame, scores, statistics, gameHistory) = (contents.game, contents.scores, contents.statistics, contents.history)
            damage = Self.putAside(contents, in: queue, at: url)
        } catch let error as OpenError {
            throw error
        } catch let error as DatabaseError where [.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(error.resultCode) {
            throw .damaged(error.message ?? "\(error.resultCode)")
        } catch {
            throw .failed(Self.describe(error))
        }
        self.queue = queue
        storedGames = Dictionary(statistics.games.map { (Self.key(of: $0), $0) }, uniquingKeysWith: { $1 })
    }

    /// The database at `url` opened in WAL mode with `synchronous = FULL`, once its version is
    /// one this program reads and SQLite's `quick_check` finds it whole.
    private static func checkedQueue(at url: URL) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.journalMode = .wal
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        let queue = try DatabaseQueue(path: url.path, configuration: configuration)
        try queue.inDatabase { db in
            let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
            guard version <= Self.schemaVersion else { throw OpenError.newer(version) }
            let check = try String.fetchAll(db, sql: "PRAGMA quick_check")
            guard check == ["ok"] else { throw OpenError.damaged(check.prefix(3).joined(separator: "; ")) }
        }
        return queue
    }

    /// Checks a copy of the database at `url` and of its log (``checkedQueue(at:)``) in a
    /// temporary folder, so the file itself is only opened once it is known to be whole and of a
    /// version this program reads; nothing to check when there is no file, an empty one, or no
    /// room for the copy.
    private static func checkCopy(of url: URL) throws {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        guard size > 0 else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("puzzle-prison-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent(fileName)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: url, to: copy)
            if FileManager.default.fileExists(atPath: url.path + "-wal") {
                try FileManager.default.copyItem(atPath: url.path + "-wal", toPath: copy.path + "-wal")
            }
        } catch {
            return  // No room for a copy: the file itself is checked as it is opened.
        }
        try checkedQueue(at: copy).close()
    }

    /// The schema, one migration a version; each sets `user_version` to its number, which a
    /// program of an older version checks before it touches the file.
    private static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("1: game, moves, best scores, finished games") { db in
            // The game in progress: one row, its rules (JSON) and start board (board text).
            try db.create(table: "game") { table in
                table.primaryKey("id", .integer).check { $0 == 1 }
                table.column("rules", .text).notNull()
                table.column("start", .text).notNull()
            }
            // Its moves in order, and the moves undo took back, the last taken back last: move lines.
            for name in ["move", "undoneMove"] {
                try db.create(table: name) { table in
                    table.primaryKey("number", .integer)
                    table.column("line", .text).notNull()
                }
            }
            // The top 10 of each room shape (`4x12x10`), dates in whole seconds since 1970.
            try db.create(table: "bestScore") { table in
                table.column("room", .text).notNull()
                table.column("place", .integer).notNull()
                table.column("score", .integer).notNull()
                table.column("cleared", .boolean).notNull()
                table.column("moves", .integer).notNull()
                table.column("date", .integer).notNull()
                table.column("board", .text)
                table.primaryKey(["room", "place"])
            }
            // Every finished game, oldest first, once a start board: its best ending.
            try db.create(table: "finishedGame") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("room", .text).notNull()
                table.column("board", .text).notNull()
                table.column("score", .integer).notNull()
                table.column("cleared", .boolean).notNull()
                table.uniqueKey(["room", "board"])
            }
            // The JSON files of earlier versions imported, by name.
            try db.create(table: "importedFile") { table in table.primaryKey("name", .text) }
            try db.execute(sql: "PRAGMA user_version = 1")
        }
        migrator.registerMigration("2: the games U goes back to") { db in
            // Each list (`earlier`, `later`) in order, the nearest last: saved-game JSON.
            try db.create(table: "historyGame") { table in
                table.column("list", .text).notNull()
                table.column("position", .integer).notNull()
                table.column("game", .text).notNull()
                table.primaryKey(["list", "position"])
            }
            try db.execute(sql: "PRAGMA user_version = 2")
        }
        return migrator
    }()

    // MARK: Reading

    /// The `user_version` in the header of the database at `url` (4 bytes from byte 60,
    /// big-endian), or nil when there is no file or it does not start as a database does.
    private static func headerVersion(of url: URL) -> Int? {
        guard let handle = FileHandle(forReadingAtPath: url.path) else { return nil }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 64), header.count == 64,
            header.prefix(16) == Data("SQLite format 3\u{0}".utf8)
        else { return nil }
        return header[60..<64].reduce(0) { $0 << 8 | Int($1) }
    }

    /// Why the file at `url` is not a database, when it is not empty and does not start as one
    /// does; nil when there is no file, an empty one (SQLite makes it a database) or a database.
    private static func notADatabase(_ url: URL) -> String? {
        guard let handle = FileHandle(forReadingAtPath: url.path) else { return nil }
        defer { try? handle.close() }
        guard let start = try? handle.read(upToCount: 100), !start.isEmpty else { return nil }
        guard start.count < 100 || start.prefix(16) != Data("SQLite format 3\u{0}".utf8) else { return nil }
        guard start.count < 100 else { return "it does not start as a database does" }
        return "it holds \(start.count) byte\(start.count == 1 ? "" : "s"), too few for a database"
    }

    /// What a start reads, and the rows of each table that do not decode (their rowids; the
    /// game's table stands for the whole game: its row, its moves and its undone moves).
    private struct Contents {
        var game: SavedGame?
        var scores = ScoreTable()
        var statistics = Statistics()
        var history: (earlier: [Game], later: [Game]) = ([], [])
        var damaged: [(table: String, rowids: [Int64], reason: String)] = []
    }

    /// Reads the records; a row that does not decode is left out and named in ``Contents/damaged``,
    /// and a game in progress whose rows do not decode leaves no game. Only SQLite's own errors throw.
    private static func contents(in db: Database) throws -> Contents {
        var contents = Contents()
        do { contents.game = try savedGame(in: db) } catch let error as DatabaseError { throw error } catch {
            contents.damaged.append(("game", [], String(describe(error).prefix(300))))
        }
        var reason = ""
        func decoded<Value>(_ rows: [Row], in table: String, _ decode: (Row) throws -> Value) -> [Value] {
            var bad: [Int64] = []
            let values = rows.compactMap { row -> Value? in
                do { return try decode(row) } catch {
                    if bad.isEmpty { reason = String(describe(error).prefix(300)) }
                    bad.append(row[0] as Int64)  // the rowid SQLite keeps as an integer
                    return nil
                }
            }
            if !bad.isEmpty { contents.damaged.append((table, bad, reason)) }
            return values
        }
        let scoreRows = try Row.fetchAll(
            db,
            sql: """
                SELECT rowid, room, score, cleared, moves, date, board FROM bestScore
                WHERE score BETWEEN 0 AND ? AND moves BETWEEN 0 AND ? ORDER BY room, place
                """,
            arguments: [ScoreEntry.maximumScore, ScoreEntry.maximumMoves])
        let entries = decoded(scoreRows, in: "bestScore") { row in
            let date = Date(timeIntervalSince1970: TimeInterval(try row.decode(Int64.self, forColumn: "date")))
            let entry = ScoreEntry(
                score: try row.decode(forColumn: "score"), cleared: try row.decode(forColumn: "cleared"),
                moves: try row.decode(forColumn: "moves"), date: date, board: try row.decode(forColumn: "board"))
            return (room: try row.decode(String.self, forColumn: "room"), entry: entry)
        }
        contents.scores = ScoreTable(rooms: Dictionary(grouping: entries, by: \.room).mapValues { $0.map(\.entry) })
        let gameRows = try Row.fetchAll(
            db, sql: "SELECT id, room, board, score, cleared FROM finishedGame WHERE score BETWEEN 0 AND ? ORDER BY id",
            arguments: [ScoreEntry.maximumScore])
        contents.statistics = Statistics(
            games: decoded(gameRows, in: "finishedGame") { row in
                GameRecord(
                    room: try row.decode(forColumn: "room"), board: try row.decode(forColumn: "board"),
                    score: try row.decode(forColumn: "score"), cleared: try row.decode(forColumn: "cleared"))
            })
        // Games U goes back to that decode but no longer make a game are left out, as before.
        let historyRows = try Row.fetchAll(db, sql: "SELECT rowid, list, game FROM historyGame ORDER BY list, position")
        let history = decoded(historyRows, in: "historyGame") { row in
            (list: try row.decode(String.self, forColumn: "list"), game: try? SavedGame(json: Data(try row.decode(String.self, forColumn: "game").utf8)).game())
        }
        func games(in list: String) -> [Game] { history.filter { $0.list == list }.compactMap(\.game) }
        contents.history = (games(in: "earlier"), games(in: "later"))
        return contents
    }

    /// The game in progress as rows, or nil when there is none; throws when its rows do not decode.
    private static func savedGame(in db: Database) throws -> SavedGame? {
        guard let row = try Row.fetchOne(db, sql: "SELECT rules, start FROM game") else { return nil }
        let rulesText: String = try row.decode(forColumn: "rules")
        let start: String = try row.decode(forColumn: "start")
        let moves = try String.fetchAll(db, sql: "SELECT line FROM move ORDER BY number")
        let undone = try String.fetchAll(db, sql: "SELECT line FROM undoneMove ORDER BY number")
        let rules = try JSONDecoder().decode(Rules.self, from: Data(rulesText.utf8))
        return SavedGame(
            rules: rules, start: start.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), moves: moves,
            redo: undone.reversed())
    }

    /// The players' words for the records of each table.
    private static let recordNames = [
        "bestScore": "best scores", "finishedGame": "statistics", "historyGame": "games U goes back to",
    ]

    /// Moves the rows of `contents` that do not decode into the table `damaged` (each row as its
    /// values quoted as SQL, byte for byte), so the next start reads what is left without a
    /// notice; says what was left out, and whether it could be moved (not in a read-only folder).
    private static func putAside(_ contents: Contents, in queue: DatabaseQueue, at url: URL) -> [(warning: String, notice: String)] {
        guard !contents.damaged.isEmpty else { return [] }
        var moved = "moved to its table damaged"
        do {
            try queue.write { db in
                try db.execute(sql: "CREATE TABLE IF NOT EXISTS damaged (id INTEGER PRIMARY KEY, source TEXT NOT NULL, record TEXT NOT NULL)")
                for (table, rowids, _) in contents.damaged {
                    let filter = table == "game" ? "" : " WHERE rowid IN (\(rowids.map(String.init).joined(separator: ", ")))"
                    for source in table == "game" ? ["game", "move", "undoneMove"] : [table] {
                        let values = try db.columns(in: source).map { "quote(\($0.name.quotedDatabaseIdentifier))" }
                        try db.execute(
                            sql: "INSERT INTO damaged (source, record) SELECT ?, \(values.joined(separator: " || ', ' || ")) FROM \(source)\(filter)",
                            arguments: [source])
                        try db.execute(sql: "DELETE FROM \(source)\(filter)")
                    }
                }
            }
        } catch {
            moved = "not moved aside (\(describe(error))), so the next start says so again"
        }
        return contents.damaged.map { table, rowids, reason in
            guard let records = recordNames[table] else {
                return (
                    "the game in progress in \(url.path) does not decode (\(reason)): a new game starts, and its rows were \(moved)",
                    "Your saved game could not be read, so a new game starts."
                )
            }
            return (
                "\(rowids.count) row\(rowids.count == 1 ? "" : "s") of table \(table) in \(url.path) do not decode (\(reason)): "
                    + "they are left out, and were \(moved)",
                "Some of your \(records) could not be read, so they are left out."
            )
        }
    }

    /// The game in progress as committed now, or nil when there is none; a game whose rows do not
    /// make a game throws, naming what is wrong.
    func savedGame() throws(HostError) -> SavedGame? {
        do { return try queue.read(Self.savedGame) } catch { throw HostError("\(url.path): \(Self.describe(error))") }
    }

    /// Whether a game in progress is kept.
    var hasGame: Bool { storedGame != nil }

    /// The names of the JSON files of an earlier version imported already.
    func importedFiles() throws(HostError) -> Set<String> {
        do { return Set(try queue.read { db in try String.fetchAll(db, sql: "SELECT name FROM importedFile") }) } catch {
            throw HostError("\(url.path): \(Self.describe(error))")
        }
    }

    // MARK: Writing

    /// Keeps in one transaction what `effects` ask to keep: the game in progress (or forgets it),
    /// the games U and Ctrl+Shift+Z go to, the best scores and the statistics. When the transaction
    /// fails nothing of it is kept, and the next keep writes what differs from what is on disk.
    func keep(_ effects: [Keeping], importing importedNames: [String] = []) throws(HostError) {
        var game = storedGame, scores = self.scores, statistics = self.statistics, games = storedGames
        var history = gameHistory
        do {
            try queue.write { db in
                for effect in effects {
                    switch effect {
                    case .game(let kept):
                        let saved = SavedGame(kept)
                        try Self.write(saved, over: game, in: db)
                        game = saved
                    case .forgetGame:
                        try Self.write(nil, over: game, in: db)
                        game = nil
                    case .scores(let table):
                        try Self.write(table, over: scores, in: db)
                        scores = table
                    case .statistics(let kept):
                        try Self.write(kept, over: &games, in: db)
                        statistics = kept
                    case .gameHistory(let earlier, let later):
                        try db.execute(sql: "DELETE FROM historyGame")
                        for (list, kept) in [("earlier", earlier), ("later", later)] {
                            for (position, game) in kept.enumerated() {
                                let json = String(decoding: try jsonData(SavedGame(game)), as: UTF8.self)
                                try db.execute(
                                    sql: "INSERT INTO historyGame (list, position, game) VALUES (?, ?, ?)",
                                    arguments: [list, position, json])
                            }
                        }
                        history = (earlier, later)
                    }
                }
                for name in importedNames {
                    try db.execute(sql: "INSERT OR IGNORE INTO importedFile (name) VALUES (?)", arguments: [name])
                }
            }
        } catch {
            throw HostError("\(url.path): \(Self.describe(error))")
        }
        (storedGame, self.scores, self.statistics, storedGames, gameHistory) = (game, scores, statistics, games, history)
    }

    /// Writes `saved` (nil: no game) over the game `stored`: the moves past the ones they share
    /// when they are of the same board and rules, else the whole game.
    private static func write(_ saved: SavedGame?, over stored: SavedGame?, in db: Database) throws {
        guard let saved, let stored, saved.rules == stored.rules, saved.start == stored.start else {
            for table in ["game", "move", "undoneMove"] { try db.execute(sql: "DELETE FROM \(table)") }
            guard let saved else { return }
            try db.execute(
                sql: "INSERT INTO game (id, rules, start) VALUES (1, ?, ?)",
                arguments: [String(decoding: try jsonData(saved.rules), as: UTF8.self), saved.start.joined(separator: "\n")])
            try replaceLines(in: "move", from: [], to: saved.moves, in: db)
            try replaceLines(in: "undoneMove", from: [], to: saved.redo.reversed(), in: db)
            return
        }
        try replaceLines(in: "move", from: stored.moves, to: saved.moves, in: db)
        try replaceLines(in: "undoneMove", from: stored.redo.reversed(), to: saved.redo.reversed(), in: db)
    }

    /// Changes the numbered lines of `table` from `old` to `new`: the lines past the ones they
    /// start with go, the new ones come.
    private static func replaceLines(in table: String, from old: [String], to new: [String], in db: Database) throws {
        let shared = zip(old, new).prefix { $0 == $1 }.count
        if shared < old.count {
            try db.execute(sql: "DELETE FROM \(table) WHERE number >= ?", arguments: [shared])
        }
        for (number, line) in new.enumerated().dropFirst(shared) {
            try db.execute(sql: "INSERT INTO \(table) (number, line) VALUES (?, ?)", arguments: [number, line])
        }
    }

    /// Writes the rooms of `table` whose entries differ from `stored`'s.
    private static func write(_ table: ScoreTable, over stored: ScoreTable, in db: Database) throws {
        for room in Set(table.roomKeys + stored.roomKeys) where table.entries(forKey: room) != stored.entries(forKey: room) {
            try db.execute(sql: "DELETE FROM bestScore WHERE room = ?", arguments: [room])
            for (index, entry) in table.entries(forKey: room).enumerated() {
                try db.execute(
                    sql: "INSERT INTO bestScore (room, place, score, cleared, moves, date, board) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    arguments: [room, index + 1, entry.score, entry.cleared, entry.moves, Int64(entry.date.timeIntervalSince1970), entry.board])
            }
        }
    }

    /// Writes the records of `statistics` that differ from `stored` (a board's better ending keeps
    /// its place, a new board comes last), drops the oldest beyond the most kept, and updates `stored`.
    private static func write(_ statistics: Statistics, over stored: inout [String: GameRecord], in db: Database) throws {
        for game in statistics.games {
            let key = key(of: game)
            guard stored[key] != game else { continue }
            try db.execute(
                sql: """
                    INSERT INTO finishedGame (room, board, score, cleared) VALUES (?, ?, ?, ?)
                    ON CONFLICT (room, board) DO UPDATE SET score = excluded.score, cleared = excluded.cleared
                    """,
                arguments: [game.room, game.board, game.score, game.cleared])
            stored[key] = game
        }
        guard stored.count > Statistics.maximumGames else { return }
        try db.execute(
            sql: "DELETE FROM finishedGame WHERE id NOT IN (SELECT id FROM finishedGame ORDER BY id DESC LIMIT ?)",
            arguments: [Statistics.maximumGames])
        stored = Dictionary(statistics.games.map { (key(of: $0), $0) }, uniquingKeysWith: { $1 })
    }

    /// A finished game's key in ``storedGames``.
    private static func key(of game: GameRecord) -> String { game.room + " " + game.board }

    /// What went wrong, in one line: SQLite's message and code, or the error's description.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DatabaseError else { return String(describing: error) }
        return "\(error.message ?? "SQLite error") (\(error.resultCode))"
    }
}
