import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes every byte of `data` to `descriptor`; the system's reason on failure.
public func writeAll(_ data: Data, to descriptor: Int32) -> String? {
    data.withUnsafeBytes { buffer -> String? in
        guard let base = buffer.baseAddress else { return nil }
        var offset = 0
        while offset < buffer.count {
            let written = write(descriptor, base + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return systemError()
            }
            offset += written
        }
        return nil
    }
}

/// Writes `data` to the file at `path` as a user expects: a regular file (or a new one) is
/// replaced atomically (see ``writeAtomically(_:toPath:name:)``), through any symbolic links to it;
/// anything else (a terminal, `/dev/null`, a FIFO, `/dev/stdout`, `/proc/self/fd/1`) is written
/// to directly, at its end, never replaced by a file nor truncated (`/dev/stdout` redirected to
/// a file keeps what was printed before). ``FileWriter`` writes the same way piece by piece.
public func writeFile(_ data: Data, toPath path: String) throws(FileError) {
    let writer = try FileWriter(path: path)
    try writer.write(data)
    try writer.finish()
}

/// Fails unless ``writeFile(_:toPath:)`` can write `path`, found out by creating a file there
/// (and removing it) or, for what is not a regular file, by opening it for writing. Run before a
/// long task, so that it never ends unable to keep its results.
public func checkCanCreate(_ path: String) throws(FileError) {
    let target = try outputTarget(path)
    guard target.isRegular else {
        guard access(target.path, W_OK) == 0 else { throw FileError(.unwritable, "cannot write '\(path)': \(systemError())") }
        return
    }
    let probe = temporaryPath(for: target.path)
    let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw FileError(.unwritable, "cannot write '\(path)': \(systemError())") }
    close(descriptor)
    unlink(probe)
}

/// Where `path` leads: the file a chain of symbolic links ends at, and whether it is (or will be,
/// when it does not exist yet) a regular file. Refuses an empty path, a directory, and a path
/// whose folder does not exist.
private func outputTarget(_ path: String) throws(FileError) -> (path: String, isRegular: Bool) {
    guard !path.isEmpty else { throw FileError(.unwritable, "cannot write '': an empty path names no file") }
    var status = stat()
    if stat(path, &status) == 0 {
        let type = status.st_mode & S_IFMT
        guard type != S_IFDIR else { throw FileError(.unwritable, "'\(path)' is a directory, not a file") }
        // Through /proc or /dev a name stands for an open file, not a place in a folder.
        guard type == S_IFREG, !leadsThroughHandles(path), let resolved = realpath(path, nil) else { return (path, false) }
        defer { free(resolved) }
        return (String(cString: resolved), true)
    }
    // The folder as the user wrote it, for the message: `out` for `out/a.csv`, `.` for `a.csv`.
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
        throw FileError(.unwritable, "cannot write '\(path)': the directory '\(folder)' does not exist")
    }
    return (path, true)
}

/// Whether `path` names the file open on `descriptor`.
private func isSameFile(_ path: String, _ descriptor: Int32) -> Bool {
    var named = stat(), open = stat()
    return stat(path, &named) == 0 && fstat(descriptor, &open) == 0 && named.st_dev == open.st_dev && named.st_ino == open.st_ino
}

/// Whether `path`, or a symbolic link on the way from it, is in `/proc` or `/dev`, where names
/// such as `/dev/stdout` and `/proc/self/fd/1` stand for open files.
private func leadsThroughHandles(_ path: String) -> Bool {
    var current = path
    for _ in 0..<40 {  // the kernel's own limit on links followed
        if current.hasPrefix("/proc/") || current.hasPrefix("/dev/") { return true }
        guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return false }
        let folder = current.lastIndex(of: "/").map { String(current[...$0]) } ?? ""
        current = destination.hasPrefix("/") ? destination : folder + destination
    }
    return true
}

/// The name of a temporary file beside `path`: hidden, with the writer's process id, so that a
/// later start can tell the leftovers of a process that died (see ``removeStaleTemporaryFiles(in:for:)``).
private func temporaryPath(for path: String) -> String {
    let url = URL(fileURLWithPath: path)
    let name = ".\(url.lastPathComponent).\(getpid()).\(UUID().uuidString).tmp"
    return url.deletingLastPathComponent().appendingPathComponent(name).path
}

/// Replaces the file at `path` with `data` so that the file is always either the old contents or
/// the new: the data goes to a temporary file in the same folder, is flushed to disk, and is
/// renamed over the target; the folder is flushed too. On failure the temporary file is removed
/// and the target is left as it was. `name` is how messages name the file (the path by default).
public func writeAtomically(_ data: Data, toPath path: String, name: String? = nil) throws(FileError) {
    let writer = try FileWriter(replacing: path, name: name ?? path)
    try writer.write(data)
    try writer.finish()
}

/// Writes a file piece by piece, for outputs too large to hold whole (the games CSV of a merge),
/// as ``writeFile(_:toPath:)`` writes one whole: a regular file is replaced atomically at
/// ``finish()``, its pieces going meanwhile to a temporary file beside it, which is removed if
/// the writer is dropped unfinished (the old file stays). Anything else (a device, a FIFO,
/// standard output) is written to directly, but only at ``finish()``: nothing reaches it from a
/// writer dropped unfinished, and what is printed before ``finish()`` comes first.
public final class FileWriter {
    /// How messages name the file.
    private let name: String
    /// The temporary file and the file it replaces at the end, for a regular file.
    private let replacing: (temporary: String, target: String)?
    private let descriptor: Int32
    /// Whether the descriptor is ours to close (not standard output or error).
    private let ownsDescriptor: Bool
    /// Bytes written but not yet passed to the system: writes to a temporary file go out a
    /// megabyte at a time, the others at the end.
    private var pending = Data()
    private var finished = false

    /// A writer of the file at `path`, as ``writeFile(_:toPath:)`` would write it.
    public convenience init(path: String) throws(FileError) {
        let target = try outputTarget(path)
        if target.isRegular {
            try self.init(replacing: target.path, name: path)
        } else if let stream = [STDOUT_FILENO, STDERR_FILENO].first(where: { isSameFile(path, $0) }) {
            // `/dev/stdout` and its kind are our own standard output or error: written there, after
            // what was written before, as if printed.
            self.init(name: path, descriptor: stream, ownsDescriptor: false, replacing: nil)
        } else {
            let descriptor = open(target.path, O_WRONLY | O_APPEND | O_CLOEXEC)
            guard descriptor >= 0 else { throw FileError(.unwritable, "cannot write '\(path)': \(systemError())") }
            self.init(name: path, descriptor: descriptor, ownsDescriptor: true, replacing: nil)
        }
    }

    /// A writer that replaces the file at `path` atomically, as ``writeAtomically(_:toPath:name:)``
    /// does; messages name the file `name`.
    public convenience init(replacing path: String, name: String) throws(FileError) {
        let temporary = temporaryPath(for: path)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileError(.unwritable, "cannot write '\(name)': \(systemError())") }
        self.init(name: name, descriptor: descriptor, ownsDescriptor: true, replacing: (temporary, path))
    }

    private init(name: String, descriptor: Int32, ownsDescriptor: Bool, replacing: (temporary: String, target: String)?) {
        self.name = name
        self.descriptor = descriptor
        self.ownsDescriptor = ownsDescriptor
        self.replacing = replacing
    }

    deinit {
        guard !finished else { return }
        if ownsDescriptor { close(descriptor) }
        if let replacing { unlink(replacing.temporary) }
    }

    /// Adds `data` to the file.
    public func write(_ data: Data) throws(FileError) {
        precondition(!finished, "a finished file takes no more data")
        pending.append(data)
        if replacing != nil, pending.count >= 1 << 20, let failure = flush() {
            throw FileError(.unwritable, "cannot write '\(name)': \(failure)")
        }
    }

    /// Ends the file: the rest of the data is written and, for a regular file, flushed to disk
    /// and renamed over the target, and the folder flushed. On failure a temporary file is
    /// removed and the target left as it was.
    public func finish() throws(FileError) {
        precondition(!finished, "a file is finished once")
        var failure = flush()
        finished = true
        if failure == nil, replacing != nil, fsync(descriptor) != 0 { failure = systemError() }
        if ownsDescriptor, close(descriptor) != 0, failure == nil { failure = systemError() }
        if let replacing {
            if failure == nil, rename(replacing.temporary, replacing.target) != 0 { failure = systemError() }
            if failure != nil { unlink(replacing.temporary) }
        }
        if let failure { throw FileError(.unwritable, "cannot write '\(name)': \(failure)") }
        guard let replacing else { return }
        // The rename itself reaches the disk with the folder.
        let folder = open(URL(fileURLWithPath: replacing.target).deletingLastPathComponent().path, O_RDONLY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    /// Passes the pending bytes to the system; the system's reason on failure.
    private func flush() -> String? {
        defer { pending.removeAll(keepingCapacity: true) }
        return writeAll(pending, to: descriptor)
    }
}

/// Removes the temporary files that writes of `names` in `folder` left behind when their process
/// was killed: those of processes no longer running, and those without a process id (written by
/// earlier versions) older than a minute. Files of a running writer are left alone. Returns the
/// names removed.
@discardableResult
public func removeStaleTemporaryFiles(in folder: URL, for names: [String], now: Date = Date()) -> [String] {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
    var removed: [String] = []
    for entry in entries where entry.hasSuffix(".tmp") {
        guard let name = names.first(where: { entry.hasPrefix(".\($0).") }) else { continue }
        let middle = entry.dropFirst(name.count + 2).dropLast(4).split(separator: ".")
        let path = folder.appendingPathComponent(entry).path
        if middle.count == 2, let pid = Int32(middle[0]) {
            // Signal 0 only asks whether the process exists.
            guard kill(pid, 0) != 0, errno == ESRCH else { continue }
        } else {
            guard middle.count == 1,
                let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
                now.timeIntervalSince(modified) > 60
            else { continue }
        }
        if unlink(path) == 0 { removed.append(entry) }
    }
    return removed
}

/// Writes `data` to standard output, all of it or a failure with the system's reason (a full
/// disk, a closed output, a broken pipe).
public func writeStandardOutput(_ data: Data) throws(FileError) {
    if let failure = writeAll(data, to: STDOUT_FILENO) {
        throw FileError(.unwritable, "cannot write to standard output: \(failure)")
    }
}

/// Writes `data` to standard error; whether it all went. Nothing else can be told when that fails.
@discardableResult
public func writeStandardError(_ data: Data) -> Bool {
    writeAll(data, to: STDERR_FILENO) == nil
}
