import ArgumentParser
import PrisonReports

extension Shard: ExpressibleByArgument {
    /// Reads `K/N` on the command line, as ``Shard/init(_:)`` reads it.
    public init?(argument: String) { self.init(argument) }

    /// No completion: a shard is typed.
    public static var defaultCompletionKind: CompletionKind { .default }
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
