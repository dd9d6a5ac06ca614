import Foundation
import PrisonReports
import PrisonWorld
import Testing

// Plans, games and folders shared by the tests of the reports.

/// A game record with the given figures; the others follow from the index.
func record(_ index: Int, score: Int, moves: Int = 10, cleared: Bool = false) -> GameRecord {
    GameRecord(
        index: index, seed: UInt64(index) * 1000 + 7, score: score, moves: moves, cleared: cleared,
        remaining: cleared ? 0 : 3, maxMultiplier: index + 1, comboRemovals: 2, missedTaps: 0)
}

/// A sweep of the colours 3 and 4 in a one-wall 6x5 room, `games` games a point, on the rules alone.
func smallSweep(games: Int = 5, seed: UInt64 = 3) -> Plan {
    Plan(
        command: .sweep, seed: seed, games: games, worldMode: false,
        points: [3, 4].map { PointSettings(walls: 1, width: 6, height: 5, colours: $0) })
}

/// A run of `games` games in a one-wall 6x5 room on the rules alone.
func smallRun(games: Int = 6, seed: UInt64 = 5) -> Plan {
    Plan(command: .run, seed: seed, games: games, worldMode: false, points: [PointSettings(walls: 1, width: 6, height: 5)])
}

/// Every game of `plan` (all of them, or `shard`'s), played on one thread, in order of game number.
func playedGames(of plan: Plan, shard: Shard = .whole) -> [(point: Int, record: GameRecord)] {
    final class Box: @unchecked Sendable { var games: [(point: Int, record: GameRecord)] = [] }
    let box = Box()
    plan.play(shard: shard, jobs: 1, shouldStop: { false }) { point, game in box.games.append((point, game.record)) }
    return box.games
}

/// A new empty folder, removed by `body`'s end.
func withTemporaryFolder<T>(_ body: (URL) throws -> T) throws -> T {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("PrisonReportsTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
}

/// The text of the file at `url`.
func text(of url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

/// The JSON object `data` holds.
func jsonObject(_ data: Data) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
}
