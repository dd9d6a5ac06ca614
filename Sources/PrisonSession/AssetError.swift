import Foundation

/// A file the desktop front end needs that is missing or damaged, with a message a player can act on.
public struct AssetError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The message, naming the file and what is wrong with it.
    public let description: String

    /// An error that says `description`.
    package init(_ description: String) {
        self.description = description
    }
}

/// What went wrong decoding JSON, with the path to the offending value.
package func describe(_ error: any Error) -> String {
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
