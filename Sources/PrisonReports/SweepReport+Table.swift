import Foundation

extension SweepReport {
    /// The summary as text for a terminal: the sweep's settings, then a line a point.
    public func table() -> String {
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

        var header = swept.map(\.rawValue)
        header += ["games", "mean score", "95 % interval", "median", "best", "cleared", "mean moves", "max mult"]
        var rows = [header]
        for (point, statistics) in statistics.enumerated() {
            var row = swept.map { $0.text(in: plan.points[point]) }
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
                return column < swept.count ? cell + padding : padding + cell
            }
            text +=
                cells.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
                + "\n"
        }
        return text
    }
}
