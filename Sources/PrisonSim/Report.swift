import Foundation
import PrisonWorld

/// The summary of a `prison-sim run`: how the run was set up, the games it played and statistics
/// over them (``Statistics``, whose scores ``Histogram`` bins). Its writers, a file each: the
/// table (RunTable.swift), JSON (RunJSON.swift), the SVG histogram (RunPlot.swift) and the games
/// CSV (GamesCSV.swift).
///
/// Every statistic of a run without games is 0.
struct RunReport {
    /// How the games were played, when it was measured: a merge of shards does not know.
    struct Execution {
        /// The number of games played at once.
        let jobs: Int
        /// Wall-clock seconds of the run; finite.
        let seconds: Double
    }

    /// The number of games the run was asked to play (its shard's share, for a shard).
    let gamesRequested: Int
    /// The name of the player that chose the moves.
    let player: String
    /// The seed the run was started with.
    let seed: UInt64
    /// The room the boards fill, such as "4 walls of 12x10".
    let room: String
    /// The number of colours of the boards.
    let colours: Int
    /// Whether the games were played by tapping blocks in the world, rather than by the rules alone.
    let worldMode: Bool
    /// Seconds between taps in the world.
    let tapInterval: Double
    /// The run's part of the games, when it played one shard of them.
    let shard: Shard?
    /// Jobs and time, or nil for a merge.
    let execution: Execution?
    /// Whether the run was stopped before it played every game requested.
    let interrupted: Bool
    /// Statistics over the games.
    let statistics: Statistics

    /// The report of `records`, in any order, played by `plan`, a plan of one point: all its
    /// games, or `shard`'s share of them.
    init(plan: Plan, records: [GameRecord], shard: Shard?, execution: Execution?, interrupted: Bool) {
        self.init(
            plan: plan, statistics: Statistics(records), shard: shard, execution: execution, interrupted: interrupted)
    }

    /// The report of games of `plan`, a plan of one point, that `statistics` describe.
    init(plan: Plan, statistics: Statistics, shard: Shard?, execution: Execution?, interrupted: Bool) {
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
    var gamesPerSecond: Double? {
        execution.map { $0.seconds > 0 ? Double(statistics.games) / $0.seconds : 0 }
    }

    /// The number of games played, and of those requested when they differ: "100 games", "37 of 100 games".
    var gamesPlayed: String {
        let requested = counting(gamesRequested, "game")
        return statistics.games == gamesRequested ? requested : "\(statistics.games) of \(requested)"
    }

    /// How the games were played.
    var modeDescription: String {
        worldMode ? "full world, a tap every \(trimmed(tapInterval, decimals: 3)) s" : "rules only (no world)"
    }

    /// The cleared rate as a percentage.
    var clearedDescription: String { fixed(statistics.clearedRate * 100, decimals: 1) + " %" }
}
