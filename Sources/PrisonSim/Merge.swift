import ArgumentParser
import Foundation
import PrisonFiles
import PrisonWorld

struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Put the CSV files of the shards of a run or sweep together.",
        discussion: """
            Give the games CSV of every shard (`run` or `sweep` with --shard K/N and --csv), in any \
            order. The merge prints the summary, and writes the games CSV, summary CSV and plot, \
            exactly as one process with the same options would have; only the timing figures (jobs, \
            seconds, games per second), which the files do not hold, are left out. It refuses a \
            missing, duplicated, incomplete or foreign shard, naming it. Files without a game (the \
            share of a shard can be empty) are passed over.
            """)

    @Argument(help: ArgumentHelp("The games CSV files of the shards.", valueName: "csv"))
    var files: [String]
    @Flag(help: "Print the summary as one JSON object instead of a table.")
    var json = false
    @Option(help: "Write all the games, one CSV row each, to this file.")
    var csv: String?
    @Option(help: "Write the summary of a sweep, one CSV row per point, to this file.")
    var summaryCsv: String?
    @Option(help: "Write the plot: a histogram of the scores for a run, score and clear rate for a sweep.")
    var plot: String?
    @Option(help: ArgumentHelp("The parameter along a sweep plot's x axis.", valueName: "name"))
    var plotX: String?

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give the CSV files of the shards") }
        if let plotX, Parameter(rawValue: plotX) == nil { throw ValidationError("--plot-x: no parameter '\(plotX)'") }
    }

    func run() throws {
        try reportingFailures {
            for path in [csv, summaryCsv, plot].compactMap(\.self) { try checkWritable(path) }
            var shards: [ShardReader] = []
            for path in files {
                guard let shard = try ShardReader(reading: path) else {
                    printError("\(path) holds no games; passed over")
                    continue
                }
                shards.append(shard)
            }
            let output = try csv.map { path throws(Failure) in try openOutput(path) }
            let (plan, tallies) = try Self.combine(shards, writingTo: output)
            if plan.command == .run, summaryCsv != nil || plotX != nil {
                throw Failure(message: "--summary-csv and --plot-x are for sweeps; these are shards of a run", code: 64)
            }
            // The summary and the plot, as one process would write them.
            let summary: Data
            let svg: String
            var summaryCSV: String?
            switch plan.command {
            case .run:
                let report = RunReport(
                    plan: plan, statistics: Statistics(tallies[0]), shard: nil, execution: nil, interrupted: false)
                (summary, svg) = (json ? report.json() : Data(report.table().utf8), report.svg())
            case .sweep:
                let report = SweepReport(
                    plan: plan, statistics: tallies.map(Statistics.init), shard: nil,
                    xParameter: plotX.flatMap(Parameter.init(rawValue:)), execution: nil, interrupted: false)
                (summary, svg) = (json ? report.json() : Data(report.table().utf8), report.svg())
                summaryCSV = report.summaryCSV()
            }
            try writeOutput(summary)
            try writingEach([
                { try output?.finish() },
                {
                    if let summaryCsv, let summaryCSV { try writeFile(Data(summaryCSV.utf8), to: summaryCsv) }
                },
                { if let plot { try writeFile(Data(svg.utf8), to: plot) } },
            ])
        }
    }

    /// Reads the shards' rows in order of game number, a row at a time, and writes them as one
    /// process's games CSV to `output` (unfinished); returns the plan the shards played and the
    /// tally of each point's games. A failure names the shard that is foreign, duplicated,
    /// missing or incomplete, or the row out of place.
    static func combine(
        _ shards: [ShardReader], writingTo output: OutputFile?
    ) throws(Failure) -> (Plan, [Tally]) {
        guard let first = shards.first else { throw .badData("no games in any of the files") }
        var byNumber: [Int: ShardReader] = [:]
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
                try output.write(Data(text.utf8))
                text = ""
            }
        }
        for shard in shards {
            if let row = try shard.next() {
                throw .badData(
                    "\(shard.path) line \(row.line): game \(row.record.index) of point \(row.point) appears twice")
            }
        }
        try output?.write(Data(text.utf8))
        guard plan.fingerprint == first.fingerprint else {
            throw .badData("the rows of \(first.path) do not match their run \(first.fingerprint): was a file edited?")
        }
        return (plan, tallies)
    }
}

/// A games CSV file read a row at a time, as `merge` and `--resume` read it: one shard of one
/// run. Its rows are checked as they come: each belongs to the run and shard of the first.
final class ShardReader {
    struct Row {
        let line: Int
        let point: Int
        let settings: PointSettings
        let record: GameRecord
        /// The game's number across all points: point × games + index.
        let number: Int
    }

    /// What every row of a shard shares: the run, the shard, and the plan's size, seed and mode.
    private struct Head: Equatable {
        let command: Plan.Command, fingerprint: String, shard: Shard, points: Int, games: Int, seed: UInt64
        let worldMode: Bool
    }

    let path: String
    private let lines: LineReader
    private let head: Head
    private let droppingUnfinishedRow: Bool
    /// The point and settings of each run of fields before the game's, read once a point.
    private var known: [Substring: (point: Int, settings: PointSettings)] = [:]
    /// The row read ahead (the first, to learn the head).
    private var ahead: Row?
    /// The rows ``next()`` has returned.
    private(set) var rowsRead = 0

    var command: Plan.Command { head.command }
    var fingerprint: String { head.fingerprint }
    var shard: Shard { head.shard }
    var points: Int { head.points }
    var games: Int { head.games }
    var seed: UInt64 { head.seed }
    var worldMode: Bool { head.worldMode }

    /// The run as messages name it: "run 3f2a… (sweep, seed 1, 40 games a point, 4 shards)".
    var identity: String {
        "run \(fingerprint) (\(command.rawValue), seed \(seed), \(counting(games, "game")) a point, "
            + "\(counting(shard.count, "shard")))"
    }

    /// The file at `path`, its header checked and its first row read, or nil when it has the
    /// header and no rows. With `droppingUnfinishedRow`, a last row without its line end (a
    /// write cut short by a crash) is left out rather than refused.
    init?(reading path: String, droppingUnfinishedRow: Bool = false) throws(Failure) {
        let lines: LineReader
        do throws(FileError) { lines = try LineReader(path: path, what: "CSV file") } catch { throw Failure(error) }
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
    func next() throws(Failure) -> Row? {
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
    ) throws(Failure) -> (text: String, ended: Bool)? {
        do throws(FileError) {
            guard let line = try lines.nextLine() else { return nil }
            return line.ended || !droppingUnfinishedRow ? line : nil
        } catch { throw Failure(error) }
    }

    /// The row on line `number`, and the head it has: `head`, or the first row's when nil.
    private static func parse(
        _ line: String, number lineNumber: Int, path: String, head: Head?,
        known: inout [Substring: (point: Int, settings: PointSettings)]
    ) throws(Failure) -> (row: Row, head: Head) {
        func fail(_ message: String) -> Failure { .badData("\(path) line \(lineNumber): \(message)") }
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
            func integer(_ name: String, atLeast low: Int = 0) throws(Failure) -> Int {
                guard let value = Int(field(name)), value >= low else {
                    throw fail("\(name) '\(field(name))' is not a whole number")
                }
                return value
            }
            guard let command = Plan.Command(rawValue: field("command")) else {
                throw fail("command '\(field("command"))' is not run or sweep")
            }
            guard let shard = Shard(argument: field("shard") + "/" + field("shards")) else {
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
        func integer(_ offset: Int) throws(Failure) -> Int {
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
