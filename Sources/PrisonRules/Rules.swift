/// How a removal is scored.
public enum Scoring: String, Hashable, Sendable, Codable, CaseIterable {
    /// `(n - 2)^2` for a group of `n`: the standard SameGame score.
    case nMinus2 = "n-2"
    /// `(n - 1)^2` for a group of `n`.
    case nMinus1 = "n-1"

    /// The points for removing a group of `size` blocks, before any multiplier.
    @inline(__always)
    public func points(forGroupOf size: Int) -> Int {
        let base = self == .nMinus2 ? size - 2 : size - 1
        return base * base
    }

    /// The points for removing a group of `size` blocks with `multiplier`: what a removal scores.
    @inline(__always)
    public func points(forGroupOf size: Int, multiplier: Int) -> Int {
        points(forGroupOf: size) * multiplier
    }
}

/// Whether the last column of each wall touches the first column of the next.
public enum CornerLinks: String, Hashable, Sendable, Codable, CaseIterable {
    /// Groups wrap around the corners of a four-wall room (the default).
    case linked
    /// Each wall is a board of its own.
    case open
}

/// The settings of a game.
public struct Rules: Hashable, Sendable, Codable {
    /// How a group of `n` blocks scores: `(n - 2)²` or `(n - 1)²`.
    public var scoring: Scoring
    /// Whether groups link around the corners of the room.
    public var corners: CornerLinks
    /// How long a break lasts: a removal within this time of the previous one raises the
    /// multiplier. Held to whole microseconds.
    public var comboWindow: Duration {
        didSet { comboWindow = comboWindow.roundedToMicroseconds }
    }
    /// The player is in danger when at most this many moves are left.
    public var dangerThreshold: Int

    /// The bonus for clearing the room; it is not multiplied.
    public static let clearBonus = 1000

    /// The longest combo window read from a file or a command line: a minute. Breaks last as
    /// long as the window, so a longer one would only make animations and simulations crawl.
    public static let maximumComboWindow = Duration.seconds(60)

    /// The highest danger threshold read from a file: every group of the largest room.
    public static let maximumDangerThreshold = 4 * Room.maximumSide * Room.maximumSide

    /// The combo windows a file or a command line may give, none to ``maximumComboWindow``: the
    /// one check every reader of rules makes.
    public static let allowedComboWindows = Duration.zero...maximumComboWindow

    /// The danger thresholds a file may give, none to ``maximumDangerThreshold``.
    public static let allowedDangerThresholds = 0...maximumDangerThreshold

    /// Rules with the given scoring, corners, combo window (rounded to the microsecond) and danger
    /// threshold; the defaults are the game's.
    public init(
        scoring: Scoring = .nMinus2, corners: CornerLinks = .linked,
        comboWindow: Duration = .seconds(1), dangerThreshold: Int = 3
    ) {
        self.scoring = scoring
        self.corners = corners
        self.comboWindow = comboWindow.roundedToMicroseconds
        self.dangerThreshold = dangerThreshold
    }

    /// The game's rules for a new game in `room`: the defaults, with a danger threshold that fits
    /// the room's size: the default in a room of 120 cells or more, one group for each 40 cells
    /// in a smaller one (at least one), so a small board is not in danger from its first moves.
    public init(fittedTo room: Room) {
        self.init()
        dangerThreshold = min(dangerThreshold, max(1, room.cellCount / 40))
    }

    private enum CodingKeys: String, CodingKey {
        case scoring, corners, comboWindow, dangerThreshold
    }

    /// Reads rules from JSON: `scoring`, `corners`, `comboWindow` in seconds, `dangerThreshold`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let window = try container.decode(Double.self, forKey: .comboWindow)
        guard let comboWindow = Duration(sessionSeconds: window), Self.allowedComboWindows.contains(comboWindow) else {
            throw DecodingError.dataCorruptedError(
                forKey: .comboWindow, in: container,
                debugDescription: "the combo window must be 0 to \(Self.maximumComboWindow.secondsText) seconds, not \(window)")
        }
        let threshold = try container.decode(Int.self, forKey: .dangerThreshold)
        guard Self.allowedDangerThresholds.contains(threshold) else {
            throw DecodingError.dataCorruptedError(
                forKey: .dangerThreshold, in: container,
                debugDescription: "the danger threshold must be 0 to \(Self.maximumDangerThreshold), not \(threshold)")
        }
        self.init(
            scoring: try container.decode(Scoring.self, forKey: .scoring),
            corners: try container.decode(CornerLinks.self, forKey: .corners),
            comboWindow: comboWindow, dangerThreshold: threshold)
    }

    /// Writes the rules as JSON, the combo window in seconds.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(scoring, forKey: .scoring)
        try container.encode(corners, forKey: .corners)
        try container.encode(comboWindow.sessionSeconds, forKey: .comboWindow)
        try container.encode(dangerThreshold, forKey: .dangerThreshold)
    }
}
