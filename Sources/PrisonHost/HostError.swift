/// What the desktop host could not do, with a message a player can act on: a file the front end
/// needs that is missing or damaged, a file it cannot write, the player's database or the
/// profile's lock failing.
public struct HostError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The message, naming the file or what failed and why.
    public let description: String

    /// An error that says `description`.
    package init(_ description: String) {
        self.description = description
    }
}
