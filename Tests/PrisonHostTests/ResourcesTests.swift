import Foundation
import PrisonHost
import PrisonSession
import Testing

/// A fresh empty folder under the temporary directory, removed by `cleanUp`.
private func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("resources-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.resolvingSymlinksInPath()
}

private func cleanUp(_ folder: URL) { try? FileManager.default.removeItem(at: folder) }

/// Makes `folder` (and its parents) and returns it.
@discardableResult
private func makeFolder(_ folder: URL) throws -> URL {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// Makes a game folder at `root`: `Shaders/` and `Assets/`.
private func makeGameFolder(_ root: URL) throws {
    try makeFolder(root.appendingPathComponent("Shaders", isDirectory: true))
    try makeFolder(root.appendingPathComponent("Assets", isDirectory: true))
}

/// An executable file at `url`, its folders made.
private func makeExecutable(_ url: URL) throws {
    try makeFolder(url.deletingLastPathComponent())
    #expect(FileManager.default.createFile(atPath: url.path, contents: Data("#!/bin/sh\n".utf8)))
}

private func paths(_ urls: [URL]) -> [String] { urls.map(\.path) }

private let installed = ["/usr/local/share/puzzle-prison", "/usr/share/puzzle-prison"]

@Suite("Resources")
struct ResourcesTests {
    @Test("Candidates: the home variable, the executable's folder and up, the working directory and up, then the shares")
    func candidateOrder() {
        let candidates = Resources.candidates(
            executable: URL(fileURLWithPath: "/opt/game/bin/puzzle-prison"),
            workingDirectory: URL(fileURLWithPath: "/home/player/saves", isDirectory: true),
            environment: ["PUZZLE_PRISON_HOME": "/srv/prison"])
        #expect(paths(candidates) == [
            "/srv/prison",
            "/opt/game/bin", "/opt/game", "/opt", "/",
            "/home/player/saves", "/home/player", "/home",
            "/usr/local/share/puzzle-prison", "/usr/share/puzzle-prison",
        ])
    }

    @Test("Without the home variable the executable's folder comes first")
    func withoutHome() {
        let candidates = Resources.candidates(
            executable: URL(fileURLWithPath: "/opt/game/puzzle-prison"),
            workingDirectory: URL(fileURLWithPath: "/work", isDirectory: true),
            environment: ["HOME": "/home/player", "PATH": "/usr/bin"])
        #expect(paths(candidates) == ["/opt/game", "/opt", "/", "/work"] + installed)
    }

    @Test("No folder is tried twice")
    func noDuplicates() {
        let candidates = Resources.candidates(
            executable: URL(fileURLWithPath: "/work/pkg/.build/debug/puzzle-prison"),
            workingDirectory: URL(fileURLWithPath: "/work/pkg", isDirectory: true),
            environment: ["PUZZLE_PRISON_HOME": "/work/pkg"])
        #expect(paths(candidates) == ["/work/pkg", "/work/pkg/.build/debug", "/work/pkg/.build", "/work", "/"] + installed)
        #expect(Set(paths(candidates)).count == candidates.count)
    }

    @Test("An installed executable's ancestors that are installed folders are tried once, in their first place")
    func installedExecutable() {
        let candidates = Resources.candidates(
            executable: URL(fileURLWithPath: "/usr/share/puzzle-prison/bin/puzzle-prison"),
            workingDirectory: URL(fileURLWithPath: "/", isDirectory: true), environment: [:])
        #expect(paths(candidates) == [
            "/usr/share/puzzle-prison/bin", "/usr/share/puzzle-prison", "/usr/share", "/usr", "/",
            "/usr/local/share/puzzle-prison",
        ])
    }

    @Test("Folders are standardized before their ancestors are listed")
    func standardized() {
        let candidates = Resources.candidates(
            executable: URL(fileURLWithPath: "/opt/game/bin/../libexec/puzzle-prison"),
            workingDirectory: URL(fileURLWithPath: "/work/./here/", isDirectory: true), environment: [:])
        #expect(paths(candidates) == ["/opt/game/libexec", "/opt/game", "/opt", "/", "/work/here", "/work"] + installed)
    }

    @Test("The folders of a root")
    func folders() {
        let resources = Resources(root: URL(fileURLWithPath: "/games/prison", isDirectory: true))
        #expect(resources.shaders.path == "/games/prison/Shaders")
        #expect(resources.assets.path == "/games/prison/Assets")
        #expect(resources.palettes.path == "/games/prison/Assets/palettes.json")
        #expect(resources.sounds.path == "/games/prison/Assets/sounds")
        #expect(resources.fonts.path == "/games/prison/Assets/fonts")
    }

    @Test("The home variable finds a game folder anywhere")
    func locateByHome() throws {
        let scratch = try temporaryFolder()
        defer { cleanUp(scratch) }
        let game = scratch.appendingPathComponent("game", isDirectory: true)
        try makeGameFolder(game)
        let elsewhere = try makeFolder(scratch.appendingPathComponent("elsewhere", isDirectory: true))
        let found = try Resources.locate(
            executable: elsewhere.appendingPathComponent("bin/puzzle-prison"), workingDirectory: elsewhere,
            environment: ["PUZZLE_PRISON_HOME": game.path])
        #expect(found.root.path == game.path)
    }

    @Test("A build inside the package finds the package by going up from the executable")
    func locateByExecutable() throws {
        let scratch = try temporaryFolder()
        defer { cleanUp(scratch) }
        let package = scratch.appendingPathComponent("package", isDirectory: true)
        try makeGameFolder(package)
        let executable = package.appendingPathComponent(".build/debug/puzzle-prison")
        try makeExecutable(executable)
        let elsewhere = try makeFolder(scratch.appendingPathComponent("elsewhere", isDirectory: true))
        let found = try Resources.locate(executable: executable, workingDirectory: elsewhere, environment: [:])
        #expect(found.root.path == package.path)
    }

    @Test("A link to the executable finds the game folder of the file it links to")
    func locateThroughLink() throws {
        let scratch = try temporaryFolder()
        defer { cleanUp(scratch) }
        let package = scratch.appendingPathComponent("package", isDirectory: true)
        try makeGameFolder(package)
        let executable = package.appendingPathComponent(".build/release/puzzle-prison")
        try makeExecutable(executable)
        let bin = try makeFolder(scratch.appendingPathComponent("bin", isDirectory: true))
        let link = bin.appendingPathComponent("puzzle-prison")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: executable)
        let found = try Resources.locate(executable: link, workingDirectory: bin, environment: [:])
        #expect(found.root.path == package.path)
    }

    @Test("The working directory is tried after the executable's folders")
    func locateByWorkingDirectory() throws {
        let scratch = try temporaryFolder()
        defer { cleanUp(scratch) }
        let package = scratch.appendingPathComponent("package", isDirectory: true)
        try makeGameFolder(package)
        let inside = try makeFolder(package.appendingPathComponent("Sources/PuzzlePrison", isDirectory: true))
        let found = try Resources.locate(
            executable: scratch.appendingPathComponent("elsewhere/bin/puzzle-prison"), workingDirectory: inside,
            environment: [:])
        #expect(found.root.path == package.path)
    }

    @Test("The home variable wins over a game folder beside the executable")
    func homeFirst() throws {
        let scratch = try temporaryFolder()
        defer { cleanUp(scratch) }
        let home = scratch.appendingPathComponent("home", isDirectory: true)
        let package = scratch.appendingPathComponent("package", isDirectory: true)
        try makeGameFolder(home)
        try makeGameFolder(package)
        let found = try Resources.locate(
            executable: package.appendingPathComponent("puzzle-prison"), workingDirectory: package,
            environment: ["PUZZLE_PRISON_HOME": home.path])
        #expect(found.root.path == home.path)
    }

    @Test("A folder with only one of Shaders/ and Assets/, or with files of those names, is passed over")
    func halfAGameFolder() throws {
        let scratch = try temporaryFolder()
        defer { cleanUp(scratch) }
        let package = scratch.appendingPathComponent("package", isDirectory: true)
        try makeGameFolder(package)
        let onlyShaders = package.appendingPathComponent("a", isDirectory: true)
        try makeFolder(onlyShaders.appendingPathComponent("Shaders", isDirectory: true))
        let files = onlyShaders.appendingPathComponent("b", isDirectory: true)
        try makeFolder(files)
        #expect(FileManager.default.createFile(atPath: files.appendingPathComponent("Shaders").path, contents: Data()))
        #expect(FileManager.default.createFile(atPath: files.appendingPathComponent("Assets").path, contents: Data()))
        let found = try Resources.locate(
            executable: files.appendingPathComponent("puzzle-prison"), workingDirectory: files,
            environment: ["PUZZLE_PRISON_HOME": onlyShaders.path])
        #expect(found.root.path == package.path)
    }

    @Test("When no folder holds the game, the error names every folder tried and the variable to set")
    func nothingFound() throws {
        let scratch = try temporaryFolder()
        defer { cleanUp(scratch) }
        let executable = scratch.appendingPathComponent("build/bin/puzzle-prison")
        let working = try makeFolder(scratch.appendingPathComponent("saves", isDirectory: true))
        let home = scratch.appendingPathComponent("no-such-home", isDirectory: true)
        let environment = ["PUZZLE_PRISON_HOME": home.path]
        let tried = Resources.candidates(executable: executable, workingDirectory: working, environment: environment)
        // The test only makes sense where nothing above the scratch folder, nor an installed copy, holds the game.
        try #require(tried.allSatisfy { !FileManager.default.fileExists(atPath: $0.appendingPathComponent("Shaders").path) })
        let error = try #require(throws: HostError.self) {
            try Resources.locate(executable: executable, workingDirectory: working, environment: environment)
        }
        #expect(error.description.contains("PUZZLE_PRISON_HOME"))
        let lines = error.description.split(separator: "\n").map(String.init)
        #expect(Array(lines.suffix(tried.count)) == tried.map { "  \($0.path)" })
        for folder in [home.path, scratch.appendingPathComponent("build/bin").path, working.path, "/", "/usr/share/puzzle-prison"] {
            #expect(lines.contains("  \(folder)"), "tried \(folder)")
        }
    }
}
