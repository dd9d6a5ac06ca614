import Foundation

extension RunReport {
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
}

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
