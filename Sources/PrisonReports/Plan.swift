import Foundation
import PrisonRules
import PrisonSearch
import PrisonWorld

/// How long a searching player thinks about each move: a time, or a number of playouts (which
/// makes games repeatable on any machine).
public enum Thinking: Hashable, Sendable {
    /// Seconds of search a move.
    case seconds(Double)
    /// Playouts a move.
    case playouts(Int)

    /// The search budget of one move.
    public var budget: SearchBudget {
        switch self {
        case .seconds(let seconds): .seconds(seconds)
        case .playouts(let playouts): SearchBudget(playouts: playouts)
        }
    }
}

/// The settings of one point of a run or sweep: everything a game depends on besides the run's
/// seed, its mode and the game's index. The defaults are those of `prison-sim run`.
public struct PointSettings: Hashable, Sendable {
    /// The longest a searching player may think about one move: a game has a hundred moves or
    /// more, so a minute a move is already hours a game; `prison-sim solve` is for long searches.
    public static let maximumThinkSeconds = 60.0
    /// The most playouts a searching player may run for one move: minutes of work at the tens of
    /// thousands of playouts a second the searches run.
    public static let maximumThinkPlayouts = 10_000_000
    /// The longest time between two taps: past the longest combo window, taps never combo, so a
    /// longer wait changes nothing but the clock.
    public static let maximumTapInterval = Rules.maximumComboWindow

    /// Walls around the player: 4, or 1 for classic SameGame.
    public var walls: Int
    /// Columns per wall.
    public var width: Int
    /// Rows per wall.
    public var height: Int
    /// The number of colours of the boards.
    public var colours: Int
    /// Whether groups link around the corners of the room.
    public var corners: CornerLinks
    /// How a group's size turns into points.
    public var scoring: Scoring
    /// How long a break lasts: a removal within it raises the multiplier.
    public var comboWindow: Duration
    /// World time between two taps.
    public var tapInterval: Duration
    /// The name of the simulated player (one of `Players.all`).
    public var player: String
    /// How long a searching player thinks about each move.
    public var thinking: Thinking

    /// The settings given, the others those of `prison-sim run` by default.
    public init(
        walls: Int = Room.standard.walls, width: Int = Room.standard.width, height: Int = Room.standard.height,
        colours: Int = Board.defaultColours, corners: CornerLinks = Rules().corners, scoring: Scoring = Rules().scoring,
        comboWindow: Duration = Rules().comboWindow, tapInterval: Duration = Simulation.defaultTapInterval,
        player: String = "random", thinking: Thinking = .seconds(0.1)
    ) {
        self.walls = walls
        self.width = width
        self.height = height
        self.colours = colours
        self.corners = corners
        self.scoring = scoring
        self.comboWindow = comboWindow
        self.tapInterval = tapInterval
        self.player = player
        self.thinking = thinking
    }

    /// The rules of the games.
    public var rules: Rules { Rules(scoring: scoring, corners: corners, comboWindow: comboWindow) }

    /// The player as reports name it: a searching player with its thinking budget.
    public var playerDescription: String {
        guard Players.named(player)?.searches == true else { return player }
        return switch thinking {
        case .seconds(let seconds): "\(player), \(numberText(seconds)) s a move"
        case .playouts(let playouts): "\(player), \(playouts) playouts a move"
        }
    }

    /// The room as reports name it: "4 walls of 12x10".
    public var roomDescription: String { "\(walls) wall\(walls == 1 ? "" : "s") of \(width)x\(height)" }

    /// The problem with these settings, if any, as a sentence.
    public var problem: String? {
        do { _ = try Room(walls: walls, width: width, height: height) } catch { return error.description }
        guard (2...Board.maximumColours).contains(colours) else {
            return "colours must be 2 to \(Board.maximumColours), not \(colours)"
        }
        guard Rules.allowedComboWindows.contains(comboWindow) else {
            return "combo-window must be at most \(Rules.maximumComboWindow.secondsText) seconds"
        }
        guard tapInterval > .zero, tapInterval <= Self.maximumTapInterval else {
            return "tap-interval must be more than 0 and at most \(Self.maximumTapInterval.secondsText) seconds"
        }
        guard Players.named(player) != nil else {
            return "no player named '\(player)'; the players are \(Players.all.map(\.name).joined(separator: ", "))"
        }
        switch thinking {
        case .seconds(let seconds) where !(seconds > 0 && seconds <= Self.maximumThinkSeconds):
            return "think must be more than 0 and at most \(Int(Self.maximumThinkSeconds)) seconds"
        case .playouts(let playouts) where !(1...Self.maximumThinkPlayouts).contains(playouts):
            return "think-playouts must be 1 to \(Self.maximumThinkPlayouts)"
        default: return nil
        }
    }
}

/// A parameter of the points: its name on the command line and in grid files, its CSV column, how
/// its values read and print.
public enum Parameter: String, CaseIterable, Sendable {
    /// Walls around the player.
    case walls
    /// Columns per wall.
    case width
    /// Rows per wall.
    case height
    /// Colours of the boards.
    case colours
    /// Corner links: linked or open.
    case corners
    /// The scoring: n-2 or n-1.
    case scoring
    /// Seconds a break lasts.
    case comboWindow = "combo-window"
    /// Seconds of world time between two taps.
    case tapInterval = "tap-interval"
    /// The simulated player.
    case player
    /// Seconds a searching player thinks about each move.
    case think
    /// Playouts a searching player runs for each move.
    case thinkPlayouts = "think-playouts"

    /// The column of the games CSV and the key in JSON: `comboWindow`.
    public var column: String {
        let words = rawValue.split(separator: "-")
        return words[0] + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// Whether the values are numbers, which plots space by value.
    public var isNumeric: Bool { ![.corners, .scoring, .player].contains(self) }

    /// The value in `settings` as text, as `set(_:in:)` reads it; empty for the thinking budget
    /// the settings do not use.
    public func text(in settings: PointSettings) -> String {
        switch self {
        case .walls: String(settings.walls)
        case .width: String(settings.width)
        case .height: String(settings.height)
        case .colours: String(settings.colours)
        case .corners: settings.corners.rawValue
        case .scoring: settings.scoring.rawValue
        case .comboWindow: settings.comboWindow.secondsText
        case .tapInterval: settings.tapInterval.secondsText
        case .player: settings.player
        case .think: if case .seconds(let seconds) = settings.thinking { numberText(seconds) } else { "" }
        case .thinkPlayouts: if case .playouts(let playouts) = settings.thinking { String(playouts) } else { "" }
        }
    }

    /// The value as a number, for the x axis of a plot.
    public func number(in settings: PointSettings) -> Double {
        switch self {
        case .walls: Double(settings.walls)
        case .width: Double(settings.width)
        case .height: Double(settings.height)
        case .colours: Double(settings.colours)
        case .comboWindow: settings.comboWindow.sessionSeconds
        case .tapInterval: settings.tapInterval.sessionSeconds
        case .think: if case .seconds(let seconds) = settings.thinking { seconds } else { 0 }
        case .thinkPlayouts: if case .playouts(let playouts) = settings.thinking { Double(playouts) } else { 0 }
        case .corners, .scoring, .player: 0
        }
    }

    /// Sets the parameter to `text` in `settings`, or says why it cannot: not a value of this
    /// parameter at all. Whether the settings make sense together is ``PointSettings/problem``'s.
    public func set(_ text: String, in settings: inout PointSettings) throws(ParameterError) {
        func integer() throws(ParameterError) -> Int {
            guard let value = Int(text), value >= 0 else { throw ParameterError("'\(text)' is not a whole number") }
            return value
        }
        func duration() throws(ParameterError) -> Duration {
            guard let value = Duration(secondsText: text) else {
                throw ParameterError("'\(text)' is not a number of seconds such as 0.8")
            }
            return value
        }
        switch self {
        case .walls: settings.walls = try integer()
        case .width: settings.width = try integer()
        case .height: settings.height = try integer()
        case .colours: settings.colours = try integer()
        case .corners:
            guard let corners = CornerLinks(rawValue: text) else {
                throw ParameterError("'\(text)' is not linked or open")
            }
            settings.corners = corners
        case .scoring:
            guard let scoring = Scoring(rawValue: text) else { throw ParameterError("'\(text)' is not n-2 or n-1") }
            settings.scoring = scoring
        case .comboWindow: settings.comboWindow = try duration()
        case .tapInterval: settings.tapInterval = try duration()
        case .player: settings.player = text
        case .think:
            guard let seconds = Double(text), seconds.isFinite else {
                throw ParameterError("'\(text)' is not a number of seconds")
            }
            settings.thinking = .seconds(seconds)
        case .thinkPlayouts: settings.thinking = .playouts(try integer())
        }
    }
}

/// Why a parameter's value cannot be read.
public struct ParameterError: Error, CustomStringConvertible {
    /// The reason, as a sentence.
    public let description: String
    /// An error that says `description`.
    public init(_ description: String) { self.description = description }
}

/// What a run or a sweep plays: its points, games a point, seed and mode. Game i of a point
/// depends on the point's settings, the mode, the seed and i alone, so any shard of the plan
/// plays its games exactly as one process would.
public struct Plan: Equatable, Sendable {
    /// The command that plays a plan.
    public enum Command: String, Sendable {
        /// One point: `prison-sim run`.
        case run
        /// A grid of points: `prison-sim sweep`.
        case sweep
    }

    /// The command the plan is played by.
    public let command: Command
    /// The seed of the run.
    public let seed: UInt64
    /// Games asked for at each point.
    public let games: Int
    /// Whether the games go through the world (rays, animation) rather than the rules alone.
    public let worldMode: Bool
    /// The settings of each point (a merge learns them from the rows, a point at a time).
    public var points: [PointSettings]

    /// The plan of `games` games at each of `points`, played by `command` from `seed`, through
    /// the world or (`worldMode` false) on the rules alone.
    public init(command: Command, seed: UInt64, games: Int, worldMode: Bool, points: [PointSettings]) {
        self.command = command
        self.seed = seed
        self.games = games
        self.worldMode = worldMode
        self.points = points
    }

    /// All the games of all the points.
    public var totalGames: Int { points.count * games }

    /// Sixteen hex digits that name the plan: a hash of everything that decides its games, so
    /// CSV files of different plans never pass for shards of one.
    public var fingerprint: String {
        var text = "\(command.rawValue) seed=\(seed) games=\(games) mode=\(modeText)"
        for point in points { text += "\n" + Parameter.allCases.map { $0.text(in: point) }.joined(separator: ",") }
        // 64-bit FNV-1a: stable across machines and runs, unlike Swift's seeded Hasher.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// "world" or "rules-only", as the CSV writes the mode.
    public var modeText: String { worldMode ? "world" : "rules-only" }

    /// The parameters that take more than one value across the points, in the order of
    /// `Parameter.allCases`.
    public var sweptParameters: [Parameter] {
        Parameter.allCases.filter { parameter in Set(points.map { parameter.text(in: $0) }).count > 1 }
    }

    /// The simulation of point `point`; its settings must have no ``PointSettings/problem``.
    public func simulation(ofPoint point: Int) -> Simulation {
        let settings = points[point]
        return try! Simulation(
            room: Room(walls: settings.walls, width: settings.width, height: settings.height),
            colours: settings.colours, rules: settings.rules, player: settings.player, seed: seed,
            tapInterval: settings.tapInterval, throughWorld: worldMode, thinking: settings.thinking.budget)
    }
}

/// A number as short text: "0.1", "2", "0.05".
func numberText(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}
