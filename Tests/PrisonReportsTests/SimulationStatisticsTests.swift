import Foundation
import PrisonReports
import PrisonSpaceTesting
import PrisonWorld
import Testing

@Suite("Statistics of simulated games")
struct SimulationStatisticsTests {
    static func record(_ index: Int, score: Int, moves: Int = 10, cleared: Bool = false) -> GameRecord {
        GameRecord(
            index: index, seed: UInt64(index), score: score, moves: moves, cleared: cleared, remaining: cleared ? 0 : 3,
            maxMultiplier: index + 1, comboRemovals: 2, missedTaps: 0)
    }

    @Test("Mean, median, deviation and the t interval of a small sample, against hand-computed figures")
    func smallSample() {
        // Scores 2, 4, 4, 4, 5, 5, 7, 9: mean 5, sample variance 32/7.
        let scores = [9, 4, 2, 5, 4, 7, 4, 5]
        let statistics = SimulationStatistics(scores.enumerated().map { Self.record($0, score: $1, cleared: $0 < 2) })
        #expect(statistics.games == 8 && statistics.meanScore == 5 && statistics.medianScore == 4.5)
        #expect(isClose(statistics.scoreDeviation, (32.0 / 7).squareRoot(), tolerance: 1e-12))
        let half = 2.365 * (32.0 / 7).squareRoot() / 8.0.squareRoot()
        #expect(isClose(statistics.meanScoreInterval.lowerBound, 5 - half, tolerance: 1e-12))
        #expect(isClose(statistics.meanScoreInterval.upperBound, 5 + half, tolerance: 1e-12))
        #expect(statistics.bestScore == 9 && statistics.clearedRate == 0.25 && statistics.maxMultiplier == 8)
        #expect(statistics.comboRemovals == 16 && statistics.meanMoves == 10)
        #expect(statistics.sortedScores == scores.sorted())
    }

    @Test("The order games finish in changes nothing, to the last bit")
    func orderIndependent() {
        var generator = SystemRandomNumberGenerator()
        let records = (0..<500).map { Self.record($0, score: Int.random(in: 0...90_000, using: &generator)) }
        let reference = SimulationStatistics(records)
        for _ in 0..<5 { #expect(SimulationStatistics(records.shuffled()) == reference) }
    }

    @Test("No games and one game: zeros and an interval of one point, never NaN")
    func degenerate() {
        let none = SimulationStatistics([])
        #expect(none.games == 0 && none.meanScore == 0 && none.medianScore == 0 && none.clearedRateInterval == 0...1)
        let one = SimulationStatistics([Self.record(0, score: 42, cleared: true)])
        #expect(one.meanScoreInterval == 42...42 && one.scoreDeviation == 0 && one.clearedRate == 1)
    }

    @Test("Student's t quantile: the table, then the expansion, within 1e-3 of published values")
    func studentT() {
        let published: [(Int, Double)] = [
            (1, 12.706), (2, 4.303), (10, 2.228), (30, 2.042), (31, 2.040), (40, 2.021),
            (60, 2.000), (120, 1.980), (1000, 1.962), (1_000_000, 1.960),
        ]
        for (df, t) in published { #expect(isClose(SimulationStatistics.studentT975(degreesOfFreedom: df), t, tolerance: 1e-3), "df \(df)") }
    }

    @Test("Wilson intervals: inside 0...1, exactly 0 below no successes and 1 above all, known value at 0 of 6")
    func wilson() {
        #expect(isClose(SimulationStatistics.wilsonInterval(successes: 0, trials: 6).upperBound, 0.390334, tolerance: 1e-6))
        #expect(SimulationStatistics.wilsonInterval(successes: 0, trials: 6).lowerBound == 0)
        for trials in 1...1_000 {
            #expect(SimulationStatistics.wilsonInterval(successes: 0, trials: trials).lowerBound == 0)
            #expect(SimulationStatistics.wilsonInterval(successes: trials, trials: trials).upperBound == 1)
        }
        #expect(isClose(SimulationStatistics.wilsonInterval(successes: 6, trials: 6).lowerBound, 0.609666, tolerance: 1e-6))
        let half = SimulationStatistics.wilsonInterval(successes: 50, trials: 100)
        #expect(isClose(half.lowerBound, 0.403832, tolerance: 1e-6) && isClose(half.upperBound, 0.596168, tolerance: 1e-6))
    }

    @Test("Histogram bins count every score once, at 1-2-5 widths")
    func histogram() throws {
        let scores = (0..<1000).map { ($0 * 7919) % 3001 }.sorted()
        let histogram = try #require(Histogram(sortedScores: scores))
        #expect(histogram.counts.reduce(0, +) == 1000)
        #expect((5...40).contains(histogram.counts.count))
        #expect([1, 2, 5].contains(histogram.width / Int(pow(10, floor(log10(Double(histogram.width)))))))
        #expect(
            histogram.start <= scores.first!
                && histogram.start + histogram.counts.count * histogram.width > scores.last!)
        #expect(Histogram(sortedScores: []) == nil)
    }

    @Test("Shards split the games into parts that cover each once", arguments: [(1, 1), (3, 7), (10, 4), (0, 3)])
    func shards(total: Int, count: Int) throws {
        var seen: [Int] = []
        for number in 1...count {
            let shard = try #require(Shard("\(number)/\(count)"))
            let games = Array(shard.games(of: total))
            #expect(games.count == shard.share(of: total) && games.allSatisfy(shard.plays))
            seen += games
        }
        #expect(seen.sorted() == Array(0..<total))
        for bad in ["0/3", "4/3", "1/0", "-1/2", "1/", "a/b", "1/2/3", "+1/2"] { #expect(Shard(bad) == nil) }
    }
}
