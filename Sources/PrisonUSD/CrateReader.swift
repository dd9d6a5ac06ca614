/// Reads a `.usdc` binary crate layer into prim specs: its tokens, strings, fields, field sets,
/// paths and specs, and the values the loaders use (numbers, vectors, quaternions, matrices,
/// tokens, strings, asset paths, their arrays, list edits of references, payloads and paths,
/// variant selections). Values of other types are left out. Every offset, count and size is
/// checked against the file: a damaged file throws, and an array that claims more elements than
/// the file holds is refused.
struct USDCrateReader {
    private let bytes: [UInt8]
    private let location: USDLocation
    private var tokens: [String] = []
    private var strings: [Int] = []
    private var fields: [(name: Int, rep: UInt64)] = []
    private var fieldSets: [Int] = []
    private var paths: [PathNode] = []
    private var version = (major: 0, minor: 0)

    /// One path of the file: its parent's index and its last element.
    private struct PathNode {
        var parent: Int
        var element: String
        var isProperty: Bool
    }

    static func read(_ bytes: [UInt8], at location: USDLocation) throws(USDError) -> USDLayer {
        var reader = USDCrateReader(bytes: bytes, location: location)
        do {
            return try reader.layer()
        } catch let failure as CrateDecompression.Failure {
            throw USDError(file: location.description, reason: "a damaged binary crate: \(failure.reason)")
        } catch let error as USDError {
            throw error
        } catch {
            throw USDError(file: location.description, reason: "a damaged binary crate: \(error)")
        }
    }

    private init(bytes: [UInt8], location: USDLocation) {
        self.bytes = bytes
        self.location = location
    }

    private func error(_ reason: String) -> USDError {
        USDError(file: location.description, reason: "a damaged binary crate: \(reason)")
    }

    // MARK: Reading bytes

    private func uint64(at offset: Int) throws -> UInt64 {
        guard offset >= 0, offset <= bytes.count - 8 else { throw error("a read at \(offset) past the end") }
        return UInt64(littleEndianBytes: bytes[offset..<offset + 8])
    }

    private func uint32(at offset: Int) throws -> UInt32 {
        guard offset >= 0, offset <= bytes.count - 4 else { throw error("a read at \(offset) past the end") }
        return UInt32(littleEndianBytes: bytes[offset..<offset + 4])
    }

    /// A count read at `offset`, refused when `count * elementSize` would run past the file.
    private func count(at offset: Int, elementSize: Int, wide: Bool = true) throws -> Int {
        let raw = wide ? try uint64(at: offset) : UInt64(try uint32(at: offset))
        // What follows the count in the file.
        let available = UInt64(max(0, bytes.count - offset - (wide ? 8 : 4))) / UInt64(max(1, elementSize))
        guard raw <= available else {
            throw error("an array at \(offset) claims \(raw) elements, more than the file holds")
        }
        return Int(raw)
    }

    /// `count` coded integers whose compressed size is at `offset`; returns them and the offset after.
    private func codedIntegers(at offset: Int, count: Int, width: Int = 4) throws -> ([Int64], Int) {
        let size = try self.count(at: offset, elementSize: 1)
        let start = offset + 8
        guard count <= USDLimits.elements else { throw error("\(count) integers: too many") }
        let values = try CrateDecompression.integers(bytes[start..<start + size], count: count, width: width)
        return (values, start + size)
    }

    // MARK: Structure

    private mutating func layer() throws -> USDLayer {
        guard bytes.count >= 88, bytes.starts(with: Array("PXR-USDC".utf8)) else { throw error("no crate header") }
        version = (Int(bytes[8]), Int(bytes[9]))
        guard version.major == 0, version.minor >= 4 else {
            throw error("crate version \(version.major).\(version.minor) (before 0.4) is not read")
        }
        let tableOffset = Int(truncatingIfNeeded: try uint64(at: 16))
        let sectionCount = try count(at: tableOffset, elementSize: 32)
        var sections: [String: Int] = [:]
        for index in 0..<sectionCount {
            let entry = tableOffset + 8 + index * 32
            let name = String(decoding: bytes[entry..<entry + 16].prefix { $0 != 0 }, as: UTF8.self)
            sections[name] = Int(truncatingIfNeeded: try uint64(at: entry + 16))
        }
        for name in ["TOKENS", "STRINGS", "FIELDS", "FIELDSETS", "PATHS", "SPECS"] where sections[name] == nil {
            throw error("no \(name) section")
        }
        try readTokens(at: sections["TOKENS"]!)
        try readStrings(at: sections["STRINGS"]!)
        try readFields(at: sections["FIELDS"]!)
        try readFieldSets(at: sections["FIELDSETS"]!)
        try readPaths(at: sections["PATHS"]!)
        return try readSpecs(at: sections["SPECS"]!)
    }

    private mutating func readTokens(at offset: Int) throws {
        let count = try self.count(at: offset, elementSize: 1)
        let size = Int(truncatingIfNeeded: try uint64(at: offset + 8))
        let compressed = try self.count(at: offset + 16, elementSize: 1)
        guard size >= 0, size <= 64 * compressed + 1024 else { throw error("tokens claim \(size) bytes from \(compressed)") }
        let text = try CrateDecompression.lz4(bytes[offset + 24..<offset + 24 + compressed], limit: size)
        tokens = text.split(separator: 0, omittingEmptySubsequences: false).prefix(count).map { String(decoding: $0, as: UTF8.self) }
        guard tokens.count == count else { throw error("\(count) tokens claimed, \(tokens.count) found") }
    }

    private mutating func readStrings(at offset: Int) throws {
        let count = try self.count(at: offset, elementSize: 4)
        strings = try (0..<count).map { Int(try uint32(at: offset + 8 + $0 * 4)) }
    }

    private mutating func readFields(at offset: Int) throws {
        let count = try self.count(at: offset, elementSize: 1)
        let (names, after) = try codedIntegers(at: offset + 8, count: count)
        let size = try self.count(at: after, elementSize: 1)
        let reps = try CrateDecompression.lz4(bytes[after + 8..<after + 8 + size], limit: count * 8)
        guard reps.count == count * 8 else { throw error("field values run short") }
        fields = (0..<count).map { (Int(names[$0]), UInt64(littleEndianBytes: reps[$0 * 8..<$0 * 8 + 8])) }
    }

    private mutating func readFieldSets(at offset: Int) throws {
        let count = try self.count(at: offset, elementSize: 1)
        fieldSets = try codedIntegers(at: offset + 8, count: count).0.map { Int($0) }
    }

    private mutating func readPaths(at offset: Int) throws {
        let total = try count(at: offset, elementSize: 1)
        let encoded = try count(at: offset + 8, elementSize: 1)
        let (pathIndexes, afterPaths) = try codedIntegers(at: offset + 16, count: encoded)
        let (elementTokens, afterTokens) = try codedIntegers(at: afterPaths, count: encoded)
        let (jumps, _) = try codedIntegers(at: afterTokens, count: encoded)
        paths = Array(repeating: PathNode(parent: -1, element: "", isProperty: false), count: total)
        // A walk of the encoded tree with a stack of its pending siblings, rather than recursion.
        var pending: [(index: Int, parent: Int)] = encoded > 0 ? [(0, -1)] : []
        var visited = 0
        while let (start, startParent) = pending.popLast() {
            var index = start
            var parent = startParent
            while true {
                visited += 1
                guard index < encoded, visited <= encoded else { throw error("the path tree is malformed") }
                let pathIndex = Int(pathIndexes[index])
                guard pathIndex >= 0, pathIndex < total else { throw error("a path index out of range") }
                if parent >= 0 {
                    let token = Int(elementTokens[index])
                    guard abs(token) < tokens.count else { throw error("a path element names no token") }
                    paths[pathIndex] = PathNode(parent: parent, element: tokens[abs(token)], isProperty: token < 0)
                }
                let jump = Int(jumps[index])
                let hasChild = jump > 0 || jump == -1
                let hasSibling = jump >= 0
                if hasChild && hasSibling { pending.append((index + jump, parent)) }
                if hasChild {
                    parent = pathIndex
                    index += 1
                } else if hasSibling {
                    index += 1
                } else {
                    break
                }
            }
        }
    }

    // MARK: Specs

    /// The tree of prim specs under construction.
    private final class Node {
        var spec: USDPrimSpec
        var children: [Int] = []
        var variants: [(set: String, name: String, node: Int)] = []
        init(spec: USDPrimSpec) { self.spec = spec }
    }

    private func readSpecs(at offset: Int) throws -> USDLayer {
        let count = try self.count(at: offset, elementSize: 1)
        let (pathIndexes, afterPaths) = try codedIntegers(at: offset + 8, count: count)
        let (fieldSetIndexes, afterSets) = try codedIntegers(at: afterPaths, count: count)
        let (types, _) = try codedIntegers(at: afterSets, count: count)
        var layer = USDLayer(location: location)
        var nodes: [Int: Node] = [:]
        var properties: [(path: Int, set: Int)] = []
        var order: [Int] = []
        for index in 0..<count {
            let path = Int(pathIndexes[index])
            guard path >= 0, path < paths.count else { throw error("a spec names no path") }
            let fieldSet = Int(fieldSetIndexes[index])
            switch types[index] {
            case 7:  // The pseudo-root: the layer's metadata.
                for (name, value) in try fieldValues(fieldSet) {
                    layer.metadata[name] = value
                }
            case 6, 10:  // A prim, or a variant.
                let element = paths[path].element
                var spec = USDPrimSpec(specifier: .over, typeName: "", name: element, line: 0)
                for (name, value) in try fieldValues(fieldSet) {
                    switch name {
                    case "specifier": spec.specifier = value.number == 0 ? .def : value.number == 2 ? .class : .over
                    case "typeName": spec.typeName = value.string ?? ""
                    // Sdf's field names where the text format has keywords of its own.
                    case "variantSelection": spec.metadata["variants"] = value
                    case "inheritPaths": spec.metadata["inherits"] = value
                    case "primChildren": spec.childOrder = value.elements?.compactMap(\.string)
                    default: spec.metadata[name] = value
                    }
                }
                nodes[path] = Node(spec: spec)
                order.append(path)
            case 1, 8:  // An attribute or a relationship.
                properties.append((path, fieldSet))
            default:
                continue
            }
        }
        for (path, fieldSet) in properties {
            let node = paths[path]
            guard let owner = nodes[node.parent] else { continue }
            var property = USDPropertySpec(typeName: "", value: nil)
            for (name, value) in try fieldValues(fieldSet) {
                if name == "typeName" { property.typeName = value.string ?? "" }
                if name == "default" || name == "targetPaths" { property.value = value }
            }
            owner.spec.properties[node.element] = property
        }
        // Children under their parents, variants under their prims: `{set=name}` elements.
        var roots: [Int] = []
        for path in order {
            let node = paths[path]
            if node.element.hasPrefix("{"), let equals = node.element.firstIndex(of: "=") {
                let set = String(node.element[node.element.index(after: node.element.startIndex)..<equals])
                let name = String(node.element[node.element.index(after: equals)..<node.element.index(before: node.element.endIndex)])
                nodes[path]?.spec.name = name
                nodes[node.parent]?.variants.append((set, name, path))
            } else if let parent = nodes[node.parent] {
                parent.children.append(path)
            } else {
                roots.append(path)
            }
        }
        func build(_ path: Int, depth: Int) throws -> USDPrimSpec {
            guard depth <= USDLimits.depth, let node = nodes[path] else { throw error("prims nested deeper than \(USDLimits.depth)") }
            var spec = node.spec
            spec.children = try node.children.map { try build($0, depth: depth + 1) }
            for variant in node.variants {
                spec.variantSets[variant.set, default: [:]][variant.name] = try build(variant.node, depth: depth + 1)
            }
            return spec
        }
        layer.rootPrims = try roots.map { try build($0, depth: 0) }
        return layer
    }

    /// The fields of field set `start` (indices into the fields, up to a separator), decoded;
    /// fields of types not read are left out.
    private func fieldValues(_ start: Int) throws -> [(String, USDValue)] {
        var result: [(String, USDValue)] = []
        guard start >= 0 else { throw error("a spec names field set \(start)") }
        var index = start
        while index < fieldSets.count, fieldSets[index] >= 0, fieldSets[index] < fields.count {
            let field = fields[fieldSets[index]]
            guard field.name >= 0, field.name < tokens.count else { throw error("a field names no token") }
            if let value = try value(field.rep) { result.append((tokens[field.name], value)) }
            index += 1
        }
        return result
    }

    // MARK: Values

    private func token(_ index: Int) throws -> String {
        guard index >= 0, index < tokens.count else { throw error("a value names token \(index) of \(tokens.count)") }
        return tokens[index]
    }

    private func string(_ index: Int) throws -> String {
        guard index >= 0, index < strings.count else { throw error("a value names string \(index) of \(strings.count)") }
        return try token(strings[index])
    }

    private func pathString(_ index: Int) throws -> String {
        guard index >= 0, index < paths.count else { throw error("a value names path \(index) of \(paths.count)") }
        var parts: [String] = []
        var current = index
        var steps = 0
        while current >= 0, steps <= paths.count {
            let node = paths[current]
            if node.parent < 0 { break }
            parts.append((node.isProperty ? "." : node.element.hasPrefix("{") ? "" : "/") + node.element)
            current = node.parent
            steps += 1
        }
        return parts.isEmpty ? "/" : parts.reversed().joined()
    }

    /// The value a value representation describes, or nil for a type not read.
    private func value(_ rep: UInt64) throws -> USDValue? {
        let isArray = rep & (1 << 63) != 0
        let isInlined = rep & (1 << 62) != 0
        let isCompressed = rep & (1 << 61) != 0
        let type = Int((rep >> 48) & 0xFF)
        let payload = rep & 0xFFFF_FFFF_FFFF
        let low = UInt32(truncatingIfNeeded: payload)
        if isInlined {
            switch type {
            case 1: return .bool(low != 0)
            case 2, 4, 6: return .number(Double(low))
            case 3, 5: return .number(Double(Int32(bitPattern: low)))
            case 7: return .number(Double(half(UInt16(truncatingIfNeeded: low))))
            case 8, 9: return .number(Double(Float(bitPattern: low)))
            case 10: return .string(try string(Int(low)))
            case 11: return .string(try token(Int(low)))
            case 12: return .asset(try token(Int(low)))
            case 42, 43, 44: return .number(Double(low))
            case 13, 14, 15:
                // A diagonal matrix of small integers: one signed byte each.
                let size = type - 11
                var numbers = [Double](repeating: 0, count: size * size)
                for k in 0..<size { numbers[k * size + k] = Double(Int8(bitPattern: UInt8(truncatingIfNeeded: payload >> (8 * UInt64(k))))) }
                return .tuple(numbers.map { .number($0) })
            case 19...30:
                // A vector of small integers: one signed byte each.
                let size = (type - 19) / 4 + 2
                return .tuple((0..<size).map { .number(Double(Int8(bitPattern: UInt8(truncatingIfNeeded: payload >> (8 * UInt64($0)))))) })
            default: return nil
            }
        }
        let offset = Int(payload)
        guard offset >= 0, offset < bytes.count else { throw error("a value at \(offset), past the end") }
        if isArray {
            return try array(type: type, at: offset, compressed: isCompressed)
        }
        switch type {
        case 9: return .number(Double(bitPattern: try uint64(at: offset)))
        case 5, 6: return .number(Double(Int64(bitPattern: try uint64(at: offset))))
        case 13, 14, 15, 16, 17, 18, 19...30:
            return .tuple(try fixed(type: type, at: offset, count: 1).map { .number($0) })
        case 32: return try indexListOp(at: offset) { .string(try self.token($0)) }
        case 34: return try indexListOp(at: offset) { .path(try self.pathString($0)) }
        case 35, 47, 55: return try references(type: type, at: offset)
        case 40:
            let count = try self.count(at: offset, elementSize: 4)
            return .array(try (0..<count).map { .path(try pathString(Int(try uint32(at: offset + 8 + $0 * 4)))) })
        case 41:
            let count = try self.count(at: offset, elementSize: 4)
            return .array(try (0..<count).map { .string(try token(Int(try uint32(at: offset + 8 + $0 * 4)))) })
        case 45:
            let count = try self.count(at: offset, elementSize: 8)
            var selections: [String: USDValue] = [:]
            for k in 0..<count {
                let entry = offset + 8 + k * 8
                selections[try string(Int(try uint32(at: entry)))] = .string(try string(Int(try uint32(at: entry + 4))))
            }
            return .dictionary(selections)
        default: return nil
        }
    }

    /// The size in bytes of one element of `type` and how many numbers it holds, for numeric types.
    private func shape(of type: Int) -> (bytes: Int, numbers: Int, scalar: Int)? {
        switch type {
        case 1, 2: (1, 1, 1)
        case 3, 4, 8: (4, 1, 4)
        case 5, 6, 9: (8, 1, 8)
        case 7: (2, 1, 2)
        case 13: (32, 4, 8)
        case 14: (72, 9, 8)
        case 15: (128, 16, 8)
        case 16: (32, 4, 8)
        case 17: (16, 4, 4)
        case 18: (8, 4, 2)
        case 19, 23, 27: (8 * ((type - 19) / 4 + 2), (type - 19) / 4 + 2, 8)
        case 20, 24, 28: (4 * ((type - 20) / 4 + 2), (type - 20) / 4 + 2, 4)
        case 21, 25, 29: (2 * ((type - 21) / 4 + 2), (type - 21) / 4 + 2, 2)
        case 22, 26, 30: (4 * ((type - 22) / 4 + 2), (type - 22) / 4 + 2, 4)
        default: nil
        }
    }

    /// `count` elements of numeric `type` stored flat at `offset`, as numbers (quaternions
    /// reordered to USD text's real-first order).
    private func fixed(type: Int, at offset: Int, count: Int) throws -> [Double] {
        guard let shape = shape(of: type) else { throw error("type \(type) is not numeric") }
        guard count <= (bytes.count - offset) / max(1, shape.bytes) else {
            throw error("an array at \(offset) claims \(count) elements, more than the file holds")
        }
        var numbers: [Double] = []
        numbers.reserveCapacity(count * shape.numbers)
        let isQuaternion = (16...18).contains(type)
        for element in 0..<count {
            for k in 0..<shape.numbers {
                let at = offset + element * shape.bytes + k * shape.scalar
                let number: Double
                switch (type, shape.scalar) {
                case (1, _), (2, _): number = Double(bytes[at])
                case (3, _), (22, _), (26, _), (30, _): number = Double(Int32(bitPattern: try uint32(at: at)))
                case (4, _): number = Double(try uint32(at: at))
                case (5, _): number = Double(Int64(bitPattern: try uint64(at: at)))
                case (6, _): number = Double(try uint64(at: at))
                case (_, 8): number = Double(bitPattern: try uint64(at: at))
                case (_, 4): number = Double(Float(bitPattern: try uint32(at: at)))
                default: number = Double(half(UInt16(littleEndianBytes: bytes[at..<at + 2])))
                }
                numbers.append(number)
            }
            // GfQuat stores the imaginary part first; USD's text writes the real part first.
            if isQuaternion {
                let first = numbers.count - 4
                let real = numbers[first + 3]
                numbers[first + 1...first + 3] = numbers[first...first + 2]
                numbers[first] = real
            }
        }
        return numbers
    }

    private func array(type: Int, at offset: Int, compressed: Bool) throws -> USDValue? {
        let wide = version.minor >= 7
        let countSize = wide ? 8 : 4
        if type == 11 || type == 10 || type == 12 {
            let count = try self.count(at: offset, elementSize: 4, wide: wide)
            return .array(try (0..<count).map { k in
                let index = Int(try uint32(at: offset + countSize + k * 4))
                return type == 10 ? .string(try string(index)) : type == 12 ? .asset(try token(index)) : .string(try token(index))
            })
        }
        guard let shape = shape(of: type) else { return nil }
        let count = try self.count(at: offset, elementSize: compressed ? 0 : shape.bytes, wide: wide)
        guard count <= USDLimits.elements else { throw error("an array of \(count) elements: too many") }
        var numbers: [Double]
        if compressed, [3, 4, 5, 6].contains(type) {
            numbers = try codedIntegers(at: offset + countSize, count: count, width: type >= 5 ? 8 : 4).0.map { Double($0) }
        } else if compressed, [7, 8, 9].contains(type) {
            numbers = try compressedReals(type: type, at: offset + countSize, count: count)
        } else {
            numbers = try fixed(type: type, at: offset + countSize, count: count)
        }
        if type == 1 { return .array(numbers.map { .bool($0 != 0) }) }
        return shape.numbers == 1 ? .numbers(numbers) : .vectors(numbers, width: shape.numbers)
    }

    /// A compressed array of floating-point numbers: whole numbers coded as integers (`i`), or a
    /// table of distinct values and coded indices into it (`t`).
    private func compressedReals(type: Int, at offset: Int, count: Int) throws -> [Double] {
        guard offset < bytes.count else { throw error("a compressed array past the end") }
        switch bytes[offset] {
        case UInt8(ascii: "i"):
            return try codedIntegers(at: offset + 1, count: count).0.map { Double($0) }
        case UInt8(ascii: "t"):
            let tableCount = try self.count(at: offset + 1, elementSize: type == 9 ? 8 : type == 8 ? 4 : 2, wide: false)
            let table = try fixed(type: type, at: offset + 5, count: tableCount)
            let tableBytes = tableCount * (type == 9 ? 8 : type == 8 ? 4 : 2)
            return try codedIntegers(at: offset + 5 + tableBytes, count: count).0.map { index in
                guard index >= 0, index < table.count else { throw error("a table index out of range") }
                return table[Int(index)]
            }
        default:
            throw error("an unknown compression of a floating-point array")
        }
    }

    /// A list edit at `offset` of items `elementSize` bytes or more each, read by `item` (which
    /// moves the position past the item): its explicit, added, prepended and appended items, in
    /// one list.
    private func listOp(at offset: Int, elementSize: Int, item: (inout Int) throws -> USDValue) throws -> USDValue {
        guard offset < bytes.count else { throw error("a list edit past the end") }
        let header = bytes[offset]
        var position = offset + 1
        var items: [USDValue] = []
        // Explicit, added, prepended, appended, deleted, ordered: the order the crate writes them.
        for bit: UInt8 in [2, 4, 32, 64, 8, 16] where header & bit != 0 {
            let count = try self.count(at: position, elementSize: elementSize)
            position += 8
            for _ in 0..<count {
                let value = try item(&position)
                if bit != 8 && bit != 16 { items.append(value) }
            }
        }
        return .array(items)
    }

    /// A list edit of 32-bit indices at `offset`, each item `item(index)`.
    private func indexListOp(at offset: Int, item: (Int) throws -> USDValue) throws -> USDValue {
        try listOp(at: offset, elementSize: 4) { position in
            defer { position += 4 }
            return try item(Int(try uint32(at: position)))
        }
    }

    /// A list edit of references or payloads (or one payload) at `offset`.
    private func references(type: Int, at offset: Int) throws -> USDValue {
        let hasLayerOffset = type != 47 || version.minor >= 8
        func one(_ position: inout Int) throws -> USDValue {
            let asset = try string(Int(try uint32(at: position)))
            let prim = try uint32(at: position + 4)
            position += 8
            if type == 35 {
                position += 16  // The layer offset: time only.
                position = try skipDictionary(at: position)
            } else if hasLayerOffset {
                position += 16
            }
            let path = prim == UInt32.max ? "" : try pathString(Int(prim))
            return .reference(asset: asset, primPath: path == "/" ? "" : path)
        }
        if type == 47 {
            var position = offset
            return try one(&position)
        }
        return try listOp(at: offset, elementSize: 8, item: one)
    }

    /// The position after the dictionary at `offset` (a reference's customData), not read:
    /// a count, then for each entry a key, the distance to its value's representation (after any
    /// data of the value) and the representation.
    private func skipDictionary(at offset: Int) throws -> Int {
        let count = try self.count(at: offset, elementSize: 12)
        var position = offset + 8
        for _ in 0..<count {
            let start = position + 4
            let distance = Int(truncatingIfNeeded: try uint64(at: start))
            guard distance >= 8, distance <= bytes.count - start - 8 else { throw error("a dictionary entry runs past the end") }
            position = start + distance + 8
        }
        return position
    }

    /// The value of an IEEE half-precision number.
    private func half(_ bits: UInt16) -> Float {
        let sign: Float = bits & 0x8000 != 0 ? -1 : 1
        let exponent = Int((bits >> 10) & 0x1F)
        let fraction = Float(bits & 0x3FF)
        switch exponent {
        case 0: return sign * fraction * Float(pow2: -24)
        case 31: return fraction == 0 ? sign * .infinity : .nan
        default: return sign * (1 + fraction / 1024) * Float(pow2: exponent - 15)
        }
    }
}

extension Float {
    /// Two to the power `exponent`.
    fileprivate init(pow2 exponent: Int) { self = Float(sign: .plus, exponent: exponent, significand: 1) }
}
