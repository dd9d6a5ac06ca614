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
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) throws(AssetError) {
        guard let url = gameFolder(environment, variable: "XDG_CONFIG_HOME", underHome: ".config") else {
            throw AssetError("no place to keep settings: neither XDG_CONFIG_HOME nor HOME is an absolute path")
        }
        self.url = url
    }

    /// The settings file.
    public var settingsFile: URL { url.appendingPathComponent("settings.json") }

    /// The settings: the usual ones when there are none yet or their file is damaged (moved aside
    /// to `settings.json.damaged-<UTC time of now>`, with a warning).
    public func loadSettings(now: Date = Date()) -> Loaded<Settings> {
        let loaded = load(settingsFile, named: .settings, now: now) { data throws(AssetError) in try Settings(json: data) }
        return Loaded(value: loaded.value ?? Settings(), warning: loaded.warning, notice: loaded.notice)
    }

    /// Keeps `settings`, atomically.
    public func saveSettings(_ settings: Settings) throws(AssetError) {
        try write(settings.encoded(), to: settingsFile, in: url)
    }

    /// Removes the temporary files that saves left behind when the game was killed while writing.
    @discardableResult
    public func removeLeftoverTemporaryFiles() -> [String] {
        removeStaleTemporaryFiles(in: url, for: [settingsFile.lastPathComponent])
    }
}
