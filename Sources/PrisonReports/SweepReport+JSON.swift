import Foundation

extension SweepReport {
    /// The summary as one pretty-printed JSON object with sorted keys, ending with a newline:
    /// `command`, `seed`, `mode`, `gamesPerPoint`, `games` (played), `gamesRequested`, `shard`
    /// (null for all the games), `swept`, `points` (each with `point`, `settings` and its
    /// statistics), `interrupted`, and `jobs`, `seconds`, `gamesPerSecond` (null for a merge).
    public func json() -> Data {
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
                var fields = statistics.jsonFields
                fields["point"] = .integer(Int64(point))
                fields["settings"] = .object(Self.settingsObject(plan.points[point]))
                return JSONValue.object(fields)
            })
        return encodedJSON(JSONValue.object(object))
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
