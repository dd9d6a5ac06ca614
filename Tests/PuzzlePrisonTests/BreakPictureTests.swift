import Foundation
import PrisonRules
import Testing

/// The break as the real program draws it, offscreen: pieces, points and the combo's glow come
/// from the game and the time since each tap, so a script draws the same pictures every time.
@Suite struct BreakPictureTests {
    /// Three groups of the default room of seed 1 in 3 colours broken 0.3 s apart (a combo to
    /// x3), with pictures 0, 0.1 and 0.4 s after the last tap and the game written after them.
    private static let combo = [
        "face 0", "wait 0.5", "click 475 442", "wait 0.3", "click 710 348", "wait 0.3", "click 381 301",
        "screenshot 0.png", "wait 0.1", "screenshot 1.png", "wait 0.3", "screenshot 2.png", "state game.json",
    ]

    /// The pictures and the game of one offscreen run of ``combo``.
    private func run() throws -> (pictures: [Image], game: Game) {
        try withTemporaryFolder { folder in
            let run = try runGame(
                ["--seed", "1", "--colours", "3", "--mute", "--script", try script(Self.combo, in: folder), "--screenshot", "end.png"],
                in: folder)
            try #require(run.status == 0, "\(run)")
            let pictures = try (0..<3).map { try Image(png: folder.appendingPathComponent("\($0).png")) }
            return (pictures, try savedGame(at: folder.appendingPathComponent("game.json")))
        }
    }

    @Test("A scripted combo draws the same pictures on every run, and its break moves from one to the next")
    func aScriptedComboDrawsTheSamePicturesEveryRun() throws {
        let first = try run()
        try #require(first.game.history.map(\.multiplier) == [1, 2, 3], "the script's three taps make a combo to x3")
        let second = try run()
        #expect(second.game == first.game)
        for (index, (a, b)) in zip(first.pictures, second.pictures).enumerated() {
            #expect(a == b, "picture \(index) differs between runs: \(a.fractionDiffering(from: b))")
        }
        #expect(first.pictures[0].fractionDiffering(from: first.pictures[1]) > 0.01, "pieces fly between 0 and 0.1 s")
        #expect(first.pictures[1].fractionDiffering(from: first.pictures[2]) > 0.01, "and on to 0.4 s")
    }
}
