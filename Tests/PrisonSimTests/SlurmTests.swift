import Foundation
import Testing

/// The repository's `scripts/slurm`, found from this file's place in the checkout.
private let slurmScripts = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("scripts/slurm")

/// Why a local cluster cannot run here, or nil when it can be tried: the daemons need root and
/// Debian's slurm-wlm and munge packages (scripts/test installs them).
private let slurmUnavailable: String? = {
    guard getuid() == 0 else { return "a Slurm cluster on localhost needs root to start its daemons" }
    let programs = ["/usr/sbin/slurmctld", "/usr/sbin/slurmd", "/usr/sbin/munged", "/usr/bin/sbatch"]
    let missing = programs.filter { !FileManager.default.isExecutableFile(atPath: $0) }
    return missing.isEmpty ? nil : "Slurm is not installed (no \(missing.joined(separator: ", ")))"
}()

@Suite("Slurm: a sweep as a job array and a merge job, on a real one-node cluster")
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

    @Test(
        "The job array's shards, merged by the dependent job, equal one process byte for byte",
        .enabled(if: slurmUnavailable == nil, Comment(rawValue: slurmUnavailable ?? "")), .timeLimit(.minutes(5)))
    func sweepOnSlurm() throws {
        try withTemporaryDirectory { directory in
            let cluster = directory.path("cluster")
            let clusterScript = slurmScripts.appendingPathComponent("local-cluster").path
            let started = try Self.bash([clusterScript, "start", cluster], log: directory.path("start.log"))
            // Stop exactly the daemons this test started, whatever happens next.
            defer { _ = try? Self.bash([clusterScript, "stop", cluster], log: directory.path("stop.log")) }
            if started.status == 3 { try Test.cancel(Comment(rawValue: "skipped: \(started.output)")) }
            try #require(started.status == 0, "\(started.output)")
            let environment = ["SLURM_CONF": cluster + "/slurm.conf"]

            let sim = try simExecutable().path
            let sweep = [
                "--games", "4", "--width", "5,6", "--height", "4", "--colours", "3,4", "--player", "random,greedy",
                "--rules-only", "--seed", "11",
            ]
            let one = try runSim(
                ["sweep"] + sweep + [
                    "--json", "--csv", directory.path("one.csv"), "--summary-csv",
                    directory.path("one-summary.csv"), "--plot", directory.path("one.svg"),
                ])
            try #require(one.status == 0, "\(one)")

            let out = directory.path("out")
            let submitted = try Self.bash(
                [
                    slurmScripts.appendingPathComponent("submit-sweep").path, "--shards", "5", "--out", out, "--sim",
                    sim,
                    "--wait", "--",
                ] + sweep,
                log: directory.path("submit.log"), environment: environment)
            let logs =
                (try? FileManager.default.contentsOfDirectory(atPath: out + "/logs"))?.sorted().map { name in
                    "--- \(name)\n" + ((try? String(contentsOfFile: out + "/logs/" + name, encoding: .utf8)) ?? "")
                }.joined() ?? ""
            try #require(submitted.status == 0, "\(submitted.output)\n\(logs)")
            for shard in 1...5 {
                #expect(FileManager.default.fileExists(atPath: out + "/shard-\(shard).csv"), "shard \(shard)")
            }
            for (mine, theirs) in [
                ("one.csv", "games.csv"), ("one-summary.csv", "summary.csv"), ("one.svg", "plot.svg"),
            ] {
                let a = try Data(contentsOf: URL(fileURLWithPath: directory.path(mine)))
                let b = try Data(contentsOf: URL(fileURLWithPath: out + "/" + theirs))
                #expect(a == b, "\(theirs) differs from one process's \(mine)")
            }
            let merged = try String(contentsOfFile: out + "/summary.json", encoding: .utf8)
            #expect(SweepTests.withoutTiming(merged) == SweepTests.withoutTiming(one.stdout))
            let table = try String(contentsOfFile: out + "/summary.txt", encoding: .utf8)
            #expect(table.contains("Swept  width, colours, player"), "\(table)")
        }
    }
}
