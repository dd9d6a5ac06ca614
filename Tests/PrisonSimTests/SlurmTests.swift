import Foundation
import Testing

/// The repository's `scripts/slurm`, found from this file's place in the checkout.
private let slurmScripts = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("scripts/slurm")

/// Why a local cluster cannot run here, or nil when it can be tried: the daemons need root and
/// Debian's slurm-wlm and munge packages (scripts/test installs them). Whatever else stops it
/// (no network namespaces), `local-cluster` says, and the test is skipped with its words.
private let slurmUnavailable: String? = {
    guard getuid() == 0 else { return "a Slurm cluster on localhost needs root to start its daemons" }
    let programs = ["/usr/sbin/slurmctld", "/usr/sbin/slurmd", "/usr/sbin/munged", "/usr/bin/sbatch"]
    let missing = programs.filter { !FileManager.default.isExecutableFile(atPath: $0) }
    return missing.isEmpty ? nil : "Slurm is not installed (no \(missing.joined(separator: ", ")))"
}()

@Suite(
    "Slurm: sweeps as job arrays on a real three-node cluster, a node lost and a task cancelled mid-array",
    .serialized, .enabled(if: slurmUnavailable == nil, Comment(rawValue: slurmUnavailable ?? "")))
struct SlurmTests {
    /// Runs `/bin/bash` with `arguments` and `environment` added, its output going to the file
    /// `log`, and returns its exit status and output. It spawns and waits with POSIX calls: the
    /// cluster's daemons outlive the script that starts them, and Foundation's `Process` was seen
    /// never to notice that script's end.
    static func bash(_ arguments: [String], log: String, environment: [String: String] = [:]) throws -> (
        status: Int32, output: String
    ) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = (["/bin/bash"] + arguments).map { strdup($0) } + [nil]
        let variables =
            ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { strdup("\($0)=\($1)") } + [nil]
        defer { (argv + variables).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/bash", &actions, nil, argv, variables)
        try #require(spawned == 0, "posix_spawn failed: \(spawned)")
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        // A normal exit's status is in bits 8 to 15; a death by signal counts as failure.
        return ((status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f), output)
    }

    /// A cluster of three nodes started by `local-cluster` in a temporary directory, for the
    /// length of `body`: stopped afterwards whatever happens, and the test skipped with the
    /// script's reason when it cannot start here.
    static func withCluster(_ body: (TemporaryDirectory, Cluster) throws -> Void) throws {
        try withTemporaryDirectory { directory in
            let cluster = Cluster(directory: directory)
            let started = try bash(
                [cluster.script("local-cluster"), "start", cluster.path], log: directory.path("start.log"))
            // Stop exactly what this test started, whatever happens next.
            defer { _ = try? bash([cluster.script("local-cluster"), "stop", cluster.path], log: directory.path("stop.log")) }
            if started.status == 3 { try Test.cancel(Comment(rawValue: "skipped: \(started.output)")) }
            try #require(started.status == 0, "\(started.output)")
            try body(directory, cluster)
        }
    }

    /// A cluster `local-cluster` started, and what a test asks of it.
    struct Cluster {
        let directory: TemporaryDirectory
        var path: String { directory.path("cluster") }
        var environment: [String: String] { ["SLURM_CONF": path + "/slurm.conf"] }

        /// The path of the script `name` of `scripts/slurm`.
        func script(_ name: String) -> String { slurmScripts.appendingPathComponent(name).path }

        /// Runs a shell command with the cluster's configuration; its status and output.
        func shell(_ command: String) throws -> (status: Int32, output: String) {
            try SlurmTests.bash(["-c", command], log: directory.path("shell.log"), environment: environment)
        }

        /// Waits (up to `minutes`) until `condition` holds, checking every half second.
        func waitUntil(minutes: Double, _ what: String, _ condition: () throws -> Bool) throws {
            let deadline = Date().addingTimeInterval(minutes * 60)
            while try !condition() {
                try #require(Date() < deadline, "still waiting for \(what) after \(minutes) minutes")
                usleep(500_000)
            }
        }

        /// The state Slurm gives job `id` (COMPLETED, CANCELLED...), once it has ended.
        func finalState(ofJob id: String) throws -> String {
            var state = ""
            try waitUntil(minutes: 8, "job \(id) to end") {
                state = try shell("scontrol show job -o \(id) | grep -o 'JobState=[A-Z_]*' | cut -d= -f2").output
                    .trimmingCharacters(in: .whitespacesAndNewlines)
                return !["", "PENDING", "RUNNING", "CONFIGURING", "COMPLETING", "REQUEUED"].contains(state)
            }
            return state
        }

        /// Submits `sweep` as `shards` shards into `out`; the job ids of the array and the merge.
        func submit(_ sweep: [String], shards: Int, out: String) throws -> (array: String, merge: String) {
            let submitted = try SlurmTests.bash(
                [script("submit-sweep"), "--shards", String(shards), "--out", out, "--sim", try simExecutable().path, "--"]
                    + sweep, log: directory.path("submit.log"), environment: environment)
            try #require(submitted.status == 0, "\(submitted.output)")
            func id(after words: String) -> String? {
                submitted.output.components(separatedBy: "\n").first { $0.hasPrefix(words) }?
                    .dropFirst(words.count).split(separator: " ").first.map(String.init)
            }
            return (try #require(id(after: "shards: job array ")), try #require(id(after: "merge: job ")))
        }

        /// The task of array `array` running on `node` once it has written a game's row, or nil
        /// when the array ends first.
        func taskPlaying(on node: String, array: String, out: String) throws -> Int? {
            var task: Int?
            try waitUntil(minutes: 5, "a task on \(node) to play") {
                let running = try shell("squeue -h -r -j \(array) -t RUNNING -o '%K %N'").output
                task = running.split(separator: "\n").first { $0.hasSuffix(" " + node) }
                    .flatMap { Int($0.split(separator: " ")[0]) }
                guard let task else { return try shell("squeue -h -j \(array)").output.isEmpty }
                let partial = (try? String(contentsOfFile: "\(out)/shard-\(task).csv.partial", encoding: .utf8)) ?? ""
                return partial.split(separator: "\n").count > 1
            }
            return task
        }
    }

    /// The sweep the cluster plays, and the same in one process: games CSV, summary CSV, plot, JSON.
    static func oneProcess(_ sweep: [String], in directory: TemporaryDirectory) throws -> String {
        let one = try runSim(
            ["sweep"] + sweep + [
                "--jobs", "2", "--json", "--csv", directory.path("one.csv"), "--summary-csv", directory.path("one-summary.csv"),
                "--plot", directory.path("one.svg"),
            ])
        try #require(one.status == 0, "\(one)")
        return one.stdout
    }

    /// Checks the merge job's outputs in `out` against one process's, byte for byte (the JSON but
    /// for the timing figures).
    static func expectMergeEqualsOneProcess(out: String, oneJSON: String, in directory: TemporaryDirectory) throws {
        for (mine, theirs) in [("one.csv", "games.csv"), ("one-summary.csv", "summary.csv"), ("one.svg", "plot.svg")] {
            let a = try Data(contentsOf: URL(fileURLWithPath: directory.path(mine)))
            let b = try Data(contentsOf: URL(fileURLWithPath: out + "/" + theirs))
            #expect(a == b, "\(theirs) differs from one process's \(mine)")
        }
        let merged = try String(contentsOfFile: out + "/summary.json", encoding: .utf8)
        #expect(SweepTests.withoutTiming(merged) == SweepTests.withoutTiming(oneJSON))
    }

    /// Every log of `out`, for a failure's message.
    static func logs(_ out: String) -> String {
        (try? FileManager.default.contentsOfDirectory(atPath: out + "/logs"))?.sorted().map { name in
            "--- \(name)\n" + ((try? String(contentsOfFile: out + "/logs/" + name, encoding: .utf8)) ?? "")
        }.joined() ?? ""
    }

    @Test(
        "The job array's shards, spread over three nodes and merged by the dependent job, equal one process byte for byte",
        .timeLimit(.minutes(5)))
    func sweepOnSlurm() throws {
        try Self.withCluster { directory, cluster in
            let sweep = [
                "--games", "4", "--width", "5,6", "--height", "4", "--colours", "3,4", "--player", "random,greedy",
                "--rules-only", "--seed", "11",
            ]
            let one = try Self.oneProcess(sweep, in: directory)
            let out = directory.path("out")
            let submitted = try Self.bash(
                [cluster.script("submit-sweep"), "--shards", "5", "--out", out, "--sim", try simExecutable().path,
                 "--throttle", "3", "--wait", "--"] + sweep,
                log: directory.path("submit.log"), environment: cluster.environment)
            try #require(submitted.status == 0, "\(submitted.output)\n\(Self.logs(out))")
            #expect(submitted.output.contains("tasks 1-5, 3 at once"), "\(submitted.output)")
            for shard in 1...5 {
                #expect(FileManager.default.fileExists(atPath: out + "/shard-\(shard).csv"), "shard \(shard)")
            }
            try Self.expectMergeEqualsOneProcess(out: out, oneJSON: one, in: directory)
            let table = try String(contentsOfFile: out + "/summary.txt", encoding: .utf8)
            #expect(table.contains("Swept  width, colours, player"), "\(table)")
            let nodes = Set(Self.logs(out).split(separator: "\n").compactMap { $0.firstMatch(of: /on (node\d)/).map { String($0.output.1) } })
            #expect(nodes.count >= 2, "the shards ran on \(nodes)")
        }
    }

    /// A sweep whose shards each take several seconds, so that one can be caught mid-run.
    static let longSweep = [
        "--games", "9000", "--walls", "1", "--width", "6", "--height", "6", "--colours", "3,4", "--player",
        "random,greedy", "--rules-only", "--seed", "7",
    ]

    /// A study caught mid-array: ``longSweep`` played in one process (its JSON), then submitted as 6
    /// shards into `out`, and the task playing on a chosen node once it has written a row.
    struct CaughtStudy {
        let one: String
        let out: String
        let array: String
        let merge: String
        let task: Int
    }

    /// Plays ``longSweep`` in one process, submits it as 6 shards, and waits for a task on `node`
    /// to have written a row.
    static func submitLongSweep(catchingTaskOn node: String, in directory: TemporaryDirectory, cluster: Cluster) throws
        -> CaughtStudy
    {
        let one = try oneProcess(longSweep, in: directory)
        let out = directory.path("out")
        let (array, merge) = try cluster.submit(longSweep, shards: 6, out: out)
        let task = try #require(
            try cluster.taskPlaying(on: node, array: array, out: out),
            "no task was still playing on \(node) when the array ended: \(logs(out))")
        return CaughtStudy(one: one, out: out, array: array, merge: merge, task: task)
    }

    @Test(
        "A node lost mid-array (its slurmd and job steps killed with kill -9): Slurm marks it down, requeues its task, the others finish it and the merge equals one process byte for byte",
        .timeLimit(.minutes(10)))
    func nodeLost() throws {
        try Self.withCluster { directory, cluster in
            let study = try Self.submitLongSweep(catchingTaskOn: "node2", in: directory, cluster: cluster)
            let killed = try Self.bash(
                [cluster.script("local-cluster"), "kill", cluster.path, "node2"], log: directory.path("kill.log"))
            try #require(killed.status == 0, "\(killed.output)")
            #expect(
                !FileManager.default.fileExists(atPath: "\(study.out)/shard-\(study.task).csv"),
                "shard \(study.task) ended before the kill")

            let state = try cluster.finalState(ofJob: study.merge)
            try #require(state == "COMPLETED", "merge \(state)\n\(Self.logs(study.out))")
            try Self.expectMergeEqualsOneProcess(out: study.out, oneJSON: study.one, in: directory)
            #expect(try cluster.shell("sinfo -h -n node2 -o %t").output.hasPrefix("down"))
            let log = try String(contentsOfFile: "\(study.out)/logs/shard-\(study.task).out", encoding: .utf8)
            #expect(log.contains("on node2, run 1") && log.contains(", run 2"), "\(log)")
            #expect(!log.contains("on node2, run 2"), "\(log)")
        }
    }

    @Test(
        "A task cancelled mid-run cancels the merge; submit-sweep --missing plays only that shard again, from its rows, and merges to one process's bytes",
        .timeLimit(.minutes(10)))
    func taskCancelled() throws {
        try Self.withCluster { directory, cluster in
            let study = try Self.submitLongSweep(catchingTaskOn: "node1", in: directory, cluster: cluster)
            let (out, array, task) = (study.out, study.array, study.task)
            let cancelled = try cluster.shell("scancel \(array)_\(task)")
            try #require(cancelled.status == 0, "\(cancelled.output)")
            #expect(try cluster.finalState(ofJob: study.merge) == "CANCELLED")
            try cluster.waitUntil(minutes: 5, "the array to end") {
                try cluster.shell("squeue -h -j \(array)").output.isEmpty
            }
            let kept = try String(contentsOfFile: "\(out)/shard-\(task).csv.partial", encoding: .utf8)
                .split(separator: "\n").count - 1

            let again = try Self.bash(
                [cluster.script("submit-sweep"), "--missing", out, "--wait"], log: directory.path("missing.log"),
                environment: cluster.environment)
            try #require(again.status == 0, "\(again.output)\n\(Self.logs(out))")
            #expect(again.output.contains("missing or incomplete: \(task)\n"), "\(again.output)")
            #expect(kept > 0)
            try Self.expectMergeEqualsOneProcess(out: out, oneJSON: study.one, in: directory)
        }
    }
}
