import Foundation
import PrisonSession
import PrisonFiles
import PrisonRules

/// What a load found, and words for the player when a file could not be used.
public struct Loaded<Value> {
    /// What was loaded, or what stands in for a file that could not be used.
    public let value: Value
    /// Why the file could not be used and where it went, in full (for standard error), or nil
    /// when all was well.
    public let warning: String?
    /// The same in a player's words, without paths or decoding details (for the screen).
    public let notice: String?

    init(value: Value, warning: String? = nil, notice: String? = nil) {
        self.value = value
        self.warning = warning
        self.notice = notice
    }
}

extension Loaded: Sendable where Value: Sendable {}

/// The folder that keeps the player's database (the game in progress, the best scores and the
/// statistics), under the XDG data directory, and the JSON files earlier versions kept them in,
/// which the first start imports (``importJSONFiles(into:now:)``).
///
/// It is `$XDG_DATA_HOME/puzzle-prison` when `XDG_DATA_HOME` is an absolute path, else
/// `$HOME/.local/share/puzzle-prison`. It is created, with its parents, at the first start.
public struct DataDirectory: Hashable, Sendable {
    /// The game's folder.
    public let url: URL

    /// The name of the game's folder inside the data directory.
    public static let folderName = "puzzle-prison"

    /// The data directory `environment` points to.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) throws(HostError) {
        guard let url = gameFolder(environment, variable: "XDG_DATA_HOME", underHome: ".local/share") else {
            throw HostError(
                "no place to keep games and scores: neither XDG_DATA_HOME nor HOME is an absolute path")
        }
        self.url = url
    }

    /// The game in progress, as earlier versions kept it.
    public var gameFile: URL { url.appendingPathComponent("game.json") }
    /// The best scores, as earlier versions kept them.
    public var scoresFile: URL { url.appendingPathComponent("scores.json") }
    /// Every game finished, for the statistics, as earlier versions kept them.
    public var statisticsFile: URL { url.appendingPathComponent("statistics.json") }

    /// The game in progress, or nil when there is none or its file is damaged.
    ///
    /// A damaged file is moved aside to `game.json.damaged-<UTC time of now>` and a warning says so.
    public func loadGame(now: Date = Date()) -> Loaded<Game?> {
        load(gameFile, named: .savedGame, now: now) { data throws(SaveError) in try SavedGame(json: data).game() }
    }

    /// The best scores: an empty table when there are none yet or their file is damaged.
    ///
    /// A damaged file is moved aside to `scores.json.damaged-<UTC time of now>` and a warning says so.
    public func loadScores(now: Date = Date()) -> Loaded<ScoreTable> {
        let loaded = load(scoresFile, named: .scores, now: now) {
            data throws(DataError) in try ScoreTable(json: data)
        }
        return Loaded(value: loaded.value ?? ScoreTable(), warning: loaded.warning, notice: loaded.notice)
    }

    /// The statistics: none when there are none yet or their file is damaged.
    ///
    /// A damaged file is moved aside to `statistics.json.damaged-<UTC time of now>` and a warning says so.
    public func loadStatistics(now: Date = Date()) -> Loaded<Statistics> {
        let loaded = load(statisticsFile, named: .statistics, now: now) {
            data throws(DataError) in try Statistics(json: data)
        }
        return Loaded(value: loaded.value ?? Statistics(), warning: loaded.warning, notice: loaded.notice)
    }

    /// Removes the temporary files that saves of earlier versions left behind when the game was
    /// killed while writing (those of processes no longer running); the names removed.
    @discardableResult
    public func removeLeftoverTemporaryFiles() -> [String] {
        removeStaleTemporaryFiles(in: url, for: [gameFile, scoresFile, statisticsFile].map(\.lastPathComponent))
    }
}
