import Foundation
import PrisonHost
import Testing

/// The build before this one let SQLite write a new database over a file too short to hold a
/// database's header, without a word: now such a file is put aside as it was found.
@Test(arguments: [Data("x".utf8), Data(repeating: 0xAB, count: 99), Data("SQLite format 3".utf8)])
func aFileTooShortToBeADatabaseIsPutAsideAsItWas(bytes: Data) throws {
    let profile = try ProfileWithRecords()
    defer { try? FileManager.default.removeItem(at: profile.root) }
    for companion in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: profile.databaseFile.path + companion) }
    try bytes.write(to: profile.databaseFile)

    let reopened = try Profile(environment: profile.environment)
    let aside = try #require(try fileNames(in: profile.folder).first { $0.hasPrefix("player.sqlite3.damaged-") })
    #expect(try Data(contentsOf: profile.folder.appendingPathComponent(aside)) == bytes)
    #expect(reopened.takeNotices().contains { $0.contains(aside) })
    #expect(reopened.savedGame() == nil)
}
