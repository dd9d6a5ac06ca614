/// What the heads-up display shows in one frame, as text already worded.
public struct HUDState: Hashable, Sendable {
    /// The game's score as the HUD shows it: after a break it counts up to the new score.
    public var score: Int
    /// The combo multiplier now: 1 when no combo runs.
    public var multiplier: Int
    /// Whether the multiplier just rose (drawn brighter and larger for a moment).
    public var flashes: Bool
    /// How many groups there are to break.
    public var moves: Int
    /// How many blocks are left.
    public var blocks: Int
    /// The best score recorded for this room, nil when there is none.
    public var best: Int?
    /// The warning when few moves are left, nil when there is no danger.
    public var danger: String?
    /// What breaking the group under the pointer would score, nil when no group is targeted.
    public var hover: String?
    /// A message for the player (shown for a few seconds), nil when there is none.
    public var message: String?
    /// The end panel's lines once the game is over, nil while it runs.
    public var ending: [String]?
    /// The tutorial's panel while it runs, its title first, nil otherwise.
    public var tutorialPanel: [String]?
    /// Whether the key help is shown.
    public var showsHelp: Bool
    /// The quit question while it is asked.
    public var quitQuestion: String?
    /// Whether a replay is playing (the player's taps and moves are refused).
    public var isReplay: Bool
    /// Seconds since the session began, for pulses.
    public var time: Float
    /// Which way the player faces, for the compass; nil draws none.
    public var compass: Compass? = nil
}
