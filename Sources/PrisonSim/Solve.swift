import ArgumentParser
import Foundation
import PrisonRules
import PrisonSearch

extension SearchMethod: ExpressibleByArgument {}

struct Solve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Search for the best game on a board and print it as JSON.",
        discussion: """
            The search plays moves without times (multiplier 1, as 'prison-sim play' plays moves \
            without '@SECONDS') and keeps to its budget. The moves file it writes replays with \
            'prison-sim play BOARD FILE' to the score it prints. Ctrl-C stops the search and prints \
            the best game found so far (exit code 130).

            Players: \(SearchMethod.allCases.map { "\($0.rawValue) (\($0.summary))" }.joined(separator: "; ")). \
            The default, beam, is the strongest of them in our measurements (README, Strength).
            """)

    @Argument(help: "The board file, in the board text format; '-' reads standard input.")
    var board: String
    @Option(help: ArgumentHelp("The search: \(SearchMethod.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "name"))
    var player: SearchMethod = .beam
    @Option(help: "Seconds to search (at most 86400).")
    var seconds = 10.0
    @Option(help: "Stop after this many playouts per job as well (with one job, the same seed then gives the same game).")
    var playouts: Int?
    @Option(help: "Threads searching at once (1 to 64).")
    var jobs = 2
    @Option(help: "Seed of the search's random choices (0 to 2^64 - 1).")
    var seed: UInt64 = 1
    @Option(help: "Write the moves of the game found to this file, in the moves text format.")
    var movesOut: String?
    @OptionGroup var options: RuleOptions

    func validate() throws {
        guard seconds > 0, seconds <= 86_400 else { throw ValidationError("--seconds must be more than 0 and at most 86400") }
        guard (1...64).contains(jobs) else { throw ValidationError("--jobs must be 1 to 64, not \(jobs)") }
        if let playouts, playouts < 1 { throw ValidationError("--playouts must be at least 1, not \(playouts)") }
    }

    func run() throws {
        try reportingFailures {
            let start = try readBoard(board)
            if let movesOut { try checkWritable(movesOut) }
            Interruption.catchControlC()
            let search = Search(
                method: player, goal: SearchGoal(rules: options.rules),
                budget: SearchBudget(time: .milliseconds(Int64(seconds * 1000)), playouts: playouts), jobs: jobs,
                seed: seed)
            let result = search.run(from: start) { Interruption.wasRequested }
            let moves = result.line.moves.map { Move($0).description }
            if let movesOut {
                let header = "# prison-sim solve --player \(player.rawValue) --seed \(seed): score \(result.line.score)"
                    + (result.line.isCleared ? ", cleared" : ", \(result.line.remaining) left") + "\n"
                try writeFile(Data((header + moves.map { $0 + "\n" }.joined()).utf8), to: movesOut)
            }
            try writeOutput(
                jsonData(
                    SolveReport(
                        score: result.line.score, cleared: result.line.isCleared, remaining: result.line.remaining,
                        moves: moves, player: player.rawValue, seed: seed, jobs: jobs, playouts: result.playouts,
                        seconds: result.elapsed / .seconds(1), interrupted: Interruption.wasRequested)))
            if Interruption.wasRequested { throw ExitCode(130) }
        }
    }
}

/// The JSON that `prison-sim solve` prints.
struct SolveReport: Encodable {
    let score: Int
    let cleared: Bool
    let remaining: Int
    let moves: [String]
    let player: String
    let seed: UInt64
    let jobs: Int
    let playouts: Int
    let seconds: Double
    let interrupted: Bool
}
