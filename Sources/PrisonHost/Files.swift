import Foundation
import PrisonSession
import PrisonFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The most bytes the front end reads from one file: its files (saved games, best scores,
/// replays, boards, scripts, palettes) are kilobytes, its sounds and fonts well under a megabyte,
/// so 16 MiB never refuses a real one and never fills the memory.
let fileReader = InputReader(limit: 16 << 20)

/// The contents of the file at `path`, refusing a missing file, a directory or one beyond
/// ``fileReader``'s limit with a message naming it as `what` ("board file", ...) and the path,
/// or as the bare path when `what` is empty.
package func readFile(atPath path: String, what: String = "") throws(HostError) -> Data {
    do throws(FileError) { return try fileReader.contents(ofFileAt: path, what: what) } catch {
        throw HostError(error.description)
    }
}

/// The contents of the file at `url`, as ``readFile(atPath:what:)`` reads it.
package func readFile(at url: URL, what: String = "") throws(HostError) -> Data {
    try readFile(atPath: url.path, what: what)
}

/// The text of the file at `path`, read as ``readFile(atPath:what:)`` reads it, refusing what is
/// not UTF-8 with a message naming it as `what` and the path.
package func readText(atPath path: String, what: String = "") throws(HostError) -> String {
    do throws(FileError) { return try fileReader.text(ofFileAt: path, what: what) } catch {
        throw HostError(error.description)
    }
}

/// The longest warning written whole: a file's bad line of a megabyte is cut, not echoed.
package let longestWarning = 2000

/// Writes `message` as one line on standard error, after the program's name; past
/// ``longestWarning`` characters it is cut, saying how much was left out.
package func printWarning(_ message: String) {
    let shown = message.count <= longestWarning ? message : "\(message.prefix(longestWarning))… (\(message.count - longestWarning) more characters)"
    writeStandardError(Data("puzzle-prison: \(shown)\n".utf8))
}

/// Replaces the file at `url` with `data` so that the file is always either the old contents or
/// the new (see `PrisonFiles.writeAtomically`). On failure the temporary file is removed and the
/// target is left as it was.
package func writeAtomically(_ data: Data, to url: URL) throws(HostError) {
    do throws(FileError) { try PrisonFiles.writeAtomically(data, toPath: url.path) } catch {
        throw HostError(error.description)
    }
}

/// Writes `data` to the file at `path` the user named: a regular file atomically, a device, FIFO
/// or `/dev/stdout` directly (see `PrisonFiles.writeFile`).
package func writeUserFile(_ data: Data, toPath path: String) throws(HostError) {
    do throws(FileError) { try PrisonFiles.writeFile(data, toPath: path) } catch { throw HostError(error.description) }
}

extension Palette {
    /// The palettes of a palettes file at `url`.
    public static func palettes(at url: URL) throws(HostError) -> [Palette] {
        let data = try readFile(at: url)
        do throws(DataError) { return try palettes(fromJSON: data, source: url.path) } catch { throw HostError(error.description) }
    }
}
