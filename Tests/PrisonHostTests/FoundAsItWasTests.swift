import Foundation
import GRDB
import PrisonHost
import Testing

/// The files of a damaged or newer database are left byte for byte as they were found: the
/// build before this one let SQLite write to them (a header of the damaged file, the newer
/// version of a log checkpointed into the file) before it put them aside or refused them.
struct FoundAsItWasTests {
    /// The bytes of the database file and of its log, when there is one.
    private func contents(_ profile: ProfileWithRecords) -> [Data?] {
        ["", "-wal"].map { try? Data(contentsOf: URL(fileURLWithPath: profile.databaseFile.path + $0)) }
    }

    @Test func aDamagedDatabaseIsPutAsideByteForByte() throws {
        let profile = try ProfileWithRecords()
        defer { try? FileManager.default.removeItem(at: profile.root) }
        var bytes = try Data(contentsOf: profile.databaseFile)
        let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        try #require(bytes.count >= 3 * pageSize)
        // Every page but the first (the header and the schema) to noise.
        var generator = SystemRandomNumberGenerator()
        for index in pageSize..<bytes.count { bytes[index] = UInt8.random(in: 0...255, using: &generator) }
        try bytes.write(to: profile.databaseFile)
        let found = contents(profile)

        let reopened = try Profile(environment: profile.environment)
        let aside = try #require(try fileNames(in: profile.folder).first { $0.hasPrefix("player.sqlite3.damaged-") })
        #expect(try Data(contentsOf: profile.folder.appendingPathComponent(aside)) == found[0])
        #expect(reopened.takeNotices().contains { $0.contains(aside) })
    }

    @Test func aNewerVersionOnlyInTheLogIsNeverCheckpointed() throws {
        let profile = try ProfileWithRecords()
        defer { try? FileManager.default.removeItem(at: profile.root) }
        let file = try Data(contentsOf: profile.databaseFile)
        // A newer program's last transaction, still in the log: copied while its connection is open.
        let log: Data
        do {
            let queue = try DatabaseQueue(path: profile.databaseFile.path)
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
                try db.execute(sql: "PRAGMA user_version = 7")
            }
            log = try Data(contentsOf: URL(fileURLWithPath: profile.databaseFile.path + "-wal"))
        }
        try file.write(to: profile.databaseFile)
        try log.write(to: URL(fileURLWithPath: profile.databaseFile.path + "-wal"))
        try? FileManager.default.removeItem(atPath: profile.databaseFile.path + "-shm")

        let reopened = try Profile(environment: profile.environment)
        #expect(reopened.takeNotices().first?.contains("database version 7") == true)
        #expect(reopened.savedGame() == nil, "nothing is read from a newer database")
        #expect(contents(profile) == [file, log])
    }
}
