import Foundation
import PrisonSession
import PrisonRules
import PrisonWorld
import Testing

/// A four-wall room two columns wide: wall 0 holds a square of 1s, wall 1 of 2s, wall 2 of 3s,
/// and wall 3 four lone blocks (no group links round a corner).
private let squares = "11 22 33 45\n11 22 33 54"

/// The preview of tapping the block in `cell` of `world` now.
private func preview(_ world: World, _ cell: Cell) throws -> TapPreview {
    let ray = try #require(world.ray(toward: cell))
    let target = try #require(world.target(along: ray))
    #expect(target.cell == cell)
    return try #require(world.preview(of: target))
}

/// The danger of the game on `text` at its start, which must be in danger.
private func danger(_ text: String) throws -> Danger {
    try #require(Game(start: try Board(text: text)).danger)
}

@Suite("HUD text")
struct HUDTextTests {
    @Test("Numbers are grouped by thousands", arguments: [
        (0, "0"), (7, "7"), (999, "999"), (1000, "1,000"), (12345, "12,345"), (999_999, "999,999"),
        (1_234_567, "1,234,567"), (-1, "-1"), (-999, "-999"), (-1000, "-1,000"), (-1_234_567, "-1,234,567"),
        (Int.max, "9,223,372,036,854,775,807"), (Int.min, "-9,223,372,036,854,775,808"),
    ])
    func numbers(value: Int, text: String) {
        #expect(HUDText.number(value) == text)
    }

    @Test("Ordinals", arguments: [
        (1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (10, "10th"), (11, "11th"), (12, "12th"), (13, "13th"),
        (14, "14th"), (21, "21st"), (22, "22nd"), (23, "23rd"), (101, "101st"), (102, "102nd"), (111, "111th"),
        (112, "112th"), (113, "113th"), (1001, "1001st"),
    ])
    func ordinals(n: Int, text: String) {
        #expect(HUDText.ordinal(n) == text)
    }

    @Test("Score, best and multiplier")
    func scoreBestMultiplier() {
        #expect(HUDText.score(0) == "Score 0")
        #expect(HUDText.score(12345) == "Score 12,345")
        #expect(HUDText.best(nil) == "Best -")
        #expect(HUDText.best(0) == "Best 0")
        #expect(HUDText.best(4321) == "Best 4,321")
        #expect(HUDText.multiplier(1) == nil)
        #expect(HUDText.multiplier(0) == nil)
        #expect(HUDText.multiplier(2) == "x2")
        #expect(HUDText.multiplier(12) == "x12")
    }

    @Test("Moves and blocks, singular and plural", arguments: [
        (0, 0, "0 groups to break · 0 blocks left"), (1, 1, "1 group to break · 1 block left"), (1, 2, "1 group to break · 2 blocks left"),
        (2, 1, "2 groups to break · 1 block left"), (35, 1234, "35 groups to break · 1,234 blocks left"),
    ])
    func movesAndBlocks(moves: Int, blocks: Int, text: String) {
        #expect(HUDText.movesAndBlocks(moves: moves, blocks: blocks) == text)
    }

    @Test("A preview outside a combo gives the group's size and points")
    func previewAlone() throws {
        let world = World(game: Game(start: try Board(text: squares)))
        let tapPreview = try preview(world, Cell(wall: 0, column: 1, row: 1))
        #expect(tapPreview.group.size == 4 && tapPreview.points == 4 && tapPreview.multiplier == 1)
        #expect(HUDText.preview(tapPreview) == "4 blocks: 4 points")
    }

    @Test("A preview inside a combo shows the sum with its multiplier")
    func previewInCombo() throws {
        let world = World(game: Game(start: try Board(text: squares)))
        try world.tap(lookingAt: Cell(wall: 0, column: 0, row: 0))
        world.advance(by: .milliseconds(500))
        let tapPreview = try preview(world, Cell(wall: 1, column: 0, row: 0))
        #expect(tapPreview.points == 8 && tapPreview.multiplier == 2)
        #expect(HUDText.preview(tapPreview) == "4 blocks: 4 x 2 = 8 points")
        try world.tap(lookingAt: Cell(wall: 1, column: 0, row: 0))
        world.advance(by: .milliseconds(500))
        let third = try preview(world, Cell(wall: 2, column: 0, row: 0))
        #expect(HUDText.preview(third) == "4 blocks: 4 x 3 = 12 points")
    }

    @Test("A pair scores nothing under n-2 scoring, even in a combo")
    func previewOfAPair() throws {
        let world = World(game: Game(start: try Board(text: "11 22 34 56")))
        #expect(HUDText.preview(try preview(world, Cell(wall: 0, column: 0, row: 0))) == "2 blocks: 0 points")
        try world.tap(lookingAt: Cell(wall: 0, column: 0, row: 0))
        world.advance(by: .milliseconds(100))
        let inCombo = try preview(world, Cell(wall: 1, column: 1, row: 0))
        #expect(inCombo.multiplier == 2)
        #expect(HUDText.preview(inCombo) == "2 blocks: 0 x 2 = 0 points")
    }

    @Test("Danger on one wall names it, counted from 1")
    func dangerOnOneWall() throws {
        // The only group is the pair of 5s on wall 2.
        let oneGroup = try danger("12 34 55 67")
        #expect(oneGroup.walls == [2])
        #expect(HUDText.danger(oneGroup, walls: 4) == "Danger! Only 1 group left to break, on wall 3")
        // Two groups, both on wall 0.
        let twoGroups = try danger("11 .. .. ..\n22 34 56 78")
        #expect(twoGroups.groups.count == 2 && twoGroups.walls == [0])
        #expect(HUDText.danger(twoGroups, walls: 4) == "Danger! Only 2 groups left to break, on wall 1")
    }

    @Test("Danger on several walls lists them, the last after 'and'")
    func dangerOnSeveralWalls() throws {
        let two = try danger("11 23 44 56")
        #expect(HUDText.danger(two, walls: 4) == "Danger! Only 2 groups left to break, on walls 1 and 3")
        let three = try danger("11 22 33 45")
        #expect(HUDText.danger(three, walls: 4) == "Danger! Only 3 groups left to break, on walls 1, 2 and 3")
        // One group round the corner between walls 0 and 1.
        let corner = try danger("12 24 56 78")
        #expect(corner.groups.count == 1)
        #expect(HUDText.danger(corner, walls: 4) == "Danger! Only 1 group left to break, on walls 1 and 2")
    }

    @Test("Danger in a one-wall room names no wall")
    func dangerOneWallRoom() throws {
        #expect(HUDText.danger(try danger("1123"), walls: 1) == "Danger! Only 1 group left to break")
        #expect(HUDText.danger(try danger("112334"), walls: 1) == "Danger! Only 2 groups left to break")
    }

    @Test("The end panel", arguments: [
        (true, 12345, HUDText.Standing.placed(1), ["You escaped: the room is clear!", "Final score 12,345", "1st in the top 10"]),
        (false, 80, .placed(3), ["No moves left", "Final score 80", "3rd in the top 10"]),
        (false, 0, .outsideTopTen, ["No moves left", "Final score 0", "Not in the top 10"]),
        (true, 1000, .placed(10), ["You escaped: the room is clear!", "Final score 1,000", "10th in the top 10"]),
        (false, 993, .notRecorded, ["No moves left", "Final score 993", "A replay: its score is not recorded"]),
        (false, 40, .alreadyPlaced(2), ["No moves left", "Final score 40", "This board is already 2nd in the top 10 (once a board)"]),
    ])
    func endPanel(cleared: Bool, score: Int, standing: HUDText.Standing, lines: [String]) {
        let panel = HUDText.endPanel(cleared: cleared, score: score, standing: standing)
        #expect(Array(panel.prefix(3)) == lines)
        #expect(panel.count == 4)
        #expect(panel.last?.contains("N new game") == true)
        #expect(panel.last?.contains("U undo") == (standing != .notRecorded), "a replay cannot be undone")
    }

    @Test("Counts are singular for one", arguments: [(0, "0 points"), (1, "1 point"), (2, "2 points"), (1234, "1,234 points")])
    func counts(value: Int, text: String) {
        #expect(HUDText.count(value, "point") == text)
    }

    @Test("A group of three scores 1 point, said in the singular")
    func previewOfThree() throws {
        let world = World(game: Game(start: try Board(text: "234\n111")))
        #expect(HUDText.preview(try preview(world, Cell(wall: 0, column: 0, row: 0))) == "3 blocks: 1 point")
    }

    @Test("Room shapes and top-10 lines read as words")
    func topTenWords() {
        #expect(HUDText.room(key: ScoreTable.key(for: .standard)) == "4 walls of 12 x 10")
        #expect(HUDText.room(key: ScoreTable.key(for: .classic)) == "1 wall of 15 x 15")
        let entry = ScoreEntry(score: 1, cleared: true, moves: 1, date: Date(timeIntervalSince1970: 1_795_000_000))
        #expect(HUDText.topTenLine(place: 3, entry, in: .gmt) == "3.  1 point · cleared · 1 move · 2026-11-18")
        #expect(HUDText.topTenLine(place: 3, entry, in: TimeZone(secondsFromGMT: -14 * 3600)!).hasSuffix("2026-11-17"))
    }

    @Test("The quit question says which keys do what")
    func quitQuestion() {
        #expect(HUDText.quitQuestion.contains("Y quits, any other key stays"))
    }
}
