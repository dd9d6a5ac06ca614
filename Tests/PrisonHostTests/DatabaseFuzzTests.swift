import Foundation
import GRDB
import PrisonHost
import PrisonRules
import PrisonSession
import Testing

/// One seeded case of the database fuzzer: a profile with records (``ProfileWithRecords``)
/// damaged in one way a hostile world can, then started. A trap ends the test run; a hang
/// meets the suite's time limit; the case's problems are what was lost.
struct DatabaseFuzzCase {
    /// The ways a case damages the profile.
    enum Damage: CaseIterable {
        case rowValue, pageNoise, truncation, foreignLog, newerHeader, schemaEdit, damagedImport
    }

    /// Values SQLite keeps in any column that no column of ours holds.
    static let badValues = ["'x'", "1.5e300", "-1e19", "x'ff00'", "x'fffe'", "''", "'yes'", "9223372036854775807", "0.5", "'\\u{0}'"]

    let seed: UInt64
    private var random: SeededGenerator

    init(seed: UInt64) {
        self.seed = seed
        random = SeededGenerator(seed: seed, stream: 49)
    }

    private mutating func pick<Element>(_ elements: [Element]) -> Element { elements[Int(random.next() % UInt64(elements.count))] }

    /// The bytes of every file in `folder`, by name.
    private func files(in folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try fileNames(in: folder) {
            var isFolder: ObjCBool = false
            let url = folder.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            files[name] = try Data(contentsOf: url)
        }
        return files
    }

    /// Damages a copy of `template`, starts on it twice and says what went wrong.
    mutating func run(on template: ProfileWithRecords) throws -> [String] {
        let profile = try template.copy()
        defer { try? FileManager.default.removeItem(at: profile.root) }
        let damage = pick(Damage.allCases)
        var damagedTable: String?
        switch damage {
        case .rowValue:
            let (table, columns) = pick([
                ("bestScore", ["room", "score", "cleared", "moves", "date", "board"]), ("finishedGame", ["room", "board", "score", "cleared"]),
                ("game", ["rules", "start"]), ("move", ["line"]), ("historyGame", ["list", "game"]),
            ])
            damagedTable = table
            try profile.execute("UPDATE \(table) SET \(pick(columns)) = \(pick(Self.badValues)) WHERE rowid = (SELECT min(rowid) FROM \(table))")
        case .pageNoise:
            var bytes = try Data(contentsOf: profile.databaseFile)
            for _ in 0..<(1 + random.next() % 64) { bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next()) }
            try bytes.write(to: profile.databaseFile)
        case .truncation:
            let bytes = try Data(contentsOf: profile.databaseFile)
            try bytes.prefix(Int(random.next() % UInt64(bytes.count))).write(to: profile.databaseFile)
        case .foreignLog:
            // The log of another profile's last transaction beside this file.
            let other = try template.copy()
            defer { try? FileManager.default.removeItem(at: other.root) }
            let queue = try DatabaseQueue(path: other.databaseFile.path)
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
                try db.execute(sql: "DELETE FROM move")
            }
            try Data(contentsOf: URL(fileURLWithPath: other.databaseFile.path + "-wal"))
                .write(to: URL(fileURLWithPath: profile.databaseFile.path + "-wal"))
        case .newerHeader:
            var bytes = try Data(contentsOf: profile.databaseFile)
            bytes.replaceSubrange(60..<64, with: [0, 0, 0, UInt8(3 + random.next() % 200)])
            try bytes.write(to: profile.databaseFile)
        case .schemaEdit:
            try profile.execute(
                pick([
                    "ALTER TABLE bestScore RENAME COLUMN date TO day", "DROP TABLE historyGame", "ALTER TABLE finishedGame ADD COLUMN extra",
                    "CREATE TABLE damaged (x)", "DROP TABLE importedFile",
                ]))
        case .damagedImport:
            var bytes = ScoreTable(rooms: ["1x4x3": [ScoreEntry(score: 50, cleared: false, moves: 1, date: Date(timeIntervalSince1970: 0))]]).encoded()
            for _ in 0..<(random.next() % 4) { bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next()) }
            try bytes.write(to: profile.folder.appendingPathComponent("scores.json"))
        }
        let before = try files(in: profile.folder)
        var problems: [String] = []
        let first = try Profile(environment: profile.environment)
        let records = first.loadedRecords
        _ = first.savedGame()
        _ = first.takeNotices()
        // Nothing deleted: every file found is still there, or put aside as found. (The database
        // in use changes as it is played; its log and the log's index are SQLite's to apply.)
        let after = try files(in: profile.folder)
        for (name, bytes) in before where !name.hasSuffix("-wal") && !name.hasSuffix("-shm") {
            let aside = after.contains { $0.key.hasPrefix(name + ".") && $0.value == bytes }
            let kept = name == "player.sqlite3" ? after[name] != nil : after[name] == bytes
            if !kept && !aside { problems.append("\(damage): \(name) was neither kept nor put aside as found") }
        }
        if let database = before["player.sqlite3"], after.contains(where: { $0.key.hasPrefix("player.sqlite3.damaged-") }),
            !after.contains(where: { $0.key.hasPrefix("player.sqlite3.damaged-") && $0.value == database })
        {
            problems.append("\(damage): the database put aside differs from the one found")
        }
        // The undamaged rows kept.
        if damage == .rowValue || damage == .damagedImport {
            if damagedTable != "bestScore", records.scores.entries(forKey: "4x12x10") != profile.scores.entries(forKey: "4x12x10") {
                problems.append("\(damage) in \(damagedTable ?? "scores.json"): best scores lost")
            }
            if damagedTable != "finishedGame", records.statistics != profile.statistics {
                problems.append("\(damage) in \(damagedTable ?? "scores.json"): statistics lost")
            }
            if damagedTable == "finishedGame", records.statistics.games.count < profile.statistics.games.count - 1 {
                problems.append("\(damage) in finishedGame: more than the damaged row lost")
            }
        }
        // And the game goes on keeping: a second start of the same profile.
        first.keep([.game(profile.game)])
        _ = consume first
        let second = try Profile(environment: profile.environment)
        _ = second.savedGame()
        return problems.map { "seed \(seed): \($0)" }
    }
}

/// The database fuzzer in the test suite: a fixed number of cases in CI. More with
/// `PRISON_DATABASE_FUZZ_CASES=n` (and `PRISON_DATABASE_FUZZ_FIRST=s` for the first seed).
@Suite(.timeLimit(.minutes(10))) struct DatabaseFuzzTests {
    @Test func aDamagedDatabaseNeverStopsThePlayerNorLosesWhatWasNotDamaged() throws {
        let environment = ProcessInfo.processInfo.environment
        let first = environment["PRISON_DATABASE_FUZZ_FIRST"].flatMap(UInt64.init) ?? 0
        let count = environment["PRISON_DATABASE_FUZZ_CASES"].flatMap(UInt64.init) ?? 200
        let template = try ProfileWithRecords()
        defer { try? FileManager.default.removeItem(at: template.root) }
        var failures = 0
        for seed in first..<first + count {
            var fuzzCase = DatabaseFuzzCase(seed: seed)
            let problems = try fuzzCase.run(on: template)
            guard !problems.isEmpty else { continue }
            failures += 1
            Issue.record(Comment(rawValue: problems.joined(separator: "\n")))
            if failures == 5 { break }
        }
        print("database fuzzer: \(count) cases from seed \(first), \(failures) failed")
    }
}
