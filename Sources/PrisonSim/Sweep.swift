import ArgumentParser
import Foundation
import PrisonReports
import PrisonWorld

struct Sweep: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Simulate games over a grid of settings and summarise each point.",
        discussion: """
            Each parameter takes a list of values, comma-separated (whole numbers also as ranges \
            LOW..HIGH or LOW..HIGH:STEP), on the command line or in a --grid file (a line a \
            parameter: `width = 6, 8, 10`); the command line wins. Every combination of the values \
            is a point, and each point plays --games games exactly as `prison-sim run` would with \
            those settings: game i's board and choices depend on --seed, the point and i alone. \
            --shard K/N plays part K of N of all the games; `prison-sim merge` puts the parts' CSV \
            files together into what one process would have written. Ctrl-C stops the sweep and \
            prints the summary of the games finished so far.

            Parameters: \(Parameter.allCases.map(\.rawValue).joined(separator: ", ")).
            """)

    @Option(help: "Games to play at each point.")
    var games: Int
    @Option(help: ArgumentHelp("A file of parameter values, a line a parameter: NAME = VALUES.", valueName: "file"))
    var grid: String?
    @Option(help: ArgumentHelp("Walls around the player: 4 or 1 (default 4).", valueName: "list"))
    var walls: String?
    @Option(help: ArgumentHelp("Columns per wall, 1 to 32 (default 12).", valueName: "list"))
    var width: String?
    @Option(help: ArgumentHelp("Rows per wall, 1 to 32 (default 10).", valueName: "list"))
    var height: String?
    @Option(help: ArgumentHelp("Colours, 2 to 10 (default 5).", valueName: "list"))
    var colours: String?
    @Option(help: ArgumentHelp("Corner links: linked, open (default linked).", valueName: "list"))
    var corners: String?
    @Option(help: ArgumentHelp("Scorings: n-2, n-1 (default n-2).", valueName: "list"))
    var scoring: String?
    @Option(help: ArgumentHelp("Seconds a break lasts (default 1).", valueName: "list"))
    var comboWindow: String?
    @Option(help: ArgumentHelp("Seconds of world time between two taps (default 0.8).", valueName: "list"))
    var tapInterval: String?
    @Option(
        help: ArgumentHelp(
            "Players: \(Players.all.map(\.name).joined(separator: ", ")) (default random).", valueName: "list"))
    var player: String?
    @Option(help: ArgumentHelp("Seconds a searching player thinks about each move (default 0.1).", valueName: "list"))
    var think: String?
    @Option(help: ArgumentHelp("Playouts a searching player runs for each move.", valueName: "list"))
    var thinkPlayouts: String?
    @Option(help: "Seed of the sweep (0 to 2^64 - 1).")
    var seed: UInt64 = 1
    @Flag(help: "Play on the rules alone, without the world (no rays, no animation).")
    var rulesOnly = false
    @Option(help: "Games played at once, on as many threads (1 to 64).")
    var jobs = 1
    @Flag(help: "Print the summary as one JSON object instead of a table.")
    var json = false
    @OptionGroup var gamesFile: GamesFileOptions
    @Option(help: "Write the summary, one CSV row per point, to this file.")
    var summaryCsv: String?
    @Option(help: "Write an SVG plot of score and clear rate against a swept parameter to this file.")
    var plot: String?
    @Option(
        help: ArgumentHelp("The parameter along the plot's x axis (the first swept one by default).", valueName: "name")
    )
    var plotX: String?

    func validate() throws {
        guard games >= 1 else { throw ValidationError("--games must be at least 1, not \(games)") }
        guard (1...64).contains(jobs) else { throw ValidationError("--jobs must be 1 to 64, not \(jobs)") }
        if let plotX, Parameter(rawValue: plotX) == nil {
            throw ValidationError(
                "--plot-x: no parameter '\(plotX)'; the parameters are "
                    + Parameter.allCases.map(\.rawValue).joined(separator: ", "))
        }
    }

    func run() throws {
        try reportingFailures {
            let plan = try makePlan()
            guard plan.totalGames <= 10_000_000 else {
                throw Failure(
                    message: "the sweep asks for \(plan.totalGames) games (\(plan.points.count) points of "
                        + "\(games)); at most 10000000 are allowed", code: 64)
            }
            let x = plotX.flatMap(Parameter.init(rawValue:))
            for path in [gamesFile.csv, summaryCsv, plot].compactMap(\.self) { try checkWritable(path) }
            let (games, seconds, csvWriter) = try plan.playShard(
                gamesFile.shard ?? .whole, jobs: jobs, csv: gamesFile.csv, resume: gamesFile.resume)
            let report = SweepReport(
                plan: plan, games: games, shard: gamesFile.shard, xParameter: x,
                execution: .init(jobs: jobs, seconds: seconds), interrupted: Interruption.wasRequested)
            try writeOutput(json ? report.json() : Data(report.table().utf8))
            try writingEach([
                { try csvWriter?.finish(games) },
                {
                    if let summaryCsv { try writeFile(Data(report.summaryCSV().utf8), to: summaryCsv) }
                },
                { if let plot { try writeFile(Data(report.svg().utf8), to: plot) } },
            ])
            if Interruption.wasRequested { throw ExitCode(130) }
        }
    }

    /// The plan of the grid the options and the grid file give.
    private func makePlan() throws(Failure) -> Plan {
        var grid = SweepGrid()
        if let path = self.grid {
            let text = try readText(path, what: "grid file")
            do throws(ReportError) { try grid.read(text, from: inputName(path)) } catch { throw Failure(error) }
        }
        let lists: [(Parameter, String?)] = [
            (.walls, walls), (.width, width), (.height, height), (.colours, colours), (.corners, corners),
            (.scoring, scoring), (.comboWindow, comboWindow), (.tapInterval, tapInterval), (.player, player),
            (.think, think), (.thinkPlayouts, thinkPlayouts),
        ]
        do throws(ParameterError) {
            for case (let parameter, let list?) in lists { try grid.set(parameter, to: list) }
            return Plan(command: .sweep, seed: seed, games: games, worldMode: !rulesOnly, points: try grid.points())
        } catch {
            throw Failure(message: error.description, code: 64)
        }
    }
}
