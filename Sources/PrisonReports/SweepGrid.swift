import Foundation

/// The values a sweep gives each parameter, from a grid file and the command line, and the
/// points they make: every combination, the first parameter changing slowest.
public struct SweepGrid {
    /// The values of each parameter given, as text, in the order given.
    public private(set) var values: [Parameter: [String]] = [:]

    /// A grid with no values given: one point, every parameter at its default.
    public init() {}

    /// The most points a sweep can have.
    public static let maximumPoints = 10_000

    /// Sets `parameter` to the values of `list`: comma-separated values, and for whole numbers
    /// ranges `LOW..HIGH` or `LOW..HIGH:STEP`. Replaces any values it had.
    public mutating func set(_ parameter: Parameter, to list: String) throws(ParameterError) {
        var texts: [String] = []
        for item in list.split(separator: ",", omittingEmptySubsequences: false) {
            let item = item.trimmingCharacters(in: .whitespaces)
            guard !item.isEmpty else { throw ParameterError("\(parameter.rawValue) has an empty value in '\(list)'") }
            if let range = Self.range(item) {
                guard [.walls, .width, .height, .colours, .thinkPlayouts].contains(parameter) else {
                    throw ParameterError("\(parameter.rawValue) takes no range such as '\(item)'")
                }
                texts += range.map(String.init)
            } else {
                texts.append(item)
            }
        }
        var probe = PointSettings()
        for text in texts {
            do throws(ParameterError) { try parameter.set(text, in: &probe) } catch {
                throw ParameterError("\(parameter.rawValue): \(error)")
            }
        }
        var seen = Set<String>()
        for text in texts where !seen.insert(text).inserted {
            throw ParameterError("\(parameter.rawValue) lists \(text) twice")
        }
        guard texts.count <= Self.maximumPoints else {
            throw ParameterError("\(parameter.rawValue) has more than \(Self.maximumPoints) values")
        }
        values[parameter] = texts
    }

    /// Reads a grid file: a line a parameter, `NAME = VALUES` (or `NAME: VALUES`), with VALUES as
    /// on the command line; blank lines and lines starting with `#` are skipped.
    public mutating func read(_ text: String, from path: String) throws(ReportError) {
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = line.trimmingCharacters(in: .whitespaces.union(["\r"]))
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            guard let separator = line.firstIndex(where: { $0 == "=" || $0 == ":" }) else {
                throw .badData("\(path) line \(number + 1): expected NAME = VALUES, not '\(line)'")
            }
            let name = line[..<separator].trimmingCharacters(in: .whitespaces)
            guard let parameter = Parameter(rawValue: name) else {
                throw .badData(
                    "\(path) line \(number + 1): no parameter '\(name)'; the parameters are "
                        + Parameter.allCases.map(\.rawValue).joined(separator: ", "))
            }
            do throws(ParameterError) {
                try set(parameter, to: String(line[line.index(after: separator)...]))
            } catch { throw .badData("\(path) line \(number + 1): \(error)") }
        }
    }

    /// Every combination of the values, each parameter left out at its default; a message when a
    /// combination makes no sense (the message names it) or there are too many.
    public func points() throws(ParameterError) -> [PointSettings] {
        if values[.think] != nil, values[.thinkPlayouts] != nil {
            throw ParameterError("give think or think-playouts, not both")
        }
        let count = values.values.reduce(1) { $0.multipliedReportingOverflow(by: $1.count).partialValue }
        guard count <= Self.maximumPoints else {
            throw ParameterError("the grid has \(count) points; at most \(Self.maximumPoints) are allowed")
        }
        var points = [PointSettings()]
        for parameter in Parameter.allCases {
            guard let texts = values[parameter] else { continue }
            points = points.flatMap { point in
                texts.map { text in
                    var point = point
                    try! parameter.set(text, in: &point)  // each text was read once already
                    return point
                }
            }
        }
        for point in points {
            if let problem = point.problem {
                let given = Parameter.allCases.filter { values[$0] != nil }
                    .map { "\($0.rawValue) \($0.text(in: point))" }.joined(separator: ", ")
                throw ParameterError(given.isEmpty ? problem : "\(problem) (at \(given))")
            }
        }
        return points
    }

    /// The whole numbers of `LOW..HIGH` or `LOW..HIGH:STEP`, or nil when `text` is not a range.
    private static func range(_ text: String) -> [Int]? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        let bounds = parts[0].components(separatedBy: "..")
        guard bounds.count == 2, parts.count <= 2, let low = Int(bounds[0]), let high = Int(bounds[1]), low <= high,
            let step = parts.count == 2 ? Int(parts[1]) : 1, step >= 1, (high - low) / step < maximumPoints
        else { return nil }
        return Array(stride(from: low, through: high, by: step))
    }
}
