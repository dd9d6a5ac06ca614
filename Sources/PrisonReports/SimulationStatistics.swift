import Foundation
import PrisonWorld

/// Statistics over a set of games: the figures every summary of `run`, `sweep` and `merge` shows.
///
/// They depend on the games alone, never on the order they finished in: the games are taken in
/// order of index, sums of whole numbers are exact, and the one sum of floating-point numbers
/// (for the standard deviation) runs in order of index. Every statistic of no games is 0.
public struct SimulationStatistics: Equatable, Sendable {
    /// The number of games.
    public let games: Int
    /// The mean score.
    public let meanScore: Double
    /// The middle score, or the mean of the two middle scores for an even number of games.
    public let medianScore: Double
    /// The sample standard deviation of the scores (n - 1 in the denominator); 0 below two games.
    public let scoreDeviation: Double
    /// The 95 % confidence interval of the mean score, by Student's t; the mean itself below two games.
    public let meanScoreInterval: ClosedRange<Double>
    /// The highest score.
    public let bestScore: Int
    /// The fraction of games that cleared the board, from 0 to 1.
    public let clearedRate: Double
    /// The 95 % Wilson score interval of the clear rate; 0...1 for no games.
    public let clearedRateInterval: ClosedRange<Double>
    /// The mean number of moves of a game.
    public let meanMoves: Double
    /// The highest multiplier of any removal in any game.
    public let maxMultiplier: Int
    /// The number of removals with a multiplier of 2 or more, over all games.
    public let comboRemovals: Int
    /// The scores, sorted from lowest to highest.
    public let sortedScores: [Int]

    /// The statistics of `records`, in any order.
    public init(_ records: [GameRecord]) {
        var tally = Tally()
        for record in records.sorted(by: { $0.index < $1.index }) { tally.add(record) }
        self.init(tally)
    }

    /// The statistics of the games `tally` has taken.
    public init(_ tally: Tally) {
        let count = tally.games
        games = count
        sortedScores = tally.scores.sorted()
        meanScore = count == 0 ? 0 : Double(tally.scoreSum) / Double(count)
        medianScore = Self.quantile(0.5, ofSorted: sortedScores)
        bestScore = sortedScores.last ?? 0
        clearedRate = count == 0 ? 0 : Double(tally.cleared) / Double(count)
        clearedRateInterval = Self.wilsonInterval(successes: tally.cleared, trials: count)
        meanMoves = count == 0 ? 0 : Double(tally.moves) / Double(count)
        maxMultiplier = tally.maxMultiplier
        comboRemovals = tally.comboRemovals
        if count >= 2 {
            let mean = meanScore
            let squares = tally.scores.reduce(0.0) { $0 + (Double($1) - mean) * (Double($1) - mean) }
            scoreDeviation = (squares / Double(count - 1)).squareRoot()
            let half = Self.studentT975(degreesOfFreedom: count - 1) * scoreDeviation / Double(count).squareRoot()
            meanScoreInterval = (mean - half)...(mean + half)
        } else {
            scoreDeviation = 0
            meanScoreInterval = meanScore...meanScore
        }
    }

    /// The `p`-quantile of `values`, sorted, interpolating between neighbours; 0 when there are none.
    public static func quantile(_ p: Double, ofSorted values: [Int]) -> Double {
        guard !values.isEmpty else { return 0 }
        let position = Double(values.count - 1) * p
        let below = Int(position.rounded(.down))
        let above = min(below + 1, values.count - 1)
        return Double(values[below]) + Double(values[above] - values[below]) * (position - Double(below))
    }

    /// The 0.975 quantile of the standard normal distribution.
    private static let normal975 = 1.959963984540054

    /// The 0.975 quantile of Student's t distribution: the half-width of a 95 % interval in
    /// standard errors. Exact to three decimals from a table up to 30 degrees of freedom, then
    /// by the Cornish–Fisher expansion around the normal quantile (error below 1e-4).
    public static func studentT975(degreesOfFreedom df: Int) -> Double {
        precondition(df >= 1, "Student's t needs at least one degree of freedom")
        let table = [
            12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
            2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
            2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
        ]
        if df <= table.count { return table[df - 1] }
        let z = normal975
        let n = Double(df)
        let z3 = z * z * z
        let z5 = z3 * z * z
        let z7 = z5 * z * z
        return z + (z3 + z) / (4 * n) + (5 * z5 + 16 * z3 + 3 * z) / (96 * n * n)
            + (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * n * n * n)
    }

    /// The 95 % Wilson score interval of a proportion: unlike the normal approximation, it stays
    /// inside 0...1 and is not empty when every trial, or none, succeeds.
    public static func wilsonInterval(successes: Int, trials: Int) -> ClosedRange<Double> {
        guard trials > 0 else { return 0...1 }
        let z = normal975
        let n = Double(trials)
        let p = Double(successes) / n
        let centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        let half = z / (1 + z * z / n) * (p * (1 - p) / n + z * z / (4 * n * n)).squareRoot()
        // At 0 or every success a bound is exactly 0 or 1; rounding would leave it a hair off.
        let lower = successes == 0 ? 0 : max(0, centre - half)
        let upper = successes == trials ? 1 : min(1, centre + half)
        return lower...upper
    }
}

/// What ``SimulationStatistics`` are made from, gathered a game at a time in order of index: counts, exact
/// sums, and the scores alone (a number a game, not the game), so that a merge of shards of any
/// size need not hold its games.
public struct Tally: Sendable {
    /// The number of games taken.
    public private(set) var games = 0
    /// The scores, in order of index.
    public private(set) var scores: [Int] = []
    /// The sum of the scores.
    public private(set) var scoreSum = 0
    /// The number of games that cleared the board.
    public private(set) var cleared = 0
    /// The moves of all the games.
    public private(set) var moves = 0
    /// The highest multiplier of any removal in any game.
    public private(set) var maxMultiplier = 0
    /// The number of removals with a multiplier of 2 or more, over all games.
    public private(set) var comboRemovals = 0

    /// An empty tally: no games.
    public init() {}

    /// Takes the next game, by index.
    public mutating func add(_ record: GameRecord) {
        games += 1
        scores.append(record.score)
        scoreSum += record.score
        if record.cleared { cleared += 1 }
        moves += record.moves
        maxMultiplier = max(maxMultiplier, record.maxMultiplier)
        comboRemovals += record.comboRemovals
    }
}
