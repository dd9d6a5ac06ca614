import Foundation
import Testing

/// Facing each wall shows all of it, checked on the pixels of the real program's screenshots:
/// with `--flat-colours` every block of wall `n` is drawn in one exact colour of its own and
/// nothing else is, so the blocks of the wall faced are found by colour. Offscreen, one run a
/// window size and room, facing the walls with the keys 1 to 4 as a player does.
@Suite(.serialized) struct FramingScreenshotTests {
    /// The flat colour of each wall's blocks: red, green, blue, yellow.
    static let wallColours: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0)]

    /// A room to frame: its options, walls, and wall size in blocks.
    struct Shape: CustomTestStringConvertible, Sendable {
        let name: String
        let arguments: [String]
        let walls: Int
        let width: Int
        let height: Int
        var testDescription: String { name }
    }

    static let shapes = [
        Shape(name: "default room", arguments: ["--seed", "1"], walls: 4, width: 12, height: 10),
        Shape(name: "1 wall of 15 x 15", arguments: ["--seed", "1", "--walls", "1", "--width", "15", "--height", "15"], walls: 1, width: 15, height: 15),
        Shape(name: "1 wall of 14 x 14", arguments: ["--seed", "1", "--walls", "1", "--width", "14", "--height", "14"], walls: 1, width: 14, height: 14),
        // The smallest: one block a wall, all of one colour (a random one might have no move
        // and end at once, its end panel over the wall).
        Shape(name: "smallest room", arguments: ["--board", "smallest.txt"], walls: 4, width: 1, height: 1),
        Shape(name: "largest room", arguments: ["--seed", "1", "--walls", "4", "--width", "32", "--height", "32"], walls: 4, width: 32, height: 32),
        Shape(name: "tall narrow room (cut away)", arguments: ["--seed", "1", "--walls", "4", "--width", "2", "--height", "32"], walls: 4, width: 2, height: 32),
    ]

    static let sizes: [(Int, Int)] = [(640, 480), (1280, 720), (2560, 1080)]

    @Test(arguments: shapes)
    func facingEachWallShowsAllOfItInsideTheFrame(shape: Shape) throws {
        try withTemporaryFolder { folder in
            try "0 0 0 0\n".write(to: folder.appendingPathComponent("smallest.txt"), atomically: true, encoding: .utf8)
            for (width, height) in Self.sizes {
                // Wall 0 at the start, then each wall by its key (a turn of 0.45 s).
                var steps = ["screenshot start.png"]
                for wall in 0..<shape.walls { steps += ["key \(wall + 1)", "wait 0.5", "screenshot wall\(wall).png"] }
                let run = try runGame(
                    shape.arguments + ["--flat-colours", "--size", "\(width)x\(height)", "--script", try script(steps, in: folder), "--screenshot", "end.png"],
                    in: folder)
                try #require(run.status == 0, "\(run)")
                for (wall, file) in [(0, "start")] + (0..<shape.walls).map({ ($0, "wall\($0)") }) {
                    let image = try Image(png: folder.appendingPathComponent("\(file).png"))
                    #expect(image.width == width && image.height == height)
                    check(image, wall: wall, shape: shape, label: "\(shape.name), \(width)x\(height), \(file)")
                }
            }
        }
    }

    /// The wall's pixels form one whole rectangle of the wall's proportions, centred across the
    /// frame (on the crosshair, whether the wall has an even or odd number of columns), clear of
    /// every edge of the frame by a margin, and nothing (no HUD panel) covers part of it.
    private func check(_ image: Image, wall: Int, shape: Shape, label: String) {
        let (r, g, b) = Self.wallColours[wall]
        var low = (x: Int.max, y: Int.max), high = (x: -1, y: -1), count = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let i = (y * image.width + x) * 4
                guard image.pixels[i] == r, image.pixels[i + 1] == g, image.pixels[i + 2] == b else { continue }
                count += 1
                low = (min(low.x, x), min(low.y, y))
                high = (max(high.x, x), max(high.y, y))
            }
        }
        guard count > 0 else {
            Issue.record("\(label): no block of wall \(wall) in sight")
            return
        }
        let margin = Int(0.02 * Double(min(image.width, image.height)))
        #expect(low.x >= margin && low.y >= margin, "\(label): the wall reaches \(low), closer than \(margin) px to the top or left")
        #expect(
            high.x < image.width - margin && high.y < image.height - margin,
            "\(label): the wall reaches \(high), closer than \(margin) px to the bottom or right")
        let spanX = Double(high.x - low.x + 1), spanY = Double(high.y - low.y + 1)
        let middle = Double(low.x + high.x + 1) / 2
        #expect(
            abs(middle - Double(image.width) / 2) <= 1.5,
            "\(label): the wall's middle is at x = \(middle), not the frame's \(Double(image.width) / 2)")
        // Seen straight on, the wall's inner face is a rectangle of its proportions (a pixel of
        // rounding either way).
        let expected = Double(shape.width) / Double(shape.height)
        #expect(
            abs(spanX / spanY - expected) <= expected * (2 / spanX + 2 / spanY) + 0.01,
            "\(label): the wall's \(spanX) x \(spanY) pixels are not a \(shape.width) x \(shape.height) wall seen whole")
        // Only the hairline gaps between blocks and the crosshair show through.
        #expect(Double(count) / (spanX * spanY) > 0.85, "\(label): something covers the wall (\(count) of \(spanX * spanY) pixels)")
        // The wall fills the window one way or the other: framed, not lost in the distance.
        #expect(max(spanX / Double(image.width), spanY / Double(image.height)) > 0.3, "\(label): the wall is small (\(spanX) x \(spanY))")
    }
}
