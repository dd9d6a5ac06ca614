import Foundation
import PrisonRules

/// What a player keeps from one start to the next, as the front end loaded it: the settings, the
/// best scores and the statistics. The session changes them as the player plays and asks the front
/// end to keep each change (``Keeping/scores(_:)`` and the like).
public struct PlayerRecords: Hashable, Sendable {
    /// The player's settings.
    package var settings: Settings
    /// The best scores of each room shape.
    package var scores: ScoreTable
    /// Every game finished, for the statistics page.
    package var statistics: Statistics
    /// The database the front end keeps games, scores and statistics in, for the About page; nil
    /// when they are not kept.
    package var database: String?
    /// Where the front end keeps the settings, for the About page; nil when they are not kept.
    package var settingsFolder: String?
    /// The games U goes back to, the last one the nearest, as they were last kept.
    package var earlierGames: [Game] = []
    /// The games Ctrl+Shift+Z returns to, the last one the nearest, as they were last kept.
    package var laterGames: [Game] = []

    /// The records of a new player, kept nowhere: the usual settings, no scores, no games.
    public init() {
        self.init(settings: Settings())
    }

    /// Records of these values; by default none, kept nowhere.
    package init(
        settings: Settings = Settings(), scores: ScoreTable = ScoreTable(), statistics: Statistics = Statistics(),
        database: String? = nil, settingsFolder: String? = nil
    ) {
        self.settings = settings
        self.scores = scores
        self.statistics = statistics
        self.database = database
        self.settingsFolder = settingsFolder
    }

    /// Whether these records belong to a new player: the tutorial never seen, no game recorded.
    var belongToANewPlayer: Bool { !settings.hasSeenTutorial && scores.roomKeys.isEmpty && statistics.games.isEmpty }

    /// Records the ending of `game` on `date`, with its final `score` and whether it `cleared`
    /// the room, in the statistics and its room's top 10, once a board: an ending of a board
    /// already there replaces its entry only when it ranks higher. The standing, and the effects
    /// that keep what changed.
    mutating func recordEnding(of game: Game, score: Int, cleared: Bool, on date: Date) -> (HUDText.Standing, [Effect]) {
        let room = game.start.room
        let board = ScoreEntry.boardKey(of: game.start)
        var effects: [Effect] = []
        if statistics.record(GameRecord(room: ScoreTable.key(for: room), board: board, score: score, cleared: cleared)) {
            effects.append(.keep(.statistics(statistics)))
        }
        let earlier = scores.place(ofBoard: board, in: room)
        let entry = ScoreEntry(score: score, cleared: cleared, moves: game.moves.count, date: date, board: board)
        guard let place = scores.record(entry, for: room) else {
            return (earlier.map(HUDText.Standing.alreadyPlaced) ?? .outsideTopTen, effects)
        }
        return (.placed(place), effects + [.keep(.scores(scores))])
    }
}
