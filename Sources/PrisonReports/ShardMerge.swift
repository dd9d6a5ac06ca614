import Foundation
import PrisonFiles

/// The games CSV files of the shards of a run or sweep put together: what one process that
/// played every game would have written, and the figures of its summary.
public struct ShardMerge: Sendable {
    /// The plan the shards played, its points' settings learnt from the rows.
    public let plan: Plan
    /// The tally of each point's games, in order of index.
    public let tallies: [Tally]

    /// Reads the shards' rows in order of game number, a row at a time, and writes them as one
    /// process's games CSV to `output` (unfinished: the caller finishes it); learns the plan the
    /// shards played and the tally of each point's games. A failure names the shard that is
    /// foreign, duplicated, missing or incomplete, or the row out of place.
    public init(_ shards: [GamesCSVReader], writingTo output: FileWriter?) throws(ReportError) {
        guard let first = shards.first else { throw .badData("no games in any of the files") }
        var byNumber: [Int: GamesCSVReader] = [:]
        for shard in shards {
            guard shard.fingerprint == first.fingerprint, shard.shard.count == first.shard.count else {
                throw .badData(
                    "\(shard.path) is a shard of another run: \(shard.identity), not \(first.identity) as \(first.path)"
                )
            }
            if let twin = byNumber[shard.shard.number] {
                if twin.path == shard.path { throw .badData("\(shard.path) is given twice") }
                throw .badData("\(shard.path) is shard \(shard.shard) again: so is \(twin.path)")
            }
            byNumber[shard.shard.number] = shard
        }
        let count = first.shard.count
        let total = first.points * first.games
        let missing = (1...count).filter { byNumber[$0] == nil && Shard(number: $0, count: count).share(of: total) > 0 }
        if !missing.isEmpty {
            let names = missing.prefix(10).map { "\($0)/\(count)" }.joined(separator: ", ")
            throw .badData(
                "shard\(missing.count == 1 ? "" : "s") \(names)\(missing.count > 10 ? " and \(missing.count - 10) more" : "") "
                    + "of \(first.identity) \(missing.count == 1 ? "is" : "are") missing")
        }
        // Game n is shard (n mod count) + 1's, and each shard's rows come in order of number: one
        // row from each shard in turn gives every game in order. The settings of each point come
        // with its first row.
        var plan = Plan(
            command: first.command, seed: first.seed, games: first.games, worldMode: first.worldMode,
            points: Array(repeating: PointSettings(), count: first.points))
        var prefixes = [String?](repeating: nil, count: first.points)
        var tallies = Array(repeating: Tally(), count: first.points)
        var text = GamesCSV.header
        for number in 0..<total {
            let shard = byNumber[number % count + 1]!
            guard let row = try shard.next() else {
                throw .badData(
                    "\(shard.path) holds \(shard.rowsRead) of the \(shard.shard.share(of: total)) games of shard "
                        + "\(shard.shard): it was stopped or is still running; run it again")
            }
            guard row.number == number else {
                throw .badData(
                    "\(shard.path) line \(row.line): game \(row.record.index) of point \(row.point) comes where game "
                        + "\(number % first.games) of point \(number / first.games) should: "
                        + (row.number < number ? "a game twice, or rows out of order" : "a game missing, or rows out of order")
                        + " (run the shard again with --resume to sort its rows)")
            }
            if prefixes[row.point] == nil {
                plan.points[row.point] = row.settings
                prefixes[row.point] = GamesCSV.prefix(
                    ofPoint: row.point, of: plan, fingerprint: first.fingerprint, shard: .whole)
            } else if plan.points[row.point] != row.settings {
                throw .badData(
                    "\(shard.path) line \(row.line): point \(row.point)'s settings differ from another shard's")
            }
            tallies[row.point].add(row.record)
            guard let output else { continue }
            text += prefixes[row.point]!
            text += GamesCSV.fields(of: row.record)
            if text.utf8.count >= 1 << 20 {
                try Self.write(text, to: output)
                text = ""
            }
        }
        for shard in shards {
            if let row = try shard.next() {
                throw .badData(
                    "\(shard.path) line \(row.line): game \(row.record.index) of point \(row.point) appears twice")
            }
        }
        if let output { try Self.write(text, to: output) }
        guard plan.fingerprint == first.fingerprint else {
            throw .badData("the rows of \(first.path) do not match their run \(first.fingerprint): was a file edited?")
        }
        self.plan = plan
        self.tallies = tallies
    }

    /// Adds `text` to `output`.
    private static func write(_ text: String, to output: FileWriter) throws(ReportError) {
        do throws(FileError) { try output.write(Data(text.utf8)) } catch { throw .file(error) }
    }

    /// The summary of the shards of a run, as one process would give it but for the timing; the
    /// plan must be a run's.
    public func runReport() -> RunReport {
        precondition(plan.command == .run, "the shards are of a sweep")
        return RunReport(
            plan: plan, statistics: SimulationStatistics(tallies[0]), shard: nil, execution: nil, interrupted: false)
    }

    /// The summary of the shards of a sweep, its plot along `xParameter` (the first swept
    /// parameter when nil), as one process would give it but for the timing; the plan must be a
    /// sweep's.
    public func sweepReport(xParameter: Parameter?) -> SweepReport {
        precondition(plan.command == .sweep, "the shards are of a run")
        return SweepReport(
            plan: plan, statistics: tallies.map(SimulationStatistics.init), shard: nil, xParameter: xParameter,
            execution: nil, interrupted: false)
    }
}
