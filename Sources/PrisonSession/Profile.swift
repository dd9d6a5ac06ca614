import Foundation
import PrisonRules

/// The player's files: the game in progress, the best scores, screenshots. Problems with them
/// are one line on standard error (and on screen), never the end of the game.
public final class Profile {
    private let directory: DataDirectory?
    private var scores: ScoreTable
    /// What went wrong with the files so far, for the HUD to show once.
    private var warnings: [String] = []

    /// The files of the data directory `environment` names (see ``DataDirectory``).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        do throws(AssetError) {
            let directory = try DataDirectory(environment: environment)
            self.directory = directory
            directory.removeLeftoverTemporaryFiles()
            let loaded = directory.loadScores()
            scores = loaded.value
            if let warning = loaded.warning { warnings.append(warning) }
        } catch {
            directory = nil
            scores = ScoreTable()
            warnings.append("games and scores will not be kept: \(error)")
        }
        warnings.forEach(printWarning)
    }

    private func warn(_ warning: String) {
        warnings.append(warning)
        printWarning(warning)
    }

    /// Takes the warnings not shown yet.
    public func takeWarnings() -> [String] {
        defer { warnings.removeAll() }
        return warnings
    }

    /// The game saved on the last quit, if any (a damaged one is put aside with a warning).
    public func savedGame() -> Game? {
        guard let directory else { return nil }
        let loaded = directory.loadGame()
        if let warning = loaded.warning { warn(warning) }
        return loaded.value
    }

    /// Keeps `game` as the game in progress.
    public func save(_ game: Game) {
        do throws(AssetError) { try directory?.saveGame(game) } catch { warn("cannot save the game: \(error)") }
    }

    /// Forgets the game in progress.
    public func removeSavedGame() {
        do throws(AssetError) { try directory?.removeGame() } catch { warn("cannot forget the finished game: \(error)") }
    }

    /// The best score recorded for `room`'s shape.
    public func best(for room: Room) -> Int? { scores.best(for: room) }

    /// Records the ending of `game`, with its final `score` and whether it `cleared` the room, in
    /// its room's top 10, once a board: an ending of a board already there replaces its entry
    /// only when it ranks higher.
    public func recordEnding(of game: Game, score: Int, cleared: Bool) -> HUDText.Standing {
        let room = game.start.room
        let board = ScoreEntry.boardKey(of: game.start)
        let earlier = scores.place(ofBoard: board, in: room)
        let entry = ScoreEntry(
            score: score, cleared: cleared, moves: game.moves.count, date: Date(), board: board)
        guard let place = scores.record(entry, for: room) else {
            return earlier.map(HUDText.Standing.alreadyPlaced) ?? .outsideTopTen
        }
        if let directory {
            do throws(AssetError) { try directory.saveScores(scores) } catch { warn("cannot save the best scores: \(error)") }
        }
        return .placed(place)
    }

    /// The entries of `room`'s top 10, best first.
    public func topTen(for room: Room) -> [ScoreEntry] { scores.entries(for: room) }

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
