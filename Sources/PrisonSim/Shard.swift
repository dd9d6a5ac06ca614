import ArgumentParser

/// One of `count` equal parts of a run's games, numbered from 1: `--shard 2/4`.
///
/// The games of a run are numbered 0, 1, 2… across its points (point p's game i is number
/// p × games + i), and shard k of n plays the numbers that leave k - 1 when divided by n: every
/// shard gets a fair share of every point, whatever its cost, and the shards together play each
/// game once.
struct Shard: Hashable, CustomStringConvertible, ExpressibleByArgument {
    /// Which part, from 1 to `count`.
    let number: Int
    /// How many parts the games are cut into.
    let count: Int

    /// The most shards a run can be cut into.
    static let maximumCount = 1_000_000

    /// All the games, as one part.
    static let whole = Shard(number: 1, count: 1)

    init(number: Int, count: Int) {
        precondition((1...count).contains(number), "a shard's number is 1 to the count")
        self.number = number
        self.count = count
    }

    /// Reads `K/N`, with 1 ≤ K ≤ N ≤ a million.
    init?(argument: String) {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2,
            parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let number = Int(parts[0]), let count = Int(parts[1]),
            (1...Self.maximumCount).contains(count), (1...count).contains(number)
        else { return nil }
        self.init(number: number, count: count)
    }

    var description: String { "\(number)/\(count)" }

    static var defaultCompletionKind: CompletionKind { .default }

    /// Whether game `number` of the run is this shard's.
    func plays(_ game: Int) -> Bool { game % count == number - 1 }

    /// The numbers of this shard's games among `total`, in order.
    func games(of total: Int) -> StrideTo<Int> { stride(from: number - 1, to: total, by: count) }

    /// How many of `total` games are this shard's.
    func share(of total: Int) -> Int { total >= number ? (total - number) / count + 1 : 0 }
}

/// The options of `run` and `sweep` for the games CSV and shards.
struct GamesFileOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Write one CSV row per game to this file (rows go to FILE.partial as games finish).", valueName: "file"))
    var csv: String?
    @Flag(
        help:
            "Keep the games an earlier run of the same command left in the --csv file (or FILE.partial) and play the rest."
    )
    var resume = false
    @Option(
        help: ArgumentHelp(
            "Play only part K of N of the games (1 <= K <= N), for `prison-sim merge`.", valueName: "K/N"))
    var shard: Shard?

    func validate() throws {
        if resume, csv == nil { throw ValidationError("--resume needs the --csv file of the earlier run") }
    }
}
