import Foundation

extension RunReport {
    /// The report as a table for a terminal, one line a figure: labels on the left, values aligned
    /// on the right.
    public func table() -> String {
        let statistics = statistics
        var rows: [(String, String)] = [("Games", gamesDescription)]
        if let shard { rows.append(("Shard", shard.description)) }
        rows += [
            ("Player", player),
            ("Seed", String(seed)),
            ("Room", room),
            ("Colours", String(colours)),
            ("Mode", modeDescription),
        ]
        if let execution { rows.append(("Jobs", String(execution.jobs))) }
        rows += [
            ("Mean score", fixed(statistics.meanScore, decimals: 1)),
            ("Median score", fixed(statistics.medianScore, decimals: 1)),
            ("Best score", String(statistics.bestScore)),
            ("Cleared", clearedDescription),
            ("Mean moves", fixed(statistics.meanMoves, decimals: 1)),
            ("Max multiplier", String(statistics.maxMultiplier)),
            ("Combo removals", String(statistics.comboRemovals)),
        ]
        if let execution {
            rows.append(("Games per second", fixed(gamesPerSecond ?? 0, decimals: 1)))
            rows.append(("Time", fixed(execution.seconds, decimals: 2) + " s"))
        } else {
            rows.append(("Time", "not measured"))
        }
        // The widest label of a report that measured its time, so a merge's table aligns the same.
        let labelWidth = max(rows.map { $0.0.count }.max() ?? 0, "Games per second".count)
        let valueWidth = rows.map { $0.1.count }.max() ?? 0
        return rows.map { label, value in
            let gap = String(repeating: " ", count: 2 + labelWidth - label.count + valueWidth - value.count)
            return label + gap + value + "\n"
        }.joined()
    }

    /// The number of games, with the number requested when they differ and the interruption:
    /// "100", "37 of 100 requested (interrupted)".
    private var gamesDescription: String {
        let games = statistics.games
        var description = String(games)
        if games != gamesRequested { description += " of \(gamesRequested) requested" }
        if interrupted { description += " (interrupted)" }
        return description
    }
}
