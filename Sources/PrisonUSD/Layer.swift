/// One USD file's opinions, before composition: its metadata and its tree of prim specs.
package struct USDLayer: Sendable {
    /// Where the layer came from, for messages and for resolving relative asset paths.
    package var location: USDLocation
    /// The layer's metadata: `defaultPrim`, `metersPerUnit`, `upAxis`, …
    package var metadata: [String: USDValue] = [:]
    /// The prims at the root of the layer, in order.
    package var rootPrims: [USDPrimSpec] = []

    package init(location: USDLocation) { self.location = location }

    /// The prim spec at `path` (`/Root/Child`), or nil.
    package func primSpec(at path: String) -> USDPrimSpec? {
        var names = path.split(separator: "/").map(String.init)[...]
        guard let first = names.popFirst(), var spec = rootPrims.first(where: { $0.name == first }) else { return nil }
        for name in names {
            guard let child = spec.children.first(where: { $0.name == name }) else { return nil }
            spec = child
        }
        return spec
    }

    /// The layer's default prim's name, if it names one.
    package var defaultPrim: String? { metadata["defaultPrim"]?.string }
}

/// What a prim spec says of its prim: `def`, `over` or `class`.
package enum USDSpecifier: Sendable {
    /// Defines the prim.
    case def
    /// Adds opinions to a prim defined elsewhere.
    case over
    /// Defines an abstract prim that others inherit from.
    case `class`
}

/// An attribute or relationship spec.
package struct USDPropertySpec: Sendable {
    /// The value type (`float3`, `token[]`, …); `rel` for a relationship.
    package var typeName: String
    /// The default value, if one is authored (targets for a relationship).
    package var value: USDValue?
}

/// One layer's opinions about one prim.
package struct USDPrimSpec: Sendable {
    /// `def`, `over` or `class`.
    package var specifier: USDSpecifier
    /// The schema type (`Xform`, `Cube`, `RealityKitComponent`); empty when not given.
    package var typeName: String
    /// The prim's name.
    package var name: String
    /// The prim's metadata: `active`, `references`, `variants`, … List edits (`prepend`,
    /// `append`, `add`) are kept as lists; a `delete` is dropped.
    package var metadata: [String: USDValue] = [:]
    /// The properties, by name.
    package var properties: [String: USDPropertySpec] = [:]
    /// The children, in order.
    package var children: [USDPrimSpec] = []
    /// The variant sets' bodies: set name, then variant name, then the opinions it adds (a spec
    /// whose own name is the variant's).
    package var variantSets: [String: [String: USDPrimSpec]] = [:]
    /// The order of the children `reorder nameChildren` asks for, if it does.
    package var childOrder: [String]?
    /// The line of the prim's header in its file, for messages.
    package var line: Int

    package init(specifier: USDSpecifier, typeName: String, name: String, line: Int) {
        self.specifier = specifier
        self.typeName = typeName
        self.name = name
        self.line = line
    }
}

/// Where a layer is: a file, or an entry of a `.usdz` archive.
package struct USDLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file's path on disk (the archive's, for an entry of one).
    package var file: String
    /// The entry's path inside the archive, or nil for a plain file.
    package var entry: String?

    package init(file: String, entry: String? = nil) {
        self.file = file
        self.entry = entry
    }

    /// `path/to/file.usda`, or `path/to/archive.usdz[entry.usdc]`.
    package var description: String { entry.map { "\(file)[\($0)]" } ?? file }

    /// The location of `assetPath` written in this layer: relative paths resolve against the
    /// layer's folder (inside the archive for an entry of one); `archive.usdz[entry]` names an
    /// entry of an archive.
    package func resolving(_ assetPath: String) -> USDLocation {
        var path = assetPath
        var inner: String?
        if path.hasSuffix("]"), let open = path.firstIndex(of: "[") {
            inner = String(path[path.index(after: open)..<path.index(before: path.endIndex)])
            path = String(path[..<open])
        }
        if let entry, !path.hasPrefix("/") {
            // Inside an archive, relative paths name other entries of it.
            let resolved = USDLocation.join(USDLocation.folder(of: entry), path)
            if inner == nil { return USDLocation(file: file, entry: resolved) }
        }
        let resolved = path.hasPrefix("/") ? path : USDLocation.join(USDLocation.folder(of: file), path)
        return USDLocation(file: resolved, entry: inner)
    }

    /// The folder part of `path`, without the trailing slash ("" for a bare name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// `relative` appended to `folder`, with `.` and `..` taken out.
    static func join(_ folder: String, _ relative: String) -> String {
        var parts: [Substring] = folder.isEmpty ? [] : folder.split(separator: "/", omittingEmptySubsequences: false)
        for part in relative.split(separator: "/") {
            if part == "." { continue }
            if part == "..", let last = parts.last, !last.isEmpty, last != ".." { parts.removeLast(); continue }
            parts.append(part)
        }
        return parts.joined(separator: "/")
    }
}
