import Foundation
import PrisonReports
import PrisonWorld
import Testing

@Suite("The games CSV: rows, the writer and the reader")
struct GamesCSVTests {
    @Test("A row is the run, the shard, the point's settings and the game, in the header's columns")
    func row() {
        let plan = smallSweep()
        let row = GamesCSV.row(record(2, score: 40, moves: 7, cleared: true), point: 1, of: plan, fingerprint: "f", shard: Shard(number: 2, count: 3))
        #expect(GamesCSV.header.hasPrefix("command,run,shard,shards,points,point,games,seed,mode,walls,width,height,colours,"))
        #expect(GamesCSV.header.hasSuffix(",index,boardSeed,score,moves,cleared,remaining,maxMultiplier,comboRemovals,missedTaps\n"))
        #expect(row == "sweep,f,2,3,2,1,5,3,rules-only,1,6,5,4,linked,n-2,1,0.8,random,0.1,,2,2007,40,7,true,0,3,2,0\n")
        #expect(row.split(separator: ",", omittingEmptySubsequences: false).count == GamesCSV.columns.count)
    }

    @Test("The file is the header, then the rows sorted by point and index")
    func sortedFile() throws {
        let plan = smallSweep(games: 2)
        let games = [(1, record(1, score: 4)), (0, record(1, score: 3)), (1, record(0, score: 2)), (0, record(0, score: 1))]
        var written = Data()
        try GamesCSV.write(games.map { (point: $0.0, record: $0.1) }, of: plan, shard: .whole) { written.append($0) }
        let lines = String(decoding: written, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(lines.first == String(GamesCSV.header.dropLast()))
        let scores = lines.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false)[22] }
        #expect(scores == ["1", "3", "2", "4"])
    }

    @Test("The writer's file reads back row for row, with its run and shard")
    func roundTrip() throws {
        try withTemporaryFolder { folder throws in
            let plan = smallSweep()
            let path = folder.appendingPathComponent("games.csv").path
            let games = playedGames(of: plan)
            let writer = try GamesCSVWriter(path: path, plan: plan, shard: .whole)
            for game in games { writer.append(game.record, point: game.point) }
            #expect(FileManager.default.fileExists(atPath: writer.partialPath))
            try writer.finish(games.reversed())
            #expect(!FileManager.default.fileExists(atPath: writer.partialPath))

            let reader = try #require(try GamesCSVReader(reading: path))
            #expect(reader.fingerprint == plan.fingerprint && reader.shard == .whole && reader.command == .sweep)
            #expect(reader.points == 2 && reader.games == 5 && reader.seed == 3 && !reader.worldMode)
            var rows: [GamesCSVReader.Row] = []
            while let row = try reader.next() { rows.append(row) }
            #expect(rows.map(\.record) == games.map(\.record))
            #expect(rows.map(\.point) == games.map(\.point))
            #expect(rows.map(\.settings) == games.map { plan.points[$0.point] })
            #expect(rows.map(\.line) == Array(2..<(2 + games.count)))
        }
    }

    @Test("Resuming keeps the games of the partial file, less a row cut short, and refuses another run's")
    func resume() throws {
        try withTemporaryFolder { folder throws in
            let plan = smallRun()
            let path = folder.appendingPathComponent("games.csv").path
            let games = playedGames(of: plan)
            let first = try GamesCSVWriter(path: path, plan: plan, shard: .whole)
            for game in games.prefix(3) { first.append(game.record, point: 0) }
            // A crash in the middle of the fourth row.
            let handle = try #require(FileHandle(forWritingAtPath: first.partialPath))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("run,\(plan.fingerprint),1,1".utf8))
            try handle.close()

            let resumed = try GamesCSVWriter(path: path, plan: plan, shard: .whole, resuming: true)
            #expect(resumed.kept.map(\.record) == games.prefix(3).map(\.record))

            let other = smallRun(seed: 99)
            #expect(throws: ReportError.self) { try GamesCSVWriter(path: path, plan: other, shard: .whole, resuming: true) }
        }
    }

    @Test("A file that is not a games CSV, or a damaged row, is refused with its name and line")
    func damaged() throws {
        try withTemporaryFolder { folder throws in
            let path = folder.appendingPathComponent("bad.csv")
            try Data("a,b,c\n".utf8).write(to: path)
            #expect {
                try GamesCSVReader(reading: path.path)
            } throws: { error in
                (error as? ReportError)?.description.contains("bad.csv is not a games CSV") == true
            }

            let plan = smallRun()
            var text = GamesCSV.header + GamesCSV.row(record(0, score: 5), point: 0, of: plan, fingerprint: plan.fingerprint, shard: .whole)
            text += "run,\(plan.fingerprint),1,1,1,0\n"
            try Data(text.utf8).write(to: path)
            let reader = try #require(try GamesCSVReader(reading: path.path))
            #expect(try reader.next()?.record.score == 5)
            #expect {
                try reader.next()
            } throws: { error in
                guard case .badData(let message) = error as? ReportError else { return false }
                return message.contains("bad.csv line 3: 6 fields, not \(GamesCSV.columns.count)")
            }

            let missing = folder.appendingPathComponent("none.csv").path
            #expect {
                try GamesCSVReader(reading: missing)
            } throws: { error in
                guard case .file(let fileError) = error as? ReportError else { return false }
                return fileError.kind == .missing
            }
        }
    }

    @Test("A file with the header and no rows has no games")
    func noGames() throws {
        try withTemporaryFolder { folder throws in
            let path = folder.appendingPathComponent("empty.csv")
            try Data(GamesCSV.header.utf8).write(to: path)
            #expect(try GamesCSVReader(reading: path.path) == nil)
        }
    }
}
