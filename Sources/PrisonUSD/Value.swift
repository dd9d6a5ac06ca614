/// A value a USD layer holds: an attribute's default value, or a metadata field's.
///
/// Numbers are kept as `Double` (USD's `half`, `float`, `int` and the rest all fit), tokens and
/// strings as `String`; a tuple is a vector, quaternion or matrix row; arrays of numbers and of
/// equal-width numeric tuples are kept flat, so a mesh of thousands of points is one array.
package indirect enum USDValue: Equatable, Sendable {
    /// `true`, `false`, or a `bool` attribute's `0`/`1`.
    case bool(Bool)
    /// A number of any USD numeric type.
    case number(Double)
    /// A string or a token.
    case string(String)
    /// An asset path, `@…@`.
    case asset(String)
    /// A path in the scene, `</Root/Prim>`, or a property's `</Root/Prim.size>`.
    case path(String)
    /// A reference or payload: an asset path (empty for the same layer) and a prim path (empty
    /// for the layer's default prim).
    case reference(asset: String, primPath: String)
    /// A tuple: `(1, 2, 3)`, a matrix row, a quaternion.
    case tuple([USDValue])
    /// An array of numbers: `[1, 2, 3]`.
    case numbers([Double])
    /// An array of numeric tuples of `width` numbers each, flattened: `[(0, 0, 0), (1, 0, 0)]`.
    case vectors([Double], width: Int)
    /// Any other array.
    case array([USDValue])
    /// A dictionary: `customData`, `variants`.
    case dictionary([String: USDValue])
    /// `None`: an opinion that there is no value.
    case none

    /// The value as a number, if it is one (a `bool` counts as 0 or 1).
    package var number: Double? {
        switch self {
        case .number(let value): value
        case .bool(let value): value ? 1 : 0
        default: nil
        }
    }

    /// The value as a string, if it is a string, token or asset path.
    package var string: String? {
        switch self {
        case .string(let value), .asset(let value): value
        default: nil
        }
    }

    /// The value as a list of numbers: a tuple of numbers, or a flat array.
    package var numbers: [Double]? {
        switch self {
        case .numbers(let values), .vectors(let values, _): values
        case .tuple(let values):
            values.allSatisfy { $0.number != nil } ? values.compactMap(\.number) : values.flatMap { $0.numbers ?? [] }
        case .number(let value): [value]
        case .array(let values) where values.isEmpty: []
        default: nil
        }
    }

    /// The elements of an array (a flat numeric array is split back into numbers or tuples).
    package var elements: [USDValue]? {
        switch self {
        case .array(let values): values
        case .numbers(let values): values.map { .number($0) }
        case .vectors(let values, let width):
            stride(from: 0, to: values.count, by: width).map { start in
                .tuple(values[start..<start + width].map { .number($0) })
            }
        default: nil
        }
    }
}

/// Why a scene could not be read: the file and, for a parse error, the line.
package struct USDError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file (or `archive.usdz[entry]`).
    package var file: String
    /// The line, 1 up, when the error is at a place in a text file.
    package var line: Int?
    /// What is wrong.
    package var reason: String
    /// Whether the file is a binary crate this reader could not read (damaged, or using what
    /// it does not read): a reference to it is left out with a warning rather than failing the load.
    package var isUnsupportedFormat = false

    package init(file: String, line: Int? = nil, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    /// `file:line: reason`.
    package var description: String {
        if let line { return "\(file):\(line): \(reason)" }
        return "\(file): \(reason)"
    }
}

/// Limits on what a scene may hold, so that a damaged or hostile file is refused with an error
/// rather than exhausting memory or the stack.
package enum USDLimits {
    /// How deep prims, values and references may nest.
    package static let depth = 256
    /// How many prims a composed scene may hold.
    package static let prims = 1_000_000
    /// How many elements an array may hold.
    package static let elements = 50_000_000
}
