import Foundation

/// Scores counted in bins of equal width, at integer edges.
public struct Histogram: Equatable, Sendable {
    /// The lowest score of the first bin, a multiple of `width`.
    public let start: Int
    /// The number of scores a bin spans: 1, 2 or 5 times a power of ten.
    public let width: Int
    /// The number of games in each bin, from `start` up.
    public let counts: [Int]

    /// Bins over `scores`, sorted; nil when there are none. There are about as many bins as the
    /// Freedman–Diaconis rule asks for (the square-root rule when the middle half of the scores
    /// is one value), and 5 to 40 of them, one score wide at least: fewer than five only when the
    /// scores span fewer than five whole numbers.
    public init?(sortedScores scores: [Int]) {
        guard let low = scores.first, let high = scores.last else { return nil }
        let spread = SimulationStatistics.quantile(0.75, ofSorted: scores) - SimulationStatistics.quantile(0.25, ofSorted: scores)
        let games = Double(scores.count)
        let rule = spread > 0 ? Double(high - low) * cbrt(games) / (2 * spread) : games.squareRoot()
        let wanted = min(max(rule.rounded(.up), 5), 40)

        // Every 1-2-5 width up to the first wider than the range of scores, which needs at most two bins.
        var candidates: [(start: Int, width: Int, bins: Int)] = []
        for width in niceMultiples(of: 1) {
            let start = roundedDown(low, toMultipleOf: width)
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
    public var axisScores: ClosedRange<Int> {
        let missing = max(0, 5 - counts.count)
        let before = start >= 0 ? min(missing / 2, start / width) : missing / 2
        let lowest = start - before * width
        return lowest...(lowest + max(counts.count, 5) * width - 1)
    }
}

/// `base` times 1, 2, 5, 10, 20, 50, 100 and so on.
func niceMultiples(of base: Int) -> some Sequence<Int> {
    (0...).lazy.map { base * [1, 2, 5][$0 % 3] * Int(pow(10, Double($0 / 3))) }
}

/// The greatest multiple of `step` not above `value`.
func roundedDown(_ value: Int, toMultipleOf step: Int) -> Int {
    Int((Double(value) / Double(step)).rounded(.down)) * step
}
