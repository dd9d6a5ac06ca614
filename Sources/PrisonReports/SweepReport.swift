import Foundation
import PrisonWorld

/// The summary of a sweep: its plan, the games played at each point and statistics over them.
/// Its writers, a file each: the table, JSON, the summary CSV and the SVG plot (`SweepReport+*.swift`).
///
/// Everything but ``execution`` depends on the games alone, in any order: a merge of shards
/// writes what one process would have.
public struct SweepReport: Sendable {
    /// The plan the sweep played.
    public let plan: Plan
    /// Statistics over each point's games.
    public let statistics: [SimulationStatistics]
    /// The part of the games played, when the sweep played one shard of them.
    public let shard: Shard?
    /// The parameter along the plot's x axis.
    public let xParameter: Parameter?
    /// Jobs and time, or nil for a merge.
    public let execution: RunReport.Execution?
    /// Whether the sweep was stopped before it played every game requested.
    public let interrupted: Bool

    /// The report of `games`, in any order, each with its point, played by `plan`: all its
    /// games, or `shard`'s share of them.
    public init(
        plan: Plan, games: [(point: Int, record: GameRecord)], shard: Shard?, xParameter: Parameter?,
        execution: RunReport.Execution?, interrupted: Bool
    ) {
        var records = Array(repeating: [GameRecord](), count: plan.points.count)
        for game in games { records[game.point].append(game.record) }
        self.init(
            plan: plan, statistics: records.map(SimulationStatistics.init), shard: shard, xParameter: xParameter,
            execution: execution, interrupted: interrupted)
    }

    /// The report of a sweep of `plan` whose games at each point `statistics` describe.
    public init(
        plan: Plan, statistics: [SimulationStatistics], shard: Shard?, xParameter: Parameter?,
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
    public var gamesPlayed: Int { statistics.reduce(0) { $0 + $1.games } }

    /// The games asked of this process: all of them, or its shard's share.
    public var gamesRequested: Int { (shard ?? .whole).share(of: plan.totalGames) }

    /// The parameters whose values differ between points.
    public var swept: [Parameter] { plan.sweptParameters }

    /// The parameters every point shares, with their value, in order; the thinking budget only
    /// when a searching player plays.
    public var fixedSettings: [(Parameter, String)] {
        let searches = plan.points.contains { Players.named($0.player)?.searches == true }
        return Parameter.allCases.filter { !swept.contains($0) }.compactMap { parameter in
            let text = parameter.text(in: plan.points[0])
            guard !text.isEmpty, searches || ![.think, .thinkPlayouts].contains(parameter) else { return nil }
            return (parameter, text)
        }
    }

    /// Games per wall-clock second, when measured.
    public var gamesPerSecond: Double? {
        execution.map { $0.seconds > 0 ? Double(gamesPlayed) / $0.seconds : 0 }
    }

    /// The games, played and requested, as the table and plot say it: "240 games",
    /// "37 of 240 games (interrupted)", with the shard.
    public var gamesDescription: String {
        var text =
            gamesPlayed == gamesRequested
            ? counting(gamesPlayed, "game") : "\(gamesPlayed) of \(counting(gamesRequested, "game"))"
        if let shard { text += ", shard \(shard)" }
        if interrupted { text += " (interrupted)" }
        return text
    }
}
