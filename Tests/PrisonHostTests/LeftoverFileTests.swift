import Foundation
import PrisonHost
import PrisonSession
import PrisonRules
import Testing

/// A process id that no process has: above Linux's highest (2^22).
private let deadProcess: Int32 = 4_194_305

@Suite struct LeftoverFileTests {
    @Test func temporaryFilesOfKilledSavesAreRemovedWhenTheProfileOpens() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let directory = try DataDirectory(environment: ["XDG_DATA_HOME": root.path])
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        let uuid = UUID().uuidString
        let dead = [".game.json.\(deadProcess).\(uuid).tmp", ".scores.json.\(deadProcess).\(uuid).tmp"]
        let running = ".game.json.\(getpid()).\(uuid).tmp"  // a save in progress in a running game
        let old = ".scores.json.\(uuid).tmp"  // left by an earlier version, which named no process
        let recent = ".game.json.\(UUID().uuidString).tmp"
        let unrelated = ["notes.txt", ".other.json.\(deadProcess).\(uuid).tmp"]
        for name in dead + [running, old, recent] + unrelated {
            try Data("{".utf8).write(to: directory.url.appendingPathComponent(name))
        }
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: directory.url.appendingPathComponent(old).path)

        _ = try Profile(environment: ["XDG_DATA_HOME": root.path])
        // Beside them now: the player's database (its log gone with the profile) and the profile's lock.
        let made = ["player.lock", "player.sqlite3"]
        #expect(try fileNames(in: directory.url) == ([running, recent] + unrelated + made).sorted())
    }
}

@Suite struct QuotedScriptTests {
    @Test func pathsWithBlanksAreQuoted() throws {
        let script = try Script(text: "screenshot \"my shots/a b.png\"\nstate 'game #2.json'  # kept\nscreenshot plain.png")
        #expect(script.steps == [.screenshot(path: "my shots/a b.png"), .state(path: "game #2.json"), .screenshot(path: "plain.png")])
    }

    @Test func anOpenQuoteIsRefused() {
        let error = #expect(throws: ScriptError.self) { try Script(text: "wait 1\nscreenshot \"a b.png") }
        #expect(error?.description == "line 2: a quote (\") is not closed")
    }

    @Test(arguments: ["wait 3601", "look 1e7 0", "click 0 -2000000"])
    func numbersBeyondTheirBoundsAreRefused(line: String) {
        #expect(throws: ScriptError.self) { try Script(text: line) }
    }
}
