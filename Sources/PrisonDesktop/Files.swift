import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The contents of the file at `url`, refusing a missing file or a directory with a message naming the path.
public func readFile(at url: URL) throws(AssetError) -> Data {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
        throw AssetError("\(url.path): no such file")
    }
    guard !isDirectory.boolValue else { throw AssetError("\(url.path): is a directory, not a file") }
    do { return try Data(contentsOf: url) } catch {
        throw AssetError("\(url.path): cannot be read (\(error.localizedDescription))")
    }
}

/// Writes `message` as one line on standard error, after the program's name.
public func printWarning(_ message: String) {
    FileHandle.standardError.write(Data("puzzle-prison: \(message)\n".utf8))
}

/// Replaces the file at `url` with `data` so that the file is always either the old contents or the new.
///
/// The data goes to a temporary file in the same directory, is flushed to disk, and is renamed
/// over the target, and the directory is flushed too. On failure the temporary file is removed
/// and the target is left as it was.
public func writeAtomically(_ data: Data, to url: URL) throws(AssetError) {
    let temporary = url.deletingLastPathComponent()
        .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw AssetError("\(url.path): cannot be written (\(systemError()))") }
    var failure = writeAll(data, to: descriptor)
    if failure == nil, fsync(descriptor) != 0 { failure = systemError() }
    if close(descriptor) != 0, failure == nil { failure = systemError() }
    if failure == nil, rename(temporary.path, url.path) != 0 { failure = systemError() }
    if let failure {
        unlink(temporary.path)
        throw AssetError("\(url.path): cannot be written (\(failure))")
    }
    // The rename itself reaches the disk with the directory.
    let directory = open(url.deletingLastPathComponent().path, O_RDONLY | O_CLOEXEC)
    if directory >= 0 {
        fsync(directory)
        close(directory)
    }
}

/// Writes every byte of `data` to `descriptor`; the system's reason on failure.
private func writeAll(_ data: Data, to descriptor: Int32) -> String? {
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

/// The message of the last system call's `errno`.
func systemError() -> String { String(cString: strerror(errno)) }

/// What went wrong decoding JSON, with the path to the offending value.
func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return String(describing: error) }
    func path(_ codingPath: [any CodingKey]) -> String {
        let text = codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
        return text.isEmpty ? "the top level" : String(text.drop { $0 == "." })
    }
    switch error {
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
        return "not JSON"
    case .dataCorrupted(let context):
        return "\(path(context.codingPath)): \(context.debugDescription)"
    case .keyNotFound(let key, let context):
        return "\(path(context.codingPath + [key])) is missing"
    case .typeMismatch(let type, let context):
        return "\(path(context.codingPath)) is not \(article(for: type))"
    case .valueNotFound(let type, let context):
        return "\(path(context.codingPath)) is null, not \(article(for: type))"
    @unknown default:
        return String(describing: error)
    }
}

/// `a String`, `an Int`: the name of a decoded type for a message.
private func article(for type: Any.Type) -> String {
    let name = String(describing: type)
    return ("AEIOU".contains(name.prefix(1)) ? "an " : "a ") + name
}
