import Foundation
import PrisonRules
import PrisonSpaceTesting
import Testing

@Suite("prison-sim run")
struct RunTests {
    static let smallRoom = ["--walls", "4", "--width", "6", "--height", "5", "--colours", "4"]

    /// The JSON object `result` printed.
    func summary(_ result: SimResult) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result)")
    }

    @Test("JSON summary, CSV rows, SVG plot and replays agree with each other")
    func outputsAgree() throws {
        try withTemporaryDirectory { directory in
            let result = try runSim(
                ["run", "--games", "12", "--seed", "3", "--json", "--csv", directory.path("games.csv"),
                 "--plot", directory.path("scores.svg"), "--replays", directory.path("replays")] + Self.smallRoom)
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr.isEmpty, "no progress bar when standard error is not a terminal")
            let json = try summary(result)
            for key in ["games", "player", "seed", "meanScore", "medianScore", "bestScore", "clearedRate", "meanMoves",
                        "maxMultiplier", "comboRemovals", "gamesPerSecond"] {
                #expect(json[key] != nil, "missing \(key)")
            }
            #expect(json["games"] as? Int == 12 && json["player"] as? String == "random" && json["seed"] as? Int == 3)
            #expect(json["mode"] as? String == "world")
            let csv = try String(contentsOfFile: directory.path("games.csv"), encoding: .utf8)
            let table = csvTable(csv)
            #expect(table.header.starts(with: ["command", "run", "shard", "shards", "points", "point", "games", "seed"]))
            let rows = table.rows
            #expect(rows.map { $0["index"] } == (0..<12).map(String.init))
            #expect(rows.allSatisfy { $0["command"] == "run" && $0["seed"] == "3" && $0["games"] == "12" })
            let scores = rows.map { Int($0["score"]!)! }
            #expect(isClose(json["meanScore"] as? Double ?? -1, Double(scores.reduce(0, +)) / 12, tolerance: 1e-9))
            #expect(json["bestScore"] as? Int == scores.max())
            let svg = try String(contentsOfFile: directory.path("scores.svg"), encoding: .utf8)
            #expect(svg.contains("<svg") && svg.contains("</svg>") && svg.contains("random"))
            let replays = try FileManager.default.contentsOfDirectory(atPath: directory.path("replays")).sorted()
            #expect(replays == (0..<12).map { String(format: "game-%02d.json", $0) })
            for (row, name) in zip(rows, replays) {
                let text = try String(contentsOfFile: directory.path("replays/\(name)"), encoding: .utf8)
                let game = try SavedGame(json: Data(text.utf8)).game()
                #expect(game.score == Int(row["score"]!) && game.moves.count == Int(row["moves"]!))
                #expect(game.isOver)
                // The board is the one `prison-sim new` makes from the game's seed.
                let board = try runSim(["new", "--seed", row["boardSeed"]!] + Self.smallRoom)
                #expect(boardRows(board.stdout) == game.start.rows)
            }
        }
    }

    @Test("One job or two give the same games", arguments: ["random", "greedy"])
    func jobsAgree(player: String) throws {
        try withTemporaryDirectory { directory in
            var outputs: [String] = []
            for jobs in ["1", "2"] {
                let result = try runSim(
                    ["run", "--games", "10", "--player", player, "--jobs", jobs, "--csv", directory.path("\(jobs).csv")]
                        + Self.smallRoom)
                #expect(result.status == 0, "\(result)")
                outputs.append(try String(contentsOfFile: directory.path("\(jobs).csv"), encoding: .utf8))
            }
            #expect(outputs[0] == outputs[1])
            #expect(outputs[0].split(separator: "\n").count == 11)
        }
    }

    @Test("--rules-only says so and plays the same taps to the same scores")
    func rulesOnly() throws {
        let world = try runSim(["run", "--games", "6", "--json"] + Self.smallRoom)
        let rules = try runSim(["run", "--games", "6", "--json", "--rules-only"] + Self.smallRoom)
        #expect(try summary(rules)["mode"] as? String == "rules-only")
        #expect(try summary(rules)["tapInterval"] is NSNull)
        for key in ["meanScore", "bestScore", "meanMoves", "maxMultiplier", "comboRemovals"] {
            #expect(try summary(world)[key] as? Double == summary(rules)[key] as? Double, "\(key)")
        }
        let table = try runSim(["run", "--games", "2", "--rules-only"] + Self.smallRoom)
        #expect(table.stdout.contains("rules only"), "\(table)")
        #expect(table.stdout.contains("Mean score"))
    }

    @Test("Bad arguments: a usage message and exit code 64", arguments: [
        ["--games", "0"], ["--games", "5", "--player", "nobody"], ["--games", "5", "--walls", "3"],
        ["--games", "5", "--tap-interval", "0"], ["--games", "5", "--jobs", "0"], ["--games", "5", "--colours", "11"],
        ["--games", "lots"], [],
    ])
    func badArguments(arguments: [String]) throws {
        let result = try runSim(["run"] + arguments)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("Usage") || result.stderr.contains("Error"), "\(result)")
        #expect(!result.stderr.contains("Fatal error") && result.stdout.isEmpty)
    }

    @Test("Outputs that cannot be written are refused before any game is played")
    func unwritableOutputs() throws {
        try withTemporaryDirectory { directory in
            let file = try directory.write("file", "keep me\n")
            for arguments in [["--csv", directory.path("missing/games.csv")], ["--plot", directory.url.path],
                              ["--replays", file]] {
                let result = try runSim(["run", "--games", "3"] + arguments + Self.smallRoom)
                #expect(result.status == 73, "\(result)")
                #expect(result.stdout.isEmpty && result.stderr.hasPrefix("prison-sim: "), "\(result)")
            }
            #expect(try String(contentsOfFile: file, encoding: .utf8) == "keep me\n")
        }
    }

    @Test("Ctrl-C stops the run and prints the summary of the games finished so far")
    func interrupted() throws {
        let (status, data) = try interruptSim(
            ["run", "--games", "1000000", "--json", "--jobs", "2"] + Self.smallRoom, after: 2)
        #expect(status == 130)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["interrupted"] as? Bool == true)
        let games = try #require(json["games"] as? Int)
        #expect(games > 0 && games < 1_000_000)
        #expect(json["gamesRequested"] as? Int == 1_000_000)
    }
}
