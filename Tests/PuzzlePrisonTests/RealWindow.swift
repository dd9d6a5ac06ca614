import Foundation
import Testing

// A real X screen for tests of what the window shows: Xvfb on a display of its own, the game in
// a window on it, key presses and clicks sent through the X server's XTEST extension (xdotool),
// and pictures of the whole screen taken from the server (xwd). Offscreen pictures draw every
// frame; these show what the window really left on the screen, redrawn or not.

/// An Xvfb server on a free display, stopped by ``stop()``.
final class VirtualScreen {
    let display: String
    let size: SIMD2<Int>
    private let server: Process

    /// Starts Xvfb at `size` on a free display, and waits until it takes clients.
    init(size: SIMD2<Int> = [1280, 720]) throws {
        guard let xvfb = executable("Xvfb") else {
            throw MissingTool(description: "Xvfb is missing: scripts/test installs it (Debian package xvfb)")
        }
        for tool in ["xdotool", "xwd"] where executable(tool) == nil {
            throw MissingTool(description: "\(tool) is missing: scripts/test installs it (Debian packages xdotool, x11-apps)")
        }
        self.size = size
        server = Process()
        server.executableURL = xvfb
        // Xvfb picks a free display itself and writes its number on standard output once it
        // accepts clients.
        server.arguments = ["-displayfd", "1", "-ac", "-nolisten", "tcp", "-screen", "0", "\(size.x)x\(size.y)x24"]
        let announced = Pipe()
        server.standardOutput = announced
        server.standardError = FileHandle.nullDevice
        try server.run()
        var said = Data()
        while !said.contains(UInt8(ascii: "\n")) {
            let more = announced.fileHandleForReading.availableData
            guard !more.isEmpty else { break }
            said.append(more)
        }
        let number = String(decoding: said, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        display = ":\(number)"
        guard Int(number) != nil else {
            stop()
            throw MissingTool(description: "Xvfb did not start (it said '\(number)')")
        }
    }

    /// Stops the server (with SIGKILL: a test runner may hand its children SIGTERM ignored) and
    /// removes the files it leaves.
    func stop() {
        if server.isRunning {
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
        }
        let number = display.dropFirst()
        try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(number)")
        try? FileManager.default.removeItem(atPath: "/tmp/.X\(number)-lock")
    }

    /// Runs `tool` with `arguments` against this screen and returns its standard output.
    @discardableResult
    func run(_ tool: String, _ arguments: [String]) throws -> Data {
        guard let path = executable(tool) else { throw MissingTool(description: "\(tool) is missing") }
        let process = Process()
        process.executableURL = path
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display]) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw MissingTool(description: "\(tool) \(arguments.joined(separator: " ")) failed with status \(process.terminationStatus)")
        }
        return data
    }

    /// Presses and releases `key` (xdotool's names: `n`, `Down`, `Escape`, `F1`, `Return`).
    func press(_ key: String) throws {
        try run("xdotool", ["key", key])
    }

    /// Moves the pointer to `point` (screen pixels) and clicks the left button there.
    func click(at point: SIMD2<Int>) throws {
        try run("xdotool", ["mousemove", "\(point.x)", "\(point.y)", "click", "1"])
    }

    /// A picture of the whole screen as the server has it now.
    func picture() throws -> Image {
        try Image(xwd: run("xwd", ["-root", "-silent"]))
    }

    /// The screen once it has stopped changing for `quiet` seconds (checked every 0.1 s), or as it
    /// is after `timeout` seconds.
    func settledPicture(quiet: Double = 0.6, timeout: Double = 30) throws -> Image {
        let deadline = Date().addingTimeInterval(timeout)
        var last = try picture()
        var stableSince = Date()
        while Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            let now = try picture()
            if now != last {
                last = now
                stableSince = Date()
            } else if Date().timeIntervalSince(stableSince) >= quiet {
                break
            }
        }
        return last
    }

    /// The first picture that differs from `before` within `timeout` seconds, settled; nil when the
    /// screen did not change.
    func pictureChanged(from before: Image, timeout: Double = 15) throws -> Image? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try picture() != before { return try settledPicture() }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return nil
    }
}

/// The game in a window on `screen`, with its own data and settings folders, stopped by
/// ``quit()``.
final class WindowedGame {
    let screen: VirtualScreen
    let process: Process

    /// Starts `puzzle-prison` with `arguments` at the screen's size in `folder`, and waits until its
    /// window shows and its first frame has settled; the pointer rests in the window's middle.
    init(_ arguments: [String], on screen: VirtualScreen, in folder: URL) throws {
        self.screen = screen
        process = Process()
        process.executableURL = try gameExecutable()
        process.arguments = ["--size", "\(screen.size.x)x\(screen.size.y)"] + arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = screen.display
        environment["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
        environment["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
        process.environment = environment
        let errors = folder.appendingPathComponent("game-stderr.txt")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while (try? screen.run("xdotool", ["search", "--name", "Puzzle Prison"])) == nil {
            guard process.isRunning, Date() < deadline else {
                quit()
                let said = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
                throw MissingTool(description: "the game's window did not show on \(screen.display): \(said)")
            }
            Thread.sleep(forTimeInterval: 0.2)
        }
        try screen.run("xdotool", ["mousemove", "\(screen.size.x / 2)", "\(screen.size.y / 2)"])
        _ = try screen.settledPicture()
    }

    /// Ends the game.
    func quit() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}

/// The path of `tool` in the usual folders, if it is there.
private func executable(_ tool: String) -> URL? {
    ["/usr/bin", "/bin", "/usr/local/bin"].map { URL(fileURLWithPath: "\($0)/\(tool)") }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }
}

extension Image {
    /// The picture of an XWD file (what `xwd` writes) of a true-colour screen of 32 bits a pixel.
    init(xwd data: Data) throws {
        let bytes = [UInt8](data)
        func field(_ index: Int) -> Int {
            let at = index * 4
            guard at + 4 <= bytes.count else { return 0 }
            return bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        let headerSize = field(0), width = field(4), height = field(5), byteOrder = field(7)
        let bitsPerPixel = field(11), bytesPerLine = field(12), colours = field(19)
        let masks = (red: field(14), green: field(15), blue: field(16))
        let start = headerSize + colours * 12
        guard bitsPerPixel == 32, width > 0, height > 0, start + bytesPerLine * height <= bytes.count else {
            throw MissingTool(description: "xwd wrote a picture this test cannot read (\(bitsPerPixel) bits a pixel)")
        }
        func channel(_ pixel: Int, _ mask: Int) -> UInt8 {
            UInt8(truncatingIfNeeded: (pixel & mask) >> mask.trailingZeroBitCount)
        }
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let at = start + y * bytesPerLine + x * 4
                let word = byteOrder == 0
                    ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
                    : Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
                let i = (y * width + x) * 4
                pixels[i] = channel(word, masks.red)
                pixels[i + 1] = channel(word, masks.green)
                pixels[i + 2] = channel(word, masks.blue)
            }
        }
        self.init(width: width, height: height, pixels: pixels)
    }
}
