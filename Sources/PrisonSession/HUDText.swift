import Foundation
import PrisonRules
import PrisonWorld

/// The words and numbers of the heads-up display, as the window writes them.
package enum HUDText {
    /// `1234567` as `1,234,567`.
    package static func number(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return (value < 0 ? "-" : "") + grouped
    }

    /// `1` as `1st`, `2` as `2nd`, `11` as `11th`, `23` as `23rd`.
    package static func ordinal(_ n: Int) -> String {
        let suffix =
            switch (n % 100, n % 10) {
            case (11...13, _): "th"
            case (_, 1): "st"
            case (_, 2): "nd"
            case (_, 3): "rd"
            default: "th"
            }
        return "\(n)\(suffix)"
    }

    /// `1 point`, `2 points`, `1,234 blocks`: a count and its noun, singular for one.
    package static func count(_ value: Int, _ noun: String) -> String {
        "\(number(value)) \(noun)\(value == 1 ? "" : "s")"
    }

    /// The score line: `Score 1,234`.
    package static func score(_ score: Int) -> String { "Score \(number(score))" }

    /// The multiplier while a combo runs (`x3`), nil at 1.
    package static func multiplier(_ multiplier: Int) -> String? { multiplier > 1 ? "x\(multiplier)" : nil }

    /// The best score line: `Best 1,234`, or `Best -` when there is none.
    package static func best(_ best: Int?) -> String { "Best \(best.map(number) ?? "-")" }

    /// The moves the player has (the groups there are to break) and the blocks left.
    package static func movesAndBlocks(moves: Int, blocks: Int) -> String {
        "\(count(moves, "group")) to break · \(count(blocks, "block")) left"
    }

    /// What the group under the cursor would score: `7 blocks: 25 x 2 = 50 points`.
    package static func preview(_ preview: MovePreview) -> String {
        let base = preview.points / max(1, preview.multiplier)
        let sum = preview.multiplier > 1 ? "\(number(base)) x \(preview.multiplier) = " : ""
        return "\(count(preview.group.size, "block")): \(sum)\(count(preview.points, "point"))"
    }

    /// The warning while few moves are left, naming the walls they are on (counted from 1).
    package static func danger(_ danger: Danger, walls: Int) -> String {
        let count = danger.groups.count
        let moves = "Only \(Self.count(count, "group")) left to break"
        guard walls > 1 else { return "Danger! \(moves)" }
        let names = danger.walls.map { String($0 + 1) }
        let place = names.count == 1 ? "wall \(names[0])" : "walls \(names.dropLast().joined(separator: ", ")) and \(names.last!)"
        return "Danger! \(moves), on \(place)"
    }

    /// How a game's ending fared in its room's top 10: its place, the place of the same board's
    /// earlier ending that ranks as high (a board is recorded once), outside, or not recorded
    /// (a replay's).
    package enum Standing: Hashable, Sendable {
        /// Entered the top 10 at this place.
        case placed(Int)
        /// The same board's earlier ending holds this place, as high or higher.
        case alreadyPlaced(Int)
        /// Not high enough for the top 10.
        case outsideTopTen
        /// A replay's ending: not recorded.
        case notRecorded
    }

    /// The end panel's lines: how it ended, the final score, and its place in the top 10.
    package static func endPanel(cleared: Bool, score: Int, standing: Standing) -> [String] {
        let place =
            switch standing {
            case .placed(let place): "\(ordinal(place)) in the top 10"
            case .alreadyPlaced(let place): "This board is already \(ordinal(place)) in the top 10 (once a board)"
            case .outsideTopTen: "Not in the top 10"
            case .notRecorded: "A replay: its score is not recorded"
            }
        return [
            cleared ? "You escaped: the room is clear!" : "No moves left",
            "Final score \(number(score))",
            place,
            standing == .notRecorded ? "N new game · R play this board yourself" : "N new game · R restart · U undo",
        ]
    }

    /// The rules in a player's words, a line each, for the How-to-play page.
    static let howToPlay = [
        "Click two or more touching blocks of one colour:",
        "the group breaks, blocks above fall, gaps close up.",
        "On four walls, groups join around the corners.",
        "n blocks score (n - 2)²: 3 make 1, 5 make 9, 10 make 64.",
        "Break again while a group still breaks: x2, x3...",
        "Clear the room to escape: a 1,000-point bonus.",
        "No group of two left? The game is over.",
        "H shows a hint, U undoes, F1 lists every key.",
    ]

    /// The statistics page's lines for `summary`.
    static func statistics(_ summary: StatisticsSummary) -> [String] {
        guard summary.played > 0, let best = summary.best, let average = summary.average, let rate = summary.clearRate else {
            return ["No games finished here yet"]
        }
        return [
            "Games finished: \(number(summary.played))",
            "Cleared: \(number(summary.cleared)) (\(Int((rate * 100).rounded())) %)",
            "Best score: \(number(best)) · average \(number(Int(average.rounded())))",
            "Clear streak: \(summary.currentStreak) now, \(summary.longestStreak) at best",
            "A board counts once, at its best ending",
        ]
    }

    /// The question the menu's Quit asks when the game would be lost (it is not the one kept
    /// for next time).
    package static let quitQuestion = "Quit? This game is not kept: Y quits, any other key stays"

    /// A room shape named by its ``ScoreTable/key(for:)``, in words: `4 walls of 12 x 10`.
    package static func room(key: String) -> String {
        let parts = key.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 3 else { return key }
        return "\(count(parts[0], "wall")) of \(parts[1]) x \(parts[2])"
    }

    /// A line of a top 10: `1.  1,234 points · cleared · 57 moves · 2026-11-24`, the day as it
    /// was in `timeZone`.
    package static func topTenLine(place: Int, _ entry: ScoreEntry, in timeZone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd"
        let parts = [count(entry.score, "point"), entry.cleared ? "cleared" : nil, count(entry.moves, "move"), formatter.string(from: entry.date)]
        return "\(place).  " + parts.compactMap { $0 }.joined(separator: " · ")
    }
}
