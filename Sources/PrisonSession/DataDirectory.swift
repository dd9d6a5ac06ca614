import Foundation
import PrisonFiles
import PrisonRules

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a load found, and a warning for the player when a damaged file had to be put aside.
public struct Loaded<Value> {
    public let value: Value
    /// Why the file could not be used and where it went, or nil when all was well.
    public let warning: String?
}

extension Loaded: Sendable where Value: Sendable {}

/// The folder that keeps the game in progress and the best scores, under the XDG data directory.
///
/// It is `$XDG_DATA_HOME/puzzle-prison` when `XDG_DATA_HOME` is an absolute path, else
/// `$HOME/.local/share/puzzle-prison`. It is created, with its parents, when a file is written.
public struct DataDirectory: Hashable, Sendable {
    public let url: URL

    /// The name of the game's folder inside the data directory.
    public static let folderName = "puzzle-prison"

    /// The data directory `environment` points to.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) throws(AssetError) {
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            url = URL(fileURLWithPath: dataHome, isDirectory: true).appendingPathComponent(Self.folderName)
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            url = URL(fileURLWithPath: home, isDirectory: true)
                .appendingPathComponent(".local/share").appendingPathComponent(Self.folderName)
        } else {
            throw AssetError(
                "no place to keep games and scores: neither XDG_DATA_HOME nor HOME is an absolute path")
        }
    }

    /// The game in progress.
    public var gameFile: URL { url.appendingPathComponent("game.json") }
    /// The best scores.
    public var scoresFile: URL { url.appendingPathComponent("scores.json") }

    /// The game in progress, or nil when there is none or its file is damaged.
    ///
    /// A damaged file is moved aside to `game.json.damaged-<UTC time of now>` and a warning says so.
    public func loadGame(now: Date = Date()) -> Loaded<Game?> {
        load(gameFile, named: "the saved game", otherwise: "a new game starts", now: now) { data throws(AssetError) in
            do throws(SaveError) { return try SavedGame(json: data).game() } catch { throw AssetError(error.description) }
        }
    }

    /// Keeps `game` as the game in progress.
    public func saveGame(_ game: Game) throws(AssetError) {
        try write(SavedGame(game).encoded(), to: gameFile)
    }

    /// Forgets the game in progress; nothing happens when there is none.
    public func removeGame() throws(AssetError) {
        guard unlink(gameFile.path) == 0 || errno == ENOENT else {
            throw AssetError("\(gameFile.path): cannot be removed (\(systemError()))")
        }
    }

    /// The best scores: an empty table when there are none yet or their file is damaged.
    ///
    /// A damaged file is moved aside to `scores.json.damaged-<UTC time of now>` and a warning says so.
    public func loadScores(now: Date = Date()) -> Loaded<ScoreTable> {
        let loaded = load(scoresFile, named: "the best-scores file", otherwise: "the table starts empty", now: now) {
            data throws(AssetError) in try ScoreTable(json: data)
        }
        return Loaded(value: loaded.value ?? ScoreTable(), warning: loaded.warning)
    }

    /// Keeps `scores` as the best scores.
    public func saveScores(_ scores: ScoreTable) throws(AssetError) {
        try write(scores.encoded(), to: scoresFile)
    }

    /// Removes the temporary files that saves left behind when the game was killed while writing
    /// (those of processes no longer running); the names removed.
    @discardableResult
    public func removeLeftoverTemporaryFiles() -> [String] {
        removeStaleTemporaryFiles(in: url, for: [gameFile.lastPathComponent, scoresFile.lastPathComponent])
    }

    private func write(_ data: Data, to file: URL) throws(AssetError) {
        do { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) } catch {
            throw AssetError("\(url.path): cannot create the directory (\(error.localizedDescription))")
        }
        try writeAtomically(data, to: file)
    }

    /// The value `decode` makes of `file`; nil without a warning when there is no file, nil with one
    /// when the file cannot be read or is damaged, the damaged file put aside.
    private func load<Value>(
        _ file: URL, named name: String, otherwise consequence: String, now: Date,
        decode: (Data) throws(AssetError) -> Value
    ) -> Loaded<Value?> {
        guard FileManager.default.fileExists(atPath: file.path) else { return Loaded(value: nil, warning: nil) }
        let data: Data
        do { data = try readFile(at: file) } catch {
            return Loaded(value: nil, warning: "\(name) could not be loaded: \(error); \(consequence)")
        }
        do throws(AssetError) {
            return Loaded(value: try decode(data), warning: nil)
        } catch {
            let problem = "\(name) \(file.path) is damaged (\(error))"
            do throws(AssetError) {
                let aside = try moveAside(file, now: now)
                return Loaded(value: nil, warning: "\(problem); it was moved to \(aside.path) and \(consequence)")
            } catch let failure {
                return Loaded(value: nil, warning: "\(problem) and could not be moved aside (\(failure)); \(consequence)")
            }
        }
    }

    /// Renames `file` to `<name>.damaged-<YYYYMMDD-HHMMSS in UTC>`, adding `-2`, `-3`… rather than
    /// replacing an earlier one; the new place.
    private func moveAside(_ file: URL, now: Date) throws(AssetError) -> URL {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let time = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: now)
        let stamp = String(
            format: "%04ld%02ld%02ld-%02ld%02ld%02ld", time.year ?? 0, time.month ?? 0, time.day ?? 0,
            time.hour ?? 0, time.minute ?? 0, time.second ?? 0)
        let base = "\(file.lastPathComponent).damaged-\(stamp)"
        var counter = 1
        while true {
            let name = counter == 1 ? base : "\(base)-\(counter)"
            let aside = file.deletingLastPathComponent().appendingPathComponent(name)
            counter += 1
            if FileManager.default.fileExists(atPath: aside.path) { continue }
            guard rename(file.path, aside.path) == 0 else {
                throw AssetError("cannot rename it to \(aside.path): \(systemError())")
            }
            return aside
        }
    }
}
