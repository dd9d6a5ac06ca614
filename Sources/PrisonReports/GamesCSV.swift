import Foundation
import PrisonFiles
import PrisonWorld
import Synchronization

/// The games CSV of `run`, `sweep` and `merge`: one row a game, with everything a merge needs to
/// recognise the plan, the shard and the game.
///
/// Columns: `command` (run or sweep), `run` (the plan's fingerprint), `shard` and `shards`
/// (1 and 1 for all the games), `points`, `point`, `games` (asked for at each point), `seed`,
/// `mode`, the point's settings (`walls` … `thinkPlayouts`), then the game: `index`, `boardSeed`
/// (for `prison-sim new --seed`), `score`, `moves`, `cleared`, `remaining`, `maxMultiplier`,
/// `comboRemovals`, `missedTaps`. Rows are in order of point, then index. No field holds a
/// comma or a quote, so no field is quoted.
public enum GamesCSV {
    /// The names of the columns, in order.
    public static let columns =
        ["command", "run", "shard", "shards", "points", "point", "games", "seed", "mode"]
        + Parameter.allCases.map(\.column)
        + [
            "index", "boardSeed", "score", "moves", "cleared", "remaining", "maxMultiplier", "comboRemovals",
            "missedTaps",
        ]

    /// The first line: the columns, and the line end.
    public static let header = columns.joined(separator: ",") + "\n"

    /// The row of game `record` of point `point` of `plan`, played as part of `shard`.
    public static func row(_ record: GameRecord, point: Int, of plan: Plan, fingerprint: String, shard: Shard) -> String {
        prefix(ofPoint: point, of: plan, fingerprint: fingerprint, shard: shard) + fields(of: record)
    }

    /// The fields of a row before the game's: the run, the shard and the point's settings, and a comma.
    public static func prefix(ofPoint point: Int, of plan: Plan, fingerprint: String, shard: Shard) -> String {
        var fields: [String] = [
            plan.command.rawValue, fingerprint, String(shard.number), String(shard.count), String(plan.points.count),
            String(point), String(plan.games), String(plan.seed), plan.modeText,
        ]
        for parameter in Parameter.allCases { fields.append(parameter.text(in: plan.points[point])) }
        return fields.joined(separator: ",") + ","
    }

    /// The game's fields, and the line end.
    public static func fields(of record: GameRecord) -> String {
        let fields: [String] = [
            String(record.index), String(record.seed), String(record.score), String(record.moves),
            String(record.cleared), String(record.remaining), String(record.maxMultiplier),
            String(record.comboRemovals), String(record.missedTaps),
        ]
        return fields.joined(separator: ",") + "\n"
    }

    /// Writes the whole file to `output`, a megabyte or so at a time: the header and the rows of
    /// `games` (point, record), sorted by point and index.
    public static func write(
        _ games: [(point: Int, record: GameRecord)], of plan: Plan, shard: Shard,
        to output: (Data) throws(ReportError) -> Void
    ) throws(ReportError) {
        let fingerprint = plan.fingerprint
        let prefixes = plan.points.indices.map { prefix(ofPoint: $0, of: plan, fingerprint: fingerprint, shard: shard) }
        var text = header
        for game in games.sorted(by: { ($0.point, $0.record.index) < ($1.point, $1.record.index) }) {
            text += prefixes[game.point]
            text += fields(of: game.record)
            if text.utf8.count >= 1 << 20 {
                try output(Data(text.utf8))
                text = ""
            }
        }
        try output(Data(text.utf8))
    }
}

/// Writes the games CSV as games finish: each row goes to `FILE.partial` the moment its game
/// ends (one write a row), so a crash or a kill keeps every finished game; at the end the rows
/// are sorted into FILE, atomically, and the partial file is removed.
public final class GamesCSVWriter: Sendable {
    /// The file the games end up in.
    public let path: String
    private let plan: Plan
    private let fingerprint: String
    private let shard: Shard
    private let handle: FileHandle
    private let failure = Mutex<ReportError?>(nil)

    /// The file where rows go while the games run.
    public var partialPath: String { path + ".partial" }

    /// The games kept from an earlier run by `resuming`.
    public let kept: [(point: Int, record: GameRecord)]

    /// Starts `FILE.partial` with the header. `resuming`, it first reads the games an earlier run
    /// of the same plan and shard left in `FILE.partial` (or, without one, in FILE) and keeps
    /// them; a file of another plan or shard is refused.
    public init(path: String, plan: Plan, shard: Shard, resuming: Bool = false) throws(ReportError) {
        self.path = path
        self.plan = plan
        self.shard = shard
        fingerprint = plan.fingerprint
        let partial = path + ".partial"
        var kept: [(point: Int, record: GameRecord)] = []
        if resuming, let earlier = [partial, path].first(where: { FileManager.default.fileExists(atPath: $0) }),
            let file = try GamesCSVReader(reading: earlier, droppingUnfinishedRow: earlier == partial)
        {
            guard file.fingerprint == fingerprint, file.shard == shard else {
                throw .badData(
                    "\(earlier) holds games of \(file.identity), shard \(file.shard), not of this run: "
                        + "remove it, or run without --resume")
            }
            var seen = Set<Int>()
            while let row = try file.next() {
                guard seen.insert(row.number).inserted else {
                    throw .badData("\(earlier) line \(row.line): game \(row.record.index) of point \(row.point) appears twice")
                }
                kept.append((row.point, row.record))
            }
        }
        self.kept = kept
        guard FileManager.default.createFile(atPath: partial, contents: nil),
            let handle = FileHandle(forWritingAtPath: partial)
        else { throw .file(FileError(.unwritable, "cannot write '\(partial)'")) }
        self.handle = handle
        try GamesCSV.write(kept, of: plan, shard: shard) { data throws(ReportError) in
            do { try handle.write(contentsOf: data) } catch {
                throw .file(FileError(.unwritable, "cannot write '\(partial)': \(error.localizedDescription)"))
            }
        }
    }

    /// Appends the row of a finished game; safe from any thread. The first failure to write is
    /// kept for ``finish(_:)`` to report.
    public func append(_ record: GameRecord, point: Int) {
        let row = Data(GamesCSV.row(record, point: point, of: plan, fingerprint: fingerprint, shard: shard).utf8)
        failure.withLock { failure in
            guard failure == nil else { return }
            do { try handle.write(contentsOf: row) } catch {
                failure = .file(FileError(.unwritable, "cannot write '\(partialPath)': \(error.localizedDescription)"))
            }
        }
    }

    /// Writes FILE with every game, sorted, and removes the partial file; after a failure to
    /// write a row, leaves the partial file and throws.
    public func finish(_ games: [(point: Int, record: GameRecord)]) throws(ReportError) {
        try? handle.close()
        if let failure = failure.withLock({ $0 }) { throw failure }
        let output: FileWriter
        do throws(FileError) { output = try FileWriter(path: path) } catch { throw .file(error) }
        try GamesCSV.write(games, of: plan, shard: shard) { data throws(ReportError) in
            do throws(FileError) { try output.write(data) } catch { throw .file(error) }
        }
        do throws(FileError) { try output.finish() } catch { throw .file(error) }
        try? FileManager.default.removeItem(atPath: partialPath)
    }
}
