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

    /// The games played, in order of index.
    let records: [GameRecord]
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

    /// A report of `records`, in any order; `tapInterval` must be finite.
    init(
        records: [GameRecord], gamesRequested: Int, player: String, seed: UInt64, room: String,
        colours: Int, worldMode: Bool, tapInterval: Double, shard: Shard?, execution: Execution?, interrupted: Bool
    ) {
        precondition(tapInterval.isFinite && execution?.seconds.isFinite != false, "a run report needs finite times")
        self.records = records.sorted { $0.index < $1.index }
        self.gamesRequested = gamesRequested
        self.player = player
        self.seed = seed
        self.room = room
        self.colours = colours
        self.worldMode = worldMode
        self.tapInterval = tapInterval
        self.shard = shard
        self.execution = execution
        self.interrupted = interrupted
        statistics = Statistics(self.records)
    }

    /// Games played per wall-clock second, when measured.
    var gamesPerSecond: Double? {
        execution.map { $0.seconds > 0 ? Double(records.count) / $0.seconds : 0 }
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
