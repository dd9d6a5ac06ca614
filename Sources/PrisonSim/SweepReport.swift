import Foundation
import PrisonWorld

/// The summary of a sweep: its plan, the games played at each point and statistics over them.
/// Its writers, a file each: the table (SweepTable.swift), JSON, the summary CSV and the SVG plot.
///
/// Everything but ``execution`` depends on the games alone, in any order: a merge of shards
/// writes what one process would have.
struct SweepReport {
    let plan: Plan
    /// Statistics over each point's games.
    let statistics: [Statistics]
    /// The part of the games played, when the sweep played one shard of them.
    let shard: Shard?
    /// The parameter along the plot's x axis.
    let xParameter: Parameter?
    /// Jobs and time, or nil for a merge.
    let execution: RunReport.Execution?
    /// Whether the sweep was stopped before it played every game requested.
    let interrupted: Bool

    init(
        plan: Plan, games: [(point: Int, record: GameRecord)], shard: Shard?, xParameter: Parameter?,
        execution: RunReport.Execution?, interrupted: Bool
    ) {
        var records = Array(repeating: [GameRecord](), count: plan.points.count)
        for game in games { records[game.point].append(game.record) }
        self.init(
            plan: plan, statistics: records.map(Statistics.init), shard: shard, xParameter: xParameter,
            execution: execution, interrupted: interrupted)
    }

    /// The report of a sweep of `plan` whose games at each point `statistics` describe.
    init(
        plan: Plan, statistics: [Statistics], shard: Shard?, xParameter: Parameter?,
        execution: RunReport.Execution?, interrupted: Bool
    ) {
        self.plan = plan
        self.statistics = statistics
        self.shard = shard
        self.xParameter = xParameter
        self.execution = execution
        self.interrupted = interrupted
    }

    /// The games played, over all points.
    var gamesPlayed: Int { statistics.reduce(0) { $0 + $1.games } }

    /// The games asked of this process: all of them, or its shard's share.
    var gamesRequested: Int { (shard ?? .whole).share(of: plan.totalGames) }

    /// The parameters whose values differ between points.
    var swept: [Parameter] { plan.sweptParameters }

    /// The parameters every point shares, with their value, in order; the thinking budget only
    /// when a searching player plays.
    var fixedSettings: [(Parameter, String)] {
        let searches = plan.points.contains { Players.named($0.player)?.searches == true }
        return Parameter.allCases.filter { !swept.contains($0) }.compactMap { parameter in
            let text = parameter.text(in: plan.points[0])
            guard !text.isEmpty, searches || ![.think, .thinkPlayouts].contains(parameter) else { return nil }
            return (parameter, text)
        }
    }

    /// Games per wall-clock second, when measured.
    var gamesPerSecond: Double? {
        execution.map { $0.seconds > 0 ? Double(gamesPlayed) / $0.seconds : 0 }
    }

    /// The games, played and requested, as the table and plot say it: "240 games",
    /// "37 of 240 games (interrupted)", with the shard.
    var gamesDescription: String {
        var text =
            gamesPlayed == gamesRequested
            ? counting(gamesPlayed, "game") : "\(gamesPlayed) of \(counting(gamesRequested, "game"))"
        if let shard { text += ", shard \(shard)" }
        if interrupted { text += " (interrupted)" }
        return text
    }
}
