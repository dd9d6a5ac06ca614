import Foundation

extension RunReport {
    /// The report as one pretty-printed JSON object with sorted keys, ending with a newline: the
    /// run's settings, its statistics (`games`, `meanScore`, `bestScore`, `clearedRate`…) and its
    /// timing. `tapInterval` is null for a run by the rules alone; `jobs`, `seconds` and
    /// `gamesPerSecond` are null for a merge, `shard` for a run of all the games.
    public func json() -> Data {
        let run: [String: JSONValue] = [
            "gamesRequested": .integer(Int64(gamesRequested)),
            "shard": shard.map { .string($0.description) } ?? .null,
            "player": .string(player),
            "seed": .unsigned(seed),
            "room": .string(room),
            "colours": .integer(Int64(colours)),
            "mode": .string(worldMode ? "world" : "rules-only"),
            "tapInterval": worldMode ? .number(tapInterval) : .null,
            "jobs": execution.map { .integer(Int64($0.jobs)) } ?? .null,
            "seconds": execution.map { .number($0.seconds) } ?? .null,
            "gamesPerSecond": gamesPerSecond.map(JSONValue.number) ?? .null,
            "interrupted": .bool(interrupted),
        ]
        // The run's fields and the statistics' share no key.
        return encodedJSON(JSONValue.object(run.merging(statistics.jsonFields) { field, _ in field }))
    }
}
