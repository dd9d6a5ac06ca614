import Foundation
import PrisonRules
import PrisonSession
import Testing

/// What a finished small game has, through the real program: the build it says it is, the
/// statistics it keeps, the rules a small room's games get, and a HUD that grows with the window.
@Suite(.serialized) struct FinishedGameScreensTests {
    @Test("--version names the version and the commit the program was built from")
    func theVersionNamesTheBuild() throws {
        try withTemporaryFolder { folder in
            let run = try runGame(["--version"], in: folder)
            #expect(run.status == 0, "\(run)")
            let said = run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            // The package's own clone, where the tests are built: the build is its HEAD.
            let git = Process()
            git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            git.arguments = ["git", "-C", URL(fileURLWithPath: #filePath).deletingLastPathComponent().path, "rev-parse", "--short=12", "HEAD"]
            let output = Pipe()
            git.standardOutput = output
            git.standardError = FileHandle.nullDevice
            try git.run()
            git.waitUntilExit()
            let head = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let build = git.terminationStatus == 0 ? head : "unknown"
            #expect(said.hasPrefix("puzzle-prison \(About.packageVersion) (build \(build)"), "\(said)")
        }
    }

    @Test("A finished game is counted once in the statistics beside the scores, whatever R and U do")
    func statisticsAreKeptBesideTheScores() throws {
        try withTemporaryFolder { folder in
            // One move ends the game; R and the same move, then U and R again: one game.
            try "...\n001\n".write(to: folder.appendingPathComponent("end.txt"), atomically: true, encoding: .utf8)
            let steps = try script(
                ["wait 0.5", "click 640 500", "wait 3", "key r", "wait 0.5", "click 640 500", "wait 3", "key u", "wait 0.5", "click 640 500", "wait 3"],
                in: folder)
            let run = try runGame(["--board", "end.txt", "--script", steps, "--screenshot", "end.png"], in: folder)
            #expect(run.status == 0, "\(run)")
            let records = try keptRecords(in: folder)
            let games = records.statistics.games
            #expect(games.count == 1)
            #expect(games.first?.room == "1x3x2")
            #expect(games.first?.cleared == false)
            #expect(records.scores.entries(forKey: "1x3x2").count == 1)
        }
    }

    @Test("A game cleared and left at once with N is recorded", arguments: ["0.1", "1.0"])
    func aGameLeftBeforeItsEndShowsIsRecorded(after wait: String) throws {
        try withTemporaryFolder { folder in
            // One wall of 3 x 3 blocks of one colour: a click clears it; N comes before the end shows.
            try "000\n000\n000\n".write(to: folder.appendingPathComponent("one.txt"), atomically: true, encoding: .utf8)
            let steps = try script(["wait 0.5", "click 640 400", "wait \(wait)", "key n", "wait 1"], in: folder)
            let run = try runGame(["--board", "one.txt", "--script", steps, "--screenshot", "end.png"], in: folder)
            #expect(run.status == 0, "\(run)")
            let games = try keptRecords(in: folder).statistics.games
            #expect(games.count == 1)
            #expect(games.first?.cleared == true)
        }
    }

    @Test("A game of a 6 x 5 wall plays by a danger threshold of one group, kept in its saved state")
    func aSmallWallIsNotInDangerAtOnce() throws {
        try withTemporaryFolder { folder in
            let steps = try script(["state small.json"], in: folder)
            let run = try runGame(
                ["--walls", "1", "--width", "6", "--height", "5", "--colours", "3", "--seed", "4", "--script", steps, "--screenshot", "s.png"],
                in: folder)
            #expect(run.status == 0, "\(run)")
            #expect(try savedGame(at: folder.appendingPathComponent("small.json")).rules.dangerThreshold == 1)
        }
    }

    @Test("The HUD grows with the window: the score's letters 1.5 times as tall at 2560 x 1080, 0.75 times at 640 x 480")
    func theHUDGrowsWithTheWindow() throws {
        try withTemporaryFolder { folder in
            var heights: [Int] = []
            for size in ["640x480", "1280x720", "2560x1080"] {
                let run = try runGame(["--seed", "1", "--flat-colours", "--size", size, "--screenshot", "\(size).png"], in: folder)
                #expect(run.status == 0, "\(run)")
                let image = try Image(png: folder.appendingPathComponent("\(size).png"))
                // The score's white letters, in the top left corner: the rows they cover.
                let rows = (0..<image.height / 8).filter { y in
                    (0..<image.width / 6).contains { x in image.isPixel(at: [x, y], (255, 255, 255)) }
                }
                heights.append((rows.last ?? 0) - (rows.first ?? 0) + 1)
            }
            let small = Double(heights[0]) / Double(heights[1]), large = Double(heights[2]) / Double(heights[1])
            #expect(heights[1] > 15, "the score's letters at 1280 x 720: \(heights)")
            #expect(abs(small - 0.75) < 0.1, "640 x 480 against 1280 x 720: \(heights)")
            #expect(abs(large - 1.5) < 0.15, "2560 x 1080 against 1280 x 720: \(heights)")
        }
    }
}
