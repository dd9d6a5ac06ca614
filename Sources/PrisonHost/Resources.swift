import Foundation
import PrisonSession

/// Where the game's shaders and assets are: a folder holding `Shaders/` and `Assets/`.
public struct Resources: Hashable, Sendable {
    /// The folder holding `Shaders/` and `Assets/`.
    public let root: URL

    /// The `Shaders/` folder.
    public var shaders: URL { root.appendingPathComponent("Shaders", isDirectory: true) }
    /// The `Assets/` folder.
    public var assets: URL { root.appendingPathComponent("Assets", isDirectory: true) }
    /// The palettes file, `Assets/palettes.json`.
    public var palettes: URL { assets.appendingPathComponent("palettes.json") }
    /// The sound effects' folder, `Assets/sounds/`.
    public var sounds: URL { assets.appendingPathComponent("sounds", isDirectory: true) }
    /// The fonts' folder, `Assets/fonts/`.
    public var fonts: URL { assets.appendingPathComponent("fonts", isDirectory: true) }

    /// The resources in `root` (not checked: see ``locate(executable:workingDirectory:environment:)``).
    public init(root: URL) { self.root = root }

    /// The folders tried, in order: `$PUZZLE_PRISON_HOME`, the executable's folder and the folders
    /// above it (a build inside the package finds the package), the working directory and those
    /// above it, then `/usr/local/share/puzzle-prison` and `/usr/share/puzzle-prison`.
    public static func candidates(executable: URL, workingDirectory: URL, environment: [String: String]) -> [URL] {
        func selfAndAncestors(_ url: URL) -> [URL] {
            var folders: [URL] = []
            var folder = url.standardizedFileURL
            while true {
                folders.append(folder)
                let parent = folder.deletingLastPathComponent()
                if parent.path == folder.path { return folders }
                folder = parent
            }
        }
        let home = environment["PUZZLE_PRISON_HOME"].map { [URL(fileURLWithPath: $0, isDirectory: true)] } ?? []
        let installed = ["/usr/local/share/puzzle-prison", "/usr/share/puzzle-prison"].map { URL(fileURLWithPath: $0, isDirectory: true) }
        var seen: Set<String> = []
        return (home + selfAndAncestors(executable.resolvingSymlinksInPath().deletingLastPathComponent())
            + selfAndAncestors(workingDirectory) + installed)
            .filter { seen.insert($0.path).inserted }
    }

    /// The first candidate holding both `Shaders/` and `Assets/`, or an error naming every folder tried.
    public static func locate(
        executable: URL = runningExecutable,
        workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true),
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(HostError) -> Resources {
        let tried = candidates(executable: executable, workingDirectory: workingDirectory, environment: environment)
        for folder in tried {
            let resources = Resources(root: folder)
            if isDirectory(resources.shaders), isDirectory(resources.assets) { return resources }
        }
        throw HostError(
            "cannot find the game's Shaders/ and Assets/ folders; set PUZZLE_PRISON_HOME to the folder that holds them. Tried:\n"
                + tried.map { "  \($0.path)" }.joined(separator: "\n"))
    }

    /// The program running now: `/proc/self/exe` on Linux (a name found through PATH says
    /// nothing of the folder), else the path it was started by.
    public static var runningExecutable: URL {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: CommandLine.arguments[0])
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
