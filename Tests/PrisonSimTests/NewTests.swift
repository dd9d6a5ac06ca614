import Foundation
import Testing

@Suite("prison-sim new")
struct NewTests {
    @Test("the same seed and options give the same board twice")
    func sameSeedSameBoard() throws {
        let arguments = ["new", "--walls", "4", "--width", "6", "--height", "5", "--colours", "4", "--seed", "12345"]
        let first = try runSim(arguments)
        let second = try runSim(arguments)
        #expect(first.status == 0, "\(first)")
        #expect(first.stderr.isEmpty)
        #expect(!first.stdout.isEmpty)
        #expect(first.stdout == second.stdout)
        #expect(second.status == 0)
    }

    @Test("different seeds give different boards")
    func differentSeedsDiffer() throws {
        let one = try runSim(["new", "--seed", "1"])
        let two = try runSim(["new", "--seed", "2"])
        #expect(one.status == 0 && two.status == 0)
        #expect(boardRows(one.stdout) != boardRows(two.stdout))
        // The default room: 4 walls of 12 x 10.
        #expect(boardRows(one.stdout).count == 10)
        #expect(boardRows(one.stdout).allSatisfy { $0.split(separator: " ").map(\.count) == [12, 12, 12, 12] })
    }

    @Test("without --seed the header names the seed, and that seed gives the same board")
    func headerNamesTheSeed() throws {
        let first = try runSim(["new", "--walls", "1", "--width", "5", "--height", "4"])
        #expect(first.status == 0)
        let header = try #require(first.stdout.split(separator: "\n").first.map(String.init))
        #expect(header.hasPrefix("#"))
        let words = header.split(separator: " ")
        let seedIndex = try #require(words.firstIndex(of: "--seed"))
        let seed = try #require(UInt64(words[words.index(after: seedIndex)]), "\(header)")
        let again = try runSim(["new", "--walls", "1", "--width", "5", "--height", "4", "--seed", String(seed)])
        #expect(boardRows(again.stdout) == boardRows(first.stdout))
    }

    @Test(
        "the board has the right shape and only colours 0..<colours",
        arguments: [
            (walls: 4, width: 3, height: 2, colours: 5),
            (walls: 4, width: 12, height: 10, colours: 2),
            (walls: 1, width: 15, height: 15, colours: 5),
            (walls: 1, width: 1, height: 1, colours: 2),
            (walls: 1, width: 32, height: 32, colours: 10),
            (walls: 4, width: 7, height: 3, colours: 3),
        ])
    func shape(walls: Int, width: Int, height: Int, colours: Int) throws {
        for seed in [0, 7, 99] {
            let result = try runSim([
                "new", "--walls", String(walls), "--width", String(width), "--height", String(height),
                "--colours", String(colours), "--seed", String(seed),
            ])
            try #require(result.status == 0, "\(result)")
            #expect(result.stderr.isEmpty)
            let rows = boardRows(result.stdout)
            #expect(rows.count == height, "\(result.stdout)")
            let allowed = Set((0..<colours).map { Character(String($0)) })
            for row in rows {
                let tokens = row.split(separator: " ", omittingEmptySubsequences: false)
                #expect(tokens.count == walls, "row '\(row)'")
                for token in tokens {
                    #expect(token.count == width, "row '\(row)'")
                    #expect(token.allSatisfy(allowed.contains), "row '\(row)' with \(colours) colours")
                }
            }
        }
    }

    @Test("a new board can be played: play with no moves echoes it")
    func newBoardPlays() throws {
        try withTemporaryDirectory { dir in
            let made = try runSim(["new", "--walls", "4", "--width", "5", "--height", "4", "--seed", "3"])
            try #require(made.status == 0)
            let boardPath = try dir.write("board.txt", made.stdout)
            let played = try runSim(["play", boardPath], input: "")
            try #require(played.status == 0, "\(played)")
            let report = try decodeReport(played)
            #expect(report.board == boardRows(made.stdout))
            #expect(report.score == 0)
            #expect(report.remaining == 4 * 5 * 4)
            #expect(report.steps.isEmpty)
            #expect(!report.cleared)
        }
    }

    @Test(
        "bad options exit 64 with a message on stderr and nothing on stdout",
        arguments: [
            ["--walls", "3"], ["--walls", "0"], ["--width", "0"], ["--width", "33"], ["--height", "0"],
            ["--height", "33"], ["--colours", "1"], ["--colours", "11"], ["--seed", "x"],
        ])
    func badOptions(_ options: [String]) throws {
        let result = try runSim(["new"] + options)
        #expect(result.status == 64, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(!result.stderr.isEmpty)
        #expect(result.stderr.contains(options[1]), "the message names the value: \(result.stderr)")
    }
}
