import ArgumentParser
import Foundation
import PrisonFiles
import PrisonReports
import PrisonRules

/// A failure the user can act on: a message on standard error and an exit code from sysexits.h.
struct Failure: Error {
    let message: String
    let code: Int32

    static func badData(_ message: String) -> Failure { Failure(message: message, code: 65) }
    static func noInput(_ message: String) -> Failure { Failure(message: message, code: 66) }
    static func cannotCreate(_ message: String) -> Failure { Failure(message: message, code: 73) }
    static func ioError(_ message: String) -> Failure { Failure(message: message, code: 74) }
}

extension Failure {
    /// The failure of a file problem: a missing or unreadable input 66, one too large or not
    /// text 65, an output that cannot be written 73.
    init(_ error: FileError) {
        switch error.kind {
        case .missing, .unreadable: self = .noInput(error.description)
        case .tooLarge, .notText: self = .badData(error.description)
        case .unwritable: self = .cannotCreate(error.description)
        }
    }
}

extension Failure {
    /// The failure of a report's problem: bad data 65, a file problem as ``init(_:)-(FileError)`` says.
    init(_ error: ReportError) {
        switch error {
        case .badData(let message): self = .badData(message)
        case .file(let error): self.init(error)
        }
    }
}

/// Runs a command's body, turning a ``Failure`` (or a library's ``ReportError``) into its message
/// and exit code.
func reportingFailures(_ body: () throws -> Void) throws {
    do { try body() } catch let failure as Failure {
        printError(failure.message)
        throw ExitCode(failure.code)
    } catch let error as ReportError {
        let failure = Failure(error)
        printError(failure.message)
        throw ExitCode(failure.code)
    }
}

/// Writes `message` as one line on standard error; when even that fails, nothing more can be said.
func printError(_ message: String) {
    writeStandardError(Data("prison-sim: \(message)\n".utf8))
}

/// How messages name the input at `path`.
func inputName(_ path: String) -> String { path == "-" ? "standard input" : path }

/// The most bytes `prison-sim` reads from one input: a board of the largest room is about 4 KiB
/// of text and the longest game some 2,000 moves (under 50 KiB), so 8 MiB leaves room for
/// comments and never fills the memory.
let inputReader = InputReader(limit: 8 << 20)

/// The text of the file at `path`, or of standard input when `path` is `-`.
func readText(_ path: String, what: String) throws(Failure) -> String {
    do throws(FileError) {
        return path == "-"
            ? try inputReader.text(of: STDIN_FILENO, name: "standard input")
            : try inputReader.text(ofFileAt: path, what: what)
    } catch { throw Failure(error) }
}

/// The board in the file at `path` (standard input for `-`), or a failure naming the line.
func readBoard(_ path: String) throws(Failure) -> Board {
    let text = try readText(path, what: "board file")
    do { return try Board(text: text) } catch { throw .badData("\(inputName(path)): \(error)") }
}

/// Writes `data` to standard output; an I/O error (a full disk, a closed output) fails with 74.
func writeOutput(_ data: Data) throws(Failure) {
    do throws(FileError) { try writeStandardOutput(data) } catch { throw .ioError(error.description) }
}

/// A report as the JSON every program prints: `PrisonFiles.jsonData` (camelCase keys, sorted,
/// pretty-printed, a newline at the end), for values that cannot fail to encode.
func jsonData(_ report: some Encodable) -> Data {
    // The report types hold only strings, finite numbers, booleans and arrays: encoding cannot fail.
    try! PrisonFiles.jsonData(report)
}

/// Fails unless the output `path` can be written, found out by creating a file in its place.
func checkWritable(_ path: String) throws(Failure) {
    do throws(FileError) { try checkCanCreate(path) } catch { throw Failure(error) }
}

/// Makes the directory at `path` (and its parents) unless it exists.
func makeDirectory(_ path: String) throws(Failure) {
    guard !path.isEmpty else { throw .cannotCreate("cannot make the directory '': an empty path names no directory") }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
        guard isDirectory.boolValue else { throw .cannotCreate("'\(path)' is a file, not a directory") }
        return
    }
    do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
        throw .cannotCreate("cannot make the directory '\(path)': \(error.localizedDescription)")
    }
}

/// Writes `data` to `path`: a regular file atomically (a temporary file beside it, then renamed
/// over it, so a reader never sees half a file and an old file survives a failed write), a
/// device, FIFO or `/dev/stdout` directly.
func writeFile(_ data: Data, to path: String) throws(Failure) {
    do throws(FileError) { try PrisonFiles.writeFile(data, toPath: path) } catch { throw Failure(error) }
}
