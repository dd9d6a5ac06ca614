import Foundation

/// `value` as the JSON every program of the package prints and saves: keys as the Swift
/// properties name them (camelCase, no key strategy), sorted, pretty-printed with slashes left
/// unescaped, and a newline at the end, so the output of two runs compares line by line. Fails
/// only for what JSON cannot hold, such as a NaN or infinite number.
public func jsonData(_ value: some Encodable) throws(EncodingError) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do { return try encoder.encode(value) + Data("\n".utf8) } catch let error as EncodingError { throw error } catch {
        throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: [], debugDescription: "\(error)"))
    }
}
