import Foundation
import PrisonWorld

/// The summary of a `prison-sim run`: how the run was set up, the games it played and statistics
/// over them (``SimulationStatistics``, whose scores ``Histogram`` bins). Its writers, a file each: the
/// table (RunTable.swift), JSON (RunJSON.swift), the SVG histogram (RunPlot.swift) and the games
/// CSV (GamesCSV.swift).
///
/// Every statistic of a run without games is 0.
public struct RunReport: Sendable {
    /// How the games were played, when it was measured: a merge of shards does not know.
    public struct Execution: Sendable {
        /// The number of games played at once.
        public let jobs: Int
        /// Wall-clock seconds of the run; finite.
        public let seconds: Double

        /// `jobs` games at once for `seconds` of wall-clock time.
        public init(jobs: Int, seconds: Double) {
            self.jobs = jobs
            self.seconds = seconds
        }
    }

    /// The number of games the run was asked to play (its shard's share, for a shard).
    public let gamesRequested: Int
    /// The name of the player that chose the moves.
    public let player: String
    /// The seed the run was started with.
    public let seed: UInt64
    /// The room the boards fill, such as "4 walls of 12x10".
    public let room: String
    /// The number of colours of the boards.
    public let colours: Int
    /// Whether the games were played by tapping blocks in the world, rather than by the rules alone.
    public let worldMode: Bool
    /// Seconds between taps in the world.
    public let tapInterval: Double
    /// The run's part of the games, when it played one shard of them.
    public let shard: Shard?
    /// Jobs and time, or nil for a merge.
    public let execution: Execution?
    /// Whether the run was stopped before it played every game requested.
    public let interrupted: Bool
    /// Statistics over the games.
    public let statistics: SimulationStatistics

    /// The report of `records`, in any order, played by `plan`, a plan of one point: all its
    /// games, or `shard`'s share of them.
    public init(plan: Plan, records: [GameRecord], shard: Shard?, execution: Execution?, interrupted: Bool) {
        self.init(
            plan: plan, statistics: SimulationStatistics(records), shard: shard, execution: execution, interrupted: interrupted)
    }

    /// The report of games of `plan`, a plan of one point, that `statistics` describe.
    public init(plan: Plan, statistics: SimulationStatistics, shard: Shard?, execution: Execution?, interrupted: Bool) {
        precondition(execution?.seconds.isFinite != false, "a run report needs a finite time")
        let settings = plan.points[0]
        gamesRequested = (shard ?? .whole).share(of: plan.games)
        player = settings.playerDescription
        seed = plan.seed
        room = settings.roomDescription
        colours = settings.colours
        worldMode = plan.worldMode
        tapInterval = Parameter.tapInterval.number(in: settings)
        self.shard = shard
        self.execution = execution
        self.interrupted = interrupted
        self.statistics = statistics
    }

    /// Games played per wall-clock second, when measured.
    public var gamesPerSecond: Double? {
        execution.map { $0.seconds > 0 ? Double(statistics.games) / $0.seconds : 0 }
    }

    /// The number of games played, and of those requested when they differ: "100 games", "37 of 100 games".
    public var gamesPlayed: String {
        let requested = counting(gamesRequested, "game")
        return statistics.games == gamesRequested ? requested : "\(statistics.games) of \(requested)"
    }

    /// How the games were played.
    public var modeDescription: String {
        worldMode ? "full world, a tap every \(trimmed(tapInterval, decimals: 3)) s" : "rules only (no world)"
    }

    /// The cleared rate as a percentage.
    public var clearedDescription: String { fixed(statistics.clearedRate * 100, decimals: 1) + " %" }
}
