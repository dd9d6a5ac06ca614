/// A prim after composition: the opinions of every layer, variant, class and reference that
/// speak about it, strongest first.
package final class USDPrim {
    /// The prim's name.
    package let name: String
    /// Its path in the scene: `/Root/Child`.
    package let path: String
    /// The schema type: `Xform`, `Cube`, `RealityKitComponent`; empty for a typeless prim.
    package let typeName: String
    /// Whether it is defined (some opinion says `def` or `class`), not only spoken about.
    package let isDefined: Bool
    /// Whether it is a class, or under one: abstract, not part of the scene.
    package let isAbstract: Bool
    /// The composed metadata, strongest opinion first.
    package let metadata: [String: USDValue]
    /// The composed properties.
    package let properties: [String: USDPropertySpec]
    /// The children, in USD's order.
    package let children: [USDPrim]
    /// The file of the strongest opinion, and its line, for messages.
    package let location: USDLocation
    /// The line of the strongest opinion's header; 0 for a binary layer, which has none.
    package let line: Int

    /// The line, when the prim's strongest opinion is in a text layer.
    package var textLine: Int? { line > 0 ? line : nil }

    /// `file:line: <path>` (`file: <path>` for a binary layer), for messages.
    package var reference: String { "\(location)\(textLine.map { ":\($0)" } ?? ""): <\(path)>" }

    init(
        name: String, path: String, typeName: String, isDefined: Bool, isAbstract: Bool, metadata: [String: USDValue],
        properties: [String: USDPropertySpec], children: [USDPrim], location: USDLocation, line: Int
    ) {
        self.name = name
        self.path = path
        self.typeName = typeName
        self.isDefined = isDefined
        self.isAbstract = isAbstract
        self.metadata = metadata
        self.properties = properties
        self.children = children
        self.location = location
        self.line = line
    }

    /// Whether the prim is active (`active = false` takes it and its descendants out).
    package var isActive: Bool { if case .bool(false)? = metadata["active"] { false } else { true } }

    /// The default value of the attribute `name`, if one is authored.
    package func value(_ name: String) -> USDValue? { properties[name]?.value }

    /// The child named `name`.
    package func child(named name: String) -> USDPrim? { children.first { $0.name == name } }

}

/// A composed scene: the root layer's prims with every reference, payload, inherit, specialize
/// and selected variant resolved, as OpenUSD composes them (LIVRPS strength order).
package struct USDStage {
    /// The root layer's metadata.
    package let metadata: [String: USDValue]
    /// The composed prims at the root, in order.
    package let rootPrims: [USDPrim]
    /// Where the root layer is.
    package let location: USDLocation
    /// What was left out, once each: references to layers this reader cannot read.
    package let warnings: [String]

    /// Metres in one of the scene's units (`metersPerUnit`, 0.01 unless authored, as in USD).
    package var metersPerUnit: Double { metadata["metersPerUnit"]?.number ?? 0.01 }
    /// The scene's up axis, `Y` or `Z` (`upAxis`, `Y` unless authored).
    package var upAxis: String { metadata["upAxis"]?.string ?? "Y" }

    /// Opens and composes the layer at `location`, reading layers through `loader`.
    package static func open(_ location: USDLocation, loader: USDLayerLoader = USDLayerLoader()) throws(USDError) -> USDStage {
        let layer = try loader.layer(at: location)
        var composer = Composer(loader: loader, rootLayer: layer)
        let prims = try composer.compose(
            children: [layer.rootPrims.map { Source(spec: $0, layer: layer) }], order: nil, parentPath: "", abstract: false,
            depth: 0)
        return USDStage(metadata: layer.metadata, rootPrims: prims, location: layer.location, warnings: composer.warnings)
    }
}

/// One spec that speaks about a prim, and the layer it is in.
private struct Source {
    var spec: USDPrimSpec
    var layer: USDLayer
}

/// An arc being followed, to find loops: a layer and a prim path in it.
private struct ArcKey: Hashable {
    var location: USDLocation
    var path: String
}

private struct Composer {
    let loader: USDLayerLoader
    let rootLayer: USDLayer
    var primCount = 0
    /// References left out, once each.
    var warnings: [String] = []

    init(loader: USDLayerLoader, rootLayer: USDLayer) {
        self.loader = loader
        self.rootLayer = rootLayer
    }

    /// The composed children whose specs are `groups` (each parent opinion's children, the
    /// strongest opinion's first), named as OpenUSD names them: from the weakest opinion up,
    /// each in its own order, then reordered by `order`.
    mutating func compose(
        children groups: [[Source]], order: [String]?, parentPath: String, abstract: Bool, depth: Int
    ) throws(USDError) -> [USDPrim] {
        var names: [String] = []
        var byName: [String: [Source]] = [:]
        for group in groups.reversed() {
            for source in group where byName[source.spec.name] == nil {
                names.append(source.spec.name)
                byName[source.spec.name] = []
            }
        }
        for source in groups.joined() { byName[source.spec.name, default: []].append(source) }
        if let order {
            let ordered = order.filter { byName[$0] != nil }
            names = ordered + names.filter { !ordered.contains($0) }
        }
        var prims: [USDPrim] = []
        for name in names {
            prims.append(try compose(name: name, sources: byName[name] ?? [], parentPath: parentPath, abstract: abstract, depth: depth))
        }
        return prims
    }

    /// The prim `name` under `parentPath` whose own specs are `sources`, strongest first.
    mutating func compose(
        name: String, sources direct: [Source], parentPath: String, abstract: Bool, depth: Int
    ) throws(USDError) -> USDPrim {
        primCount += 1
        let place = direct.first.map { "\($0.layer.location)" } ?? "\(rootLayer.location)"
        let line = direct.first?.spec.line
        if primCount > USDLimits.prims {
            throw USDError(file: place, line: line, reason: "more than \(USDLimits.prims) prims")
        }
        if depth > USDLimits.depth {
            throw USDError(file: place, line: line, reason: "prims nested deeper than \(USDLimits.depth) levels")
        }
        // First without variants, to find the selections; then with them.
        let plain = try expand(direct, selections: [:], chain: [], depth: depth)
        var selections: [String: String] = [:]
        for source in plain {
            guard case .dictionary(let chosen)? = source.spec.metadata["variants"] else { continue }
            for (set, variant) in chosen where selections[set] == nil { selections[set] = variant.string }
        }
        let sources = selections.isEmpty ? plain : try expand(direct, selections: selections, chain: [], depth: depth)

        var metadata: [String: USDValue] = [:]
        var properties: [String: USDPropertySpec] = [:]
        var typeName = ""
        var isDefined = false
        var isClass: Bool?
        var order: [String]?
        for source in sources {
            for (key, value) in source.spec.metadata where metadata[key] == nil { metadata[key] = value }
            for (key, property) in source.spec.properties {
                if let existing = properties[key] {
                    if existing.value == nil, property.value != nil { properties[key]?.value = property.value }
                } else {
                    properties[key] = property
                }
            }
            if typeName.isEmpty { typeName = source.spec.typeName }
            if source.spec.specifier != .over {
                isDefined = true
                if isClass == nil { isClass = source.spec.specifier == .class }
            }
            if order == nil { order = source.spec.childOrder }
        }
        let path = parentPath + "/" + name
        let isAbstract = abstract || isClass == true
        let childSources = sources.map { source in source.spec.children.map { Source(spec: $0, layer: source.layer) } }
        let children = try compose(children: childSources, order: order, parentPath: path, abstract: isAbstract, depth: depth + 1)
        let strongest = sources.first
        return USDPrim(
            name: name, path: path, typeName: typeName, isDefined: isDefined, isAbstract: isAbstract, metadata: metadata,
            properties: properties, children: children, location: strongest?.layer.location ?? rootLayer.location,
            line: strongest?.spec.line ?? 0)
    }

    /// `sources` followed, for each in turn, by what its arcs bring: the selected variants, then
    /// inherited classes, references, payloads and specialized prims, each expanded likewise.
    mutating func expand(_ sources: [Source], selections: [String: String], chain: Set<ArcKey>, depth: Int) throws(USDError) -> [Source] {
        if depth > USDLimits.depth {
            let first = sources.first
            throw USDError(
                file: first.map { "\($0.layer.location)" } ?? "\(rootLayer.location)", line: first?.spec.line,
                reason: "composition arcs nested deeper than \(USDLimits.depth) levels")
        }
        var result = sources
        var variants: [Source] = []
        var inherited: [Source] = []
        var referenced: [Source] = []
        var specialized: [Source] = []
        for source in sources {
            for (set, choice) in selections {
                if let variant = source.spec.variantSets[set]?[choice] {
                    variants += try expand(
                        [Source(spec: variant, layer: source.layer)], selections: selections, chain: chain, depth: depth + 1)
                }
            }
            for path in paths(source.spec.metadata["inherits"]) {
                inherited += try follow(
                    layer: source.layer, path: path, from: source, selections: selections, chain: chain, depth: depth)
            }
            for key in ["references", "payload"] {
                for case .reference(let asset, let primPath) in references(source.spec.metadata[key]) {
                    let layer: USDLayer
                    if asset.isEmpty {
                        layer = source.layer
                    } else {
                        do {
                            layer = try loader.layer(at: source.layer.location.resolving(asset))
                        } catch where error.isUnsupportedFormat {
                            let warning =
                                "\(source.layer.location)\(source.spec.line > 0 ? ":\(source.spec.line)" : ""): <\(source.spec.name)> loaded without @\(asset)@: \(error)"
                            if !warnings.contains(warning) { warnings.append(warning) }
                            continue
                        } catch {
                            throw USDError(
                                file: "\(source.layer.location)", line: source.spec.line,
                                reason: "\(key == "payload" ? "a payload" : "a reference") to @\(asset)@ cannot be read: \(error)")
                        }
                    }
                    guard let target = primPath.isEmpty ? layer.defaultPrim.map({ "/" + $0 }) : primPath else {
                        throw USDError(
                            file: "\(source.layer.location)", line: source.spec.line,
                            reason: "@\(asset)@ is referenced without a prim path and has no defaultPrim")
                    }
                    referenced += try follow(
                        layer: layer, path: target, from: source, selections: selections, chain: chain, depth: depth)
                }
            }
            for path in paths(source.spec.metadata["specializes"]) {
                specialized += try follow(
                    layer: source.layer, path: path, from: source, selections: selections, chain: chain, depth: depth)
            }
        }
        result += variants + inherited + referenced + specialized
        return result
    }

    /// The spec at `path` in `layer` (for a class, the root layer's too), expanded, or nothing
    /// when there is none; an arc back to a prim already on the chain is a loop.
    mutating func follow(
        layer: USDLayer, path: String, from source: Source, selections: [String: String], chain: Set<ArcKey>, depth: Int
    ) throws(USDError) -> [Source] {
        let key = ArcKey(location: layer.location, path: path)
        if chain.contains(key) {
            throw USDError(
                file: "\(source.layer.location)", line: source.spec.line,
                reason: "composition arcs loop: <\(path)> in \(layer.location) leads back to itself")
        }
        var found: [Source] = []
        if let spec = layer.primSpec(at: path) { found.append(Source(spec: spec, layer: layer)) }
        if layer.location != rootLayer.location, let spec = rootLayer.primSpec(at: path), found.isEmpty {
            found.append(Source(spec: spec, layer: rootLayer))
        }
        guard !found.isEmpty else { return [] }
        // The target's own name does not matter: its opinions are about the referencing prim.
        for index in found.indices { found[index].spec.name = source.spec.name }
        var chain = chain
        chain.insert(key)
        return try expand(found, selections: selections, chain: chain, depth: depth + 1)
    }

    private func paths(_ value: USDValue?) -> [String] {
        switch value {
        case .path(let path)?: [path]
        case .array(let values)?: values.compactMap { if case .path(let path) = $0 { path } else { nil } }
        default: []
        }
    }

    private func references(_ value: USDValue?) -> [USDValue] {
        switch value {
        case .reference?: [value!]
        case .asset(let asset)?: [.reference(asset: asset, primPath: "")]
        case .path(let path)?: [.reference(asset: "", primPath: path)]
        case .array(let values)?: values.flatMap { references($0) }
        default: []
        }
    }
}
