import Foundation
import PrisonFiles
import PrisonRules

/// One finished game in a table of best scores.
package struct ScoreEntry: Hashable, Sendable, Codable {
    /// The game's final score.
    package var score: Int
    /// Whether the player emptied the room.
    package var cleared: Bool
    /// The number of moves played.
    package var moves: Int
    /// When the game ended, held to whole seconds as the scores file stores it.
    package var date: Date
    /// The start board of the game (see ``boardKey(of:)``), or nil in entries from before it was
    /// kept: a board holds one place in a table, its best ending.
    package var board: String?

    /// The highest score a scores file may hold: far beyond any game, far below an overflow.
    package static let maximumScore = 1_000_000_000_000_000
    /// The most moves a scores file may hold: every block of the largest room.
    package static let maximumMoves = 4 * Room.maximumSide * Room.maximumSide

    /// An entry of `score` (held to whole seconds of `date`), of the start board keyed `board`.
    package init(score: Int, cleared: Bool, moves: Int, date: Date, board: String? = nil) {
        self.score = score
        self.cleared = cleared
        self.moves = moves
        self.date = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
        self.board = board
    }

    /// The key of `board` in entries: 16 hexadecimal digits of a 64-bit FNV-1a hash of its text,
    /// the same on every run and machine.
    package static func boardKey(of board: Board) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in board.text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private enum CodingKeys: String, CodingKey {
        case score, cleared, moves, date, board
    }

    /// Reads an entry, refusing a score or move count no game can have.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let score = try container.decode(Int.self, forKey: .score)
        guard (0...Self.maximumScore).contains(score) else {
            throw DecodingError.dataCorruptedError(
                forKey: .score, in: container, debugDescription: "a score is 0 to \(Self.maximumScore), not \(score)")
        }
        let moves = try container.decode(Int.self, forKey: .moves)
        guard (0...Self.maximumMoves).contains(moves) else {
            throw DecodingError.dataCorruptedError(
                forKey: .moves, in: container, debugDescription: "a game has 0 to \(Self.maximumMoves) moves, not \(moves)")
        }
        self.init(
            score: score, cleared: try container.decode(Bool.self, forKey: .cleared), moves: moves,
            date: try Self.date(container.decode(String.self, forKey: .date), in: container),
            board: try container.decodeIfPresent(String.self, forKey: .board))
    }

    /// Writes the entry, its date in ISO 8601 (`2026-11-18T11:06:40Z`).
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(score, forKey: .score)
        try container.encode(cleared, forKey: .cleared)
        try container.encode(moves, forKey: .moves)
        try container.encode(date.formatted(.iso8601), forKey: .date)
        try container.encodeIfPresent(board, forKey: .board)
    }

    /// The date an ISO 8601 `text` gives, or an error naming the date's key.
    private static func date(_ text: String, in container: KeyedDecodingContainer<CodingKeys>) throws -> Date {
        // A format style, not a formatter made for each of 10^5 entries.
        guard let date = try? Date(text, strategy: .iso8601) else {
            throw DecodingError.dataCorruptedError(
                forKey: .date, in: container, debugDescription: "\"\(text)\" is not a date in ISO 8601 (like 2026-11-18T11:06:40Z)")
        }
        return date
    }

    /// Whether this entry ranks above `other`: a higher score, or the same score reached earlier.
    func ranks(above other: ScoreEntry) -> Bool {
        score != other.score ? score > other.score : date < other.date
    }
}

/// The best scores, a table of the top `ScoreTable/places` for each room shape.
///
/// Rooms are told apart by their shape alone (walls, width and height); the number of colours
/// and the rules are not part of the key.
public struct ScoreTable: Hashable, Sendable {
    /// How many entries each room's table keeps.
    package static let places = 10
    /// Names the format of a scores file.
    static let formatName = "puzzle-prison-scores"
    /// The version of the scores file this build writes and reads.
    static let currentVersion = 1

    /// Each room's entries, best first, under its ``key(for:)``.
    private var rooms: [String: [ScoreEntry]]

    /// An empty table.
    package init() { rooms = [:] }

    /// A table of the entries of each room shape under its ``key(for:)``, each room's ranked and
    /// cut to ``places``.
    package init(rooms: [String: [ScoreEntry]]) {
        self.rooms = rooms.mapValues { entries in Array(entries.sorted { $0.ranks(above: $1) }.prefix(Self.places)) }
    }

    /// This table and `other` together: each room's best ``places`` of both, an entry in both
    /// once, a board once (at its better entry).
    package func merged(with other: ScoreTable) -> ScoreTable {
        var rooms = rooms
        for (key, entries) in other.rooms {
            var merged = rooms[key, default: []]
            for entry in entries where !merged.contains(entry) {
                if let board = entry.board, let earlier = merged.firstIndex(where: { $0.board == board }) {
                    guard entry.ranks(above: merged[earlier]) else { continue }
                    merged.remove(at: earlier)
                }
                merged.append(entry)
            }
            rooms[key] = merged
        }
        return ScoreTable(rooms: rooms)
    }

    /// The key a room's entries are kept under: walls, width and height, like `4x12x10`.
    package static func key(for room: Room) -> String { "\(room.walls)x\(room.width)x\(room.height)" }

    /// Enters `entry` in the table of `room`; its place from 1 if it made the top ``places``, else nil.
    ///
    /// An entry ties below the entries already there with the same score and date. A board holds
    /// one place: an entry of a board already in the table replaces that board's entry when it
    /// ranks above it, and is left out (nil) otherwise.
    package mutating func record(_ entry: ScoreEntry, for room: Room) -> Int? {
        var entries = rooms[Self.key(for: room), default: []]
        if let board = entry.board, let earlier = entries.firstIndex(where: { $0.board == board }) {
            guard entry.ranks(above: entries[earlier]) else { return nil }
            entries.remove(at: earlier)
        }
        let index = entries.firstIndex { entry.ranks(above: $0) } ?? entries.count
        guard index < Self.places else { return nil }
        entries.insert(entry, at: index)
        rooms[Self.key(for: room)] = Array(entries.prefix(Self.places))
        return index + 1
    }

    /// The place (from 1) of `board`'s entry in the table of `room`, or nil when it has none.
    func place(ofBoard board: String, in room: Room) -> Int? {
        entries(for: room).firstIndex { $0.board == board }.map { $0 + 1 }
    }

    /// The best score of `room`, or nil before any game there was recorded.
    package func best(for room: Room) -> Int? { entries(for: room).first?.score }

    /// The keys of the rooms with entries, sorted.
    package var roomKeys: [String] { rooms.filter { !$0.value.isEmpty }.keys.sorted() }

    /// The entries of `room`, best first.
    package func entries(for room: Room) -> [ScoreEntry] { entries(forKey: Self.key(for: room)) }

    /// The entries of the room shape `key` (``key(for:)``), best first.
    package func entries(forKey key: String) -> [ScoreEntry] { rooms[key] ?? [] }

    /// The table as JSON: keys sorted, dates in ISO 8601.
    package func encoded() -> Data {
        // Strings, whole numbers and Booleans: encoding cannot fail.
        try! jsonData(File(table: self))
    }

    /// Reads a table from the JSON ``encoded()`` writes.
    package init(json: Data) throws(DataError) {
        do { self = try JSONDecoder().decode(File.self, from: json).table } catch {
            throw DataError(describe(error))
        }
    }

    /// A scores file: the table with its format's name and version.
    private struct File: Codable {
        let table: ScoreTable

        init(table: ScoreTable) { self.table = table }

        private enum CodingKeys: String, CodingKey {
            case format, version, rooms
        }

        /// Reads a scores file's table, refusing another format or version, each room's entries ranked and cut to `places`.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            try checkHeader(of: container, format: (.format, ScoreTable.formatName), version: (.version, ScoreTable.currentVersion))
            table = ScoreTable(rooms: try container.decode([String: [ScoreEntry]].self, forKey: .rooms))
        }

        /// Writes the table with its format name and version, as the scores file keeps it.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(ScoreTable.formatName, forKey: .format)
            try container.encode(ScoreTable.currentVersion, forKey: .version)
            try container.encode(table.rooms, forKey: .rooms)
        }
    }
}

/// Refuses a file whose `format` and `version` keys do not hold the format's name and the version
/// this program reads.
func checkHeader<Key: CodingKey>(
    of container: KeyedDecodingContainer<Key>, format: (key: Key, name: String), version: (key: Key, number: Int)
) throws {
    let name = try container.decode(String.self, forKey: format.key)
    guard name == format.name else {
        throw DecodingError.dataCorruptedError(forKey: format.key, in: container, debugDescription: "\"\(name)\" is not \(format.name)")
    }
    let number = try container.decode(Int.self, forKey: version.key)
    guard number == version.number else {
        throw DecodingError.dataCorruptedError(
            forKey: version.key, in: container,
            debugDescription: "version \(number) is not supported (this program reads version \(version.number))")
    }
}
