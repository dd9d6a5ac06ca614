import ArgumentParser
import Foundation
import PrisonFiles
import PrisonReports

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
            var shards: [GamesCSVReader] = []
            for path in files {
                guard let shard = try GamesCSVReader(reading: path) else {
                    printError("\(path) holds no games; passed over")
                    continue
                }
                shards.append(shard)
            }
            let output = try csv.map { path throws(ReportError) in
                do throws(FileError) { return try FileWriter(path: path) } catch { throw .file(error) }
            }
            let merge = try ShardMerge(shards, writingTo: output)
            if merge.plan.command == .run, summaryCsv != nil || plotX != nil {
                throw Failure(message: "--summary-csv and --plot-x are for sweeps; these are shards of a run", code: 64)
            }
            // The summary and the plot, as one process would write them.
            let summary: Data
            let svg: String
            var summaryCSV: String?
            switch merge.plan.command {
            case .run:
                let report = merge.runReport()
                (summary, svg) = (json ? report.json() : Data(report.table().utf8), report.svg())
            case .sweep:
                let report = merge.sweepReport(xParameter: plotX.flatMap(Parameter.init(rawValue:)))
                (summary, svg) = (json ? report.json() : Data(report.table().utf8), report.svg())
                summaryCSV = report.summaryCSV()
            }
            try writeOutput(summary)
            try writingEach([
                {
                    do throws(FileError) { try output?.finish() } catch { throw Failure(error) }
                },
                {
                    if let summaryCsv, let summaryCSV { try writeFile(Data(summaryCSV.utf8), to: summaryCsv) }
                },
                { if let plot { try writeFile(Data(svg.utf8), to: plot) } },
            ])
        }
    }
}
