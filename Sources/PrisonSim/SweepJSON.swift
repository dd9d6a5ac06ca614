import Foundation

extension SweepReport {
    /// The summary as one pretty-printed JSON object with sorted keys, ending with a newline:
    /// `command`, `seed`, `mode`, `gamesPerPoint`, `games` (played), `gamesRequested`, `shard`
    /// (null for all the games), `swept`, `points` (each with `point`, `settings` and its
    /// statistics), `interrupted`, and `jobs`, `seconds`, `gamesPerSecond` (null for a merge).
    func json() -> Data {
        var object: [String: JSONValue] = [
            "command": .string("sweep"),
            "seed": .unsigned(plan.seed),
            "mode": .string(plan.modeText),
            "gamesPerPoint": .integer(Int64(plan.games)),
            "games": .integer(Int64(gamesPlayed)),
            "gamesRequested": .integer(Int64(gamesRequested)),
            "shard": shard.map { .string($0.description) } ?? .null,
            "swept": .array(swept.map { .string($0.rawValue) }),
            "interrupted": .bool(interrupted),
            "jobs": execution.map { .integer(Int64($0.jobs)) } ?? .null,
            "seconds": execution.map { .number($0.seconds) } ?? .null,
            "gamesPerSecond": gamesPerSecond.map(JSONValue.number) ?? .null,
        ]
        object["points"] = .array(
            statistics.enumerated().map { point, statistics in
                .object([
                    "point": .integer(Int64(point)),
                    "settings": .object(Self.settingsObject(plan.points[point])),
                    "games": .integer(Int64(statistics.games)),
                    "meanScore": .number(statistics.meanScore),
                    "meanScoreInterval95": .interval(statistics.meanScoreInterval),
                    "scoreDeviation": .number(statistics.scoreDeviation),
                    "medianScore": .number(statistics.medianScore),
                    "bestScore": .integer(Int64(statistics.bestScore)),
                    "clearedRate": .number(statistics.clearedRate),
                    "clearedRateInterval95": .interval(statistics.clearedRateInterval),
                    "meanMoves": .number(statistics.meanMoves),
                    "maxMultiplier": .integer(Int64(statistics.maxMultiplier)),
                    "comboRemovals": .integer(Int64(statistics.comboRemovals)),
                ])
            })
        return jsonData(JSONValue.object(object))
    }

    /// A point's settings as JSON: numbers for numeric parameters (seconds for durations), text
    /// for the others, null for the thinking budget not used.
    static func settingsObject(_ settings: PointSettings) -> [String: JSONValue] {
        var object: [String: JSONValue] = [:]
        for parameter in Parameter.allCases {
            let text = parameter.text(in: settings)
            object[parameter.column] =
                text.isEmpty ? .null : parameter.isNumeric ? .number(parameter.number(in: settings)) : .string(text)
        }
        return object
    }
}

/// A JSON value, for objects whose keys are not known to the type system.
enum JSONValue: Encodable {
    case string(String)
    case integer(Int64)
    case unsigned(UInt64)
    case number(Double)
    case bool(Bool)
    case array([JSONValue])
    case object([String: JSONValue])
    case null

    /// An interval as a pair of numbers.
    static func interval(_ range: ClosedRange<Double>) -> JSONValue {
        .array([.number(range.lowerBound), .number(range.upperBound)])
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .unsigned(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        case .null: try container.encodeNil()
        }
    }
}
