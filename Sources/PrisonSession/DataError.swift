import Foundation

/// Data that does not decode as what it should hold (palettes, settings, best scores, statistics),
/// with a message that says where and what is wrong.
public struct DataError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The message, naming what is wrong and where.
    public let description: String

    /// An error that says `description`.
    package init(_ description: String) {
        self.description = description
    }
}

/// An earlier name of ``DataError``, from when it stood for the front end's files too (those
/// errors are the desktop host's own now).
@available(*, deprecated, renamed: "DataError", message: "AssetError is now DataError: data that does not decode")
public typealias AssetError = DataError

/// What went wrong decoding JSON, with the path to the offending value.
func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return String(describing: error) }
    func path(_ codingPath: [any CodingKey]) -> String {
        let text = codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
        return text.isEmpty ? "the top level" : String(text.drop { $0 == "." })
    }
    switch error {
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
        return "not JSON"
    case .dataCorrupted(let context):
        return "\(path(context.codingPath)): \(context.debugDescription)"
    case .keyNotFound(let key, let context):
        return "\(path(context.codingPath + [key])) is missing"
    case .typeMismatch(let type, let context):
        return "\(path(context.codingPath)) is not \(article(for: type))"
    case .valueNotFound(let type, let context):
        return "\(path(context.codingPath)) is null, not \(article(for: type))"
    @unknown default:
        return String(describing: error)
    }
}

/// `a String`, `an Int`: the name of a decoded type for a message.
private func article(for type: Any.Type) -> String {
    let name = String(describing: type)
    return ("AEIOU".contains(name.prefix(1)) ? "an " : "a ") + name
}
