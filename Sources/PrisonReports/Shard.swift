/// One of `count` equal parts of a run's games, numbered from 1: `--shard 2/4`.
///
/// The games of a run are numbered 0, 1, 2… across its points (point p's game i is number
/// p × games + i), and shard k of n plays the numbers that leave k - 1 when divided by n: every
/// shard gets a fair share of every point, whatever its cost, and the shards together play each
/// game once.
public struct Shard: Hashable, Sendable, CustomStringConvertible {
    /// Which part, from 1 to `count`.
    public let number: Int
    /// How many parts the games are cut into.
    public let count: Int

    /// The most shards a run can be cut into.
    public static let maximumCount = 1_000_000

    /// All the games, as one part.
    public static let whole = Shard(number: 1, count: 1)

    /// Part `number` of `count`; `number` must be 1 to `count`.
    public init(number: Int, count: Int) {
        precondition((1...count).contains(number), "a shard's number is 1 to the count")
        self.number = number
        self.count = count
    }

    /// Reads `K/N`, with 1 ≤ K ≤ N ≤ a million; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2,
            parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let number = Int(parts[0]), let count = Int(parts[1]),
            (1...Self.maximumCount).contains(count), (1...count).contains(number)
        else { return nil }
        self.init(number: number, count: count)
    }

    /// The shard as `K/N`.
    public var description: String { "\(number)/\(count)" }

    /// Whether game `number` of the run is this shard's.
    public func plays(_ game: Int) -> Bool { game % count == number - 1 }

    /// The numbers of this shard's games among `total`, in order.
    public func games(of total: Int) -> StrideTo<Int> { stride(from: number - 1, to: total, by: count) }

    /// How many of `total` games are this shard's.
    public func share(of total: Int) -> Int { total >= number ? (total - number) / count + 1 : 0 }
}
