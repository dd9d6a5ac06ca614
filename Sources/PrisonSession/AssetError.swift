import Foundation

/// A file the desktop front end needs that is missing or damaged, with a message a player can act on.
public struct AssetError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The message, naming the file and what is wrong with it.
    public let description: String

    /// An error that says `description`.
    public init(_ description: String) {
        self.description = description
    }
}
