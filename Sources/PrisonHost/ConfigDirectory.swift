import Foundation
import PrisonFiles
import PrisonSession

/// The folder that keeps the player's settings, under the XDG configuration directory:
/// `$XDG_CONFIG_HOME/puzzle-prison` when `XDG_CONFIG_HOME` is an absolute path, else
/// `$HOME/.config/puzzle-prison`. It is created, with its parents, when the settings are saved.
public struct ConfigDirectory: Hashable, Sendable {
    /// The folder.
    public let url: URL

    /// The configuration directory `environment` points to.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) throws(HostError) {
        guard let url = gameFolder(environment, variable: "XDG_CONFIG_HOME", underHome: ".config") else {
            throw HostError("no place to keep settings: neither XDG_CONFIG_HOME nor HOME is an absolute path")
        }
        self.url = url
    }

    /// The settings file.
    public var settingsFile: URL { url.appendingPathComponent("settings.json") }

    /// The settings: the usual ones when there are none yet or their file is damaged (moved aside
    /// to `settings.json.damaged-<UTC time of now>`, with a warning). A value out of range is
    /// replaced by its usual one, with a warning and a notice naming its field and value; the
    /// other settings are kept.
    public func loadSettings(now: Date = Date()) -> Loaded<Settings> {
        let loaded = load(settingsFile, named: .settings, now: now) { data throws(DataError) in try Settings.read(json: data) }
        guard let (settings, replaced) = loaded.value else {
            return Loaded(value: Settings(), warning: loaded.warning, notice: loaded.notice)
        }
        guard !replaced.isEmpty else { return Loaded(value: settings) }
        return Loaded(
            value: settings, warning: "the settings file \(settingsFile.path): \(replaced.joined(separator: "; "))",
            notice: "Some settings were out of range and their usual values are used: \(replaced.joined(separator: "; ")).")
    }

    /// Keeps `settings`, atomically.
    public func saveSettings(_ settings: Settings) throws(HostError) {
        try write(settings.encoded(), to: settingsFile, in: url)
    }

    /// Removes the temporary files that saves left behind when the game was killed while writing.
    @discardableResult
    public func removeLeftoverTemporaryFiles() -> [String] {
        removeStaleTemporaryFiles(in: url, for: [settingsFile.lastPathComponent])
    }
}
