import Foundation
import PrisonFiles
import PrisonReports
import PrisonWorld
import Testing

@Suite("Shards and their merge")
struct ShardMergeTests {
    /// Writes the games CSV of each of `count` shards of `plan` into `folder`, shard k's as
    /// `shard-k.csv`, and returns their paths.
    static func writeShards(of plan: Plan, count: Int, in folder: URL) throws -> [String] {
        try (1...count).map { number in
            let shard = Shard(number: number, count: count)
            let path = folder.appendingPathComponent("shard-\(number).csv").path
            try GamesCSVWriter(path: path, plan: plan, shard: shard).finish(playedGames(of: plan, shard: shard))
            return path
        }
    }

    /// The merge of the files at `paths`, its games CSV written to `output` when given.
    static func merge(_ paths: [String], writingTo output: String? = nil) throws -> ShardMerge {
        let readers = try paths.compactMap { path throws(ReportError) in try GamesCSVReader(reading: path) }
        let writer = try output.map { path throws(FileError) in try FileWriter(path: path) }
        let merge = try ShardMerge(readers, writingTo: writer)
        try writer?.finish()
        return merge
    }

    @Test("The shards of a sweep merge into the games CSV and reports one process writes", arguments: [1, 2, 3, 11])
    func mergeEqualsWhole(count: Int) throws {
        try withTemporaryFolder { folder throws in
            let plan = smallSweep()
            let whole = folder.appendingPathComponent("whole.csv")
            let games = playedGames(of: plan)
            try GamesCSVWriter(path: whole.path, plan: plan, shard: .whole).finish(games)

            // 11 shards of 10 games: the last has none, and its file is passed over.
            let paths = try Self.writeShards(of: plan, count: count, in: folder)
            let merged = folder.appendingPathComponent("merged.csv")
            let merge = try Self.merge(paths, writingTo: merged.path)
            #expect(try text(of: merged) == text(of: whole))
            #expect(merge.plan == plan)

            let direct = SweepReport(plan: plan, games: games, shard: nil, xParameter: nil, execution: nil, interrupted: false)
            let fromShards = merge.sweepReport(xParameter: nil)
            #expect(fromShards.statistics == direct.statistics)
            #expect(fromShards.json() == direct.json())
            #expect(fromShards.svg() == direct.svg())
            #expect(fromShards.summaryCSV() == direct.summaryCSV())
        }
    }

    @Test("The shards of a run merge into the run's report, without timing")
    func runMerge() throws {
        try withTemporaryFolder { folder throws in
            let plan = smallRun()
            let paths = try Self.writeShards(of: plan, count: 2, in: folder)
            let report = try Self.merge(paths).runReport()
            let direct = RunReport(
                plan: plan, records: playedGames(of: plan).map(\.record), shard: nil, execution: nil, interrupted: false)
            #expect(report.statistics == direct.statistics && report.execution == nil)
            #expect(report.table().hasSuffix(" not measured\n") && !report.table().contains("Games per second"))
        }
    }

    @Test("Played in shards, on any number of threads, the games are those of one process")
    func shardsPlayTheSameGames() {
        let plan = smallSweep(games: 4)
        let whole = playedGames(of: plan)
        let pieces = (1...3).flatMap { playedGames(of: plan, shard: Shard(number: $0, count: 3)) }
        #expect(Set(pieces.map { "\($0.point) \($0.record)" }) == Set(whole.map { "\($0.point) \($0.record)" }))
    }

    @Test("A missing shard is named")
    func missingShard() throws {
        try withTemporaryFolder { folder throws in
            let paths = try Self.writeShards(of: smallSweep(), count: 3, in: folder)
            let error = try #require(throws: ReportError.self) { try Self.merge([paths[0], paths[2]]) }
            #expect(error.description.contains("shard 2/3 of run \(smallSweep().fingerprint)"))
            #expect(error.description.hasSuffix("is missing"))
        }
    }

    @Test("A shard given twice, or two files of one shard, are refused")
    func duplicatedShard() throws {
        try withTemporaryFolder { folder throws in
            let paths = try Self.writeShards(of: smallSweep(), count: 2, in: folder)
            let twice = try #require(throws: ReportError.self) { try Self.merge([paths[0], paths[0], paths[1]]) }
            #expect(twice.description == "\(paths[0]) is given twice")
            let copy = folder.appendingPathComponent("copy.csv").path
            try FileManager.default.copyItem(atPath: paths[0], toPath: copy)
            let again = try #require(throws: ReportError.self) { try Self.merge([paths[0], copy, paths[1]]) }
            #expect(again.description == "\(copy) is shard 1/2 again: so is \(paths[0])")
        }
    }

    @Test("A shard of another run is refused, naming both runs")
    func foreignShard() throws {
        try withTemporaryFolder { folder throws in
            let mine = try Self.writeShards(of: smallSweep(seed: 3), count: 2, in: folder)
            let other = folder.appendingPathComponent("other")
            try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
            let theirs = try Self.writeShards(of: smallSweep(seed: 4), count: 2, in: other)
            let error = try #require(throws: ReportError.self) { try Self.merge([mine[0], theirs[1]]) }
            #expect(error.description.hasPrefix("\(theirs[1]) is a shard of another run"))
        }
    }

    @Test("A shard cut short, or with a damaged row, is refused with its name and line")
    func damagedShard() throws {
        try withTemporaryFolder { folder throws in
            let paths = try Self.writeShards(of: smallSweep(), count: 2, in: folder)
            let lines = try text(of: URL(fileURLWithPath: paths[1])).split(separator: "\n", omittingEmptySubsequences: false)
            // Two rows fewer: the shard was stopped.
            try Data(lines.dropLast(3).map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: paths[1]))
            let short = try #require(throws: ReportError.self) { try Self.merge(paths) }
            #expect(short.description.contains("\(paths[1]) holds 3 of the 5 games of shard 2/2"))

            // A score that is not a number.
            var damaged = lines.map(String.init)
            var fields = damaged[2].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            fields[22] = "lots"
            damaged[2] = fields.joined(separator: ",")
            try Data(damaged.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: paths[1]))
            let bad = try #require(throws: ReportError.self) { try Self.merge(paths) }
            #expect(bad == .badData("\(paths[1]) line 3: score 'lots' is not a whole number"))
        }
    }

    @Test("No files with games: nothing to merge")
    func nothing() {
        #expect(throws: ReportError.badData("no games in any of the files")) { try ShardMerge([], writingTo: nil) }
    }
}
