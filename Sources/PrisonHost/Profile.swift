import Foundation
import PrisonRules
import PrisonSession

/// The player's data: the database of the game in progress, the best scores and the statistics
/// (``PlayerDatabase``, in the XDG data folder), the settings file (in the XDG config folder) and
/// screenshots. It loads them into the records a session starts with and keeps what the session
/// asks it to keep. Problems with them are told in full on standard error and in a player's words
/// on screen, never the end of the game. One program plays on a profile at a time.
public final class Profile {
    private let directory: DataDirectory?
    private let config: ConfigDirectory?
    private let lock: ProfileLock?
    private let database: PlayerDatabase?
    /// Whether what the session asks to keep is written: not when the data folder cannot be
    /// written, where ``database`` is a copy to read from.
    private let keeps: Bool
    /// The records as loaded at the start: a session starts with them and keeps them from then
    /// on (what it asks to keep is written, not put back here).
    public let loadedRecords: PlayerRecords
    /// What went wrong with the files so far, in a player's words, for the screen to show.
    private var notices: [String] = []

    /// The data of the data and configuration directories `environment` names (see
    /// ``DataDirectory`` and ``ConfigDirectory``): the JSON files of an earlier version are
    /// imported into the database at the first start. Throws when another program plays on the
    /// same profile.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) throws(HostError) {
        var notices: [String] = []
        var records = PlayerRecords()
        var lock: ProfileLock?
        var database: PlayerDatabase?
        var keeps = true
        let notKept = "Games and scores will not be kept"
        var directory: DataDirectory?
        do throws(HostError) { directory = try DataDirectory(environment: environment) } catch {
            printWarning("games and scores will not be kept: \(error)")
            notices.append("\(notKept): there is no home folder to keep them in.")
        }
        self.directory = directory
        if let directory {
            do throws(ProfileLock.Failure) {
                lock = try ProfileLock(in: directory.url)
                directory.removeLeftoverTemporaryFiles()
                database = Self.take(directory.openDatabase(), telling: &notices)
            } catch {
                switch error {
                case .held(let pid):
                    throw HostError(
                        "another Puzzle Prison\(pid.map { " (process \($0))" } ?? "") is playing on this profile "
                            + "(\(directory.url.path)): close it first, or give this one another XDG_DATA_HOME. "
                            + "Two on one profile would each keep their game over the other's.")
                case .unavailable(let reason):
                    printWarning("games and scores will not be kept: \(reason)")
                    database = directory.openDatabaseCopy()
                    keeps = database == nil
                    notices.append(
                        "\(notKept): their folder cannot be used (see the terminal for why)."
                            + (keeps ? "" : " Your saved game, top 10 and statistics are shown as they were."))
                }
            }
        }
        if let directory, let database {
            if keeps {
                for report in directory.importJSONFiles(into: database) { Self.take(report, telling: &notices) }
            }
            records.scores = database.scores
            records.statistics = database.statistics
            (records.earlierGames, records.laterGames) = database.gameHistory
            records.database = database.url.path
        }
        self.lock = lock
        self.database = database
        self.keeps = keeps
        do throws(HostError) {
            let config = try ConfigDirectory(environment: environment)
            self.config = config
            config.removeLeftoverTemporaryFiles()
            records.settings = Self.take(config.loadSettings(), telling: &notices)
            records.settingsFolder = config.url.path
        } catch {
            config = nil
            printWarning("settings will not be kept: \(error)")
        }
        loadedRecords = records
        self.notices = notices
    }

    /// The value `loaded` holds; its warning goes to standard error, its notice to `notices`.
    @discardableResult
    private static func take<Value>(_ loaded: Loaded<Value>, telling notices: inout [String]) -> Value {
        if let warning = loaded.warning { printWarning(warning) }
        if let notice = loaded.notice { notices.append(notice) }
        return loaded.value
    }

    /// Takes the notices not shown yet: what went wrong with the player's files, in their words.
    package func takeNotices() -> [String] {
        defer { notices.removeAll() }
        return notices
    }

    /// The game in progress as kept now, if any. One whose moves do not replay is copied to
    /// `game.json.damaged-<UTC time>` in the data folder (a new game then starts over it).
    public func savedGame() -> Game? {
        guard let database, let directory else { return nil }
        let saved: SavedGame?
        do throws(HostError) { saved = try database.savedGame() } catch {
            printWarning("the saved game could not be loaded: \(error); a new game starts")
            notices.append("Your saved game could not be read, so a new game starts.")
            return nil
        }
        guard let saved else { return nil }
        do throws(SaveError) { return try saved.game() } catch {
            var problem = "the saved game in \(database.url.path) is damaged (\(error))"
            do throws(HostError) {
                try writeAtomically(saved.encoded(), to: directory.gameFile)
                problem += "; it was copied to \(try moveAside(directory.gameFile, now: Date()).path)"
            } catch let failure {
                problem += " and could not be copied aside (\(failure))"
            }
            printWarning("\(problem); a new game starts")
            notices.append("Your saved game could not be read, so a new game starts.")
            return nil
        }
    }

    /// Keeps in one transaction what `records` ask of the player's database: the game in progress
    /// (or forgetting it), the games U and Ctrl+Shift+Z go to, the best scores and the statistics.
    public func keep(_ records: [Keeping]) {
        guard !records.isEmpty, keeps, let database else { return }
        attempt("cannot keep the game, scores and statistics", notice: "Your game could not be saved") { () throws(HostError) in
            try database.keep(records)
        }
    }

    /// Saves `settings` in the player's configuration.
    public func keep(_ settings: Settings) {
        attempt("cannot save the settings", notice: "Your settings could not be saved") { () throws(HostError) in
            try config?.saveSettings(settings)
        }
    }

    /// Writes the game in progress to `path` in the saved-game format (what `--replay` and
    /// `prison-sim play` read), or says why not.
    public func exportGame(to path: String) throws(HostError) {
        guard let database else { throw HostError("games are not kept here, so there is no game in progress to export") }
        guard let saved = try database.savedGame() else {
            throw HostError("there is no game in progress in \(database.url.path) to export")
        }
        try writeUserFile(saved.encoded(), toPath: path)
    }

    /// Makes the saved game in the file at `path` the game in progress; the game, or why not.
    @discardableResult
    public func importGame(from path: String) throws(HostError) -> Game {
        guard keeps, let database else { throw HostError("games are not kept here, so a game cannot be imported") }
        let text = try readFile(atPath: path, what: "saved game")
        let game: Game
        do throws(SaveError) { game = try SavedGame(json: text).game() } catch {
            throw HostError("saved game '\(path)': \(error)")
        }
        guard !game.isOver else { throw HostError("saved game '\(path)': the game is over, so it cannot be played on") }
        try database.keep([.game(game)])
        return game
    }

    /// Runs `write`; when it fails, prints `warning` with why and keeps `notice` for the screen.
    private func attempt(_ warning: String, notice: String, _ write: () throws(HostError) -> Void) {
        do throws(HostError) { try write() } catch {
            notices.append("\(notice): see the terminal for why.")
            printWarning("\(warning): \(error)")
        }
    }

    /// A new file for an F12 screenshot: in `screenshots/` beside the database, or the
    /// working directory when there is no data directory.
    public func newScreenshotPath(now: Date = Date()) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss-SSS"
        let name = "puzzle-prison-\(formatter.string(from: now)).png"
        guard let directory else { return name }
        let folder = directory.url.appendingPathComponent("screenshots", isDirectory: true)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent(name).path
    }
}
