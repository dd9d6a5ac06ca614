import Foundation

/// A file the desktop front end needs that is missing or damaged, with a message a player can act on.
public struct AssetError: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
