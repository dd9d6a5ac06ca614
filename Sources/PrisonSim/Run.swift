import ArgumentParser
import Foundation
import PrisonFiles
import PrisonReports
import PrisonRules
import PrisonSearch
import PrisonWorld
import Synchronization

/// The names of the simulated players, for help and messages.
private let playerNames = Players.all.map { $0.name }.joined(separator: ", ")

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Simulate many games with a player and summarise them.",
        discussion: """
            Each game is played through the full world: every TAP-INTERVAL seconds of world time \
            the player picks a group and taps one of its blocks with a ray from the eye, the world \
            animates, and taps during a break raise the multiplier. --rules-only plays the same \
            taps at the same times on the rules alone, much faster. Game i's board and choices \
            depend only on --seed and i, so any --jobs gives the same results; for the searching \
            players that holds with --think-playouts, while --think gives each move a time, and \
            what a search finds in it depends on the machine. Searching players know the tap \
            interval: when taps combo, they save big groups for higher multipliers. Ctrl-C stops \
            the run and prints the summary of the games finished so far.

            Players: \(Players.all.map { "\($0.name) (\($0.summary))" }.joined(separator: "; ")).
            """)

    @Option(help: "Games to play (1 to 10000000).")
    var games: Int
    @Option(help: ArgumentHelp("The simulated player: \(playerNames).", valueName: "name"))
    var player = "random"
    @Option(help: "Seed of the run (0 to 2^64 - 1).")
    var seed: UInt64 = 1
    @Option(help: "Seconds a searching player thinks about each move (at most 60).")
    var think = 0.1
    @Option(help: "Playouts a searching player runs for each move, instead of a time: repeatable results (at most 10000000).")
    var thinkPlayouts: Int?
    @OptionGroup var board: BoardOptions
    @Option(help: "Seconds of world time between two taps (at most 60).")
    var tapInterval = Seconds(Simulation.defaultTapInterval)
    @Option(help: "Games played at once, on as many threads (1 to 64).")
    var jobs = 1
    @Flag(help: "Print the summary as one JSON object instead of a table.")
    var json = false
    @OptionGroup var gamesFile: GamesFileOptions
    @Option(help: "Write an SVG histogram of the scores to this file.")
    var plot: String?
    @Option(help: "Write every game as a save file into this directory (created if needed).")
    var replays: String?
    @Flag(help: "Play on the rules alone, without the world (no rays, no animation).")
    var rulesOnly = false
    @OptionGroup var options: RuleOptions

    func validate() throws {
        guard (1...10_000_000).contains(games) else { throw ValidationError("--games must be 1 to 10000000, not \(games)") }
        guard Players.named(player) != nil else {
            throw ValidationError(
                "no player named '\(player)'; the players are \(playerNames)")
        }
        guard think > 0, think <= PointSettings.maximumThinkSeconds else {
            throw ValidationError(
                "--think must be more than 0 and at most \(Int(PointSettings.maximumThinkSeconds)) seconds, not \(think)")
        }
        if let thinkPlayouts, !(1...PointSettings.maximumThinkPlayouts).contains(thinkPlayouts) {
            throw ValidationError("--think-playouts must be 1 to \(PointSettings.maximumThinkPlayouts), not \(thinkPlayouts)")
        }
        let maximumTapInterval = PointSettings.maximumTapInterval
        guard tapInterval.duration > .zero, tapInterval.duration <= maximumTapInterval else {
            throw ValidationError(
                "--tap-interval must be more than 0 and at most \(maximumTapInterval.secondsText) seconds, "
                    + "not \(tapInterval.duration.secondsText)")
        }
        guard (1...64).contains(jobs) else { throw ValidationError("--jobs must be 1 to 64, not \(jobs)") }
    }

    func run() throws {
        try reportingFailures {
            // Check every output before playing, so a long run never ends unable to save.
            for path in [gamesFile.csv, plot].compactMap(\.self) { try checkWritable(path) }
            if let replays { try makeDirectory(replays) }
            let plan = self.plan
            let failures = Mutex<[Failure]>([])
            let digits = String(games - 1).count
            let (played, seconds, csvWriter) = try plan.playShard(
                gamesFile.shard ?? .whole, jobs: jobs, csv: gamesFile.csv, resume: gamesFile.resume
            ) { _, played in
                guard let replays else { return }
                let name = "game-" + String(repeating: "0", count: digits - String(played.record.index).count)
                    + "\(played.record.index).json"
                do throws(Failure) { try writeFile(SavedGame(played.game).encoded(), to: "\(replays)/\(name)") } catch {
                    failures.withLock { $0.append(error) }
                }
            }
            let report = RunReport(
                plan: plan, records: played.map(\.record), shard: gamesFile.shard,
                execution: .init(jobs: jobs, seconds: seconds), interrupted: Interruption.wasRequested)
            try writeOutput(json ? report.json() : Data(report.table().utf8))
            try writingEach([
                { try csvWriter?.finish(played) },
                { if let plot { try writeFile(Data(report.svg().utf8), to: plot) } },
            ])
            if let failure = failures.withLock(\.first) { throw failure }
            if Interruption.wasRequested { throw ExitCode(130) }
        }
    }
}

extension Run {
    /// The run as a plan of one point.
    private var plan: Plan {
        let settings = PointSettings(
            walls: board.walls, width: board.width, height: board.height, colours: board.colours,
            corners: options.corners, scoring: options.scoring, comboWindow: options.comboWindow.duration,
            tapInterval: tapInterval.duration, player: player,
            thinking: thinkPlayouts.map { .playouts($0) } ?? .seconds(think))
        return Plan(command: .run, seed: seed, games: games, worldMode: !rulesOnly, points: [settings])
    }
}

/// Ctrl-C during a run: the first one asks the run to stop after the games in progress.
enum Interruption {
    private static let requested = Atomic<Bool>(false)

    static var wasRequested: Bool { requested.load(ordering: .relaxed) }

    static func catchControlC() {
        signal(SIGINT) { _ in Interruption.requested.store(true, ordering: .relaxed) }
        // A parent may have started us with SIGINT blocked; Ctrl-C must still reach the handler.
        var interrupt = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        sigprocmask(SIG_UNBLOCK, &interrupt, nil)
    }
}

/// A progress bar on standard error: games done, rate and time left, redrawn at most ten times
/// a second.
final class ProgressBar: Sendable {
    private let total: Int
    private let started = ContinuousClock.now
    private let lastDrawn = Mutex<ContinuousClock.Instant?>(nil)

    init(total: Int) { self.total = total }

    func show(done: Int) {
        let now = ContinuousClock.now
        let due = lastDrawn.withLock { last in
            guard done == total || last.map({ now - $0 >= .milliseconds(100) }) ?? true else { return false }
            last = now
            return true
        }
        guard due else { return }
        let seconds = max((now - started) / .seconds(1), 1e-9)
        let rate = Double(done) / seconds
        let left = rate > 0 ? Double(total - done) / rate : 0
        let width = 30, filled = total > 0 ? width * done / total : width
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        let line = String(format: "\r[%@] %d/%d games  %.1f/s  ETA %@ ", bar, done, total, rate, Self.clock(left))
        writeStandardError(Data(line.utf8))
    }

    /// Clears the bar's line.
    func finish() {
        writeStandardError(Data("\r\u{1B}[K".utf8))
    }

    private static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        return whole >= 3600
            ? String(format: "%d:%02d:%02d", whole / 3600, whole / 60 % 60, whole % 60)
            : String(format: "%d:%02d", whole / 60, whole % 60)
    }
}
