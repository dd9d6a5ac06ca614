import Foundation

/// Reads layers from files and `.usdz` archives, each once. An archive's entries are read one
/// at a time from the file: a layer's bytes are in memory, never the whole archive.
package final class USDLayerLoader {
    private var layers: [USDLocation: USDLayer] = [:]
    private var archives: [String: USDZArchive] = [:]

    package init() {}

    /// The layer at `location`, read and parsed the first time it is asked for.
    package func layer(at location: USDLocation) throws(USDError) -> USDLayer {
        if let layer = layers[location] { return layer }
        let layer: USDLayer
        if location.entry == nil, try isArchive(location.file) {
            // A .usdz (or a .usd that is one): its first layer is the one meant.
            layer = try self.layer(at: try firstLayer(ofArchive: location.file))
        } else {
            let bytes = try self.bytes(at: location)
            if bytes.starts(with: Array("PXR-USDC".utf8)) {
                do {
                    layer = try USDCrateReader.read(bytes, at: location)
                } catch {
                    var error = error
                    error.isUnsupportedFormat = true
                    throw error
                }
            } else {
                layer = try USDTextReader.read(bytes, at: location)
            }
        }
        layers[location] = layer
        return layer
    }

    /// Whether the file at `path` is a zip archive: its first bytes, read alone.
    private func isArchive(_ path: String) throws(USDError) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw USDError(file: path, reason: "no such file, or it cannot be read")
        }
        defer { try? handle.close() }
        let start = (try? handle.read(upToCount: 4)) ?? nil
        return start.map { [UInt8]($0) } == [0x50, 0x4B, 0x03, 0x04]
    }

    /// The location of the first USD layer in the archive at `file`, as `.usdz` requires.
    private func firstLayer(ofArchive file: String) throws(USDError) -> USDLocation {
        let archive = try self.archive(file)
        guard let entry = archive.entries.first(where: { $0.isLayer }) else {
            throw USDError(file: file, reason: "the archive holds no USD layer (.usda, .usdc or .usd)")
        }
        return USDLocation(file: file, entry: entry.path)
    }

    private func archive(_ file: String) throws(USDError) -> USDZArchive {
        if let archive = archives[file] { return archive }
        let archive = try USDZArchive(file: file)
        archives[file] = archive
        return archive
    }

    /// The bytes of the file or archive entry at `location`.
    private func bytes(at location: USDLocation) throws(USDError) -> [UInt8] {
        guard let entryPath = location.entry else {
            guard let data = FileManager.default.contents(atPath: location.file) else {
                throw USDError(file: location.file, reason: "no such file, or it cannot be read")
            }
            return [UInt8](data)
        }
        return try self.archive(location.file).bytes(of: entryPath)
    }
}
