import Foundation
import PrisonRules
import PrisonSession

/// The player's files: the game in progress, the best scores, the statistics, the settings,
/// screenshots. It loads them into the records a session starts with and keeps what the session
/// asks it to keep. Problems with them are told in full on standard error and in a player's words
/// on screen, never the end of the game.
public final class Profile {
    private let directory: DataDirectory?
    private let config: ConfigDirectory?
    /// The records as loaded at the start: a session starts with them and keeps them from then
    /// on (what it asks to keep is written, not put back here).
    public let loadedRecords: PlayerRecords
    /// What went wrong with the files so far, in a player's words, for the screen to show.
    private var notices: [String] = []

    /// The files of the data and configuration directories `environment` names (see
    /// ``DataDirectory`` and ``ConfigDirectory``).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        var notices: [String] = []
        var records = PlayerRecords()
        do throws(AssetError) {
            let directory = try DataDirectory(environment: environment)
            self.directory = directory
            directory.removeLeftoverTemporaryFiles()
            records.scores = Self.take(directory.loadScores(), telling: &notices)
            records.statistics = Self.take(directory.loadStatistics(), telling: &notices)
            records.dataFolder = directory.url.path
        } catch {
            directory = nil
            printWarning("games and scores will not be kept: \(error)")
            notices.append("Games and scores will not be kept: there is no home folder to keep them in.")
        }
        do throws(AssetError) {
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
    private static func take<Value>(_ loaded: Loaded<Value>, telling notices: inout [String]) -> Value {
        if let warning = loaded.warning { printWarning(warning) }
        if let notice = loaded.notice { notices.append(notice) }
        return loaded.value
    }

    /// Takes the notices not shown yet: what went wrong with the player's files, in their words.
    func takeNotices() -> [String] {
        defer { notices.removeAll() }
        return notices
    }

    /// The game saved on the last quit, if any (a damaged one is put aside with a warning).
    public func savedGame() -> Game? {
        guard let directory else { return nil }
        return Self.take(directory.loadGame(), telling: &notices)
    }

    /// Does `effect` when it is about the player's files (saving, forgetting, keeping); any other
    /// effect is not the profile's and is left alone.
    public func perform(_ effect: Effect) {
        switch effect {
        case .keepGame(let game):
            attempt("cannot save the game", notice: "Your game could not be saved") { () throws(AssetError) in try directory?.saveGame(game) }
        case .forgetGame:
            attempt("cannot forget the finished game", notice: "The finished game could not be removed") { () throws(AssetError) in
                try directory?.removeGame()
            }
        case .keepScores(let scores):
            attempt("cannot save the best scores", notice: "Your best scores could not be saved") { () throws(AssetError) in
                try directory?.saveScores(scores)
            }
        case .keepStatistics(let statistics):
            attempt("cannot save the statistics", notice: "Your statistics could not be saved") { () throws(AssetError) in
                try directory?.saveStatistics(statistics)
            }
        case .keepSettings(let settings):
            attempt("cannot save the settings", notice: "Your settings could not be saved") { () throws(AssetError) in
                try config?.saveSettings(settings)
            }
        case .play, .searchHint, .buildBoard, .cancelBoard, .toggleFullscreen, .screenshot, .mouseLook, .quit: break
        }
    }

    /// Runs `write`; when it fails, prints `warning` with why and keeps `notice` for the screen.
    private func attempt(_ warning: String, notice: String, _ write: () throws(AssetError) -> Void) {
        do throws(AssetError) { try write() } catch {
            notices.append("\(notice): see the terminal for why.")
            printWarning("\(warning): \(error)")
        }
    }

    /// A new file for an F12 screenshot: in `screenshots/` beside the saved game, or the
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
