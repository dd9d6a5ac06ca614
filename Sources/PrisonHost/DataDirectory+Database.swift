import Foundation
import PrisonSession

extension DataDirectory {
    /// The player's database (``PlayerDatabase``).
    public var databaseFile: URL { url.appendingPathComponent(PlayerDatabase.fileName) }

    /// The files SQLite keeps beside the database while it is in use: its write-ahead log and the
    /// log's index. They belong to the database: moved aside with it.
    var databaseCompanions: [URL] { ["-wal", "-shm"].map { URL(fileURLWithPath: databaseFile.path + $0) } }

    /// The player's database, opened (made at the first start); nil when it cannot be used this
    /// time. Rows that do not decode are left out, and said (``PlayerDatabase/damage``). A damaged database is moved aside (with its log) to `player.sqlite3.damaged-<UTC
    /// time of now>` and a new one started; one from a newer version of the program is refused
    /// and left as it is; the notices say so in a player's words.
    func openDatabase(now: Date = Date()) -> Loaded<PlayerDatabase?> {
        let notKept = "so games, scores and statistics will not be kept this time."
        let problem: String
        do throws(PlayerDatabase.OpenError) {
            let database = try PlayerDatabase(url: databaseFile)
            guard !database.damage.isEmpty else { return Loaded(value: database) }
            return Loaded(
                value: database, warning: database.damage.map(\.warning).joined(separator: "; "),
                notice: database.damage.map(\.notice).joined(separator: " "))
        } catch {
            switch error {
            case .newer(let version):
                return Loaded(
                    value: nil,
                    warning: "the player's database \(databaseFile.path) is of version \(version), newer than this program's "
                        + "version \(PlayerDatabase.schemaVersion): it is left as it is, and games, scores and statistics "
                        + "will not be kept this time (a newer Puzzle Prison reads it)",
                    notice: "Your games and scores are from a newer Puzzle Prison (database version \(version); this one "
                        + "reads version \(PlayerDatabase.schemaVersion)). They are left as they are, \(notKept)")
            case .failed(let reason):
                return Loaded(
                    value: nil, warning: "the player's database \(databaseFile.path) cannot be used (\(reason)); \(notKept)",
                    notice: "Your games and scores could not be opened, \(notKept) See the terminal for why.")
            case .damaged(let reason):
                problem = "the player's database \(databaseFile.path) is damaged (\(reason))"
            }
        }
        let aside: URL
        do throws(HostError) {
            aside = try moveAside(databaseFile, now: now)
            for companion in databaseCompanions where FileManager.default.fileExists(atPath: companion.path) {
                _ = try moveAside(companion, now: now)
            }
        } catch {
            return Loaded(
                value: nil, warning: "\(problem) and could not be moved aside (\(error)); \(notKept)",
                notice: "Your games and scores could not be read, \(notKept)")
        }
        do throws(PlayerDatabase.OpenError) {
            return Loaded(
                value: try PlayerDatabase(url: databaseFile), warning: "\(problem); it was moved to \(aside.path) and a new one started",
                notice: "Your games, scores and statistics could not be read, so they start again. The damaged file is kept as \(aside.lastPathComponent).")
        } catch {
            return Loaded(
                value: nil, warning: "\(problem); it was moved to \(aside.path), and a new one cannot be made (\(error)); \(notKept)",
                notice: "Your games and scores could not be read, \(notKept) The damaged file is kept as \(aside.lastPathComponent).")
        }
    }

    /// The player's database as it is, to read from when its folder cannot be written: a copy of
    /// it and of its log in a temporary folder (removed with it), so nothing here is written;
    /// nil when there is none or the copy cannot be opened.
    func openDatabaseCopy() -> PlayerDatabase? {
        guard FileManager.default.fileExists(atPath: databaseFile.path) else { return nil }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("puzzle-prison-read-only-\(UUID().uuidString)")
        let copy = folder.appendingPathComponent(PlayerDatabase.fileName)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: databaseFile, to: copy)
            let log = URL(fileURLWithPath: databaseFile.path + "-wal")
            if FileManager.default.fileExists(atPath: log.path) {
                try FileManager.default.copyItem(at: log, to: URL(fileURLWithPath: copy.path + "-wal"))
            }
            let database = try PlayerDatabase(url: copy)
            database.removesFolder = true
            return database
        } catch {
            printWarning("the saved game, top 10 and statistics in \(databaseFile.path) cannot be shown: \(error)")
            try? FileManager.default.removeItem(at: folder)
            return nil
        }
    }

    /// Imports the JSON files an earlier version kept (``gameFile``, ``scoresFile``,
    /// ``statisticsFile``) into `database` once, in one transaction, merging with what it holds:
    /// each room's best ten of both, the finished games it does not have yet, and a game in
    /// progress among the games U goes back to when the database has one of its own. Then renames
    /// them to `<name>.imported-<UTC time of now>`: kept, not deleted. A file is marked imported
    /// only once its contents are in; one that cannot be read is left for the next start, a
    /// damaged one is moved aside as the loads do, and neither changes what the database holds. A
    /// file imported already (the program was stopped before the rename) is only renamed. What
    /// went wrong, and what was imported, for standard error and the screen.
    func importJSONFiles(into database: PlayerDatabase, now: Date = Date()) -> [Loaded<Void>] {
        let files = [gameFile, scoresFile, statisticsFile].filter { FileManager.default.fileExists(atPath: $0.path) }
        guard !files.isEmpty else { return [] }
        var reports: [Loaded<Void>] = []
        let imported: Set<String>
        do throws(HostError) { imported = try database.importedFiles() } catch {
            return [Loaded(value: (), warning: "the files of an earlier version could not be imported: \(error)")]
        }
        var read: [String] = []
        var effects: [Keeping] = []
        /// The value of `loaded` from `file`, nil when it was not read; reports what went wrong.
        func take<Value>(_ file: URL, _ loaded: Loaded<Value?>) -> Value? {
            reports.append(Loaded(value: (), warning: loaded.warning, notice: loaded.notice))
            guard let value = loaded.value else { return nil }
            read.append(file.lastPathComponent)
            return value
        }
        let pending = Set(files.map(\.lastPathComponent)).subtracting(imported)
        if pending.contains(gameFile.lastPathComponent), let game = take(gameFile, loadGame(now: now)), !game.isOver {
            if database.hasGame {
                let history = database.gameHistory
                effects.append(.gameHistory(earlier: history.earlier + [game], later: history.later))
            } else {
                effects.append(.game(game))
            }
        }
        if pending.contains(scoresFile.lastPathComponent),
            let scores = take(scoresFile, load(scoresFile, named: .scores, now: now) { data throws(DataError) in try ScoreTable(json: data) })
        {
            effects.append(.scores(database.scores.merged(with: scores)))
        }
        if pending.contains(statisticsFile.lastPathComponent),
            let statistics = take(
                statisticsFile, load(statisticsFile, named: .statistics, now: now) { data throws(DataError) in try Statistics(json: data) })
        {
            effects.append(.statistics(database.statistics.merged(with: statistics)))
        }
        if !read.isEmpty {
            do throws(HostError) { try database.keep(effects, importing: read) } catch {
                reports.append(
                    Loaded(
                        value: (), warning: "the files of an earlier version could not be imported (\(error)); they are left as they are",
                        notice: "Your games and scores of the earlier version could not be brought over: see the terminal for why."))
                return reports
            }
        }
        let done = imported.union(read)
        for file in files where done.contains(file.lastPathComponent) && FileManager.default.fileExists(atPath: file.path) {
            do throws(HostError) {
                let aside = try moveAside(file, now: now, as: "imported")
                reports.append(Loaded(value: (), warning: "\(file.path) was imported into \(databaseFile.path) and kept as \(aside.lastPathComponent)"))
            } catch {
                reports.append(Loaded(value: (), warning: "\(file.path) was imported but could not be renamed (\(error))"))
            }
        }
        return reports
    }
}
