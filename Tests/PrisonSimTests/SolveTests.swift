import Foundation
import Testing

@Suite("prison-sim solve and new --solvable")
struct SolveTests {
    /// The JSON object `result` printed.
    func json(_ result: SimResult) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result)")
    }

    /// The score `prison-sim play` gives `moves` on `board`.
    func playedScore(board: String, moves: String) throws -> (score: Int, cleared: Bool) {
        let played = try json(try runSim(["play", board, moves]))
        return (try #require(played["score"] as? Int), try #require(played["cleared"] as? Bool))
    }

    @Test("The moves file replays with play to the printed score, for every player",
          arguments: ["beam", "nmcs", "nrpa"])
    func movesReplay(player: String) throws {
        try withTemporaryDirectory { directory in
            let board = directory.path("board.txt")
            try runSim(["new", "--walls", "4", "--width", "5", "--height", "4", "--colours", "4", "--seed", "3"])
                .stdout.write(toFile: board, atomically: true, encoding: .utf8)
            let result = try runSim(
                ["solve", board, "--player", player, "--seconds", "1", "--playouts", "2000", "--moves-out",
                 directory.path("moves.txt")])
            #expect(result.status == 0, "\(result)")
            let report = try json(result)
            let moves = try #require(report["moves"] as? [String])
            #expect(!moves.isEmpty && moves.allSatisfy { $0.split(separator: " ").count == 3 })
            let replayed = try playedScore(board: board, moves: directory.path("moves.txt"))
            #expect(replayed.score == report["score"] as? Int)
            #expect(replayed.cleared == report["cleared"] as? Bool)
            #expect((report["remaining"] as? Int).map { ($0 == 0) == replayed.cleared } == true)
            #expect(report["player"] as? String == player && report["interrupted"] as? Bool == false)
        }
    }

    @Test("The default player is beam, and the help, the README and docs/STRENGTH.md say so")
    func defaultPlayer() throws {
        let help = try runSim(["solve", "--help"]).stdout
        #expect(help.contains("default: beam)"), "\(help)")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("(beam search by default"))
        let strength = try String(contentsOf: root.appendingPathComponent("docs/STRENGTH.md"), encoding: .utf8)
        #expect(strength.contains("- `beam` (the default and the strongest here)"))
        try withTemporaryDirectory { directory in
            let board = try directory.write("board.txt", "1122\n3312\n")
            #expect(try json(try runSim(["solve", board, "--playouts", "50"]))["player"] as? String == "beam")
        }
    }

    @Test("One job and a playout budget: the same seed gives the same game")
    func repeatable() throws {
        try withTemporaryDirectory { directory in
            let board = try directory.write("board.txt", "1122\n3312\n2233\n1133\n")
            let run = { try runSim(["solve", board, "--jobs", "1", "--playouts", "500", "--seconds", "100", "--seed", "4"]) }
            #expect(try json(try run())["moves"] as? [String] == json(try run())["moves"] as? [String])
        }
    }

    @Test("Ctrl-C prints the best game found so far")
    func interrupted() throws {
        try withTemporaryDirectory { directory in
            let board = directory.path("board.txt")
            try runSim(["new", "--seed", "1"]).stdout.write(toFile: board, atomically: true, encoding: .utf8)
            let (status, data) = try interruptSim(
                ["solve", board, "--seconds", "600", "--moves-out", directory.path("moves.txt")], after: 2)
            #expect(status == 130)
            let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(report["interrupted"] as? Bool == true)
            #expect((report["seconds"] as? Double ?? 600) < 60)
            let replayed = try playedScore(board: board, moves: directory.path("moves.txt"))
            #expect(replayed.score == report["score"] as? Int)
        }
    }

    @Test("Bad input: a clear message and a non-zero exit")
    func badInput() throws {
        try withTemporaryDirectory { directory in
            let board = try directory.write("board.txt", "1122\n")
            for (arguments, status, message) in [
                (["solve", directory.path("missing.txt")], Int32(66), "missing.txt"),
                (["solve", try directory.write("bad.txt", "12x\n")], 65, "bad.txt"),
                (["solve", board, "--player", "oracle"], 64, "oracle"),
                (["solve", board, "--seconds", "0"], 64, "--seconds"),
                (["solve", board, "--jobs", "0"], 64, "--jobs"),
                (["solve", board, "--playouts", "0"], 64, "--playouts"),
                (["solve", board, "--moves-out", directory.path("no/such/dir/moves.txt")], 73, "moves.txt"),
                (["new", "--solution", directory.path("s.txt")], 64, "--solvable"),
                (["new", "--solvable", "--walls", "4", "--width", "1", "--height", "1"], 65, "can be cleared"),
                (["run", "--games", "1", "--player", "beam", "--think", "0"], 64, "--think"),
            ] {
                let result = try runSim(arguments)
                #expect(result.status == status, "\(arguments): \(result)")
                #expect(result.stderr.contains(message), "\(arguments): \(result)")
                #expect(result.stdout.isEmpty, "\(arguments)")
            }
        }
    }

    @Test("Solvable boards ship a solution that clears them, as comments and as a moves file",
          arguments: [
            ["--walls", "1", "--width", "15", "--height", "15", "--colours", "5"],
            ["--walls", "4", "--width", "12", "--height", "10", "--colours", "6"],
            ["--walls", "4", "--width", "7", "--height", "5", "--colours", "2"],
          ])
    func solvable(shape: [String]) throws {
        try withTemporaryDirectory { directory in
            for seed in ["1", "2"] {
                let result = try runSim(
                    ["new", "--solvable", "--seed", seed, "--solution", directory.path("solution.txt")] + shape)
                #expect(result.status == 0, "\(result)")
                let board = try directory.write("board.txt", result.stdout)
                let replayed = try playedScore(board: board, moves: directory.path("solution.txt"))
                #expect(replayed.cleared, "\(shape) seed \(seed)")
                // The comment lines at the end of the board hold the same moves.
                let comments = result.stdout.split(separator: "\n").filter { $0.hasPrefix("#   ") }.map { $0.dropFirst(4) }
                let moves = try String(contentsOfFile: directory.path("solution.txt"), encoding: .utf8)
                    .split(separator: "\n").filter { !$0.hasPrefix("#") }
                #expect(comments.map(String.init) == moves.map(String.init))
                #expect(try runSim(["new", "--solvable", "--seed", seed] + shape).stdout == result.stdout)
            }
        }
    }

    @Test("A searching player in a run: the report names its thinking, and games replay")
    func runWithSearchingPlayer() throws {
        let result = try runSim(
            ["run", "--games", "3", "--player", "beam", "--think-playouts", "200", "--json", "--rules-only",
             "--walls", "4", "--width", "5", "--height", "4", "--colours", "4"])
        #expect(result.status == 0, "\(result)")
        let summary = try json(result)
        #expect(summary["player"] as? String == "beam, 200 playouts a move")
        #expect((summary["games"] as? Int) == 3)
    }
}
