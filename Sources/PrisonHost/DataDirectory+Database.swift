import Foundation
import PrisonSession

extension DataDirectory {
    /// The player's database (``PlayerDatabase``).
    public var databaseFile: URL { url.appendingPathComponent(PlayerDatabase.fileName) }

    /// The files SQLite keeps beside the database while it is in use: its write-ahead log and the
    /// log's index. They belong to the database: moved aside with it.
    var databaseCompanions: [URL] { ["-wal", "-shm"].map { URL(fileURLWithPath: databaseFile.path + $0) } }

    /// The player's database, opened (made at the first start); nil when it cannot be used this
    /// time. A damaged database is moved aside (with its log) to `player.sqlite3.damaged-<UTC
    /// time of now>` and a new one started; one from a newer version of the program is refused
    /// and left as it is; the notices say so in a player's words.
    func openDatabase(now: Date = Date()) -> Loaded<PlayerDatabase?> {
        let notKept = "so games, scores and statistics will not be kept this time."
        let problem: String
        do throws(PlayerDatabase.OpenError) {
            return Loaded(value: try PlayerDatabase(url: databaseFile))
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
        do throws(AssetError) {
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

    /// Imports the JSON files an earlier version kept (``gameFile``, ``scoresFile``,
    /// ``statisticsFile``) into `database` once, in one transaction, then renames them to
    /// `<name>.imported-<UTC time of now>`: kept, not deleted. A file imported already (the
    /// program was stopped before the rename) is only renamed; a damaged one is moved aside as
    /// the loads do. What went wrong, and what was imported, for standard error and the screen.
    func importJSONFiles(into database: PlayerDatabase, now: Date = Date()) -> [Loaded<Void>] {
        let files = [gameFile, scoresFile, statisticsFile].filter { FileManager.default.fileExists(atPath: $0.path) }
        guard !files.isEmpty else { return [] }
        var reports: [Loaded<Void>] = []
        let imported: Set<String>
        do throws(AssetError) { imported = try database.importedFiles() } catch {
            return [Loaded(value: (), warning: "the files of an earlier version could not be imported: \(error)")]
        }
        let pending = files.map(\.lastPathComponent).filter { !imported.contains($0) }
        if !pending.isEmpty {
            var effects: [Keeping] = []
            func take<Value>(_ loaded: Loaded<Value>) -> Value {
                reports.append(Loaded(value: (), warning: loaded.warning, notice: loaded.notice))
                return loaded.value
            }
            if pending.contains(gameFile.lastPathComponent), let game = take(loadGame(now: now)) {
                effects.append(game.isOver ? .forgetGame : .game(game))
            }
            if pending.contains(scoresFile.lastPathComponent) {
                effects.append(.scores(take(loadScores(now: now))))
            }
            if pending.contains(statisticsFile.lastPathComponent) {
                effects.append(.statistics(take(loadStatistics(now: now))))
            }
            do throws(AssetError) { try database.keep(effects, importing: pending) } catch {
                reports.append(
                    Loaded(
                        value: (), warning: "the files of an earlier version could not be imported (\(error)); they are left as they are",
                        notice: "Your games and scores of the earlier version could not be brought over: see the terminal for why."))
                return reports
            }
        }
        for file in files where FileManager.default.fileExists(atPath: file.path) {
            do throws(AssetError) {
                let aside = try moveAside(file, now: now, as: "imported")
                reports.append(Loaded(value: (), warning: "\(file.path) was imported into \(databaseFile.path) and kept as \(aside.lastPathComponent)"))
            } catch {
                reports.append(Loaded(value: (), warning: "\(file.path) was imported but could not be renamed (\(error))"))
            }
        }
        return reports
    }
}
