import CSTB
import Foundation
import PrisonHost
import PrisonSession
import PrisonRules
import Testing

// Helpers for running the real `puzzle-prison` executable, in a window under xvfb-run or
// offscreen, and for reading the PNG files and games it writes.

/// What one run of `puzzle-prison` did.
struct Run: CustomStringConvertible {
    let status: Int32
    let stdout: String
    let stderr: String

    var description: String { "exit \(status)\n--- stdout ---\n\(stdout)--- stderr ---\n\(stderr)" }
}

struct MissingTool: Error, CustomStringConvertible {
    let description: String
}

/// The `puzzle-prison` product built beside the running test bundle.
func gameExecutable() throws -> URL {
    let selfPath = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    let candidate = URL(fileURLWithPath: selfPath).deletingLastPathComponent().appendingPathComponent("puzzle-prison")
    guard FileManager.default.isExecutableFile(atPath: candidate.path) else {
        throw MissingTool(description: "puzzle-prison is not built beside the tests (\(candidate.path))")
    }
    return candidate
}

/// A temporary folder, removed after `body`.
func withTemporaryFolder<T>(_ body: (URL) throws -> T) throws -> T {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("puzzle-prison-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
}

/// Runs `puzzle-prison` with `arguments` in `folder` (its working directory and, as
/// XDG_DATA_HOME and XDG_CONFIG_HOME, where it keeps its files and settings), with no display; under `xvfb-run` (a 1280x720
/// virtual screen) when `inWindow`. Kills it after `timeout` seconds. Records an issue when it
/// crashed or printed a stack trace.
func runGame(
    _ arguments: [String], in folder: URL, inWindow: Bool = false, timeout: Double = 300,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> Run {
    let process = Process()
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = nil
    environment["WAYLAND_DISPLAY"] = nil
    environment["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
    environment["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
    process.environment = environment
    process.currentDirectoryURL = folder
    let game = try gameExecutable()
    if inWindow {
        guard let xvfbRun = ["/usr/bin/xvfb-run", "/bin/xvfb-run"].first(where: FileManager.default.isExecutableFile) else {
            throw MissingTool(description: "xvfb-run is missing: scripts/test installs it (Debian package xvfb)")
        }
        process.executableURL = URL(fileURLWithPath: xvfbRun)
        process.arguments = ["-a", "-s", "-screen 0 1280x720x24", game.path] + arguments
    } else {
        process.executableURL = game
        process.arguments = arguments
    }
    let (output, errors) = try sendOutput(of: process, to: folder)
    try process.run()
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    if process.isRunning {
        process.terminate()
        process.waitUntilExit()
        Issue.record("puzzle-prison ran for more than \(timeout) s and was stopped", sourceLocation: sourceLocation)
    }
    let run = Run(
        status: process.terminationStatus,
        stdout: String(decoding: (try? Data(contentsOf: output)) ?? Data(), as: UTF8.self),
        stderr: String(decoding: (try? Data(contentsOf: errors)) ?? Data(), as: UTF8.self))
    if process.terminationReason == .uncaughtSignal || run.stderr.contains("Fatal error") || run.stderr.contains("Stack dump") {
        Issue.record("puzzle-prison crashed: \(run)", sourceLocation: sourceLocation)
    }
    return run
}

/// Points `process`'s standard output and error at new files in `folder` (and its input at
/// nothing), which it returns.
func sendOutput(of process: Process, to folder: URL) throws -> (output: URL, errors: URL) {
    let output = folder.appendingPathComponent("stdout-\(UUID().uuidString)")
    let errors = folder.appendingPathComponent("stderr-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = try FileHandle(forWritingTo: errors)
    process.standardInput = FileHandle.nullDevice
    return (output, errors)
}

/// An image read back from a PNG file: RGBA pixels, rows top first.
struct Image: Equatable {
    let width: Int
    let height: Int
    let pixels: [UInt8]

    /// The image of `pixels` (RGBA, rows top first) of `width` by `height`.
    init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    init(png file: URL) throws {
        let data = try Data(contentsOf: file)
        var width: Int32 = 0, height: Int32 = 0, channels: Int32 = 0
        let decoded = data.withUnsafeBytes { bytes in
            stbi_load_from_memory(bytes.bindMemory(to: UInt8.self).baseAddress, Int32(data.count), &width, &height, &channels, 4)
        }
        guard let decoded else { throw MissingTool(description: "\(file.path) is not a PNG image") }
        defer { stbi_image_free(decoded) }
        self.width = Int(width)
        self.height = Int(height)
        pixels = Array(UnsafeBufferPointer(start: decoded, count: Int(width * height * 4)))
    }

    /// How many different colours the image has: a blank image has one or two.
    var colourCount: Int {
        var colours = Set<UInt32>()
        for index in stride(from: 0, to: pixels.count, by: 4) {
            colours.insert(UInt32(pixels[index]) << 16 | UInt32(pixels[index + 1]) << 8 | UInt32(pixels[index + 2]))
        }
        return colours.count
    }

    /// Whether the pixel at `point` (from the top left) is exactly `colour` (red, green, blue).
    func isPixel(at point: SIMD2<Int>, _ colour: (UInt8, UInt8, UInt8)) -> Bool {
        let i = (point.y * width + point.x) * 4
        return pixels[i] == colour.0 && pixels[i + 1] == colour.1 && pixels[i + 2] == colour.2
    }

    /// How many pixels are exactly `colour` (red, green, blue).
    func count(of colour: (UInt8, UInt8, UInt8)) -> Int {
        stride(from: 0, to: pixels.count, by: 4).count { index in
            pixels[index] == colour.0 && pixels[index + 1] == colour.1 && pixels[index + 2] == colour.2
        }
    }

    /// The share of pixels that differ from `other`'s.
    func fractionDiffering(from other: Image) -> Double {
        guard width == other.width, height == other.height else { return 1 }
        var differing = 0
        for index in stride(from: 0, to: pixels.count, by: 4) where pixels[index..<index + 3] != other.pixels[index..<index + 3] {
            differing += 1
        }
        return Double(differing) / Double(width * height)
    }
}

/// The game in a saved-game file (a `state` step's output, or the saved game in progress).
func savedGame(at file: URL) throws -> Game {
    try SavedGame(json: Data(contentsOf: file)).game()
}

/// Writes `lines` as a script file in `folder` and returns its path.
func script(_ lines: [String], in folder: URL) throws -> String {
    let file = folder.appendingPathComponent("script-\(UUID().uuidString).txt")
    try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
    return file.path
}

/// The environment of a profile in `folder`, as `runGame` points the game at it.
func profileEnvironment(in folder: URL) -> [String: String] {
    ["XDG_DATA_HOME": folder.appendingPathComponent("data").path, "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path]
}

/// The records kept in `folder`'s profile (the game must not be running: it holds the profile).
func keptRecords(in folder: URL) throws -> PlayerRecords {
    try Profile(environment: profileEnvironment(in: folder)).loadedRecords
}

/// The game in progress kept in `folder`'s profile, or nil.
func keptGame(in folder: URL) throws -> Game? {
    try Profile(environment: profileEnvironment(in: folder)).savedGame()
}

/// Where an earlier version kept the game in progress in `folder`'s data folder: the first start
/// imports it into the player's database.
func gameInProgressFile(in folder: URL) -> URL {
    folder.appendingPathComponent("data/puzzle-prison/game.json")
}

/// Saves a new game on the default room of `seed` (what `--seed` would start) as the player's
/// game in progress in `folder`, as an earlier version kept it, so the next plain start imports
/// and resumes it.
func plantSavedGame(seed: UInt64, in folder: URL) throws {
    let file = gameInProgressFile(in: folder)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try SavedGame(Game(start: try Board.random(room: .standard, colours: 5, seed: seed))).encoded().write(to: file)
}

/// The settings file of a player who has seen the tutorial, for ``WindowedGame``'s and
/// ``runGame``'s folders: a first start then opens the menu, as it did before the tutorial.
let returningPlayer = [
    "config/puzzle-prison/settings.json": #"{"format": "puzzle-prison-settings", "version": 1, "tutorialSeen": true}"#
]

/// Writes ``returningPlayer``'s files into `folder`.
func plantReturningPlayer(in folder: URL) throws {
    for (name, text) in returningPlayer {
        let file = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }
}
