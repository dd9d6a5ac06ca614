import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file that could not be read or written, with a message that names it and says why.
public struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem it is, for an exit code.
    public enum Kind: Hashable, Sendable {
        /// The input does not exist.
        case missing
        /// The input exists but cannot be read (a directory, no permission, an I/O error).
        case unreadable
        /// The input is larger than the limit the reader was given.
        case tooLarge
        /// The input was to be text but is not UTF-8.
        case notText
        /// The output cannot be created or written.
        case unwritable
    }

    public let kind: Kind
    public let description: String

    public init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }
}

/// The message of the last system call's `errno`.
public func systemError() -> String { String(cString: strerror(errno)) }

/// Reads at most `limit` bytes of input files; anything larger is refused rather than read to the
/// end, so a mistaken `/dev/zero` or a huge file cannot fill the memory.
public struct InputReader: Sendable {
    /// The most bytes one input may hold.
    public let limit: Int

    public init(limit: Int) {
        precondition(limit >= 0, "a limit is a number of bytes")
        self.limit = limit
    }

    /// The contents of the file at `path`; messages name it as `what` ("board file", ...) and the
    /// path, or as the bare path when `what` is empty.
    public func contents(ofFileAt path: String, what: String = "") throws(FileError) -> Data {
        let (descriptor, name) = try openInput(path, what: what)
        defer { close(descriptor) }
        return try contents(of: descriptor, name: name)
    }

    /// The text of the file at `path`, named in messages as ``contents(ofFileAt:what:)`` names
    /// it; refuses what is not UTF-8.
    public func text(ofFileAt path: String, what: String = "") throws(FileError) -> String {
        try text(of: contents(ofFileAt: path, what: what), name: what.isEmpty ? path : "\(what) '\(path)'")
    }

    /// The text that can be read from `descriptor` (standard input is 0), up to the limit;
    /// `name` names it in messages. Refuses what is not UTF-8.
    public func text(of descriptor: Int32, name: String) throws(FileError) -> String {
        try text(of: contents(of: descriptor, name: name), name: name)
    }

    private func text(of data: Data, name: String) throws(FileError) -> String {
        guard let text = String(data: data, encoding: .utf8) else { throw FileError(.notText, "\(name) is not UTF-8 text") }
        return text
    }

    /// Everything that can be read from `descriptor` (standard input is 0), up to the limit;
    /// `name` names it in messages.
    public func contents(of descriptor: Int32, name: String) throws(FileError) -> Data {
        try refuseDirectory(descriptor, name: name)
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let wanted = min(buffer.count, limit + 1 - data.count)
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileError(.unreadable, "\(name) cannot be read (\(systemError()))")
            }
            if count == 0 { return data }
            data.append(buffer, count: count)
            if data.count > limit {
                throw FileError(.tooLarge, "\(name) is larger than \(Self.describe(bytes: limit)), the most this program reads")
            }
        }
    }

    /// `bytes` as a reader would say it: `8 MiB`, `64 KiB`, `100 bytes`.
    static func describe(bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}

/// Opens the file at `path` for reading: its descriptor, and how messages name it (as `what`
/// and the path, or as the bare path when `what` is empty).
private func openInput(_ path: String, what: String) throws(FileError) -> (descriptor: Int32, name: String) {
    let name = what.isEmpty ? path : "\(what) '\(path)'"
    guard !path.isEmpty else { throw FileError(.missing, "\(what.isEmpty ? "''" : "\(what) ''"): an empty path names no file") }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
        throw errno == ENOENT || errno == ENOTDIR
            ? FileError(.missing, "\(name) does not exist")
            : FileError(.unreadable, "\(name) cannot be read (\(systemError()))")
    }
    return (descriptor, name)
}

/// Refuses a descriptor open on a directory, which reads as an error rather than as text.
private func refuseDirectory(_ descriptor: Int32, name: String) throws(FileError) {
    var status = stat()
    if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
        throw FileError(.unreadable, "\(name) is a directory, not a file")
    }
}

/// Reads a text file a line at a time, for inputs of any size (the games CSV of a long run):
/// it holds one block of the file and one line, never the whole file. A line longer than
/// ``lineLimit`` is refused (a mistaken `/dev/zero` has no line end), and so is one that is not
/// UTF-8.
public final class LineReader {
    /// How messages name the file: `what` and the path, or the bare path.
    public let name: String
    /// The most bytes one line may hold.
    public let lineLimit: Int
    /// The number of the line ``nextLine()`` returned last, from 1; 0 before the first.
    public private(set) var lineNumber = 0
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    /// Where the unread bytes of `buffer` start.
    private var start = 0
    private var atEnd = false

    /// Opens the file at `path`; messages name it as ``InputReader/contents(ofFileAt:what:)`` does.
    public init(path: String, what: String = "", lineLimit: Int = 1 << 20) throws(FileError) {
        precondition(lineLimit > 0, "a line limit is a number of bytes")
        (descriptor, name) = try openInput(path, what: what)
        self.lineLimit = lineLimit
        do { try refuseDirectory(descriptor, name: name) } catch {
            close(descriptor)
            throw error
        }
    }

    deinit { close(descriptor) }

    /// The next line, without its line end, and whether it had one (the last line of a file may
    /// not, when its writer was stopped mid-line); nil after the last line.
    public func nextLine() throws(FileError) -> (text: String, ended: Bool)? {
        // The bytes after `start` known to hold no line end.
        var scanned = 0
        while true {
            if let end = buffer[(start + scanned)...].firstIndex(of: UInt8(ascii: "\n")) {
                return try line(upTo: end, ended: true)
            }
            scanned = buffer.count - start
            if atEnd { return scanned > 0 ? try line(upTo: buffer.count, ended: false) : nil }
            guard scanned <= lineLimit else {
                throw FileError(
                    .tooLarge,
                    "\(name) line \(lineNumber + 1) is longer than \(InputReader.describe(bytes: lineLimit)), the most this program reads")
            }
            try readBlock()
        }
    }

    /// The line from `start` to `end`, which is consumed with its line end.
    private func line(upTo end: Int, ended: Bool) throws(FileError) -> (text: String, ended: Bool) {
        lineNumber += 1
        guard end - start <= lineLimit else {
            throw FileError(
                .tooLarge, "\(name) line \(lineNumber) is longer than \(InputReader.describe(bytes: lineLimit)), the most this program reads")
        }
        guard let text = String(validating: buffer[start..<end], as: UTF8.self) else {
            throw FileError(.notText, "\(name) line \(lineNumber) is not UTF-8 text")
        }
        start = ended ? end + 1 : end
        return (text, ended)
    }

    /// Appends the next block of the file to the buffer, first dropping what has been read.
    private func readBlock() throws(FileError) {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        let block = 1 << 16
        let old = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: block))
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + old, block) }
            if count < 0 {
                if errno == EINTR { continue }
                buffer.removeLast(block)
                throw FileError(.unreadable, "\(name) cannot be read (\(systemError()))")
            }
            buffer.removeLast(block - count)
            atEnd = count == 0
            return
        }
    }
}

/// Makes sure standard input, output and error are open, so that no file the program opens later
/// takes their place. A closed one is opened on `/dev/null` for reading only: reads find it
/// empty, and writes fail as they would have on the closed descriptor.
public func reserveStandardStreams() {
    for descriptor in Int32(0)...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
        let opened = open("/dev/null", O_RDONLY)
        if opened >= 0, opened != descriptor {
            dup2(opened, descriptor)
            close(opened)
        }
    }
}
