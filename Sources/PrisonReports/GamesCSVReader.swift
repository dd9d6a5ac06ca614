import Foundation
import PrisonFiles
import PrisonWorld

/// A games CSV file read a row at a time, as `merge` and `--resume` read it: one shard of one
/// run. Its rows are checked as they come: each belongs to the run and shard of the first.
public final class GamesCSVReader {
    /// A row of the file: a game and the point it was played at.
    public struct Row: Sendable {
        /// The row's line number in the file, from 1 (the header).
        public let line: Int
        /// The point the game was played at.
        public let point: Int
        /// The point's settings.
        public let settings: PointSettings
        /// The game.
        public let record: GameRecord
        /// The game's number across all points: point × games + index.
        public let number: Int
    }

    /// What every row of a shard shares: the run, the shard, and the plan's size, seed and mode.
    private struct Head: Equatable {
        let command: Plan.Command, fingerprint: String, shard: Shard, points: Int, games: Int, seed: UInt64
        let worldMode: Bool
    }

    /// The file read.
    public let path: String
    private let lines: LineReader
    private let head: Head
    private let droppingUnfinishedRow: Bool
    /// The point and settings of each run of fields before the game's, read once a point.
    private var known: [Substring: (point: Int, settings: PointSettings)] = [:]
    /// The row read ahead (the first, to learn the head).
    private var ahead: Row?
    /// The rows ``next()`` has returned.
    public private(set) var rowsRead = 0

    /// The command that played the run.
    public var command: Plan.Command { head.command }
    /// The run's plan's ``Plan/fingerprint``.
    public var fingerprint: String { head.fingerprint }
    /// The part of the run's games the file holds.
    public var shard: Shard { head.shard }
    /// The number of points of the run.
    public var points: Int { head.points }
    /// The games asked for at each point.
    public var games: Int { head.games }
    /// The seed of the run.
    public var seed: UInt64 { head.seed }
    /// Whether the games went through the world.
    public var worldMode: Bool { head.worldMode }

    /// The run as messages name it: "run 3f2a… (sweep, seed 1, 40 games a point, 4 shards)".
    public var identity: String {
        "run \(fingerprint) (\(command.rawValue), seed \(seed), \(counting(games, "game")) a point, "
            + "\(counting(shard.count, "shard")))"
    }

    /// The file at `path`, its header checked and its first row read, or nil when it has the
    /// header and no rows. With `droppingUnfinishedRow`, a last row without its line end (a
    /// write cut short by a crash) is left out rather than refused.
    public init?(reading path: String, droppingUnfinishedRow: Bool = false) throws(ReportError) {
        let lines: LineReader
        do throws(FileError) { lines = try LineReader(path: path, what: "CSV file") } catch { throw .file(error) }
        guard try Self.nextLine(of: lines, droppingUnfinishedRow: false)?.text == String(GamesCSV.header.dropLast()) else {
            throw .badData(
                "\(path) is not a games CSV of prison-sim run or sweep: its first line is not \(GamesCSV.columns.prefix(3).joined(separator: ","))…"
            )
        }
        guard let line = try Self.nextLine(of: lines, droppingUnfinishedRow: droppingUnfinishedRow) else { return nil }
        var known: [Substring: (point: Int, settings: PointSettings)] = [:]
        let (row, head) = try Self.parse(line.text, number: lines.lineNumber, path: path, head: nil, known: &known)
        self.path = path
        self.lines = lines
        self.droppingUnfinishedRow = droppingUnfinishedRow
        self.head = head
        self.known = known
        ahead = row
    }

    /// The next row, or nil after the last.
    public func next() throws(ReportError) -> Row? {
        if let row = ahead {
            ahead = nil
            rowsRead += 1
            return row
        }
        guard let line = try Self.nextLine(of: lines, droppingUnfinishedRow: droppingUnfinishedRow) else { return nil }
        let row = try Self.parse(line.text, number: lines.lineNumber, path: path, head: head, known: &known).row
        rowsRead += 1
        return row
    }

    /// The next line of `lines`, leaving out a last one without its line end when `droppingUnfinishedRow`.
    private static func nextLine(
        of lines: LineReader, droppingUnfinishedRow: Bool
    ) throws(ReportError) -> (text: String, ended: Bool)? {
        do throws(FileError) {
            guard let line = try lines.nextLine() else { return nil }
            return line.ended || !droppingUnfinishedRow ? line : nil
        } catch { throw .file(error) }
    }

    /// The row on line `number`, and the head it has: `head`, or the first row's when nil.
    private static func parse(
        _ line: String, number lineNumber: Int, path: String, head: Head?,
        known: inout [Substring: (point: Int, settings: PointSettings)]
    ) throws(ReportError) -> (row: Row, head: Head) {
        func fail(_ message: String) -> ReportError { .badData("\(path) line \(lineNumber): \(message)") }
        let column = Self.column
        // Split as bytes: no field holds anything but ASCII worth reading, and splitting by
        // Character costs most of a merge's time.
        var fields = line.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map(Substring.init)
        guard fields.count == GamesCSV.columns.count else {
            throw fail("\(fields.count) fields, not \(GamesCSV.columns.count) (a row cut short by a crash?)")
        }
        let game = fields.suffix(gameColumns)
        fields.removeLast(gameColumns)
        let prefix = line[line.startIndex..<game.first!.startIndex]
        var head = head
        if known[prefix] == nil {
            func field(_ name: String) -> String { String(fields[column[name]!]) }
            func integer(_ name: String, atLeast low: Int = 0) throws(ReportError) -> Int {
                guard let value = Int(field(name)), value >= low else {
                    throw fail("\(name) '\(field(name))' is not a whole number")
                }
                return value
            }
            guard let command = Plan.Command(rawValue: field("command")) else {
                throw fail("command '\(field("command"))' is not run or sweep")
            }
            guard let shard = Shard(field("shard") + "/" + field("shards")) else {
                throw fail("no such shard as \(field("shard"))/\(field("shards"))")
            }
            guard let seed = UInt64(field("seed")) else { throw fail("seed '\(field("seed"))' is not a seed") }
            guard ["world", "rules-only"].contains(field("mode")) else {
                throw fail("mode '\(field("mode"))' is not world or rules-only")
            }
            let rowHead = Head(
                command: command, fingerprint: field("run"), shard: shard,
                points: try integer("points", atLeast: 1),
                games: try integer("games", atLeast: 1), seed: seed, worldMode: field("mode") == "world")
            if let head {
                guard head == rowHead else { throw fail("the row belongs to another run or shard than line 2") }
            } else {
                head = rowHead
            }
            let point = try integer("point")
            guard point < rowHead.points else {
                throw fail("point \(point) is beyond the run's \(rowHead.points) points")
            }
            var settings = PointSettings()
            for parameter in Parameter.allCases where !field(parameter.column).isEmpty {
                do throws(ParameterError) { try parameter.set(field(parameter.column), in: &settings) } catch {
                    throw fail("\(parameter.column): \(error)")
                }
            }
            if let problem = settings.problem { throw fail(problem) }
            known[prefix] = (point, settings)
        }
        let (point, settings) = known[prefix]!
        let current = head!
        func integer(_ offset: Int) throws(ReportError) -> Int {
            let text = game[game.startIndex + offset]
            guard let value = Int(text), value >= 0 else {
                throw fail(
                    "\(GamesCSV.columns[GamesCSV.columns.count - gameColumns + offset]) '\(text)' is not a whole number"
                )
            }
            return value
        }
        let index = try integer(0)
        guard index < current.games else {
            throw fail("game \(index) is beyond the \(current.games) games of a point")
        }
        let number = point * current.games + index
        guard current.shard.plays(number) else {
            throw fail("game \(index) of point \(point) is not shard \(current.shard)'s")
        }
        guard let boardSeed = UInt64(game[game.startIndex + 1]),
            let cleared = Bool(String(game[game.startIndex + 4]))
        else {
            throw fail("boardSeed or cleared cannot be read")
        }
        let record = GameRecord(
            index: index, seed: boardSeed, score: try integer(2), moves: try integer(3), cleared: cleared,
            remaining: try integer(5), maxMultiplier: try integer(6), comboRemovals: try integer(7),
            missedTaps: try integer(8))
        return (Row(line: lineNumber, point: point, settings: settings, record: record, number: number), current)
    }

    /// The position of each column.
    private static let column = Dictionary(uniqueKeysWithValues: GamesCSV.columns.enumerated().map { ($1, $0) })
    /// The number of the game's own columns, from `index` on: the fields before them are the same for every row of a point.
    private static let gameColumns = GamesCSV.columns.count - GamesCSV.columns.firstIndex(of: "index")!
}
