import ArgumentParser
import Foundation
import PrisonRules

/// A failure the user can act on: a message on standard error and an exit code from sysexits.h.
struct Failure: Error {
    let message: String
    let code: Int32

    static func badData(_ message: String) -> Failure { Failure(message: message, code: 65) }
    static func noInput(_ message: String) -> Failure { Failure(message: message, code: 66) }
    static func cannotCreate(_ message: String) -> Failure { Failure(message: message, code: 73) }
}

/// Runs a command's body, turning a ``Failure`` into its message and exit code.
func reportingFailures(_ body: () throws -> Void) throws {
    do { try body() } catch let failure as Failure {
        printError(failure.message)
        throw ExitCode(failure.code)
    }
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data("prison-sim: \(message)\n".utf8))
}

/// How messages name the input at `path`.
func inputName(_ path: String) -> String { path == "-" ? "standard input" : path }

/// The text of the file at `path`, or of standard input when `path` is `-`.
func readText(_ path: String, what: String) throws(Failure) -> String {
    let data: Data
    if path == "-" {
        data = FileHandle.standardInput.readDataToEndOfFile()
    } else {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .noInput("\(what) '\(path)' does not exist")
        }
        guard !isDirectory.boolValue else { throw .noInput("\(what) '\(path)' is a directory, not a file") }
        guard let contents = FileManager.default.contents(atPath: path) else {
            throw .noInput("\(what) '\(path)' cannot be read")
        }
        data = contents
    }
    guard let text = String(data: data, encoding: .utf8) else {
        throw .badData("\(path == "-" ? "standard input" : "\(what) '\(path)'") is not UTF-8 text")
    }
    return text
}

/// The board in the file at `path` (standard input for `-`), or a failure naming the line.
func readBoard(_ path: String) throws(Failure) -> Board {
    let text = try readText(path, what: "board file")
    do { return try Board(text: text) } catch { throw .badData("\(inputName(path)): \(error)") }
}

/// Writes `data` to standard output.
func writeOutput(_ data: Data) {
    FileHandle.standardOutput.write(data)
}

/// Encodes a value as pretty JSON with sorted keys, ending with a newline.
func jsonData(_ value: some Encodable) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // The report types hold only strings, finite numbers, booleans and arrays: encoding cannot fail.
    return try! encoder.encode(value) + Data("\n".utf8)
}

/// Fails unless a file can be written at `path`: its directory exists and the path is not a
/// directory.
func checkWritable(_ path: String) throws(Failure) {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
        throw .cannotCreate("'\(path)' is a directory, not a file")
    }
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
        throw .cannotCreate("cannot write '\(path)': the directory '\(directory)' does not exist")
    }
    guard FileManager.default.isWritableFile(atPath: directory) else {
        throw .cannotCreate("cannot write '\(path)': the directory '\(directory)' is not writable")
    }
}

/// Makes the directory at `path` (and its parents) unless it exists.
func makeDirectory(_ path: String) throws(Failure) {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
        guard isDirectory.boolValue else { throw .cannotCreate("'\(path)' is a file, not a directory") }
        return
    }
    do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
        throw .cannotCreate("cannot make the directory '\(path)': \(error.localizedDescription)")
    }
}

/// Writes `data` to `path` atomically: into a temporary file beside it, then renamed over it, so
/// a reader never sees half a file and an old file survives a failed write.
func writeFile(_ data: Data, to path: String) throws(Failure) {
    do { try data.write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
        throw .cannotCreate("cannot write '\(path)': \(error.localizedDescription)")
    }
}
