import Foundation
import PrisonWorld

/// The summary of a sweep: its plan, the games played at each point and statistics over them.
/// It is written by separate writers: a table (here), JSON, a summary CSV and an SVG plot.
///
/// Everything but ``execution`` depends on the games alone, in any order: a merge of shards
/// writes what one process would have.
struct SweepReport {
    let plan: Plan
    /// The games played at each point, in order of index.
    let records: [[GameRecord]]
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
        self.plan = plan
        var records = Array(repeating: [GameRecord](), count: plan.points.count)
        for game in games { records[game.point].append(game.record) }
        self.records = records.map { $0.sorted { $0.index < $1.index } }
        statistics = self.records.map(Statistics.init)
        self.shard = shard
        self.xParameter = xParameter
        self.execution = execution
        self.interrupted = interrupted
    }

    /// The games played, over all points.
    var gamesPlayed: Int { records.reduce(0) { $0 + $1.count } }

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

    // MARK: Table

    /// The summary as text for a terminal: the sweep's settings, then a line a point.
    func table() -> String {
        var lines: [(String, String)] = [
            ("Sweep", "\(counting(plan.points.count, "point")) of \(counting(plan.games, "game"))"),
            ("Games", gamesDescription),
            ("Seed", String(plan.seed)),
            ("Mode", plan.worldMode ? "full world" : "rules only (no world)"),
            ("Swept", swept.isEmpty ? "nothing" : swept.map(\.rawValue).joined(separator: ", ")),
            ("Fixed", fixedSettings.map { "\($0.0.rawValue) \($0.1)" }.joined(separator: ", ")),
        ]
        if let execution, let gamesPerSecond {
            lines.append(("Jobs", String(execution.jobs)))
            lines.append(
                (
                    "Time",
                    fixed(execution.seconds, decimals: 2) + " s, " + fixed(gamesPerSecond, decimals: 1) + " games/s"
                ))
        } else {
            lines.append(("Time", "not measured (merged from shards)"))
        }
        let labelWidth = lines.map { $0.0.count }.max() ?? 0
        var text = lines.map { $0.0 + String(repeating: " ", count: labelWidth + 2 - $0.0.count) + $0.1 + "\n" }
            .joined()

        let settingColumns = swept.isEmpty ? [] : swept
        var header = settingColumns.map(\.rawValue)
        header += ["games", "mean score", "95 % interval", "median", "best", "cleared", "mean moves", "max mult"]
        var rows = [header]
        for (point, statistics) in statistics.enumerated() {
            var row = settingColumns.map { $0.text(in: plan.points[point]) }
            let interval = statistics.meanScoreInterval
            row += [
                String(statistics.games), fixed(statistics.meanScore, decimals: 1),
                fixed(interval.lowerBound, decimals: 1) + " to " + fixed(interval.upperBound, decimals: 1),
                fixed(statistics.medianScore, decimals: 1), String(statistics.bestScore),
                fixed(statistics.clearedRate * 100, decimals: 1) + " %", fixed(statistics.meanMoves, decimals: 1),
                String(statistics.maxMultiplier),
            ]
            rows.append(row)
        }
        // Settings align left, figures right.
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        text += "\n"
        for row in rows {
            let cells = row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column < settingColumns.count ? cell + padding : padding + cell
            }
            text +=
                cells.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
                + "\n"
        }
        return text
    }
}
