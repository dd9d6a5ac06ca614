import ArgumentParser
import Foundation
import PrisonFiles
import PrisonRules
import PrisonSession

@main
struct PrisonSim: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prison-sim",
        abstract: "Puzzle Prison without a window: make boards, play moves, pick blocks with rays, measure the engines.",
        version: "prison-sim \(About.packageVersion)",
        subcommands: [New.self, Play.self, Solve.self, Run.self, Sweep.self, Merge.self, Pick.self, EngineBench.self])

    static func main() {
        // A closed standard output must not be taken over by a file opened later.
        reserveStandardStreams()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let request where exitCode(for: request).isSuccess {
            printHelp(answering: request)
        } catch {
            exit(withError: error)
        }
    }

    /// Prints what ArgumentParser answers `request` with (the help, a completion script) as its
    /// `exit(withError:)` would, except that an output that cannot be written (full, closed)
    /// fails with 74 instead of passing unnoticed.
    private static func printHelp(answering request: any Error) {
        let help = fullMessage(for: request)
        guard !help.isEmpty else { return }
        do { try reportingFailures { try writeOutput(Data((help + "\n").utf8)) } } catch { exit(withError: error) }
    }
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

    init(_ duration: Duration) { self.duration = duration }

    var defaultValueDescription: String { duration.secondsText }
}

/// The rule options shared by the commands that play.
struct RuleOptions: ParsableArguments {
    @Option(help: "Points for a group of n: n-2 gives (n-2)^2, n-1 gives (n-1)^2.")
    var scoring = Rules().scoring

    @Option(help: "Whether groups link around the corners of a four-wall room: linked or open.")
    var corners = Rules().corners

    @Option(help: "Seconds a break lasts (at most 60); a removal within it raises the multiplier.")
    var comboWindow = Seconds(Rules().comboWindow)

    func validate() throws {
        guard Rules.allowedComboWindows.contains(comboWindow.duration) else {
            throw ValidationError(
                "--combo-window must be at most \(Rules.maximumComboWindow.secondsText) seconds, not \(comboWindow.duration.secondsText)")
        }
    }

    var rules: Rules { Rules(scoring: scoring, corners: corners, comboWindow: comboWindow.duration) }
}

/// The shape and colours of random boards, shared by the commands that make them.
struct BoardOptions: ParsableArguments {
    @Option(help: "Walls around the player: 4, or 1 for classic SameGame.")
    var walls = 4
    @Option(help: "Columns per wall (1 to 32).")
    var width = 12
    @Option(help: "Rows per wall (1 to 32).")
    var height = 10
    @Option(help: "Colours (2 to 10).")
    var colours = Board.defaultColours

    func validate() throws {
        do { _ = try Room(walls: walls, width: width, height: height) } catch {
            throw ValidationError(error.description)
        }
        guard (2...Board.maximumColours).contains(colours) else {
            throw ValidationError("--colours must be 2 to \(Board.maximumColours), not \(colours)")
        }
    }

    /// The room; valid once the options are validated.
    var room: Room { try! Room(walls: walls, width: width, height: height) }

    /// The options as they are typed.
    var arguments: String { "--walls \(walls) --width \(width) --height \(height) --colours \(colours)" }
}
