import Foundation
import PrisonWorld

/// The summary of a `prison-sim run`: how the run was set up, the games it played and statistics
/// over them, as a table for a terminal, JSON, CSV or an SVG histogram of the scores.
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

    // MARK: Formats

    /// The report as a table for a terminal, one line a figure: labels on the left, values aligned
    /// on the right.
    func table() -> String {
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

    /// The report as one pretty-printed JSON object with sorted keys, ending with a newline;
    /// `tapInterval` is null for a run by the rules alone; `jobs`, `seconds` and `gamesPerSecond`
    /// are null for a merge, `shard` for a run of all the games.
    func json() -> Data {
        let statistics = statistics
        let summary = JSONSummary(
            games: statistics.games, gamesRequested: gamesRequested, shard: shard?.description, player: player,
            seed: seed, room: room, colours: colours, mode: worldMode ? "world" : "rules-only",
            tapInterval: NullableNumber(worldMode ? tapInterval : nil), jobs: execution?.jobs,
            meanScore: statistics.meanScore, medianScore: statistics.medianScore,
            meanScoreInterval95: [statistics.meanScoreInterval.lowerBound, statistics.meanScoreInterval.upperBound],
            scoreDeviation: statistics.scoreDeviation, bestScore: statistics.bestScore,
            clearedRate: statistics.clearedRate, meanMoves: statistics.meanMoves,
            maxMultiplier: statistics.maxMultiplier, comboRemovals: statistics.comboRemovals,
            gamesPerSecond: NullableNumber(gamesPerSecond), seconds: NullableNumber(execution?.seconds),
            interrupted: interrupted)
        // The statistics are finite and the initializer requires finite times: encoding succeeds.
        return jsonData(summary)
    }

    /// An SVG 1.1 image, 800 by 480, of a histogram of the scores under a summary of the run:
    /// bars with their scores and number of games as tooltips, and a dashed line at the mean.
    func svg() -> String {
        let plot = Self.plot
        let statistics = statistics
        var elements = [
            SVG.text(
                "\(player): \(gamesPlayed), "
                    + "mean \(fixed(statistics.meanScore, decimals: 1)), median \(fixed(statistics.medianScore, decimals: 1)), "
                    + "best \(statistics.bestScore), cleared \(clearedDescription)",
                x: 20, y: 30, #"font-size="14" font-weight="bold""#),
            SVG.text(
                "\(room), \(colours) colours, seed \(seed), \(modeDescription)\(interrupted ? ", interrupted" : "")",
                x: 20, y: 52, ##"font-size="13" fill="#555555""##),
        ]
        if let histogram = Histogram(sortedScores: statistics.sortedScores) {
            elements += plotElements(of: histogram)
        } else {
            elements.append(
                SVG.text(
                    "no games", x: (plot.left + plot.right) / 2, y: (plot.top + plot.bottom) / 2,
                    ##"text-anchor="middle" font-size="16" fill="#777777""##))
        }
        elements += [
            SVG.line(plot.left, plot.top, plot.left, plot.bottom, ##"stroke="#333333""##),
            SVG.line(plot.left, plot.bottom, plot.right, plot.bottom, ##"stroke="#333333""##),
            SVG.text(
                "score", x: (plot.left + plot.right) / 2, y: plot.bottom + 42,
                #"text-anchor="middle" font-size="13""#),
            SVG.text(
                "games", x: 0, y: 0,
                #"transform="translate(24 \#(SVG.coordinate((plot.top + plot.bottom) / 2))) rotate(-90)" "#
                    + #"text-anchor="middle" font-size="13""#),
        ]
        return SVG.document(width: 800, height: 480, elements)
    }

    /// The edges of the plot in the SVG image.
    private static let plot = (left: 70.0, right: 770.0, top: 80.0, bottom: 420.0)

    /// The inside of the SVG plot: count grid lines and ticks, the bars, score ticks, and the mean.
    private func plotElements(of histogram: Histogram) -> [String] {
        let (left, right, top, bottom) = Self.plot
        // A whole score s spans s - 0.5 to s + 0.5: bars cover the scores they count, and ticks
        // fall in the middle of bars one score wide.
        let axis = histogram.axisScores
        let pointsPerScore = (right - left) / Double(axis.count)
        func x(_ score: Double) -> Double { left + (score - Double(axis.lowerBound) + 0.5) * pointsPerScore }
        let mostGames = histogram.counts.max() ?? 0
        let countStep = niceMultiples(of: 1).first { (mostGames + $0 - 1) / $0 <= 6 }!
        let countTop = (mostGames + countStep - 1) / countStep * countStep
        func y(_ count: Int) -> Double { bottom - Double(count) / Double(countTop) * (bottom - top) }

        var elements: [String] = []
        for count in stride(from: 0, through: countTop, by: countStep) {
            elements.append(SVG.line(left, y(count), right, y(count), ##"stroke="#e3e3e3""##))
            elements.append(SVG.text(String(count), x: left - 8, y: y(count) + 4, #"text-anchor="end""#))
        }
        for (bin, count) in histogram.counts.enumerated() where count > 0 {
            let lowest = histogram.start + bin * histogram.width
            let highest = lowest + histogram.width - 1
            let (from, to) = (x(Double(lowest) - 0.5), x(Double(highest) + 0.5))
            let scores = lowest == highest ? "score \(lowest)" : "scores \(lowest) to \(highest)"
            elements.append(
                SVG.rectangle(
                    x: from, y: y(count), width: to - from, height: bottom - y(count),
                    ##"fill="#4e79a7" stroke="#fafafa""##, title: "\(scores): \(counting(count, "game"))"))
        }
        let scoreStep = niceMultiples(of: histogram.width).first { axis.count / $0 <= 10 }!
        let firstTick = roundedDown(axis.lowerBound + scoreStep - 1, toMultipleOf: scoreStep)
        for score in stride(from: firstTick, through: axis.upperBound, by: scoreStep) {
            let position = x(Double(score))
            elements.append(SVG.line(position, bottom, position, bottom + 5, ##"stroke="#333333""##))
            elements.append(SVG.text(String(score), x: position, y: bottom + 20, #"text-anchor="middle""#))
        }
        let mean = x(statistics.meanScore)
        elements.append(
            SVG.line(mean, top, mean, bottom, ##"stroke="#d62728" stroke-width="1.5" stroke-dasharray="6 4""##))
        elements.append(
            SVG.text(
                "mean \(fixed(statistics.meanScore, decimals: 1))", x: min(max(mean, left + 45), right - 45), y: top - 6,
                ##"text-anchor="middle" fill="#d62728""##))
        return elements
    }

    // MARK: Descriptions

    /// The number of games, with the number requested when they differ and the interruption:
    /// "100", "37 of 100 requested (interrupted)".
    private var gamesDescription: String {
        let games = statistics.games
        var description = String(games)
        if games != gamesRequested { description += " of \(gamesRequested) requested" }
        if interrupted { description += " (interrupted)" }
        return description
    }

    /// The number of games played, and of those requested when they differ: "100 games", "37 of 100 games".
    private var gamesPlayed: String {
        let requested = counting(gamesRequested, "game")
        return statistics.games == gamesRequested ? requested : "\(statistics.games) of \(requested)"
    }

    /// How the games were played.
    private var modeDescription: String {
        worldMode ? "full world, a tap every \(trimmed(tapInterval, decimals: 3)) s" : "rules only (no world)"
    }

    /// The cleared rate as a percentage.
    private var clearedDescription: String { fixed(statistics.clearedRate * 100, decimals: 1) + " %" }
}

// MARK: - JSON

extension RunReport {
    /// The object ``RunReport/json()`` encodes.
    private struct JSONSummary: Encodable {
        let games: Int
        let gamesRequested: Int
        let shard: String?
        let player: String
        let seed: UInt64
        let room: String
        let colours: Int
        let mode: String
        let tapInterval: NullableNumber
        let jobs: Int?
        let meanScore: Double
        let medianScore: Double
        let meanScoreInterval95: [Double]
        let scoreDeviation: Double
        let bestScore: Int
        let clearedRate: Double
        let meanMoves: Double
        let maxMultiplier: Int
        let comboRemovals: Int
        let gamesPerSecond: NullableNumber
        let seconds: NullableNumber
        let interrupted: Bool

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(games, forKey: .games)
            try container.encode(gamesRequested, forKey: .gamesRequested)
            try container.encode(shard, forKey: .shard)
            try container.encode(player, forKey: .player)
            try container.encode(seed, forKey: .seed)
            try container.encode(room, forKey: .room)
            try container.encode(colours, forKey: .colours)
            try container.encode(mode, forKey: .mode)
            try container.encode(tapInterval, forKey: .tapInterval)
            try container.encode(jobs, forKey: .jobs)
            try container.encode(meanScore, forKey: .meanScore)
            try container.encode(medianScore, forKey: .medianScore)
            try container.encode(meanScoreInterval95, forKey: .meanScoreInterval95)
            try container.encode(scoreDeviation, forKey: .scoreDeviation)
            try container.encode(bestScore, forKey: .bestScore)
            try container.encode(clearedRate, forKey: .clearedRate)
            try container.encode(meanMoves, forKey: .meanMoves)
            try container.encode(maxMultiplier, forKey: .maxMultiplier)
            try container.encode(comboRemovals, forKey: .comboRemovals)
            try container.encode(gamesPerSecond, forKey: .gamesPerSecond)
            try container.encode(seconds, forKey: .seconds)
            try container.encode(interrupted, forKey: .interrupted)
        }

        private enum CodingKeys: CodingKey {
            case games, gamesRequested, shard, player, seed, room, colours, mode, tapInterval, jobs, meanScore
            case medianScore, meanScoreInterval95, scoreDeviation, bestScore, clearedRate, meanMoves
            case maxMultiplier, comboRemovals, gamesPerSecond, seconds, interrupted
        }
    }
}

/// A number that encodes as null when absent, where a synthesized encoding of an optional
/// would leave its key out.
struct NullableNumber: Encodable {
    let value: Double?

    init(_ value: Double?) { self.value = value }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value { try container.encode(value) } else { try container.encodeNil() }
    }
}
