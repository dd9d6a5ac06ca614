import ArgumentParser
import Foundation
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
            var shards: [ShardFile] = []
            for path in files {
                guard let shard = try ShardFile(reading: path) else {
                    printError("\(path) holds no games; passed over")
                    continue
                }
                shards.append(shard)
            }
            let (plan, games) = try Self.combine(shards)
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
                    plan: plan, records: games.map(\.record), shard: nil, execution: nil, interrupted: false)
                (summary, svg) = (json ? report.json() : Data(report.table().utf8), report.svg())
            case .sweep:
                let report = SweepReport(
                    plan: plan, games: games, shard: nil, xParameter: plotX.flatMap(Parameter.init(rawValue:)),
                    execution: nil, interrupted: false)
                (summary, svg) = (json ? report.json() : Data(report.table().utf8), report.svg())
                summaryCSV = report.summaryCSV()
            }
            try writeOutput(summary)
            try writingEach([
                {
                    if let csv { try writeFile(Data(GamesCSV.text(games, of: plan, shard: .whole).utf8), to: csv) }
                },
                {
                    if let summaryCsv, let summaryCSV { try writeFile(Data(summaryCSV.utf8), to: summaryCsv) }
                },
                { if let plot { try writeFile(Data(svg.utf8), to: plot) } },
            ])
        }
    }

    /// The plan the shards played and all their games; a failure naming the shard that is
    /// foreign, duplicated, missing or incomplete.
    static func combine(_ shards: [ShardFile]) throws(Failure) -> (Plan, [(point: Int, record: GameRecord)]) {
        guard let first = shards.first else { throw .badData("no games in any of the files") }
        var byNumber: [Int: ShardFile] = [:]
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
        let total = first.points * first.games
        let missing = (1...first.shard.count).filter {
            byNumber[$0] == nil && Shard(number: $0, count: first.shard.count).share(of: total) > 0
        }
        if !missing.isEmpty {
            let names = missing.prefix(10).map { "\($0)/\(first.shard.count)" }.joined(separator: ", ")
            throw .badData(
                "shard\(missing.count == 1 ? "" : "s") \(names)\(missing.count > 10 ? " and \(missing.count - 10) more" : "") "
                    + "of \(first.identity) \(missing.count == 1 ? "is" : "are") missing")
        }
        for shard in shards where shard.rows.count != shard.shard.share(of: total) {
            throw .badData(
                "\(shard.path) holds \(shard.rows.count) of the \(shard.shard.share(of: total)) games of shard "
                    + "\(shard.shard): it was stopped or is still running; run it again")
        }
        // The settings of every point, as the rows give them; every point has rows once all shards are in.
        var points = [PointSettings?](repeating: nil, count: first.points)
        var games: [(point: Int, record: GameRecord)] = []
        games.reserveCapacity(total)
        for shard in shards {
            for row in shard.rows {
                if let known = points[row.point], known != row.settings {
                    throw .badData(
                        "\(shard.path) line \(row.line): point \(row.point)'s settings differ from another shard's")
                }
                points[row.point] = row.settings
                games.append((row.point, row.record))
            }
        }
        let plan = Plan(
            command: first.command, seed: first.seed, games: first.games, worldMode: first.worldMode,
            points: points.map { $0! })
        guard plan.fingerprint == first.fingerprint else {
            throw .badData("the rows of \(first.path) do not match their run \(first.fingerprint): was a file edited?")
        }
        return (plan, games)
    }
}

/// A games CSV file as `merge` reads it: one shard of one run.
struct ShardFile {
    struct Row {
        let line: Int
        let point: Int
        let settings: PointSettings
        let record: GameRecord
    }

    let path: String
    let command: Plan.Command
    let fingerprint: String
    let shard: Shard
    let points: Int
    let games: Int
    let seed: UInt64
    let worldMode: Bool
    let rows: [Row]

    /// The run as messages name it: "run 3f2a… (sweep, seed 1, 40 games a point, 4 shards)".
    var identity: String {
        "run \(fingerprint) (\(command.rawValue), seed \(seed), \(counting(games, "game")) a point, "
            + "\(counting(shard.count, "shard")))"
    }

    /// The file at `path`, or nil when it has the header and no rows. With
    /// `droppingUnfinishedRow`, a last row without its line end (a write cut short by a crash)
    /// is left out rather than refused.
    init?(reading path: String, droppingUnfinishedRow: Bool = false) throws(Failure) {
        let text = try readText(path, what: "CSV file")
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" || droppingUnfinishedRow { lines.removeLast() }
        guard lines.first.map({ $0 + "\n" }) == Substring(GamesCSV.header) else {
            throw .badData(
                "\(path) is not a games CSV of prison-sim run or sweep: its first line is not \(GamesCSV.columns.prefix(3).joined(separator: ","))…"
            )
        }
        guard lines.count > 1 else { return nil }
        let column = Dictionary(uniqueKeysWithValues: GamesCSV.columns.enumerated().map { ($1, $0) })
        struct Head: Equatable {
            let command: Plan.Command, fingerprint: String, shard: Shard, points: Int, games: Int, seed: UInt64
            let worldMode: Bool
        }
        var head: Head?
        var rows: [Row] = []
        var seen = Set<Int>()
        // Rows of one point share everything up to `index`: that part is read once a point.
        let gameColumns = GamesCSV.columns.count - GamesCSV.columns.firstIndex(of: "index")!
        var known: [Substring: (point: Int, settings: PointSettings)] = [:]
        for (offset, line) in lines.enumerated().dropFirst() {
            func fail(_ message: String) -> Failure { .badData("\(path) line \(offset + 1): \(message)") }
            var fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count == GamesCSV.columns.count else {
                throw fail("\(fields.count) fields, not \(GamesCSV.columns.count) (a row cut short by a crash?)")
            }
            let game = fields.suffix(gameColumns)
            fields.removeLast(gameColumns)
            let prefix = line[line.startIndex..<game.first!.startIndex]
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
            guard seen.insert(number).inserted else { throw fail("game \(index) of point \(point) appears twice") }
            guard let boardSeed = UInt64(game[game.startIndex + 1]),
                let cleared = Bool(String(game[game.startIndex + 4]))
            else {
                throw fail("boardSeed or cleared cannot be read")
            }
            let record = GameRecord(
                index: index, seed: boardSeed, score: try integer(2), moves: try integer(3), cleared: cleared,
                remaining: try integer(5), maxMultiplier: try integer(6), comboRemovals: try integer(7),
                missedTaps: try integer(8))
            rows.append(Row(line: offset + 1, point: point, settings: settings, record: record))
        }
        let found = head!
        self.path = path
        command = found.command
        fingerprint = found.fingerprint
        shard = found.shard
        points = found.points
        games = found.games
        seed = found.seed
        worldMode = found.worldMode
        self.rows = rows
    }
}
