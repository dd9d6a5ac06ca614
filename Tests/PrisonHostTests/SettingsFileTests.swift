import Foundation
import PrisonHost
import PrisonSession
import Testing

/// A settings file with values out of range: each replaced by its usual value with a message
/// naming its field and value, the others kept, nothing put aside.
@Suite struct SettingsFileTests {
    /// The settings `text` loads to, as JSON, and the load's warning and notice.
    private func load(_ text: String) throws -> (settings: [String: Any], warning: String?, notice: String?, files: [String]) {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let config = try ConfigDirectory(environment: ["XDG_CONFIG_HOME": root.path])
        try FileManager.default.createDirectory(at: config.url, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: config.settingsFile)
        let loaded = config.loadSettings()
        let json = try #require(try JSONSerialization.jsonObject(with: loaded.value.encoded()) as? [String: Any])
        return (json, loaded.warning, loaded.notice, try fileNames(in: config.url))
    }

    @Test func valuesOutOfRangeAreReplacedByTheirUsualOnesAndTheOthersKept() throws {
        let loaded = try load(
            #"""
            {"format": "puzzle-prison-settings", "version": 1, "palette": "Pastel", "sound": false, "fieldOfView": 60.5,
             "newGame": {"walls": 4, "width": 33, "height": 8, "colours": 3}, "tutorialSeen": true}
            """#)
        let replaced = [
            "fieldOfView: 60.5 is not a whole number of degrees from 30 to 80; fit the wall is used",
            "newGame.width: 33 is not 1 to 32; 12 is used",
        ]
        #expect(loaded.notice == "Some settings were out of range and their usual values are used: \(replaced.joined(separator: "; ")).")
        #expect(loaded.warning?.hasSuffix(replaced.joined(separator: "; ")) == true)
        #expect(loaded.settings["palette"] as? String == "Pastel")
        #expect(loaded.settings["sound"] as? Bool == false)
        #expect(loaded.settings["fieldOfView"] == nil)
        let newGame = try #require(loaded.settings["newGame"] as? [String: Any])
        #expect(newGame["width"] as? Int == 12 && newGame["height"] as? Int == 8 && newGame["colours"] as? Int == 3)
        #expect(loaded.files == ["settings.json"], "nothing put aside")
    }

    @Test(arguments: [
        (#""fieldOfView": 81"#, "fieldOfView: 81 is not a whole number of degrees from 30 to 80; fit the wall is used"),
        (#""sound": "loud""#, #"sound: "loud" is not true or false; true is used"#),
        (#""newGame": {"walls": 2}"#, "newGame.walls: 2 is not 1 or 4; 4 is used"),
        (#""newGame": {"colours": 11}"#, "newGame.colours: 11 is not 2 to 10; 5 is used"),
    ])
    func eachMessageNamesTheFieldAndTheValue(field: String, message: String) throws {
        let loaded = try load(#"{"format": "puzzle-prison-settings", "version": 1, \#(field)}"#)
        #expect(loaded.notice == "Some settings were out of range and their usual values are used: \(message).")
        #expect(loaded.files == ["settings.json"])
    }
}
