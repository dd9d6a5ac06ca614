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
        let name = what.isEmpty ? path : "\(what) '\(path)'"
        guard !path.isEmpty else { throw FileError(.missing, "\(what.isEmpty ? "''" : "\(what) ''"): an empty path names no file") }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw errno == ENOENT || errno == ENOTDIR
                ? FileError(.missing, "\(name) does not exist")
                : FileError(.unreadable, "\(name) cannot be read (\(systemError()))")
        }
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
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw FileError(.unreadable, "\(name) is a directory, not a file")
        }
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
