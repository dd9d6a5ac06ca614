import Foundation
import PrisonRules
import Testing

/// A program started with its standard output and error going to files in `folder`.
struct Started {
    let process: Process
    let stdout: URL
    let stderr: URL

    /// Starts `executable` with `arguments` in `folder`, `$SIM` naming `prison-sim`.
    init(_ executable: URL, _ arguments: [String], in folder: URL) throws {
        process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["SIM"] = try simExecutable().path
        process.environment = environment
        stdout = folder.appendingPathComponent("stdout-\(UUID().uuidString)")
        stderr = folder.appendingPathComponent("stderr-\(UUID().uuidString)")
        for file in [stdout, stderr] { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
        process.standardOutput = try FileHandle(forWritingTo: stdout)
        process.standardError = try FileHandle(forWritingTo: stderr)
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    /// Waits for the program to end and returns what it did. After `timeout` seconds, which only
    /// catches a hang, it is killed and an issue recorded; a trap is an issue too.
    func finish(timeout: Double = 120, sourceLocation: SourceLocation = #_sourceLocation) -> SimResult {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning {
            process.terminate()
            Issue.record("\(process.arguments ?? []) ran for more than \(timeout) s", sourceLocation: sourceLocation)
        }
        process.waitUntilExit()
        let result = SimResult(
            status: process.terminationStatus,
            stdout: String(decoding: (try? Data(contentsOf: stdout)) ?? Data(), as: UTF8.self),
            stderr: String(decoding: (try? Data(contentsOf: stderr)) ?? Data(), as: UTF8.self))
        try? FileManager.default.removeItem(at: stdout)
        try? FileManager.default.removeItem(at: stderr)
        #expect(process.terminationReason == .exit, "\(result)", sourceLocation: sourceLocation)
        for marker in ["Fatal error", "Stack dump", "Backtrace", "Illegal instruction", "Segmentation fault"] {
            #expect(!result.stderr.contains(marker), "crashed: \(result)", sourceLocation: sourceLocation)
        }
        return result
    }
}

/// Runs `command` with `/bin/sh` in `folder`, `$SIM` naming `prison-sim`, so that a test can
/// redirect its streams as a user would (`> /dev/full`, `>&-`, `< DIR`).
func runShell(
    _ command: String, in folder: URL, timeout: Double = 120, sourceLocation: SourceLocation = #_sourceLocation
) throws -> SimResult {
    try Started(URL(fileURLWithPath: "/bin/sh"), ["-c", command], in: folder)
        .finish(timeout: timeout, sourceLocation: sourceLocation)
}

/// Starts `prison-sim` with `arguments` and waits until it catches Ctrl-C, so that pressing it
/// then tests the handler, not the default action.
func startSimCatchingControlC(_ arguments: [String], in folder: URL) throws -> Started {
    let started = try Started(try simExecutable(), arguments, in: folder)
    try #require(waitForHandler(of: SIGINT, in: started.process.processIdentifier))
    return started
}

/// Expects a clean refusal: `status`, nothing on standard output, one line on standard error
/// that contains `message`.
func expectRefusal(
    _ result: SimResult, status: Int32, message: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(result.status == status, "\(result)", sourceLocation: sourceLocation)
    #expect(result.stdout.isEmpty, "\(result)", sourceLocation: sourceLocation)
    let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 2 && lines[1].isEmpty, "one line on standard error: \(result)", sourceLocation: sourceLocation)
    #expect(result.stderr.contains(message), "\(result)", sourceLocation: sourceLocation)
}

/// Waits until process `pid` has a handler for `signal` (so that sending it tests the handler,
/// not the default action); false if it never does within a minute or the process ended.
func waitForHandler(of signal: Int32, in pid: Int32) -> Bool {
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return false }
        if let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
            let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16),
            mask & (1 << UInt64(signal - 1)) != 0
        {
            return true
        }
        Thread.sleep(forTimeInterval: 0.02)
    }
    return false
}

@Suite struct ReliabilityTests {
    // MARK: Item 2: I/O errors on the standard streams, stdin limits

    /// A board, `room.txt`, sits in the working folder. 1 GB of address space is less than
    /// reading /dev/zero to its end would need.
    @Test(arguments: [
        ("\"$SIM\" new --seed 1 > /dev/full", 74, "cannot write to standard output: No space left on device"),
        ("\"$SIM\" --help > /dev/full", 74, "cannot write to standard output: No space left on device"),
        ("\"$SIM\" help run >&-", 74, "cannot write to standard output: Bad file descriptor"),
        ("\"$SIM\" play room.txt /dev/null >&-", 74, "cannot write to standard output: Bad file descriptor"),
        ("\"$SIM\" play room.txt - < .", 66, "standard input is a directory, not a file"),
        ("ulimit -v 1000000; \"$SIM\" play room.txt < /dev/zero", 65, "standard input is larger than 8 MiB, the most this program reads"),
        ("ulimit -v 1000000; \"$SIM\" play /dev/zero", 65, "board file '/dev/zero' is larger than 8 MiB"),
        ("\"$SIM\" play /dev/null", 65, "/dev/null: the board has no rows"),  // item 9
    ] as [(String, Int32, String)])
    func streamsAndDevicesAreRefusedCleanly(command: String, status: Int32, message: String) throws {
        try withTemporaryDirectory { dir in
            try dir.write("room.txt", "1122\n1212\n2211\n")
            expectRefusal(try runShell(command, in: dir.url), status: status, message: message)
        }
    }

    @Test func aFullStandardErrorKeepsTheExitCode() throws {
        try withTemporaryDirectory { dir in
            let result = try runShell("\"$SIM\" play nofile 2>/dev/full", in: dir.url)
            #expect(result.status == 66, "\(result)")
            #expect(result.stdout.isEmpty)
        }
    }

    // MARK: Fuzzing through the real program (the bulk is in-process, in PrisonSessionTests)

    /// Damaged boards and moves files (a flipped bit, a cut) are played or refused cleanly:
    /// exit 65, one line on standard error, nothing on standard output.
    @Test func damagedBoardsAndMovesArePlayedOrRefusedCleanly() throws {
        try withTemporaryDirectory { dir in
            var game = Game(start: try Board.random(room: .standard, colours: 5, seed: 21))
            var generator = SeededGenerator(seed: 21)
            for index in 0..<10 {
                guard let group = game.availableGroups.randomElement(using: &generator) else { break }
                try game.play(Move(group.cells[0], at: .milliseconds(600 * index)))
            }
            let files = [Array(game.start.text.utf8), Array(game.moves.map { "\($0)\n" }.joined().utf8)]
            for round in 0..<16 {
                var damaged = files
                let which = round % 2
                let at = generator.below(damaged[which].count)
                if generator.below(2) == 0 {
                    damaged[which][at] ^= 1 << UInt8(generator.below(8))
                } else {
                    damaged[which].removeSubrange(at...)
                }
                let board = dir.path("board-\(round).txt"), moves = dir.path("moves-\(round).txt")
                try Data(damaged[0]).write(to: URL(fileURLWithPath: board))
                try Data(damaged[1]).write(to: URL(fileURLWithPath: moves))
                let result = try runSim(["play", board, moves])
                if result.status == 0 {
                    #expect(result.stderr.isEmpty && result.stdout.contains("\"score\""), "\(result)")
                } else {
                    expectRefusal(result, status: 65, message: "prison-sim: ")
                }
            }
        }
    }

    // MARK: Item 3: linear parsing through the real program

    @Test func aRowWithHugeTrailingBlanksPlaysAtOnce() throws {
        try withTemporaryDirectory { dir in
            let board = try Board.random(room: .standard, colours: 5, seed: 9)
            var rows = board.rows
            rows[2] += String(repeating: " ", count: 2_000_000)  // quadratic, this took hours
            let path = try dir.write("room.txt", rows.joined(separator: "\n") + "\n")
            let moves = try dir.write("moves.txt", String(repeating: " ", count: 2_000_000) + "\n")
            let result = try runShell("\"$SIM\" play '\(path)' '\(moves)'", in: dir.url, timeout: 60)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("\"score\" : 0"))
        }
    }

    // MARK: Item 4: bounds and Ctrl-C inside a game

    @Test(arguments: [
        (["--combo-window", "1000000000"], "--combo-window must be at most 60 seconds"),
        (["--combo-window", "60.000001"], "--combo-window must be at most 60 seconds"),
        (["--think", "61"], "--think must be more than 0 and at most 60 seconds"),
        (["--think-playouts", "10000001"], "--think-playouts must be 1 to 10000000"),
        (["--tap-interval", "61"], "--tap-interval must be more than 0 and at most 60 seconds"),
    ])
    func runsThatWouldNotEndAreRefused(options: [String], message: String) throws {
        let result = try runSim(["run", "--games", "1"] + options)
        #expect(result.status == 64, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(message), "\(result)")
    }

    @Test func theLongestComboWindowStillEnds() throws {
        let result = try runSim(["run", "--games", "1", "--walls", "1", "--width", "5", "--height", "5", "--combo-window", "60", "--json"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("\"games\" : 1"))
    }

    /// Ctrl-C in the middle of a searching player's first move (a minute of thinking, a hundred
    /// moves a game) stops the run at once and prints the summary of no finished game.
    @Test func controlCStopsASearchingPlayerInTheMiddleOfAGame() throws {
        try withTemporaryDirectory { dir in
            let run = try startSimCatchingControlC(
                ["run", "--games", "3", "--player", "beam", "--think", "60", "--json"], in: dir.url)
            Thread.sleep(forTimeInterval: 0.3)  // into the search
            run.process.interrupt()
            // Without a stop inside the game this took an hour and more; 60 s only catches that.
            let result = run.finish(timeout: 60)
            #expect(result.status == 130, "\(result)")
            let summary = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            #expect(summary?["games"] as? Int == 0)
            #expect(summary?["interrupted"] as? Bool == true)
        }
    }

    // MARK: Item 6: write through what is not a regular file

    @Test func outputsThroughLinksToDevicesAreWrittenNotReplaced() throws {
        try withTemporaryDirectory { dir in
            let toStdout = dir.path("stdout.csv")
            try FileManager.default.createSymbolicLink(atPath: toStdout, withDestinationPath: "/proc/self/fd/1")
            let toNull = dir.path("null.svg")
            try FileManager.default.createSymbolicLink(atPath: toNull, withDestinationPath: "/dev/null")
            let result = try runShell(
                "\"$SIM\" run --games 2 --walls 1 --width 5 --height 5 --csv '\(toStdout)' --plot '\(toNull)' --json", in: dir.url)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("\"games\" : 2"), "the summary")
            #expect(result.stdout.contains("index,boardSeed,score"), "the CSV went to standard output")
            for link in [toStdout, toNull] {
                #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) != nil, "\(link) is still a link")
            }
            // A link to a regular file keeps being a link; the file it points to gets the rows.
            let real = try dir.write("real.csv", "old\n")
            let link = dir.path("link.csv")
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
            let linked = try runSim(["run", "--games", "2", "--walls", "1", "--width", "5", "--height", "5", "--csv", link])
            #expect(linked.status == 0, "\(linked)")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == real)
            #expect(try String(contentsOfFile: real, encoding: .utf8).hasPrefix("command,run,shard"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter { $0.hasSuffix(".tmp") || $0.hasSuffix(".partial") }.isEmpty)
        }
    }

    /// `--moves-out` through a link to `/proc/self/fd/1`, which is what `/dev/stdout` is: the
    /// moves come out on standard output before the JSON. (Not `/dev/stdout` itself: a build with
    /// the bug, run as root, would replace the machine's `/dev/stdout` with a file.)
    @Test func movesOutOntoStandardOutputWritesThrough() throws {
        try withTemporaryDirectory { dir in
            let board = try dir.write("room.txt", "1122\n1212\n2211\n")
            let link = dir.path("stdout.txt")
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/proc/self/fd/1")
            let result = try runShell("\"$SIM\" solve '\(board)' --playouts 50 --jobs 1 --moves-out '\(link)'", in: dir.url)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.hasPrefix("# prison-sim solve"), "\(result)")
            #expect(result.stdout.contains("\"score\""), "\(result)")
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == "/proc/self/fd/1")
        }
    }

    // MARK: Item 7: outputs checked by creating them, before the run

    @Test(arguments: [
        ("", "an empty path names no file"), ("/proc/a.csv", "cannot write '/proc/a.csv'"),
        ("/sys/a.csv", "cannot write '/sys/a.csv'"), ("missing/a.csv", "the directory 'missing' does not exist"),
    ])
    func outputsThatCannotBeCreatedAreRefusedBeforeTheRun(path: String, message: String) throws {
        try withTemporaryDirectory { dir in
            // A million games would take minutes: the refusal comes first.
            let result = try runShell("\"$SIM\" run --games 1000000 --csv '\(path)'", in: dir.url, timeout: 60)
            expectRefusal(result, status: 73, message: message)
        }
    }

    /// The CSV's folder vanishes during the run: the summary is printed, the plot is still
    /// written, and the CSV's failure is the exit code.
    @Test func aVanishingOutputFolderLosesOnlyItsOwnFile() throws {
        try withTemporaryDirectory { dir in
            let folder = dir.url.appendingPathComponent("out")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let run = try startSimCatchingControlC(
                ["run", "--games", "10000000", "--csv", "out/a.csv", "--plot", "plot.svg", "--json"], in: dir.url)
            try FileManager.default.removeItem(at: folder)
            run.process.interrupt()
            let result = run.finish()
            #expect(result.status == 73, "\(result)")
            #expect(result.stdout.contains("\"interrupted\" : true"))
            #expect(result.stderr.contains("cannot write 'out/a.csv'"), "\(result)")
            #expect(FileManager.default.fileExists(atPath: dir.path("plot.svg")))
        }
    }
}
