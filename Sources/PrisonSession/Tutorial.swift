import PrisonRules
import PrisonWorld

/// The first-game tutorial: a small wall where the player is asked to break a group, sees the
/// points it scored and why, makes a combo and clears the wall for the bonus. It follows what
/// happens in the world, step by step, and words its panel.
package struct Tutorial: Hashable, Sendable {
    /// Where the player is in it.
    package enum Step: Hashable, Sendable {
        /// Asked to break a first group.
        case breakAGroup
        /// Told what the first group scored, asked for a combo.
        case makeACombo
        /// Told what the combo did, asked to clear the wall.
        case clearTheWall
        /// The wall is clear (its board always can be: it never gets stuck).
        case finished
    }

    /// The step now.
    package private(set) var step = Step.breakAGroup
    /// The last group broken.
    private var lastBreak: Break?
    /// The first combo's group, once there was one.
    private var combo: Break?

    /// A group broken: its blocks, its points before the multiplier, the multiplier.
    private struct Break: Hashable, Sendable {
        let blocks: Int, points: Int, multiplier: Int
    }

    /// The tutorial's board: one wall of three colours in pairs of columns, so every block always
    /// has a partner and the wall can always be cleared.
    package static let board: Board = {
        // Rows from the top: each colour in 2 x 2 squares.
        try! Board(text: "001122\n001122\n220011\n220011\n")
    }()

    /// The rules the tutorial is played by: the game's, fitted to its small wall.
    package static let rules = Rules(fittedTo: board.room)

    /// A tutorial at its first step.
    package init() {}

    /// Moves on with what happened in the world.
    mutating func observe(_ event: WorldEvent.Kind) {
        switch event {
        case .groupBroke(let size, _, let points, let multiplier):
            let broken = Break(blocks: size, points: points / max(1, multiplier), multiplier: multiplier)
            lastBreak = broken
            if multiplier > 1, combo == nil { combo = broken }
            if step == .breakAGroup { step = .makeACombo }
            if step == .makeACombo, combo != nil { step = .clearTheWall }
        case .roomCleared: step = .finished
        case .gameEnded, .multiplierChanged, .blocksLanded, .dangerBegan, .dangerEnded: break
        }
    }

    /// The panel's title.
    package var title: String {
        switch step {
        case .breakAGroup: "How to play: 1 of 3"
        case .makeACombo: "How to play: 2 of 3"
        case .clearTheWall: "How to play: 3 of 3"
        case .finished: "You escaped!"
        }
    }

    /// The panel's lines under the title, the last one saying how to leave.
    package var lines: [String] {
        switch step {
        case .breakAGroup:
            return [
                "Break a group: click two or more touching blocks of one colour",
                "(or face them and press Space to tap at the crosshair).",
                "Esc skips the tutorial",
            ]
        case .makeACombo:
            return [
                lastBreak.map(Self.scoreLine) ?? "",
                "Now break two groups quickly: one broken while the last still breaks scores x2.",
                "Esc skips the tutorial",
            ]
        case .clearTheWall:
            return [
                combo.map { "Combo x\($0.multiplier): that group's \(HUDText.count($0.points, "point")) counted \(HUDText.number($0.points * $0.multiplier))." } ?? "",
                "Now clear the wall: breaking every block earns a bonus of \(HUDText.number(Rules.clearBonus)) points.",
                "Esc skips the tutorial",
            ]
        case .finished:
            return [
                "The wall is clear: +\(HUDText.number(Rules.clearBonus)) points. Clear the room to escape.",
                combo == nil ? "Combos multiply: try them in your own games." : "Bigger groups and combos make the big scores.",
                "Enter: play your own game",
            ]
        }
    }

    /// `A group of 4 blocks scores (4 - 2)² = 4 points.`
    private static func scoreLine(_ broken: Break) -> String {
        "A group of \(broken.blocks) blocks scores (\(broken.blocks) - 2)² = \(HUDText.count(broken.points, "point")): bigger groups score far more."
    }
}
