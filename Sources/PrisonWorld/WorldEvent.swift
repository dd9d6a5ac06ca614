import PrisonRules

/// Something a front end may want to show or sound, at a time on the world clock.
///
/// ``World/advance(by:)`` returns the events up to the new time, earliest first; events at
/// the same time come in the order of ``Kind``'s cases, then in the order they happened.
public struct WorldEvent: Hashable, Sendable {
    /// When it happened, on the world clock.
    public let time: Duration
    /// What happened.
    public let kind: Kind

    /// The things that happen in a world, in the order they come at the same time.
    public enum Kind: Hashable, Sendable {
        /// A group broke: its size and colour, and the points it scored with its multiplier.
        case groupBroke(size: Int, colour: Int, points: Int, multiplier: Int)
        /// The multiplier of the latest removal, shown while its break runs, changed.
        case multiplierChanged(from: Int, to: Int)
        /// Blocks reached their cells after falling, sliding or returning.
        case blocksLanded(count: Int)
        /// Few moves are left: at most the rules' danger threshold, on these walls.
        case dangerBegan(groups: Int, walls: [Int])
        /// The player is out of danger: more moves again, or none at all.
        case dangerEnded
        /// No move is left and blocks remain: the final score, as the end animation starts.
        case gameEnded(score: Int)
        /// The room is clear: the final score, bonus included, as the walls open.
        case roomCleared(score: Int)
    }
}

extension WorldEvent.Kind {
    /// The place of the kind in the order of events at the same time.
    var rank: Int {
        switch self {
        case .groupBroke: 0
        case .multiplierChanged: 1
        case .blocksLanded: 2
        case .dangerBegan: 3
        case .dangerEnded: 4
        case .gameEnded: 5
        case .roomCleared: 6
        }
    }
}
