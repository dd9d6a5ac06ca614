import Foundation
import Testing

/// What a player sees in a real window: the game under Xvfb, real key presses and clicks, and
/// pictures of the X screen itself (not the game's own screenshots, which draw a fresh frame and
/// would hide a window that fails to redraw).
@Suite(.serialized) struct WhatTheWindowShowsTests {
    /// Runs `body` with the game started with `arguments` in a window on a screen of its own, in a
    /// fresh folder, and stops both after.
    private func withWindow(_ arguments: [String], files: [String: String] = [:], _ body: (VirtualScreen) throws -> Void) throws {
        try withTemporaryFolder { folder in
            for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
            try plantReturningPlayer(in: folder)
            let screen = try VirtualScreen()
            defer { screen.stop() }
            let game = try WindowedGame(arguments, on: screen, in: folder)
            defer { game.quit() }
            try body(screen)
        }
    }

    @Test("Every key in the menu shows at once: N opens the New-game page, Down moves the selection, Esc goes back")
    func theMenuAnswersEveryKey() throws {
        // The first start (no game in progress) of a player who has seen the tutorial opens the menu.
        try withWindow([]) { screen in
            let firstPage = try screen.settledPicture()
            try screen.press("n")
            let newGame = try #require(try screen.pictureChanged(from: firstPage), "N: the window still shows the first page")
            try screen.press("Down")
            let width = try #require(try screen.pictureChanged(from: newGame), "Down: the selection did not move on screen")
            let changed = width.fractionDiffering(from: newGame)
            #expect(changed < 0.05, "only the selected line changes")
            try screen.press("Escape")
            let back = try #require(try screen.pictureChanged(from: width), "Esc: the window still shows the New-game page")
            // The first page again, its selection on the line that opened the New-game page.
            let fromFirstPage = back.fractionDiffering(from: firstPage)
            #expect(fromFirstPage < 0.05, "Esc goes back to the first page")
        }
    }

    @Test("A new 1-wall game started while facing wall 2 of a 4-wall room faces its wall")
    func aNewClassicGameFacesItsWall() throws {
        // Flat colours: wall 0's blocks are pure red, wall 1's pure green. The first start opens
        // the menu; Esc plays the board, 2 faces wall 2 (index 1).
        try withWindow(["--flat-colours"]) { screen in
            try screen.press("Escape")
            try screen.press("2")
            let greenPixels = try screen.settledPicture().count(of: (0, 255, 0))
            #expect(greenPixels > 100_000, "facing wall 2 (index 1) shows its green blocks")
            for key in ["Escape", "n", "Right"] + Array(repeating: "Down", count: 6) + ["Return"] { try screen.press(key) }
            let classic = try screen.settledPicture()
            // Straight ahead, framed: red in the middle of the window, none at its side edges
            // (where a wall seen edge-on would stand).
            let red: (UInt8, UInt8, UInt8) = (255, 0, 0)
            let redPixels = classic.count(of: red)
            let redInTheMiddle = classic.isPixel(at: [600, 300], red)
            let rowsWithRedAtTheSides = (0..<classic.height).count { y in
                classic.isPixel(at: [2, y], red) || classic.isPixel(at: [classic.width - 3, y], red)
            }
            #expect(redPixels > 100_000, "the 1-wall game's blocks are in sight")
            #expect(redInTheMiddle, "the 1-wall game's wall is in front, not stone")
            #expect(rowsWithRedAtTheSides == 0, "the wall reaches the window's side edges: seen from the side")
        }
    }

    @Test("Danger pulses for a few seconds, then holds still: an idle window in danger draws nothing")
    func dangerHoldsStillWhenNothingHappens() throws {
        // One group left: danger from the start, its blocks pulsing.
        try withWindow(["--board", "end.txt"], files: ["end.txt": Self.oneMoveBoard]) { screen in
            // The window has settled (pulses stopped); pointing at the group is news: they pulse again.
            try screen.run("xdotool", ["mousemove", "640", "500"])
            Thread.sleep(forTimeInterval: 0.3)
            let pulsing = try screen.picture()
            let pulsedOn = try screen.pictureChanged(from: pulsing, timeout: 2) != nil
            #expect(pulsedOn, "danger pulses after a change")
            Thread.sleep(forTimeInterval: 4)
            let held = try screen.picture()
            Thread.sleep(forTimeInterval: 1.5)
            let moved = try screen.picture().fractionDiffering(from: held)
            #expect(moved == 0, "the window still redraws the pulse long after anything happened")
        }
    }

    @Test("A first start plays the tutorial: a click breaks a group and the panel moves on, Esc skips to the menu, once")
    func theTutorialAtTheFirstStart() throws {
        try withTemporaryFolder { folder in
            let screen = try VirtualScreen()
            defer { screen.stop() }
            do {
                let game = try WindowedGame(["--flat-colours"], on: screen, in: folder)
                defer { game.quit() }
                // One wall of 6 x 4 in front (flat colours: wall 0 is red), the panel under it.
                let red: (UInt8, UInt8, UInt8) = (255, 0, 0)
                let first = try screen.settledPicture()
                let blocks = first.count(of: red)
                // The wall is centred: the window's middle is the seam between its 3rd and 4th columns.
                #expect(first.isPixel(at: [620, 250], red), "the tutorial's wall is in front")
                #expect(blocks > 50_000, "the tutorial's 24 blocks are in sight")
                let lowestRed = (0..<first.height).last { y in first.isPixel(at: [640, y], red) } ?? 0
                #expect(lowestRed < 500, "the wall stays above the tutorial's panel")
                // A click on the top left group breaks it: a sixth of the blocks go.
                try screen.click(at: [420, 200])
                Thread.sleep(forTimeInterval: 2)
                let second = try screen.settledPicture()
                let left = Double(second.count(of: red)) / Double(blocks)
                #expect(left > 0.75 && left < 0.9, "the click broke the group of 4 blocks: \(left) of the red left")
                // Esc skips it: the menu, over the player's own room, shades everything.
                try screen.press("Escape")
                let menu = try #require(try screen.pictureChanged(from: second), "Esc: the window still shows the tutorial")
                #expect(menu.count(of: red) == 0, "the menu is open")
            }
            // The next start is not a first game's: the menu at once, no tutorial.
            let again = try WindowedGame(["--flat-colours"], on: screen, in: folder)
            defer { again.quit() }
            let picture = try screen.settledPicture()
            #expect(picture.count(of: (255, 0, 0)) == 0, "the menu is open, not the tutorial")
        }
    }

    /// A board of one row where the one move (the two 0s) ends the game with "No moves left".
    private static let oneMoveBoard = "...\n001\n"

    @Test("The end panel gives way to the key help and to the menu's pages: one panel at a time")
    func oneTextPanelAtATime() throws {
        try withWindow(["--board", "end.txt"], files: ["end.txt": Self.oneMoveBoard]) { screen in
            // Two endings of the same board, the same scene, different end panels: "1st in the
            // top 10", then "already 1st" after R and the same move.
            func end() throws -> Image {
                // The board is in danger before its last move: it pulses, so it never settles.
                let before = try screen.picture()
                try screen.click(at: [640, 500])
                return try #require(try screen.pictureChanged(from: before, timeout: 10))
            }
            func over(_ keys: [String], undo: [String]) throws -> Image {
                let shown = try screen.settledPicture()
                for key in keys { try screen.press(key) }
                let picture = try #require(try screen.pictureChanged(from: shown))
                for key in undo { try screen.press(key) }
                _ = try screen.settledPicture()
                return picture
            }
            let firstEnding = try end()
            let firstHelp = try over(["F1"], undo: ["F1"])
            let firstTop10 = try over(["Escape", "t"], undo: ["Escape", "Escape"])
            try screen.press("r")
            Thread.sleep(forTimeInterval: 3.5)  // the "restarted" message runs out
            _ = try end()
            Thread.sleep(forTimeInterval: 3.5)
            let secondEndingSettled = try screen.settledPicture()
            let secondHelp = try over(["F1"], undo: ["F1"])
            let secondTop10 = try over(["Escape", "t"], undo: ["Escape", "Escape"])
            // The two end panels differ, so a panel showing through would show.
            let endings = secondEndingSettled.fractionDiffering(from: firstEnding)
            let helps = secondHelp.fractionDiffering(from: firstHelp)
            let top10s = secondTop10.fractionDiffering(from: firstTop10)
            #expect(endings > 0, "the two endings look different")
            #expect(helps == 0, "the end panel shows through the key help")
            #expect(top10s == 0, "the end panel shows through the Top 10 page")
        }
    }
}

/// The pictures the game saves itself (F12, `screenshot`, `--screenshot`).
@Suite struct SavedPictureTests {
    @Test("Screenshots are opaque, and the line that names one fits a 640 x 480 window")
    func screenshotsAreOpaqueAndTheirLineFits() throws {
        try withTemporaryFolder { folder in
            let steps = ["wait 0.5", "key f12", "wait 0.3", "screenshot shot.png"]
            let run = try runGame(
                ["--seed", "4", "--size", "640x480", "--script", try script(steps, in: folder), "--screenshot", "end.png"], in: folder)
            try #require(run.status == 0, "\(run)")
            let shot = try Image(png: folder.appendingPathComponent("shot.png"))
            let translucent = stride(from: 3, to: shot.pixels.count, by: 4).count { shot.pixels[$0] != 255 }
            #expect(translucent == 0, "pixels with alpha below 1 (the HUD's panels) look washed out in a viewer")
            // The "Screenshot saved" line is white text at the bottom: none of it at the sides.
            let white: (UInt8, UInt8, UInt8) = (255, 255, 255)
            let atTheSides = (shot.height - 60..<shot.height).count { y in
                (0..<8).contains { x in shot.isPixel(at: [x, y], white) || shot.isPixel(at: [shot.width - 1 - x, y], white) }
            }
            #expect(atTheSides == 0, "the saved line runs off the window")
            let saved = try FileManager.default.contentsOfDirectory(
                atPath: folder.appendingPathComponent("data/puzzle-prison/screenshots").path)
            #expect(saved.count == 1 && saved[0].hasSuffix(".png"))
        }
    }
}
