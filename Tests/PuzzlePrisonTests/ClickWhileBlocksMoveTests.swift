import Foundation
import PrisonRules
import Testing

/// A click on a block that waits to fall while the columns beside it are due to slide breaks the
/// group drawn under the pointer, and the columns wait rather than slide into it. The real
/// program on one wall of four columns and two rows:
///
///     1335
///     1225
///
/// The 1s are clicked at 0 s (column 0 empties: the columns right of it are due to slide), the 2s
/// at 0.5 s (the 3s above them wait to fall until 1.5 s), and at 1.45 s the right 3, where it is
/// drawn: the 3s break, and the 5s still stand in their column.
@Suite(.serialized) struct ClickWhileBlocksMoveTests {
    static let board = "1335\n1225\n"

    /// The middle of cell (column, row) on the screen: the wall is seen straight on, so its cells
    /// divide the rectangle its blocks cover at the start evenly.
    struct WallOnScreen {
        let low: SIMD2<Double>, high: SIMD2<Double>

        init(_ image: Image) throws {
            var low = SIMD2<Int>(Int.max, Int.max), high = SIMD2<Int>(-1, -1)
            for y in 0..<image.height {
                for x in 0..<image.width where image.isPixel(at: [x, y], (255, 0, 0)) {
                    low = pointwiseMin(low, [x, y])
                    high = pointwiseMax(high, [x, y])
                }
            }
            try #require(high.x > low.x && high.y > low.y, "the wall's blocks are on the screen")
            self.low = SIMD2(Double(low.x), Double(low.y))
            self.high = SIMD2(Double(high.x + 1), Double(high.y + 1))
        }

        func centre(column: Int, row: Int) -> SIMD2<Int> {
            let x = low.x + (Double(column) + 0.5) / 4 * (high.x - low.x)
            let y = high.y - (Double(row) + 0.5) / 2 * (high.y - low.y)
            return [Int(x), Int(y)]
        }
    }

    /// The clicks of the story, and pictures just before and after the third.
    func steps(_ wall: WallOnScreen) -> [String] {
        func click(_ column: Int, _ row: Int) -> String {
            let point = wall.centre(column: column, row: row)
            return "click \(point.x) \(point.y)"
        }
        return [
            click(0, 0), "wait 0.5", click(1, 0), "wait 0.95", "screenshot before.png", click(2, 1), "wait 0.05",
            "screenshot after.png", "wait 3", "state played.json",
        ]
    }

    /// Checks that the third move broke the 3s, the group of the block clicked.
    func expectTheThreesBroke(in folder: URL, _ label: String) throws {
        let game = try savedGame(at: folder.appendingPathComponent("played.json"))
        try #require(game.history.count == 3, "\(label): three clicks, three moves")
        let clicked = try #require(game.start[Cell(wall: 0, column: 2, row: 1)])
        let broken = game.history[2].removal.broken.map(\.block)
        #expect(broken.contains(clicked), "\(label): the block under the pointer broke")
        #expect(broken.count == 2 && broken.allSatisfy { $0.colour == clicked.colour }, "\(label): its group, the 3s, broke")
    }

    /// Writes the board in `folder`, finds its wall on the screen, and plays the story with
    /// `arguments` added, in a window under xvfb-run when `inWindow`.
    func play(in folder: URL, arguments: [String], inWindow: Bool) throws -> WallOnScreen {
        try Self.board.write(to: folder.appendingPathComponent("board.txt"), atomically: true, encoding: .utf8)
        let common = ["--board", "board.txt", "--flat-colours", "--size", "1280x720"]
        let look = try runGame(common + ["--screenshot", "start.png"], in: folder)
        try #require(look.status == 0, "\(look)")
        let wall = try WallOnScreen(Image(png: folder.appendingPathComponent("start.png")))
        let extra = inWindow ? ["quit"] : []
        let run = try runGame(
            common + ["--script", script(steps(wall) + extra, in: folder)] + arguments, in: folder, inWindow: inWindow)
        try #require(run.status == 0, "\(run)")
        return wall
    }

    @Test func offscreenFrameByFrame() throws {
        try withTemporaryFolder { folder in
            let wall = try play(in: folder, arguments: ["--screenshot", "end.png"], inWindow: false)
            try expectTheThreesBroke(in: folder, "offscreen")
            let before = try Image(png: folder.appendingPathComponent("before.png"))
            #expect(before.isPixel(at: wall.centre(column: 2, row: 1), (255, 0, 0)), "the 3 waits where it stood")
            for row in 0..<2 {
                #expect(before.isPixel(at: wall.centre(column: 3, row: row), (255, 0, 0)), "the 5s wait in their column")
            }
            let after = try Image(png: folder.appendingPathComponent("after.png"))
            #expect(after.fractionDiffering(from: before) > 0.001, "the 3s start to break")
        }
    }

    /// In a window the waits are real time: the third click lands between 1.0 s and 1.5 s, while
    /// the 3 waits, with frames to spare either side.
    @Test func inAWindowUnderXvfb() throws {
        try withTemporaryFolder { folder in
            _ = try play(in: folder, arguments: [], inWindow: true)
            try expectTheThreesBroke(in: folder, "in a window")
        }
    }
}
