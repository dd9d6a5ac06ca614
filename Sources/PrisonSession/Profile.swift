import Foundation
import PrisonRules

/// The player's files: the game in progress, the best scores, the statistics, the settings,
/// screenshots.
/// Problems with them are told in full on standard error and in a player's words on screen,
/// never the end of the game.
public final class Profile {
    private let directory: DataDirectory?
    private let config: ConfigDirectory?
    private var scores: ScoreTable
    /// Every game finished, for the statistics page.
    public private(set) var statistics: Statistics
    /// The player's settings, as loaded or last saved.
    public private(set) var settings: Settings
    /// What went wrong with the files so far, in a player's words, for the screen to show.
    private var notices: [String] = []

    /// The files of the data and configuration directories `environment` names (see
    /// ``DataDirectory`` and ``ConfigDirectory``).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        do throws(AssetError) {
            let directory = try DataDirectory(environment: environment)
            self.directory = directory
            directory.removeLeftoverTemporaryFiles()
            scores = Self.take(directory.loadScores(), telling: &notices)
            statistics = Self.take(directory.loadStatistics(), telling: &notices)
        } catch {
            directory = nil
            scores = ScoreTable()
            statistics = Statistics()
            printWarning("games and scores will not be kept: \(error)")
            notices.append("Games and scores will not be kept: there is no home folder to keep them in.")
        }
        do throws(AssetError) {
            let config = try ConfigDirectory(environment: environment)
            self.config = config
            config.removeLeftoverTemporaryFiles()
            settings = Self.take(config.loadSettings(), telling: &notices)
        } catch {
            config = nil
            settings = Settings()
            printWarning("settings will not be kept: \(error)")
        }
    }

    /// The value `loaded` holds; its warning goes to standard error, its notice to `notices`.
    private static func take<Value>(_ loaded: Loaded<Value>, telling notices: inout [String]) -> Value {
        if let warning = loaded.warning { printWarning(warning) }
        if let notice = loaded.notice { notices.append(notice) }
        return loaded.value
    }

    private func warn(_ warning: String, notice: String) {
        notices.append(notice)
        printWarning(warning)
    }

    /// Takes the notices not shown yet: what went wrong with the player's files, in their words.
    func takeNotices() -> [String] {
        defer { notices.removeAll() }
        return notices
    }

    /// Keeps `settings` for the next start.
    public func save(_ settings: Settings) {
        guard settings != self.settings else { return }
        self.settings = settings
        do throws(AssetError) { try config?.saveSettings(settings) } catch {
            warn("cannot save the settings: \(error)", notice: "Your settings could not be saved: see the terminal for why.")
        }
    }

    /// The game saved on the last quit, if any (a damaged one is put aside with a warning).
    public func savedGame() -> Game? {
        guard let directory else { return nil }
        return Self.take(directory.loadGame(), telling: &notices)
    }

    /// Keeps `game` as the game in progress.
    public func save(_ game: Game) {
        do throws(AssetError) { try directory?.saveGame(game) } catch {
            warn("cannot save the game: \(error)", notice: "Your game could not be saved: see the terminal for why.")
        }
    }

    /// Forgets the game in progress.
    func removeSavedGame() {
        do throws(AssetError) { try directory?.removeGame() } catch {
            warn("cannot forget the finished game: \(error)", notice: "The finished game could not be removed: see the terminal for why.")
        }
    }

    /// The best score recorded for `room`'s shape.
    public func best(for room: Room) -> Int? { scores.best(for: room) }

    /// The folder of the game in progress, the scores and the statistics, or nil when there is none.
    public var dataFolder: URL? { directory?.url }
    /// The folder of the settings, or nil when there is none.
    public var settingsFolder: URL? { config?.url }

    /// Records the ending of `game`, with its final `score` and whether it `cleared` the room, in
    /// the statistics and its room's top 10, once a board: an ending of a board already there
    /// replaces its entry only when it ranks higher.
    func recordEnding(of game: Game, score: Int, cleared: Bool) -> HUDText.Standing {
        let room = game.start.room
        let board = ScoreEntry.boardKey(of: game.start)
        record(GameRecord(room: ScoreTable.key(for: room), board: board, score: score, cleared: cleared))
        let earlier = scores.place(ofBoard: board, in: room)
        let entry = ScoreEntry(
            score: score, cleared: cleared, moves: game.moves.count, date: Date(), board: board)
        guard let place = scores.record(entry, for: room) else {
            return earlier.map(HUDText.Standing.alreadyPlaced) ?? .outsideTopTen
        }
        if let directory {
            do throws(AssetError) { try directory.saveScores(scores) } catch {
                warn("cannot save the best scores: \(error)", notice: "Your best scores could not be saved: see the terminal for why.")
            }
        }
        return .placed(place)
    }

    /// Records `record` in the statistics and keeps them.
    private func record(_ record: GameRecord) {
        guard statistics.record(record), let directory else { return }
        do throws(AssetError) { try directory.saveStatistics(statistics) } catch {
            warn("cannot save the statistics: \(error)", notice: "Your statistics could not be saved: see the terminal for why.")
        }
    }

    /// The entries of the top 10 of the room shape `key` (``ScoreTable/key(for:)``), best first.
    public func topTen(forKey key: String) -> [ScoreEntry] { scores.entries(forKey: key) }

    /// The room shapes with entries in the top 10, as ``ScoreTable/key(for:)`` names them.
    public var recordedRooms: [String] { scores.roomKeys }

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
