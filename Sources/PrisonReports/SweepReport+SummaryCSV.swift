extension SweepReport {
    /// The summary as CSV, a row a point: `point`, the settings (as in the games CSV), `mode`,
    /// `games`, then `meanScore`, `meanScoreLow95`, `meanScoreHigh95`, `scoreDeviation`,
    /// `medianScore`, `bestScore`, `clearedRate`, `clearedRateLow95`, `clearedRateHigh95`,
    /// `meanMoves`, `maxMultiplier`, `comboRemovals`. Numbers are written in the shortest form
    /// that reads back to the same value.
    public func summaryCSV() -> String {
        var columns = ["point"]
        columns += Parameter.allCases.map(\.column)
        columns += [
            "mode", "games", "meanScore", "meanScoreLow95", "meanScoreHigh95", "scoreDeviation", "medianScore",
            "bestScore", "clearedRate", "clearedRateLow95", "clearedRateHigh95", "meanMoves", "maxMultiplier",
            "comboRemovals",
        ]
        var text = columns.joined(separator: ",") + "\n"
        for (point, statistics) in statistics.enumerated() {
            var fields = [String(point)]
            fields += Parameter.allCases.map { $0.text(in: plan.points[point]) }
            let figures: [String] = [
                plan.modeText, String(statistics.games), String(statistics.meanScore),
                String(statistics.meanScoreInterval.lowerBound), String(statistics.meanScoreInterval.upperBound),
                String(statistics.scoreDeviation), String(statistics.medianScore), String(statistics.bestScore),
                String(statistics.clearedRate), String(statistics.clearedRateInterval.lowerBound),
                String(statistics.clearedRateInterval.upperBound), String(statistics.meanMoves),
                String(statistics.maxMultiplier), String(statistics.comboRemovals),
            ]
            fields += figures
            text += fields.joined(separator: ",") + "\n"
        }
        return text
    }
}
