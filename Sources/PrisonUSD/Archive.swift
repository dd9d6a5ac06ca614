import Foundation

/// A `.usdz` archive: a zip file whose entries are stored uncompressed, as the USDZ format
/// requires. Only the central directory is read when it opens; an entry's bytes are read from
/// the file when asked for, so a large archive of textures and sounds is never held in memory.
struct USDZArchive {
    /// One file in the archive.
    struct Entry {
        /// The entry's path inside the archive.
        var path: String
        /// Where its local header starts.
        var headerOffset: UInt64
        /// Its size (stored: the same compressed and not).
        var size: UInt64
        /// The compression method: 0 is stored.
        var method: UInt16

        /// Whether the entry is a USD layer.
        var isLayer: Bool {
            let name = path.lowercased()
            return name.hasSuffix(".usda") || name.hasSuffix(".usdc") || name.hasSuffix(".usd")
        }
    }

    let file: String
    /// The entries, in the archive's order.
    let entries: [Entry]
    private let handle: FileHandle

    /// Opens the archive at `file` and reads its directory.
    init(file: String) throws(USDError) {
        self.file = file
        guard let handle = FileHandle(forReadingAtPath: file) else {
            throw USDError(file: file, reason: "no such file, or it cannot be read")
        }
        self.handle = handle
        let size: UInt64
        do { size = try handle.seekToEnd() } catch { throw USDError(file: file, reason: "cannot be read (\(error))") }
        // The end-of-directory record: 22 bytes and a comment of up to 65,535.
        let tailLength = min(size, 22 + 65_535)
        let tail = try Self.read(handle, file: file, at: size - tailLength, count: Int(tailLength))
        guard let end = Self.lastIndex(of: [0x50, 0x4B, 0x05, 0x06], in: tail), end + 22 <= tail.count else {
            throw USDError(file: file, reason: "not a zip archive: no end-of-directory record")
        }
        let count = Int(tail.uint16(at: end + 10))
        let directorySize = UInt64(tail.uint32(at: end + 12))
        let directoryOffset = UInt64(tail.uint32(at: end + 16))
        guard directoryOffset + directorySize <= size, count <= directorySize / 46 + 1 else {
            throw USDError(file: file, reason: "a damaged zip archive: its directory lies outside the file")
        }
        let directory = try Self.read(handle, file: file, at: directoryOffset, count: Int(directorySize))
        var entries: [Entry] = []
        var offset = 0
        for _ in 0..<count {
            guard offset + 46 <= directory.count, directory.uint32(at: offset) == 0x0201_4B50 else {
                throw USDError(file: file, reason: "a damaged zip archive: entry \(entries.count + 1) of its directory is unreadable")
            }
            let nameLength = Int(directory.uint16(at: offset + 28))
            let extraLength = Int(directory.uint16(at: offset + 30))
            let commentLength = Int(directory.uint16(at: offset + 32))
            guard offset + 46 + nameLength <= directory.count else {
                throw USDError(file: file, reason: "a damaged zip archive: an entry's name runs past its directory")
            }
            let entry = Entry(
                path: String(decoding: directory[offset + 46..<offset + 46 + nameLength], as: UTF8.self),
                headerOffset: UInt64(directory.uint32(at: offset + 42)),
                size: UInt64(directory.uint32(at: offset + 20)),
                method: directory.uint16(at: offset + 10))
            guard entry.headerOffset + 30 + entry.size <= size else {
                throw USDError(file: file, reason: "a damaged zip archive: \(entry.path) lies outside the file")
            }
            entries.append(entry)
            offset += 46 + nameLength + extraLength + commentLength
        }
        self.entries = entries
    }

    /// The bytes of the entry at `path`.
    func bytes(of path: String) throws(USDError) -> [UInt8] {
        let place = "\(file)[\(path)]"
        guard let entry = entries.first(where: { $0.path == path }) else {
            throw USDError(file: place, reason: "the archive has no such entry")
        }
        guard entry.method == 0 else {
            throw USDError(file: place, reason: "a compressed entry: USDZ archives store their files uncompressed")
        }
        let header = try Self.read(handle, file: place, at: entry.headerOffset, count: 30)
        guard header.uint32(at: 0) == 0x0403_4B50 else { throw USDError(file: place, reason: "a damaged zip entry header") }
        let start = entry.headerOffset + 30 + UInt64(header.uint16(at: 26)) + UInt64(header.uint16(at: 28))
        return try Self.read(handle, file: place, at: start, count: Int(entry.size))
    }

    private static func read(_ handle: FileHandle, file: String, at offset: UInt64, count: Int) throws(USDError) -> [UInt8] {
        do {
            try handle.seek(toOffset: offset)
            let data = try handle.read(upToCount: count) ?? Data()
            guard data.count == count else { throw USDError(file: file, reason: "the file ends early: a damaged archive") }
            return [UInt8](data)
        } catch let error as USDError {
            throw error
        } catch {
            throw USDError(file: file, reason: "cannot be read (\(error))")
        }
    }

    private static func lastIndex(of signature: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= signature.count else { return nil }
        for start in stride(from: bytes.count - signature.count, through: 0, by: -1)
        where bytes[start..<start + signature.count].elementsEqual(signature) {
            return start
        }
        return nil
    }
}

extension Array where Element == UInt8 {
    /// The little-endian 16-bit number at `offset`.
    func uint16(at offset: Int) -> UInt16 { UInt16(self[offset]) | UInt16(self[offset + 1]) << 8 }
    /// The little-endian 32-bit number at `offset`.
    func uint32(at offset: Int) -> UInt32 { UInt32(uint16(at: offset)) | UInt32(uint16(at: offset + 2)) << 16 }
}
