import Foundation
import PrisonFiles

/// A JSON value: what the JSON summaries of `run`, `sweep` and `merge` are built of, so that
/// every field, null ones included, is written the same way in each.
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

extension SimulationStatistics {
    /// The statistics as every JSON summary gives them, a field each: `games`, `meanScore`,
    /// `meanScoreInterval95`, `scoreDeviation`, `medianScore`, `bestScore`, `clearedRate`,
    /// `clearedRateInterval95`, `meanMoves`, `maxMultiplier` and `comboRemovals`.
    var jsonFields: [String: JSONValue] {
        [
            "games": .integer(Int64(games)),
            "meanScore": .number(meanScore),
            "meanScoreInterval95": .interval(meanScoreInterval),
            "scoreDeviation": .number(scoreDeviation),
            "medianScore": .number(medianScore),
            "bestScore": .integer(Int64(bestScore)),
            "clearedRate": .number(clearedRate),
            "clearedRateInterval95": .interval(clearedRateInterval),
            "meanMoves": .number(meanMoves),
            "maxMultiplier": .integer(Int64(maxMultiplier)),
            "comboRemovals": .integer(Int64(comboRemovals)),
        ]
    }
}

/// A report as the JSON every program prints: `PrisonFiles.jsonData` (camelCase keys, sorted,
/// pretty-printed, a newline at the end), for values that cannot fail to encode.
func encodedJSON(_ value: JSONValue) -> Data {
    // Reports hold only strings, finite numbers, booleans, arrays and objects: encoding cannot fail.
    try! jsonData(value)
}
