import Foundation
import PrisonFiles
import Testing

/// A new empty folder for one test, removed at its end.
func withFolder<T>(_ body: (URL) throws -> T) throws -> T {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("PrisonFilesTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
}

/// The ``FileError`` `body` throws; nil when it throws none (or another error, which fails the test).
func fileError(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> FileError? {
    do { try body() } catch let error as FileError { return error } catch {
        Issue.record("not a FileError: \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

@Suite("Reading inputs with a size limit, and a line at a time")
struct ReadingTests {
    @Test("A file of up to the limit is read whole; one byte more is refused, naming the file and the limit")
    func sizeLimit() throws {
        try withFolder { folder throws in
            let path = folder.appendingPathComponent("board.txt").path
            try Data("0123456789".utf8).write(to: URL(fileURLWithPath: path))
            #expect(try InputReader(limit: 10).text(ofFileAt: path) == "0123456789")
            let error = fileError { _ = try InputReader(limit: 9).contents(ofFileAt: path, what: "board file") }
            #expect(error == FileError(.tooLarge, "board file '\(path)' is larger than 9 bytes, the most this program reads"))
            let big = fileError { _ = try InputReader(limit: 8 << 20).contents(ofFileAt: "/dev/zero") }
            #expect(big == FileError(.tooLarge, "/dev/zero is larger than 8 MiB, the most this program reads"))
        }
    }

    @Test("A missing file, an empty path and a directory are refused with what is wrong")
    func missingAndUnreadable() throws {
        try withFolder { folder throws in
            let reader = InputReader(limit: 100)
            let missing = folder.appendingPathComponent("none.txt").path
            #expect(fileError { _ = try reader.text(ofFileAt: missing) } == FileError(.missing, "\(missing) does not exist"))
            #expect(fileError { _ = try reader.text(ofFileAt: missing + "/below") }?.kind == .missing)
            #expect(fileError { _ = try reader.text(ofFileAt: "", what: "moves file") } == FileError(.missing, "moves file '': an empty path names no file"))
            #expect(
                fileError { _ = try reader.text(ofFileAt: folder.path, what: "grid file") }
                    == FileError(.unreadable, "grid file '\(folder.path)' is a directory, not a file"))
        }
    }

    @Test("A file without read permission is unreadable (unless the tests run as root)")
    func noPermission() throws {
        try withFolder { folder throws in
            let path = folder.appendingPathComponent("secret.txt").path
            try Data("x".utf8).write(to: URL(fileURLWithPath: path))
            chmod(path, 0)
            let error = fileError { _ = try InputReader(limit: 100).text(ofFileAt: path) }
            if getuid() == 0 {
                #expect(error == nil)
            } else {
                #expect(error?.kind == .unreadable && error?.description.hasPrefix("\(path) cannot be read (") == true)
            }
        }
    }

    @Test("Text that is not UTF-8 is refused")
    func notText() throws {
        try withFolder { folder throws in
            let path = folder.appendingPathComponent("latin1.txt").path
            try Data([0x63, 0x61, 0x66, 0xE9]).write(to: URL(fileURLWithPath: path))
            #expect(fileError { _ = try InputReader(limit: 100).text(ofFileAt: path) } == FileError(.notText, "\(path) is not UTF-8 text"))
            #expect(try InputReader(limit: 100).contents(ofFileAt: path) == Data([0x63, 0x61, 0x66, 0xE9]))
        }
    }

    @Test("A line reader gives each line, whether it ended, and its number; a line over the limit is refused")
    func lines() throws {
        try withFolder { folder throws in
            let path = folder.appendingPathComponent("games.csv").path
            try Data("a,b\r\n\nlast".utf8).write(to: URL(fileURLWithPath: path))
            let reader = try LineReader(path: path, what: "CSV file")
            var lines: [String] = []
            var ends: [Bool] = []
            while let line = try reader.nextLine() {
                lines.append(line.text)
                ends.append(line.ended)
            }
            #expect(lines.count == 3 && lines[1].isEmpty && lines[2] == "last" && ends == [true, true, false])
            #expect(lines[0].hasPrefix("a,b") && reader.lineNumber == 3)

            try Data(String(repeating: "x", count: 100).utf8).write(to: URL(fileURLWithPath: path))
            let short = try LineReader(path: path, lineLimit: 10)
            #expect(fileError { _ = try short.nextLine() } != nil)
            #expect(fileError { _ = try LineReader(path: folder.appendingPathComponent("none").path) }?.kind == .missing)
        }
    }
}
