import ArgumentParser
import PrisonRules

@main
struct PrisonSim: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prison-sim",
        abstract: "Puzzle Prison without a window: make boards, play moves, pick blocks with rays, measure the engines.",
        subcommands: [New.self, Play.self, Pick.self, Bench.self])
}

extension Scoring: ExpressibleByArgument {}
extension CornerLinks: ExpressibleByArgument {}

/// A number of seconds on the command line, read exactly to the microsecond.
struct Seconds: ExpressibleByArgument {
    let duration: Duration

    init?(argument: String) {
        guard let duration = Duration(secondsText: argument) else { return nil }
        self.duration = duration
    }

    var defaultValueDescription: String { duration.secondsText }
}

/// The rule options shared by the commands that play.
struct RuleOptions: ParsableArguments {
    @Option(help: "Points for a group of n: n-2 gives (n-2)^2, n-1 gives (n-1)^2.")
    var scoring: Scoring = .nMinus2

    @Option(help: "Whether groups link around the corners of a four-wall room: linked or open.")
    var corners: CornerLinks = .linked

    @Option(help: "Seconds a break lasts; a removal within it raises the multiplier.")
    var comboWindow = Seconds(argument: "1")!

    var rules: Rules { Rules(scoring: scoring, corners: corners, comboWindow: comboWindow.duration) }
}
