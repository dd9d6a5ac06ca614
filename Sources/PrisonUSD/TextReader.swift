/// Reads a `.usda` text layer into prim specs: USD's text grammar as Reality Composer Pro and
/// OpenUSD write it (prims, properties, metadata, list edits, variant sets, time samples).
/// Errors name the file and line; nesting deeper than ``USDLimits/depth`` is refused.
package struct USDTextReader {
    private var bytes: [UInt8]
    private var index = 0
    private var line = 1
    private let location: USDLocation
    private var depth = 0

    /// Reads the layer `bytes` found at `location`.
    package static func read(_ bytes: [UInt8], at location: USDLocation) throws(USDError) -> USDLayer {
        var reader = USDTextReader(bytes: bytes, location: location)
        return try reader.layer()
    }

    private init(bytes: [UInt8], location: USDLocation) {
        self.bytes = bytes
        self.location = location
    }

    // MARK: Tokens

    private enum Token: Equatable {
        case word(String)
        case string(String)
        case asset(String)
        case path(String)
        case number(Double)
        case punctuation(UInt8)
        case end
    }

    private func error(_ reason: String) -> USDError { USDError(file: location.description, line: line, reason: reason) }

    /// Skips blanks, newlines and `#` comments.
    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"): line += 1; index += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): index += 1
            case UInt8(ascii: "#"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            default: return
            }
        }
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "!"), 0x80...0xFF:
            true
        default: false
        }
    }

    private mutating func peek() throws(USDError) -> Token {
        let (savedIndex, savedLine) = (index, line)
        let token = try next()
        (index, line) = (savedIndex, savedLine)
        return token
    }

    private mutating func next() throws(USDError) -> Token {
        skipSpace()
        guard index < bytes.count else { return .end }
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return .string(try quoted())
        case UInt8(ascii: "@"): return .asset(try assetPath())
        case UInt8(ascii: "<"):
            let start = index + 1
            guard let end = bytes[start...].firstIndex(of: UInt8(ascii: ">")) else { throw error("a path has no closing '>'") }
            index = end + 1
            return .path(String(decoding: bytes[start..<end], as: UTF8.self))
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try number())
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
            UInt8(ascii: "="), UInt8(ascii: ","), UInt8(ascii: ";"):
            index += 1
            return .punctuation(byte)
        default:
            guard Self.isWordByte(byte) else {
                throw error("unexpected character '\(String(decoding: [byte], as: UTF8.self))'")
            }
            let start = index
            while index < bytes.count, Self.isWordByte(bytes[index]) { index += 1 }
            // `float3[]` and `token[]` are one type name.
            if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "["), bytes[index + 1] == UInt8(ascii: "]") { index += 2 }
            let word = String(decoding: bytes[start..<index], as: UTF8.self)
            switch word {
            case "inf": return .number(.infinity)
            case "nan": return .number(.nan)
            default: return .word(word)
            }
        }
    }

    private mutating func number() throws(USDError) -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        if index + 2 < bytes.count, bytes[index] == UInt8(ascii: "i"), bytes[index + 1] == UInt8(ascii: "n"),
            bytes[index + 2] == UInt8(ascii: "f")
        {
            index += 3
            return bytes[start] == UInt8(ascii: "-") ? -.infinity : .infinity
        }
        while index < bytes.count, Self.isNumberByte(bytes[index], after: bytes[index - 1]) { index += 1 }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
            throw error("'\(String(decoding: bytes[start..<index], as: UTF8.self))' is not a number")
        }
        return value
    }

    private static func isNumberByte(_ byte: UInt8, after previous: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): true
        case UInt8(ascii: "-"), UInt8(ascii: "+"): previous == UInt8(ascii: "e") || previous == UInt8(ascii: "E")
        default: false
        }
    }

    /// A string in single, double or triple quotes, with its escapes.
    private mutating func quoted() throws(USDError) -> String {
        let quote = bytes[index]
        let startLine = line
        let triple = index + 2 < bytes.count && bytes[index + 1] == quote && bytes[index + 2] == quote
        index += triple ? 3 : 1
        var result: [UInt8] = []
        while true {
            guard index < bytes.count else {
                throw USDError(file: location.description, line: startLine, reason: "a string has no closing quote")
            }
            let byte = bytes[index]
            if byte == quote {
                if !triple { index += 1; break }
                if index + 2 < bytes.count, bytes[index + 1] == quote, bytes[index + 2] == quote { index += 3; break }
            }
            if byte == UInt8(ascii: "\n") {
                guard triple else { throw error("a string has no closing quote on its line") }
                line += 1
            }
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                index += 1
                switch bytes[index] {
                case UInt8(ascii: "n"): result.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "t"): result.append(UInt8(ascii: "\t"))
                default: result.append(bytes[index])
                }
                index += 1
                continue
            }
            result.append(byte)
            index += 1
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// `@path@` or `@@@path@@@`.
    private mutating func assetPath() throws(USDError) -> String {
        let triple = index + 2 < bytes.count && bytes[index + 1] == UInt8(ascii: "@") && bytes[index + 2] == UInt8(ascii: "@")
        index += triple ? 3 : 1
        let start = index
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") { break }
            if bytes[index] == UInt8(ascii: "@") {
                if !triple {
                    defer { index += 1 }
                    return String(decoding: bytes[start..<index], as: UTF8.self)
                }
                if index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "@"), bytes[index + 2] == UInt8(ascii: "@") {
                    defer { index += 3 }
                    return String(decoding: bytes[start..<index], as: UTF8.self)
                }
            }
            index += 1
        }
        throw error("an asset path has no closing '@'")
    }

    private mutating func expect(_ byte: UInt8) throws(USDError) {
        let token = try next()
        guard token == .punctuation(byte) else {
            throw error("expected '\(String(decoding: [byte], as: UTF8.self))', found \(describe(token))")
        }
    }

    private mutating func word() throws(USDError) -> String {
        let token = try next()
        guard case .word(let word) = token else { throw error("expected a name, found \(describe(token))") }
        return word
    }

    private mutating func string() throws(USDError) -> String {
        let token = try next()
        guard case .string(let string) = token else { throw error("expected a quoted name, found \(describe(token))") }
        return string
    }

    private func describe(_ token: Token) -> String {
        switch token {
        case .word(let word): "'\(word)'"
        case .string(let string): "the string \"\(string.prefix(40))\""
        case .asset(let asset): "the asset path @\(asset.prefix(40))@"
        case .path(let path): "the path <\(path.prefix(40))>"
        case .number(let number): "the number \(number)"
        case .punctuation(let byte): "'\(String(decoding: [byte], as: UTF8.self))'"
        case .end: "the end of the file"
        }
    }

    private mutating func enter() throws(USDError) {
        depth += 1
        if depth > USDLimits.depth { throw error("nesting deeper than \(USDLimits.depth) levels") }
    }

    // MARK: Grammar

    private mutating func layer() throws(USDError) -> USDLayer {
        guard bytes.starts(with: Array("#usda ".utf8)) else {
            throw USDError(file: location.description, line: 1, reason: "not a USD text file: it does not start with '#usda 1.0'")
        }
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
        var layer = USDLayer(location: location)
        if try peek() == .punctuation(UInt8(ascii: "(")) {
            _ = try next()
            layer.metadata = try metadata()
        }
        while true {
            let token = try next()
            switch token {
            case .end: return layer
            case .word("def"), .word("over"), .word("class"):
                layer.rootPrims.append(try prim(specifier: token))
            case .word("reorder"):
                _ = try word()
                try expect(UInt8(ascii: "="))
                _ = try value()
            default: throw error("expected a prim ('def', 'over' or 'class'), found \(describe(token))")
            }
        }
    }

    /// Metadata entries up to the closing ')' (the '(' read).
    private mutating func metadata() throws(USDError) -> [String: USDValue] {
        var entries: [String: USDValue] = [:]
        while true {
            var token = try next()
            switch token {
            case .punctuation(UInt8(ascii: ")")): return entries
            case .punctuation(UInt8(ascii: ";")): continue
            case .string(let doc): entries["doc"] = .string(doc)
            case .word(var key):
                var edit: String?
                if ["prepend", "append", "add", "delete", "reorder"].contains(key) {
                    edit = key
                    key = try word()
                }
                // A typed entry of a dictionary-like metadata field: `string creator = …`.
                token = try next()
                if case .word(let name) = token {
                    key = name
                    token = try next()
                }
                guard token == .punctuation(UInt8(ascii: "=")) else {
                    throw error("expected '=' after '\(key)', found \(describe(token))")
                }
                let value = try value()
                if edit == "delete" || edit == "reorder" { continue }
                if edit != nil, case .array(let added)? = entries[key], case .array(let more) = value {
                    entries[key] = .array(edit == "prepend" ? more + added : added + more)
                } else {
                    entries[key] = value
                }
            default: throw error("expected a metadata field, found \(describe(token))")
            }
        }
    }

    /// A prim: its specifier read, then its type, name, metadata and body.
    private mutating func prim(specifier token: Token) throws(USDError) -> USDPrimSpec {
        try enter()
        defer { depth -= 1 }
        let startLine = line
        let specifier: USDSpecifier =
            switch token {
            case .word("over"): .over
            case .word("class"): .class
            default: .def
            }
        var typeName = ""
        var nameToken = try next()
        if case .word(let type) = nameToken {
            typeName = type
            nameToken = try next()
        }
        guard case .string(let name) = nameToken else { throw error("expected the prim's quoted name, found \(describe(nameToken))") }
        var spec = USDPrimSpec(specifier: specifier, typeName: typeName, name: name, line: startLine)
        if try peek() == .punctuation(UInt8(ascii: "(")) {
            _ = try next()
            spec.metadata = try metadata()
        }
        try expect(UInt8(ascii: "{"))
        try body(of: &spec)
        return spec
    }

    /// A prim's body up to its closing '}' (the '{' read).
    private mutating func body(of spec: inout USDPrimSpec) throws(USDError) {
        while true {
            let token = try next()
            switch token {
            case .punctuation(UInt8(ascii: "}")): return
            case .punctuation(UInt8(ascii: ";")): continue
            case .word("def"), .word("over"), .word("class"):
                spec.children.append(try prim(specifier: token))
            case .word("variantSet"):
                let setName = try string()
                try expect(UInt8(ascii: "="))
                try expect(UInt8(ascii: "{"))
                var variants: [String: USDPrimSpec] = spec.variantSets[setName] ?? [:]
                while true {
                    let variantToken = try next()
                    if variantToken == .punctuation(UInt8(ascii: "}")) { break }
                    guard case .string(let variantName) = variantToken else {
                        throw error("expected a variant's quoted name, found \(describe(variantToken))")
                    }
                    try enter()
                    var variant = USDPrimSpec(specifier: .over, typeName: "", name: variantName, line: line)
                    if try peek() == .punctuation(UInt8(ascii: "(")) {
                        _ = try next()
                        variant.metadata = try metadata()
                    }
                    try expect(UInt8(ascii: "{"))
                    try body(of: &variant)
                    depth -= 1
                    variants[variantName] = variant
                }
                spec.variantSets[setName] = variants
            case .word("reorder"):
                let what = try word()
                try expect(UInt8(ascii: "="))
                let order = try value()
                if what == "nameChildren" { spec.childOrder = order.elements?.compactMap(\.string) }
            case .word(let first):
                try property(startingWith: first, into: &spec)
            default: throw error("expected a prim, property or '}', found \(describe(token))")
            }
        }
    }

    /// A property declaration whose first word is `first`.
    private mutating func property(startingWith first: String, into spec: inout USDPrimSpec) throws(USDError) {
        var word = first
        var isEdit = false
        while ["custom", "uniform", "varying", "config", "prepend", "append", "add", "delete"].contains(word) {
            isEdit = isEdit || ["prepend", "append", "add", "delete"].contains(word)
            word = try self.word()
        }
        let typeName = word
        var name = try self.word()
        var isTimeSamples = false
        var isConnection = false
        if name.hasSuffix(".timeSamples") {
            name.removeLast(".timeSamples".count)
            isTimeSamples = true
        } else if name.hasSuffix(".connect") {
            name.removeLast(".connect".count)
            isConnection = true
        } else if name.hasSuffix(".spline") {
            throw error("'\(name)': splines are not read")
        }
        var value: USDValue?
        if try peek() == .punctuation(UInt8(ascii: "=")) {
            _ = try next()
            value = try self.value()
        }
        if try peek() == .punctuation(UInt8(ascii: "(")) {
            _ = try next()
            _ = try metadata()
        }
        if isTimeSamples || isConnection || (isEdit && typeName != "rel") {
            // Animation and shader connections: kept only as the fact that the property exists.
            if spec.properties[name] == nil { spec.properties[name] = USDPropertySpec(typeName: typeName, value: nil) }
            return
        }
        spec.properties[name] = USDPropertySpec(typeName: typeName, value: value)
    }

    /// A value: a number, string, token, asset, path, reference, tuple, array or dictionary.
    private mutating func value() throws(USDError) -> USDValue {
        let token = try next()
        switch token {
        case .number(let number): return .number(number)
        case .string(let string): return .string(string)
        case .word("true"): return .bool(true)
        case .word("false"): return .bool(false)
        case .word("None"): return .none
        case .word(let word): return .string(word)
        case .path(let path): return try referenceTail(asset: "", path: path)
        case .asset(let asset):
            if case .path(let path) = try peek() {
                _ = try next()
                return try referenceTail(asset: asset, path: path)
            }
            return try referenceTail(asset: asset, path: nil)
        case .punctuation(UInt8(ascii: "(")):
            try enter()
            defer { depth -= 1 }
            return .tuple(try list(closing: UInt8(ascii: ")")))
        case .punctuation(UInt8(ascii: "[")):
            try enter()
            defer { depth -= 1 }
            return array(try list(closing: UInt8(ascii: "]")))
        case .punctuation(UInt8(ascii: "{")):
            try enter()
            defer { depth -= 1 }
            return try dictionary()
        default: throw error("expected a value, found \(describe(token))")
        }
    }

    /// A path or asset, then the layer offset a reference may carry: a path alone is `.path`.
    private mutating func referenceTail(asset: String, path: String?) throws(USDError) -> USDValue {
        if !asset.isEmpty || path != nil, try peek() == .punctuation(UInt8(ascii: "(")) {
            // A reference's layer offset `(offset = 1; scale = 2)`: time only, not read.
            _ = try next()
            _ = try metadata()
            return .reference(asset: asset, primPath: path ?? "")
        }
        if asset.isEmpty, let path { return .path(path) }
        return path.map { .reference(asset: asset, primPath: $0) } ?? .asset(asset)
    }

    /// Values separated by commas up to `closing`.
    private mutating func list(closing: UInt8) throws(USDError) -> [USDValue] {
        var values: [USDValue] = []
        while true {
            if try peek() == .punctuation(closing) {
                _ = try next()
                return values
            }
            values.append(try value())
            if values.count > USDLimits.elements { throw error("an array of more than \(USDLimits.elements) elements") }
            let token = try next()
            if token == .punctuation(closing) { return values }
            guard token == .punctuation(UInt8(ascii: ",")) else {
                throw error("expected ',' or '\(String(decoding: [closing], as: UTF8.self))', found \(describe(token))")
            }
        }
    }

    /// An array of `values`, flat when they are all numbers or all numeric tuples of one width.
    private func array(_ values: [USDValue]) -> USDValue {
        if values.isEmpty { return .array([]) }
        if case .number = values[0], values.allSatisfy({ if case .number = $0 { true } else { false } }) {
            return .numbers(values.map { $0.number ?? 0 })
        }
        if case .tuple(let first) = values[0], !first.isEmpty {
            var flat: [Double] = []
            flat.reserveCapacity(values.count * first.count)
            for value in values {
                guard case .tuple(let parts) = value, parts.count == first.count else { return .array(values) }
                for part in parts {
                    guard case .number(let number) = part else { return .array(values) }
                    flat.append(number)
                }
            }
            return .vectors(flat, width: first.count)
        }
        return .array(values)
    }

    /// A dictionary up to its '}' (the '{' read): `type key = value` entries, or the
    /// `time: value` samples of an animated attribute (kept as the dictionary of their times).
    private mutating func dictionary() throws(USDError) -> USDValue {
        var entries: [String: USDValue] = [:]
        while true {
            var token = try next()
            switch token {
            case .punctuation(UInt8(ascii: "}")): return .dictionary(entries)
            case .punctuation(UInt8(ascii: ";")), .punctuation(UInt8(ascii: ",")): continue
            case .number(let time):
                // A time sample `0: value`; the lexer read `0:` as part of a word or a number.
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: ":") { index += 1 }
                entries[String(time)] = try value()
            case .word(var key) where key.hasSuffix(":") && Double(key.dropLast()) != nil:
                key.removeLast()
                entries[key] = try value()
            case .word, .string:
                var key: String
                switch token {
                case .word(let word), .string(let word): key = word
                default: key = ""
                }
                token = try next()
                if case .word(let name) = token {
                    key = name
                    token = try next()
                } else if case .string(let name) = token {
                    key = name
                    token = try next()
                }
                guard token == .punctuation(UInt8(ascii: "=")) else {
                    throw error("expected '=' in a dictionary, found \(describe(token))")
                }
                entries[key] = try value()
            default: throw error("expected a dictionary entry or '}', found \(describe(token))")
            }
        }
    }
}
