import Foundation
import Testing

// Helpers for running the real `prison-sim` executable and reading what it prints.

/// What one run of `prison-sim` did.
struct SimResult: Sendable, CustomStringConvertible {
    let status: Int32
    let stdout: String
    let stderr: String

    var description: String { "exit \(status)\n--- stdout ---\n\(stdout)--- stderr ---\n\(stderr)" }
}

enum SimError: Error, CustomStringConvertible {
    case executableNotFound(searched: [String])
    case inputTooLarge(Int)

    var description: String {
        switch self {
        case .executableNotFound(let searched):
            "prison-sim not found next to the test bundle; looked in: \(searched.joined(separator: ", "))"
        case .inputTooLarge(let size): "standard input of \(size) bytes is more than the helper feeds"
        }
    }
}

/// The `prison-sim` product built beside the running test bundle.
///
/// On Linux the test bundle is an executable (`/proc/self/exe`) in the build products directory,
/// the same directory that holds `prison-sim`. On macOS the bundle's executable sits a few
/// levels down inside `*.xctest/Contents/MacOS`, so the parents are searched too.
func simExecutable() throws -> URL {
    let selfPath =
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        ?? CommandLine.arguments[0]
    var directory = URL(fileURLWithPath: selfPath).standardizedFileURL.deletingLastPathComponent()
    var searched: [String] = []
    for _ in 0..<4 {
        let candidate = directory.appendingPathComponent("prison-sim")
        searched.append(directory.path)
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        directory = directory.deletingLastPathComponent()
    }
    throw SimError.executableNotFound(searched: searched)
}

/// Reads a file handle to its end on another thread.
private final class BackgroundReader: @unchecked Sendable {
    private let handle: FileHandle
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    init(_ handle: FileHandle) {
        self.handle = handle
        let thread = Thread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
        thread.start()
    }

    /// Waits for the end of the file and returns everything read.
    func wait() -> Data {
        done.wait()
        return data
    }
}

/// Runs `prison-sim` with `arguments`, feeding `input` on standard input (an empty standard input
/// when nil), and returns its exit status and output. Both pipes are read to their end before
/// waiting for the process. Records an issue when the process crashed (died of a signal, or
/// printed a Swift runtime trap or a stack trace), so every test checks that for free.
func runSim(
    _ arguments: [String], input: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
) throws -> SimResult {
    let process = Process()
    process.executableURL = try simExecutable()
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors

    var inputPipe: Pipe?
    if let input {
        // The input goes into the pipe before the process starts: small inputs fit in the pipe's
        // buffer, so this never blocks, and the process can never have closed its end before we
        // write (no SIGPIPE when it exits without reading, as on a usage error).
        let bytes = Data(input.utf8)
        guard bytes.count <= 16_384 else { throw SimError.inputTooLarge(bytes.count) }
        let pipe = Pipe()
        try pipe.fileHandleForWriting.write(contentsOf: bytes)
        process.standardInput = pipe
        inputPipe = pipe
    } else {
        process.standardInput = FileHandle.nullDevice
    }

    try process.run()
    try inputPipe?.fileHandleForWriting.close()  // end of file for the process
    let errorReader = BackgroundReader(errors.fileHandleForReading)
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    let errData = errorReader.wait()
    process.waitUntilExit()

    let result = SimResult(
        status: process.terminationStatus,
        stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData, as: UTF8.self))

    #expect(
        process.terminationReason == .exit, "prison-sim \(arguments) died of signal \(result.status)",
        sourceLocation: sourceLocation)
    for marker in ["Fatal error", "Stack dump", "stack trace", "Backtrace", "Illegal instruction", "Segmentation fault"] {
        #expect(
            !result.stdout.contains(marker) && !result.stderr.contains(marker),
            "prison-sim \(arguments) crashed: \(result)", sourceLocation: sourceLocation)
    }
    return result
}

/// A fresh directory under the system's temporary directory, removed after `body`.
/// Runs `prison-sim` with `arguments`, presses Ctrl-C after `seconds`, and returns its exit
/// status and standard output.
func interruptSim(_ arguments: [String], after seconds: Double) throws -> (status: Int32, stdout: Data) {
    let process = Process()
    process.executableURL = try simExecutable()
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    Thread.sleep(forTimeInterval: seconds)
    process.interrupt()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, data)
}

func withTemporaryDirectory<T>(_ body: (TemporaryDirectory) throws -> T) throws -> T {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("prison-sim-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try body(TemporaryDirectory(url: url))
}

struct TemporaryDirectory {
    let url: URL

    /// Writes `text` to a file called `name` in the directory and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    /// The path a file called `name` would have in the directory.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

// MARK: - The JSON of `prison-sim play`

struct PlayReport: Decodable, Equatable {
    struct Step: Decodable, Equatable {
        let wall, column, row, removed, points, multiplier: Int
        let bonus: Int?
        let time: Double?
    }

    let score: Int
    let cleared: Bool
    let gameOver: Bool
    let remaining: Int
    let board: [String]
    let steps: [Step]
}

/// One expected step, without the optional fields.
struct ExpectedStep: Equatable, CustomStringConvertible {
    let wall, column, row, removed, points, multiplier: Int

    init(_ wall: Int, _ column: Int, _ row: Int, removed: Int, points: Int, multiplier: Int = 1) {
        self.wall = wall
        self.column = column
        self.row = row
        self.removed = removed
        self.points = points
        self.multiplier = multiplier
    }

    init(_ step: PlayReport.Step) {
        self.init(
            step.wall, step.column, step.row, removed: step.removed, points: step.points,
            multiplier: step.multiplier)
    }

    var description: String {
        "(\(wall) \(column) \(row): removed \(removed), points \(points), x\(multiplier))"
    }
}

extension PlayReport {
    var expectedSteps: [ExpectedStep] { steps.map(ExpectedStep.init) }
}

/// Decodes the JSON `play` printed.
func decodeReport(_ result: SimResult) throws -> PlayReport {
    try JSONDecoder().decode(PlayReport.self, from: Data(result.stdout.utf8))
}

/// Runs `prison-sim play` on a board and moves written to a temporary directory, expects
/// success, and decodes the report.
func play(
    board: String, moves: String, options: [String] = [], sourceLocation: SourceLocation = #_sourceLocation
) throws -> PlayReport {
    try withTemporaryDirectory { dir in
        let boardPath = try dir.write("board.txt", board)
        let movesPath = try dir.write("moves.txt", moves)
        let result = try runSim(["play", boardPath, movesPath] + options, sourceLocation: sourceLocation)
        try #require(result.status == 0, "\(result)", sourceLocation: sourceLocation)
        #expect(result.stderr.isEmpty, "\(result)", sourceLocation: sourceLocation)
        return try decodeReport(result)
    }
}

/// The content rows of a board text: without `#` lines and blank lines.
func boardRows(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: true)
        .map(String.init)
        .filter { !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
}

// MARK: - CSV files

/// A CSV text without quoted fields: its header and its rows, each as column name to field.
func csvTable(_ text: String) -> (header: [String], rows: [[String: String]]) {
    let lines = text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    guard let header = lines.first else { return ([], []) }
    return (header, lines.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) })
}
