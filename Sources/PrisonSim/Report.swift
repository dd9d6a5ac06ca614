import Foundation
import PrisonWorld

/// The summary of a `prison-sim run`: how the run was set up, the games it played and statistics
/// over them, as a table for a terminal, JSON, CSV or an SVG histogram of the scores.
///
/// Every statistic of a run without games is 0.
struct RunReport {
    /// The games played, in order of index.
    let records: [GameRecord]
    /// The number of games the run was asked to play.
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
    /// The number of games played at once.
    let jobs: Int
    /// Wall-clock seconds of the run.
    let seconds: Double
    /// Whether the run was stopped before it played every game requested.
    let interrupted: Bool

    /// A report of `records`, in any order; `tapInterval` and `seconds` must be finite.
    init(
        records: [GameRecord], gamesRequested: Int, player: String, seed: UInt64, room: String,
        colours: Int, worldMode: Bool, tapInterval: Double, jobs: Int, seconds: Double, interrupted: Bool
    ) {
        precondition(tapInterval.isFinite && seconds.isFinite, "a run report needs finite times")
        self.records = records.sorted { $0.index < $1.index }
        self.gamesRequested = gamesRequested
        self.player = player
        self.seed = seed
        self.room = room
        self.colours = colours
        self.worldMode = worldMode
        self.tapInterval = tapInterval
        self.jobs = jobs
        self.seconds = seconds
        self.interrupted = interrupted
    }

    // MARK: Statistics

    /// The number of games played.
    var games: Int { records.count }
    /// The mean score.
    var meanScore: Double { Self.mean(records.map(\.score)) }
    /// The middle score, or the mean of the two middle scores for an even number of games.
    var medianScore: Double { Self.quantile(0.5, ofSorted: records.map(\.score).sorted()) }
    /// The highest score.
    var bestScore: Int { records.map(\.score).max() ?? 0 }
    /// The fraction of games that cleared the board, from 0 to 1.
    var clearedRate: Double { Self.mean(records.map { $0.cleared ? 1 : 0 }) }
    /// The mean number of moves of a game.
    var meanMoves: Double { Self.mean(records.map(\.moves)) }
    /// The highest multiplier of any removal in any game.
    var maxMultiplier: Int { records.map(\.maxMultiplier).max() ?? 0 }
    /// The number of removals with a multiplier of 2 or more, over all games.
    var comboRemovals: Int { records.reduce(0) { $0 + $1.comboRemovals } }
    /// Games played per wall-clock second.
    var gamesPerSecond: Double { seconds > 0 ? Double(games) / seconds : 0 }

    // MARK: Formats

    /// The report as a table for a terminal, one line a figure: labels on the left, values aligned
    /// on the right.
    func table() -> String {
        let rows = [
            ("Games", gamesDescription),
            ("Player", player),
            ("Seed", String(seed)),
            ("Room", room),
            ("Colours", String(colours)),
            ("Mode", modeDescription),
            ("Jobs", String(jobs)),
            ("Mean score", Self.fixed(meanScore, decimals: 1)),
            ("Median score", Self.fixed(medianScore, decimals: 1)),
            ("Best score", String(bestScore)),
            ("Cleared", clearedDescription),
            ("Mean moves", Self.fixed(meanMoves, decimals: 1)),
            ("Max multiplier", String(maxMultiplier)),
            ("Combo removals", String(comboRemovals)),
            ("Games per second", Self.fixed(gamesPerSecond, decimals: 1)),
            ("Time", Self.fixed(seconds, decimals: 2) + " s"),
        ]
        let labelWidth = rows.map(\.0.count).max() ?? 0
        let valueWidth = rows.map(\.1.count).max() ?? 0
        return rows.map { label, value in
            let gap = String(repeating: " ", count: 2 + labelWidth - label.count + valueWidth - value.count)
            return label + gap + value + "\n"
        }.joined()
    }

    /// The report as one pretty-printed JSON object with sorted keys, ending with a newline;
    /// `tapInterval` is null for a run by the rules alone.
    func json() -> Data {
        let summary = JSONSummary(
            games: games, gamesRequested: gamesRequested, player: player, seed: seed, room: room,
            colours: colours, mode: worldMode ? "world" : "rules-only",
            tapInterval: NullableNumber(value: worldMode ? tapInterval : nil), jobs: jobs,
            meanScore: meanScore, medianScore: medianScore, bestScore: bestScore, clearedRate: clearedRate,
            meanMoves: meanMoves, maxMultiplier: maxMultiplier, comboRemovals: comboRemovals,
            gamesPerSecond: gamesPerSecond, seconds: seconds, interrupted: interrupted)
        // The statistics are finite and the initializer requires finite times: encoding succeeds.
        return jsonData(summary)
    }

    /// The games as CSV, in order of index: the header
    /// `index,seed,score,moves,cleared,remaining,maxMultiplier`, then a line a game.
    func csv() -> String {
        "index,seed,score,moves,cleared,remaining,maxMultiplier\n"
            + records.map { game in
                "\(game.index),\(game.seed),\(game.score),\(game.moves),\(game.cleared),"
                    + "\(game.remaining),\(game.maxMultiplier)\n"
            }.joined()
    }

    /// An SVG 1.1 image, 800 by 480, of a histogram of the scores under a summary of the run:
    /// bars with their scores and number of games as tooltips, and a dashed line at the mean.
    func svg() -> String {
        let plot = Self.plot
        var elements = [
            Self.rectangle(x: 0, y: 0, width: 800, height: 480, ##"fill="#fafafa""##),
            Self.text(
                "\(player): \(gamesPlayed), "
                    + "mean \(Self.fixed(meanScore, decimals: 1)), median \(Self.fixed(medianScore, decimals: 1)), "
                    + "best \(bestScore), cleared \(clearedDescription)",
                x: 20, y: 30, #"font-size="14" font-weight="bold""#),
            Self.text(
                "\(room), \(colours) colours, seed \(seed), \(modeDescription)\(interrupted ? ", interrupted" : "")",
                x: 20, y: 52, ##"font-size="13" fill="#555555""##),
        ]
        if let histogram = Histogram(sortedScores: records.map(\.score).sorted()) {
            elements += plotElements(of: histogram)
        } else {
            elements.append(
                Self.text(
                    "no games", x: (plot.left + plot.right) / 2, y: (plot.top + plot.bottom) / 2,
                    ##"text-anchor="middle" font-size="16" fill="#777777""##))
        }
        elements += [
            Self.line(plot.left, plot.top, plot.left, plot.bottom, ##"stroke="#333333""##),
            Self.line(plot.left, plot.bottom, plot.right, plot.bottom, ##"stroke="#333333""##),
            Self.text(
                "score", x: (plot.left + plot.right) / 2, y: plot.bottom + 42,
                #"text-anchor="middle" font-size="13""#),
            Self.text(
                "games", x: 0, y: 0,
                #"transform="translate(24 \#(Self.coordinate((plot.top + plot.bottom) / 2))) rotate(-90)" "#
                    + #"text-anchor="middle" font-size="13""#),
        ]
        return #"""
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="800" height="480" viewBox="0 0 800 480" \#
            font-family="sans-serif" font-size="12" fill="#333333">

            """# + elements.map { $0 + "\n" }.joined() + "</svg>\n"
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
        let countStep = Self.niceMultiples(of: 1).first { (mostGames + $0 - 1) / $0 <= 6 }!
        let countTop = (mostGames + countStep - 1) / countStep * countStep
        func y(_ count: Int) -> Double { bottom - Double(count) / Double(countTop) * (bottom - top) }

        var elements: [String] = []
        for count in stride(from: 0, through: countTop, by: countStep) {
            elements.append(Self.line(left, y(count), right, y(count), ##"stroke="#e3e3e3""##))
            elements.append(Self.text(String(count), x: left - 8, y: y(count) + 4, #"text-anchor="end""#))
        }
        for (bin, count) in histogram.counts.enumerated() where count > 0 {
            let lowest = histogram.start + bin * histogram.width
            let highest = lowest + histogram.width - 1
            let (from, to) = (x(Double(lowest) - 0.5), x(Double(highest) + 0.5))
            let scores = lowest == highest ? "score \(lowest)" : "scores \(lowest) to \(highest)"
            elements.append(
                Self.rectangle(
                    x: from, y: y(count), width: to - from, height: bottom - y(count),
                    ##"fill="#4e79a7" stroke="#fafafa""##, title: "\(scores): \(Self.counting(count, "game"))"))
        }
        let scoreStep = Self.niceMultiples(of: histogram.width).first { axis.count / $0 <= 10 }!
        let firstTick = Self.roundedDown(axis.lowerBound + scoreStep - 1, toMultipleOf: scoreStep)
        for score in stride(from: firstTick, through: axis.upperBound, by: scoreStep) {
            let position = x(Double(score))
            elements.append(Self.line(position, bottom, position, bottom + 5, ##"stroke="#333333""##))
            elements.append(Self.text(String(score), x: position, y: bottom + 20, #"text-anchor="middle""#))
        }
        let mean = x(meanScore)
        elements.append(
            Self.line(mean, top, mean, bottom, ##"stroke="#d62728" stroke-width="1.5" stroke-dasharray="6 4""##))
        elements.append(
            Self.text(
                "mean \(Self.fixed(meanScore, decimals: 1))", x: min(max(mean, left + 45), right - 45), y: top - 6,
                ##"text-anchor="middle" fill="#d62728""##))
        return elements
    }

    // MARK: Descriptions

    /// The number of games, with the number requested when they differ and the interruption:
    /// "100", "37 of 100 requested (interrupted)".
    private var gamesDescription: String {
        var description = String(games)
        if games != gamesRequested { description += " of \(gamesRequested) requested" }
        if interrupted { description += " (interrupted)" }
        return description
    }

    /// The number of games played, and of those requested when they differ: "100 games", "37 of 100 games".
    private var gamesPlayed: String {
        let requested = Self.counting(gamesRequested, "game")
        return games == gamesRequested ? requested : "\(games) of \(requested)"
    }

    /// How the games were played.
    private var modeDescription: String {
        worldMode ? "full world, a tap every \(Self.trimmed(tapInterval, decimals: 3)) s" : "rules only (no world)"
    }

    /// The cleared rate as a percentage.
    private var clearedDescription: String { Self.fixed(clearedRate * 100, decimals: 1) + " %" }
}

// MARK: - Helpers

extension RunReport {
    /// The object ``RunReport/json()`` encodes.
    private struct JSONSummary: Encodable {
        let games: Int
        let gamesRequested: Int
        let player: String
        let seed: UInt64
        let room: String
        let colours: Int
        let mode: String
        let tapInterval: NullableNumber
        let jobs: Int
        let meanScore: Double
        let medianScore: Double
        let bestScore: Int
        let clearedRate: Double
        let meanMoves: Double
        let maxMultiplier: Int
        let comboRemovals: Int
        let gamesPerSecond: Double
        let seconds: Double
        let interrupted: Bool
    }

    /// A number that encodes as null when absent, where a synthesized encoding of an optional
    /// would leave its key out.
    private struct NullableNumber: Encodable {
        let value: Double?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            if let value { try container.encode(value) } else { try container.encodeNil() }
        }
    }

    /// Scores counted in bins of equal width, at integer edges.
    private struct Histogram {
        /// The lowest score of the first bin, a multiple of `width`.
        let start: Int
        /// The number of scores a bin spans: 1, 2 or 5 times a power of ten.
        let width: Int
        /// The number of games in each bin, from `start` up.
        let counts: [Int]

        /// Bins over `scores`, sorted; nil when there are none. There are about as many bins as the
        /// Freedman–Diaconis rule asks for (the square-root rule when the middle half of the scores
        /// is one value), and 5 to 40 of them, one score wide at least: fewer than five only when the
        /// scores span fewer than five whole numbers.
        init?(sortedScores scores: [Int]) {
            guard let low = scores.first, let high = scores.last else { return nil }
            let spread = RunReport.quantile(0.75, ofSorted: scores) - RunReport.quantile(0.25, ofSorted: scores)
            let games = Double(scores.count)
            let rule = spread > 0 ? Double(high - low) * cbrt(games) / (2 * spread) : games.squareRoot()
            let wanted = min(max(rule.rounded(.up), 5), 40)

            // Every 1-2-5 width up to the first wider than the range of scores, which needs at most two bins.
            var candidates: [(start: Int, width: Int, bins: Int)] = []
            for width in RunReport.niceMultiples(of: 1) {
                let start = RunReport.roundedDown(low, toMultipleOf: width)
                candidates.append((start, width, (high - start) / width + 1))
                if width > high - low { break }
            }
            func distance(_ bins: Int) -> Double { abs(log(Double(bins) / wanted)) }
            let fitting = candidates.filter { (5...40).contains($0.bins) }
            let chosen = (fitting.isEmpty ? candidates : fitting).min { distance($0.bins) < distance($1.bins) }!
            var counts = Array(repeating: 0, count: chosen.bins)
            for score in scores { counts[(score - chosen.start) / chosen.width] += 1 }
            start = chosen.start
            width = chosen.width
            self.counts = counts
        }

        /// The scores the x axis shows: those of the bins, and of empty bins added on either side to
        /// make at least five, but none below zero when no score is.
        var axisScores: ClosedRange<Int> {
            let missing = max(0, 5 - counts.count)
            let before = start >= 0 ? min(missing / 2, start / width) : missing / 2
            let lowest = start - before * width
            return lowest...(lowest + max(counts.count, 5) * width - 1)
        }
    }

    /// The mean of `values`, or 0 when there are none.
    private static func mean(_ values: [Int]) -> Double {
        values.isEmpty ? 0 : values.reduce(0) { $0 + Double($1) } / Double(values.count)
    }

    /// The `p`-quantile of `values`, sorted, interpolating between neighbours; 0 when there are none.
    private static func quantile(_ p: Double, ofSorted values: [Int]) -> Double {
        guard !values.isEmpty else { return 0 }
        let position = Double(values.count - 1) * p
        let below = Int(position.rounded(.down))
        let above = min(below + 1, values.count - 1)
        return Double(values[below]) + Double(values[above] - values[below]) * (position - Double(below))
    }

    /// `base` times 1, 2, 5, 10, 20, 50, 100 and so on.
    private static func niceMultiples(of base: Int) -> some Sequence<Int> {
        (0...).lazy.map { base * [1, 2, 5][$0 % 3] * Int(pow(10, Double($0 / 3))) }
    }

    /// The greatest multiple of `step` not above `value`.
    private static func roundedDown(_ value: Int, toMultipleOf step: Int) -> Int {
        Int((Double(value) / Double(step)).rounded(.down)) * step
    }

    /// `value` with exactly `decimals` decimals, never as "-0.0".
    private static func fixed(_ value: Double, decimals: Int) -> String {
        let text = String(format: "%.\(decimals)f", value)
        return text.hasPrefix("-") && Double(text) == 0 ? String(text.dropFirst()) : text
    }

    /// `value` with at most `decimals` decimals, without trailing zeros.
    private static func trimmed(_ value: Double, decimals: Int) -> String {
        var text = fixed(value, decimals: decimals)
        guard text.contains(".") else { return text }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// `count` and `noun`, plural unless `count` is 1.
    private static func counting(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// An SVG coordinate: at most one decimal.
    private static func coordinate(_ value: Double) -> String { trimmed(value, decimals: 1) }

    /// An SVG text element at (`x`, `y`) with more `attributes`, holding `content` escaped.
    private static func text(_ content: String, x: Double, y: Double, _ attributes: String) -> String {
        #"<text x="\#(coordinate(x))" y="\#(coordinate(y))" \#(attributes)>\#(xmlEscaped(content))</text>"#
    }

    /// An SVG line from (`x1`, `y1`) to (`x2`, `y2`) with more `attributes`.
    private static func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ attributes: String) -> String {
        #"<line x1="\#(coordinate(x1))" y1="\#(coordinate(y1))" x2="\#(coordinate(x2))" y2="\#(coordinate(y2))" "#
            + attributes + "/>"
    }

    /// An SVG rectangle with more `attributes`, and `title` as its tooltip when there is one.
    private static func rectangle(
        x: Double, y: Double, width: Double, height: Double, _ attributes: String, title: String? = nil
    ) -> String {
        let start = #"<rect x="\#(coordinate(x))" y="\#(coordinate(y))" "#
            + #"width="\#(coordinate(width))" height="\#(coordinate(height))" \#(attributes)"#
        return title.map { start + "><title>\(xmlEscaped($0))</title></rect>" } ?? start + "/>"
    }

    /// `text` with XML's special characters as entities, and the characters XML 1.0 forbids as U+FFFD.
    private static func xmlEscaped(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\t", "\n", "\r": escaped.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                escaped += "\u{FFFD}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
