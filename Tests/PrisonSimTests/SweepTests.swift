import Foundation
import Testing

@Suite("prison-sim sweep, --shard and merge")
struct SweepTests {
    static let smallRoom = ["--walls", "4", "--width", "6", "--height", "5", "--colours", "4"]
    static let sweep = [
        "sweep", "--games", "5", "--width", "5,6", "--height", "5", "--colours", "4", "--player", "random,greedy",
    ]
    static let run = ["run", "--games", "13"] + smallRoom

    /// `text` without the lines of the timing figures, which only a process that played knows.
    static func withoutTiming(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            !["\"jobs\"", "\"seconds\"", "\"gamesPerSecond\"", "Jobs ", "Time ", "Games per second "].contains {
                line.trimmingCharacters(in: .whitespaces).hasPrefix($0)
            }
        }.joined(separator: "\n")
    }

    @Test("A sweep's point plays the very games `run` plays with its settings")
    func pointsAreRuns() throws {
        try withTemporaryDirectory { directory in
            let sweep = try runSim(Self.sweep + ["--csv", directory.path("sweep.csv")])
            #expect(sweep.status == 0, "\(sweep)")
            let run = try runSim(
                [
                    "run", "--games", "5", "--width", "6", "--height", "5", "--colours", "4", "--player", "greedy",
                    "--csv", directory.path("run.csv"),
                ])
            #expect(run.status == 0, "\(run)")
            let game = [
                "index", "boardSeed", "score", "moves", "cleared", "remaining", "maxMultiplier", "comboRemovals",
            ]
            let swept = csvTable(try String(contentsOfFile: directory.path("sweep.csv"), encoding: .utf8)).rows
            let alone = csvTable(try String(contentsOfFile: directory.path("run.csv"), encoding: .utf8)).rows
            let point = swept.filter { $0["width"] == "6" && $0["player"] == "greedy" }
            #expect(point.count == 5 && alone.count == 5)
            #expect(point.map { row in game.map { row[$0]! } } == alone.map { row in game.map { row[$0]! } })
            #expect(Set(swept.map { $0["point"]! }) == ["0", "1", "2", "3"])
            #expect(!FileManager.default.fileExists(atPath: directory.path("sweep.csv.partial")))
        }
    }

    /// The statistics every JSON summary gives: a run's, and each point's of a sweep.
    struct StatisticsFields: Decodable, Equatable {
        let games, bestScore, maxMultiplier, comboRemovals: Int
        let meanScore, medianScore, scoreDeviation, clearedRate, meanMoves: Double
        let meanScoreInterval95, clearedRateInterval95: [Double]
    }

    /// The `points` of a sweep's JSON, each read as `Point`.
    struct Points<Point: Decodable>: Decodable {
        let points: [Point]
    }

    struct PointWithSettings: Decodable {
        struct Settings: Decodable {
            let width: Double
            let player: String
        }

        let settings: Settings
    }

    @Test("A run's JSON gives the statistics of the sweep point that plays its games, field for field")
    func runAndPointReportTheSameStatistics() throws {
        let sweep = Data(try runSim(Self.sweep + ["--json"]).stdout.utf8)
        let run = try runSim(
            ["run", "--games", "5", "--width", "6", "--height", "5", "--colours", "4", "--player", "greedy", "--json"])
        let settings = try JSONDecoder().decode(Points<PointWithSettings>.self, from: sweep).points.map(\.settings)
        let points = try JSONDecoder().decode(Points<StatisticsFields>.self, from: sweep).points
        let point = try #require(settings.firstIndex { $0.width == 6 && $0.player == "greedy" })
        #expect(try JSONDecoder().decode(StatisticsFields.self, from: Data(run.stdout.utf8)) == points[point])
    }

    @Test(
        "Shards merged in any order give one process's summary, CSV and plots, byte for byte",
        arguments: [
            (Self.sweep + ["--summary-csv", "SUMMARY"], 3), (Self.sweep + ["--summary-csv", "SUMMARY"], 7),
            (Self.run, 4),
            (["run", "--games", "3"] + Self.smallRoom, 5),
        ])
    func mergeEqualsOneProcess(command: [String], shards: Int) throws {
        try withTemporaryDirectory { directory in
            func arguments(_ name: String) -> [String] {
                command.map { $0 == "SUMMARY" ? directory.path("\(name)-summary.csv") : $0 }
            }
            let hasSummary = command.contains("--summary-csv")
            var outputs: [String: String] = [:]
            for json in [true, false] {
                let one = try runSim(
                    arguments("one") + (json ? ["--json"] : []) + [
                        "--jobs", "2", "--csv", directory.path("one.csv"),
                        "--plot", directory.path("one.svg"),
                    ])
                #expect(one.status == 0, "\(one)")
                outputs[json ? "json" : "table"] = one.stdout
            }
            for shard in 1...shards {
                let part = try runSim(
                    arguments("part") + [
                        "--shard", "\(shard)/\(shards)", "--csv", directory.path("shard-\(shard).csv"),
                    ])
                #expect(part.status == 0, "\(part)")
                #expect(part.stdout.contains("\(shard)/\(shards)"))
            }
            // A shard's share can be empty: its file has the header alone, and the merge passes over it.
            let files = (1...shards).reversed().map { directory.path("shard-\($0).csv") }
            for json in [true, false] {
                let merged = try runSim(
                    ["merge"] + files + (json ? ["--json"] : []) + [
                        "--csv", directory.path("merged.csv"),
                        "--plot", directory.path("merged.svg"),
                    ]
                        + (hasSummary ? ["--summary-csv", directory.path("merged-summary.csv")] : []))
                #expect(merged.status == 0, "\(merged)")
                let expected = try #require(outputs[json ? "json" : "table"])
                #expect(Self.withoutTiming(merged.stdout) == Self.withoutTiming(expected))
                #expect(merged.stdout != expected, "timing figures are not invented by a merge")
            }
            for (one, merged) in [("one.csv", "merged.csv"), ("one.svg", "merged.svg")]
                + (hasSummary ? [("one-summary.csv", "merged-summary.csv")] : [])
            {
                let a = try Data(contentsOf: URL(fileURLWithPath: directory.path(one)))
                let b = try Data(contentsOf: URL(fileURLWithPath: directory.path(merged)))
                #expect(a == b, "\(one) and \(merged) differ")
            }
        }
    }

    @Test("merge refuses a missing, duplicated, incomplete or foreign shard, naming it")
    func mergeRefusesBadShards() throws {
        try withTemporaryDirectory { directory in
            for shard in 1...3 {
                let part = try runSim(Self.sweep + ["--shard", "\(shard)/3", "--csv", directory.path("s\(shard).csv")])
                #expect(part.status == 0, "\(part)")
            }
            let foreign = try runSim(
                Self.sweep + ["--seed", "9", "--shard", "2/3", "--csv", directory.path("foreign.csv")])
            #expect(foreign.status == 0)
            let full = try String(contentsOfFile: directory.path("s2.csv"), encoding: .utf8)
            let cut = try directory.write(
                "cut.csv", full.split(separator: "\n").dropLast().joined(separator: "\n") + "\n")
            var rows = full.split(separator: "\n")
            rows.swapAt(1, 2)
            let swapped = try directory.write("swapped.csv", rows.joined(separator: "\n") + "\n")
            let other = try directory.write("other.csv", "index,seed,score\n0,1,2\n")
            let cases: [([String], String)] = [
                (["s1.csv", "s3.csv"], "shard 2/3"),
                (["s1.csv", "s2.csv", "s3.csv", "s2.csv"], "s2.csv"),
                (["s1.csv", "foreign.csv", "s3.csv"], "foreign.csv"),
                (["s1.csv", cut, "s3.csv"], "cut.csv"),
                (["s1.csv", swapped, "s3.csv"], "swapped.csv line 2"),
                (["s1.csv", "s2.csv", "s3.csv", other], "other.csv"),
                (["s1.csv", "s2.csv", "missing.csv"], "missing.csv"),
            ]
            for (files, named) in cases {
                let result = try runSim(["merge"] + files.map { $0.hasPrefix("/") ? $0 : directory.path($0) })
                #expect([65, 66].contains(result.status), "\(result)")
                #expect(result.stdout.isEmpty && result.stderr.contains(named), "\(files): \(result)")
            }
        }
    }

    @Test("A grid file and the command line make the points; bad grids are refused with the line")
    func gridFile() throws {
        try withTemporaryDirectory { directory in
            let grid = try directory.write(
                "grid.txt", "# a small study\nwidth = 5..6\nplayer: random, greedy\ncolours = 9\n\nheight = 5\n")
            let result = try runSim(
                ["sweep", "--games", "2", "--grid", grid, "--colours", "3,4", "--json", "--rules-only"])
            #expect(result.status == 0, "\(result)")
            let json = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            #expect(json["swept"] as? [String] == ["width", "colours", "player"])
            let points = try #require(json["points"] as? [[String: Any]])
            #expect(points.count == 8 && json["games"] as? Int == 16 && json["mode"] as? String == "rules-only")
            let first = try #require(points.first?["settings"] as? [String: Any])
            #expect(
                first["width"] as? Int == 5 && first["colours"] as? Int == 3 && first["player"] as? String == "random")

            let bad = try directory.write("bad.txt", "width = 5\nwidht = 6\n")
            let refused = try runSim(["sweep", "--games", "2", "--grid", bad])
            #expect(
                refused.status == 65 && refused.stderr.contains("line 2") && refused.stderr.contains("widht"),
                "\(refused)")
        }
    }

    @Test(
        "Bad sweeps: a message and exit code 64, before any game",
        arguments: [
            ["--games", "0"], ["--games", "2", "--width", "5,x"], ["--games", "2", "--width", "40"],
            ["--games", "2", "--player", "random,nobody"], ["--games", "2", "--width", "5,5"],
            ["--games", "2", "--think", "0.1", "--think-playouts", "5"], ["--games", "2", "--shard", "3/2"],
            ["--games", "2", "--walls", "1,4", "--width", "1..32", "--height", "1..32", "--colours", "2..10"],
            ["--games", "2", "--plot-x", "size"],
            // The bounds of run hold for every point of a sweep: no run that never ends.
            ["--games", "1", "--combo-window", "1,1000000000"], ["--games", "1", "--tap-interval", "61"],
            ["--games", "1", "--player", "beam", "--think", "61"],
            ["--games", "1", "--player", "beam", "--think-playouts", "10000001"],
        ])
    func badSweeps(arguments: [String]) throws {
        let result = try runSim(["sweep"] + arguments)
        #expect(result.status == 64, "\(result)")
        #expect(result.stdout.isEmpty && !result.stderr.isEmpty, "\(result)")
    }

    @Test("Ctrl-C stops a sweep: the summary of the finished games, and their rows, sorted")
    func interrupted() throws {
        try withTemporaryDirectory { directory in
            let (status, data) = try interruptSim(
                [
                    "sweep", "--games", "100000", "--width", "5,6", "--json", "--jobs", "2", "--csv",
                    directory.path("g.csv"),
                ]
                    + ["--height", "5", "--colours", "4"], after: 2)
            #expect(status == 130)
            let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(json["interrupted"] as? Bool == true)
            let games = try #require(json["games"] as? Int)
            #expect(games > 0 && games < 200_000)
            let rows = csvTable(try String(contentsOfFile: directory.path("g.csv"), encoding: .utf8)).rows
            #expect(rows.count == games)
            let order = rows.map { (Int($0["point"]!)!, Int($0["index"]!)!) }
            #expect(zip(order, order.dropFirst()).allSatisfy { $0 < $1 })
            #expect(!FileManager.default.fileExists(atPath: directory.path("g.csv.partial")))
        }
    }

    @Test("--resume after a crash keeps the finished rows, plays the rest, and ends as one uninterrupted run")
    func resumeAfterCrash() throws {
        try withTemporaryDirectory { directory in
            let whole = try runSim(Self.sweep + ["--json", "--csv", directory.path("whole.csv")])
            #expect(whole.status == 0, "\(whole)")
            let complete = try String(contentsOfFile: directory.path("whole.csv"), encoding: .utf8)
            // A crash: the header, 7 finished rows in the order games finished, half of an eighth row.
            var lines = complete.split(separator: "\n").map(String.init)
            let header = lines.removeFirst()
            let finished = [3, 0, 9, 1, 4, 2, 8].map { lines[$0] + "\n" }.joined()
            try directory.write("games.csv.partial", header + "\n" + finished + lines[5].prefix(40))
            let resumed = try runSim(Self.sweep + ["--json", "--csv", directory.path("games.csv"), "--resume"])
            #expect(resumed.status == 0, "\(resumed)")
            #expect(try String(contentsOfFile: directory.path("games.csv"), encoding: .utf8) == complete)
            #expect(Self.withoutTiming(resumed.stdout) == Self.withoutTiming(whole.stdout))
            #expect(!FileManager.default.fileExists(atPath: directory.path("games.csv.partial")))

            // Rows of another sweep are not taken for this one's.
            try directory.write("other.csv.partial", header + "\n" + finished)
            let foreign = try runSim(Self.sweep + ["--seed", "2", "--csv", directory.path("other.csv"), "--resume"])
            #expect(foreign.status == 65 && foreign.stderr.contains("other.csv.partial"), "\(foreign)")
        }
    }

    @Test("An output that cannot be written at the end costs only itself: the others are written, exit 73")
    func oneLostOutput() throws {
        try withTemporaryDirectory { directory in
            try FileManager.default.createDirectory(atPath: directory.path("gone"), withIntermediateDirectories: true)
            let process = Process()
            process.executableURL = try simExecutable()
            process.arguments =
                [
                    "sweep", "--games", "100000", "--width", "5", "--height", "5", "--colours", "4", "--rules-only",
                    "--csv", directory.path("gone/games.csv"), "--summary-csv", directory.path("summary.csv"),
                    "--plot", directory.path("plot.svg"),
                ]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: 1.5)
            try FileManager.default.removeItem(atPath: directory.path("gone"))
            process.interrupt()
            process.waitUntilExit()
            #expect(process.terminationStatus == 73)
            #expect(FileManager.default.fileExists(atPath: directory.path("summary.csv")))
            #expect(FileManager.default.fileExists(atPath: directory.path("plot.svg")))
        }
    }
}
