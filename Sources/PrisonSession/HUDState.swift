/// What the heads-up display shows in one frame, as text already worded.
public struct HUDState: Hashable, Sendable {
    public var score: Int
    public var multiplier: Int
    /// Whether the multiplier just rose (drawn brighter and larger for a moment).
    public var flashes: Bool
    public var moves: Int
    public var blocks: Int
    public var best: Int?
    public var danger: String?
    public var hover: String?
    public var message: String?
    public var ending: [String]?
    public var showsHelp: Bool
    /// The quit question while it is asked.
    public var quitQuestion: String?
    public var isReplay: Bool
    /// Seconds since the session began, for pulses.
    public var time: Float
    /// Which way the player faces, for the compass; nil draws none.
    public var compass: Compass? = nil
}
