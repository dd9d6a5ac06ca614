import Foundation
import PrisonFiles
import PrisonRules

/// One finished game as the statistics count it.
package struct GameRecord: Hashable, Sendable, Codable {
    /// The room shape, as ``ScoreTable/key(for:)`` names it.
    package var room: String
    /// The start board (``ScoreEntry/boardKey(of:)``): a board counts once.
    package var board: String
    /// The final score of the board's best ending.
    package var score: Int
    /// Whether that ending cleared the room.
    package var cleared: Bool

    /// A game of the room shape `room` from the start board keyed `board`.
    package init(room: String, board: String, score: Int, cleared: Bool) {
        self.room = room
        self.board = board
        self.score = score
        self.cleared = cleared
    }

    /// Whether this ending of a board is better than `other`: a higher score, or a clear at the same score.
    func endsBetter(than other: GameRecord) -> Bool {
        score != other.score ? score > other.score : cleared && !other.cleared
    }

    private enum CodingKeys: String, CodingKey { case room, board, score, cleared }

    /// Reads a record, refusing a score no game can have.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        score = try container.decode(Int.self, forKey: .score)
        guard (0...ScoreEntry.maximumScore).contains(score) else {
            throw DecodingError.dataCorruptedError(
                forKey: .score, in: container, debugDescription: "a score is 0 to \(ScoreEntry.maximumScore), not \(score)")
        }
        room = try container.decode(String.self, forKey: .room)
        board = try container.decode(String.self, forKey: .board)
        cleared = try container.decode(Bool.self, forKey: .cleared)
    }
}

/// What the statistics say of a set of games.
package struct StatisticsSummary: Hashable, Sendable {
    /// How many games ended.
    package var played = 0
    /// How many of them cleared the room.
    package var cleared = 0
    /// The best final score, nil before any game.
    package var best: Int?
    /// The mean final score, nil before any game.
    package var average: Double?
    /// How many games in a row cleared the room, up to the last one.
    package var currentStreak = 0
    /// The most games in a row that cleared the room.
    package var longestStreak = 0

    /// The share of games that cleared the room, 0 to 1; nil before any game.
    package var clearRate: Double? { played == 0 ? nil : Double(cleared) / Double(played) }
}

/// Every game the player finished, in the order they first ended, kept in the data folder
/// beside the best scores. A board counts once, as in the top 10: when the same board ends
/// again (after an undo, or a restart), its record keeps the better ending, in its first place.
public struct Statistics: Hashable, Sendable {
    /// Names the format of a statistics file.
    static let formatName = "puzzle-prison-statistics"
    /// The version of the format this build writes and reads.
    static let currentVersion = 1
    /// The most games kept: the oldest go first beyond it (the file stays a few megabytes).
    package static let maximumGames = 50_000

    /// The games, oldest first.
    package private(set) var games: [GameRecord] = []

    /// No games yet.
    package init() {}

    /// The games `records` list, oldest first: a board listed twice counts once, at its better
    /// ending, and only the last ``maximumGames`` are kept.
    package init(games records: some Sequence<GameRecord>) {
        // Merged through a table of where each board is, so a long history loads in linear time.
        var places: [String: Int] = [:]
        for game in records {
            let key = game.room + " " + game.board
            if let place = places[key] {
                if game.endsBetter(than: games[place]) { games[place] = game }
            } else {
                places[key] = games.count
                games.append(game)
            }
        }
        games = Array(games.suffix(Self.maximumGames))
    }

    /// These games and `other`'s after them: a board counted in both once, at its better ending.
    package func merged(with other: Statistics) -> Statistics { Statistics(games: games + other.games) }

    /// Records the ending `record`: a new board at the end; a board already counted keeps the
    /// better ending (a higher score, or a clear at the same score). Whether anything changed.
    @discardableResult
    mutating func record(_ record: GameRecord) -> Bool {
        if let index = games.firstIndex(where: { $0.board == record.board && $0.room == record.room }) {
            guard record.endsBetter(than: games[index]) else { return false }
            games[index] = record
            return true
        }
        games.append(record)
        if games.count > Self.maximumGames { games.removeFirst(games.count - Self.maximumGames) }
        return true
    }

    /// The summary of the games in the room shape `key` (``ScoreTable/key(for:)``), or of every
    /// game when `key` is nil.
    package func summary(forRoomKey key: String? = nil) -> StatisticsSummary {
        var summary = StatisticsSummary()
        // In floating point: 50,000 games of the highest score a file may hold (10^15) add up
        // beyond the largest integer, and the mean needs no more than a double's precision.
        var total = 0.0
        var streak = 0
        for game in games where key == nil || game.room == key {
            summary.played += 1
            total += Double(game.score)
            summary.best = max(summary.best ?? game.score, game.score)
            if game.cleared {
                summary.cleared += 1
                streak += 1
                summary.longestStreak = max(summary.longestStreak, streak)
            } else {
                streak = 0
            }
        }
        summary.currentStreak = streak
        if summary.played > 0 { summary.average = total / Double(summary.played) }
        return summary
    }

    /// The room shapes with games, as ``ScoreTable/key(for:)`` names them, sorted.
    var roomKeys: [String] { Set(games.map(\.room)).sorted() }

    /// The statistics as JSON: keys sorted.
    package func encoded() -> Data {
        // Strings, whole numbers and Booleans: encoding cannot fail.
        try! jsonData(File(statistics: self))
    }

    /// Reads statistics from the JSON ``encoded()`` writes.
    package init(json: Data) throws(DataError) {
        do { self = try JSONDecoder().decode(File.self, from: json).statistics } catch { throw DataError(describe(error)) }
    }

    /// A statistics file: the games with the format's name and version.
    private struct File: Codable {
        let statistics: Statistics

        init(statistics: Statistics) { self.statistics = statistics }

        private enum CodingKeys: String, CodingKey { case format, version, games }

        /// Reads a statistics file, refusing another format or version; a board listed twice counts
        /// once, at its better ending.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            try checkHeader(of: container, format: (.format, Statistics.formatName), version: (.version, Statistics.currentVersion))
            statistics = Statistics(games: try container.decode([GameRecord].self, forKey: .games))
        }

        /// Writes the games with the format's name and version.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(Statistics.formatName, forKey: .format)
            try container.encode(Statistics.currentVersion, forKey: .version)
            try container.encode(statistics.games, forKey: .games)
        }
    }
}
