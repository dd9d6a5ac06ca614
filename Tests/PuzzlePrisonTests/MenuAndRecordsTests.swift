import Foundation
import PrisonRules
import Testing

/// The player's game through the real program, offscreen: the menu, settings kept between
/// starts, the top 10 holding a game once, and N undone by U.
@Suite(.serialized) struct MenuAndRecordsTests {
    @Test func theMenuAtTheFirstStartStartsAGameOfTheChosenShape() throws {
        try withTemporaryFolder { folder in
            // No game in progress: the menu is up at the start. N opens the new game's page;
            // right makes the room a single wall, past the size two lefts take the width to 10; Start.
            try plantReturningPlayer(in: folder)
            let steps = try script(
                [
                    "screenshot menu.png", "key n", "key right", "key down", "key down", "key left", "key left", "screenshot new.png",
                    "key down", "key down", "key down", "key down", "key enter", "wait 0.5", "state chosen.json",
                ], in: folder)
            let run = try runGame(["--script", steps, "--screenshot", "after.png"], in: folder)
            #expect(run.status == 0, "\(run)")
            let game = try savedGame(at: folder.appendingPathComponent("chosen.json"))
            #expect(game.start.room == (try Room(walls: 1, width: 10, height: 10)))
            let menu = try Image(png: folder.appendingPathComponent("menu.png"))
            let after = try Image(png: folder.appendingPathComponent("after.png"))
            #expect(menu.fractionDiffering(from: after) > 0.05, "the menu was drawn, and is gone after Start")
        }
    }

    @Test func settingsSurviveARestart() throws {
        try withTemporaryFolder { folder in
            try plantSavedGame(seed: 3, in: folder)
            let file = folder.appendingPathComponent("config/puzzle-prison/settings.json")
            func settings() throws -> [String: Any] {
                try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
            }
            // T: the second palette, L: mouse-look on; kept when they change.
            let first = try script(["key t", "key l", "wait 0.1"], in: folder)
            #expect(try runGame(["--script", first, "--screenshot", "1.png"], in: folder).status == 0)
            let kept = try settings()
            #expect(kept["mouseLook"] as? Bool == true)
            let second = try #require(kept["palette"] as? String)
            // The next start begins from them: T goes on to the third palette, mouse-look stays on.
            let again = try script(["key t", "wait 0.1"], in: folder)
            #expect(try runGame(["--script", again, "--screenshot", "2.png"], in: folder).status == 0)
            let after = try settings()
            #expect(after["mouseLook"] as? Bool == true)
            #expect(after["palette"] as? String != second)
            #expect(after["palette"] as? String != nil)
        }
    }

    @Test func aGameEndsInTheTopTenOnceAcrossUndoRedoRestartAndQuitting() throws {
        try withTemporaryFolder { folder in
            try plantSavedGame(seed: 8, in: folder)
            try KeepingTheGameTests.oneColourBoard.write(to: folder.appendingPathComponent("one.txt"), atomically: true, encoding: .utf8)
            let steps = try script(
                [
                    "look 0 0", "click 640 360", "wait 4", "key u", "wait 1", "key ctrl+shift+z", "wait 4",
                    "key r", "wait 1", "look 0 0", "click 640 360", "wait 4", "state cleared.json",
                ], in: folder)
            #expect(try runGame(["--board", "one.txt", "--script", steps, "--screenshot", "x.png"], in: folder).status == 0)
            try #require(try savedGame(at: folder.appendingPathComponent("cleared.json")).isOver, "the click cleared the room")
            // Quit and start the same board again: cleared once more, still one entry.
            let again = try script(["look 0 0", "click 640 360", "wait 4"], in: folder)
            #expect(try runGame(["--board", "one.txt", "--script", again, "--screenshot", "y.png"], in: folder).status == 0)
            #expect(try keptRecords(in: folder).scores.entries(forKey: "4x12x10").count == 1)
        }
    }

    @Test func newGameThenUndoGivesTheOldGameBack() throws {
        try withTemporaryFolder { folder in
            try plantSavedGame(seed: 3, in: folder)
            let steps = try script(
                ["look 0 0", "face 1", "wait 1", "click 640 360", "wait 2", "state before.json", "key n", "wait 0.5", "state new.json", "key u", "wait 0.5", "state after.json"],
                in: folder)
            #expect(try runGame(["--script", steps, "--screenshot", "x.png"], in: folder).status == 0)
            let before = try savedGame(at: folder.appendingPathComponent("before.json"))
            let fresh = try savedGame(at: folder.appendingPathComponent("new.json"))
            let after = try savedGame(at: folder.appendingPathComponent("after.json"))
            try #require(before.moves.count == 1, "the click broke a group")
            #expect(fresh.moves.isEmpty && fresh.start != before.start)
            #expect(after == before)
        }
    }
}
