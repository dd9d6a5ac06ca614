import Foundation
import PrisonHost
import PrisonSession
import SessionFixture
import PrisonRules
import PrisonSpace
import PrisonWorld
import Testing

@Suite struct SessionTests {
    @Test func aGazeTapBreaksTheGroupAheadWithASound() throws {
        let fixture = try Fixture(columns: [[0, 1], [0, 1], [1, 0]], width: 3, height: 2)
        fixture.gazeTap(Cell(wall: 0, column: 0, row: 0))
        #expect(fixture.session.game.moves.map(\.cell) == [Cell(wall: 0, column: 0, row: 0)])
        fixture.wait(0.1)
        #expect(fixture.sound.played.contains { $0.effect == .breakGroup })
        #expect(fixture.session.hudState.score == 0)  // two blocks: (2 - 2)^2
    }

    @Test func aGameIsRecordedOnceAcrossUndoRedoRestartAndQuitting() throws {
        let fixture = try Fixture(columns: [[0], [0], [0]], width: 3, height: 1, folder: try temporaryDirectory())
        let room = fixture.session.game.start.room
        let middle = Cell(wall: 0, column: 1, row: 0)
        fixture.gazeTap(middle)
        fixture.wait(3)
        let ending = try #require(fixture.session.hudState.ending)
        #expect(ending[0].contains("clear"))
        #expect(ending[2] == "1st in the top 10")
        #expect(fixture.sound.played.contains { $0.effect == .cleared })
        #expect(try fixture.scoresOnDisk(for: room).map(\.score) == [1001])
        #expect(fixture.session.hudState.best == 1001)
        // The menu's top 10 of this room shape shows it.
        fixture.session.press(KeyChord(.escape))
        fixture.session.press(KeyChord(try #require(Key(name: "t"))))
        #expect(fixture.session.menuItems.first?.value == "1 wall of 3 x 1")
        #expect(fixture.session.menuItems.dropFirst().first?.label.hasPrefix("1.  1,001 points · cleared · 1 move · ") == true)
        fixture.session.press(KeyChord(.escape))
        fixture.session.press(KeyChord(.escape))
        #expect(fixture.session.menuSelection == nil)

        // Undo the last move, then redo it: the same ending, not a second entry.
        fixture.session.perform(.undo)
        #expect(fixture.session.hudState.ending == nil)
        fixture.wait(1)
        fixture.session.perform(.redo)
        fixture.wait(3)
        #expect(fixture.session.hudState.ending?[2] == "This board is already 1st in the top 10 (once a board)")
        #expect(try fixture.scoresOnDisk(for: room).count == 1)

        // Undo, tap again, and restart the board and play it again: still one entry.
        fixture.session.perform(.undo)
        fixture.wait(1)
        fixture.gazeTap(middle)
        fixture.wait(3)
        fixture.session.perform(.restart)
        fixture.wait(1)
        fixture.gazeTap(middle)
        fixture.wait(3)
        #expect(fixture.session.hudState.ending?[2] == "This board is already 1st in the top 10 (once a board)")
        #expect(try fixture.scoresOnDisk(for: room).count == 1)

        // Undo the last move, quit (the game is saved), start again and play it: still one.
        fixture.session.perform(.undo)
        fixture.wait(1)
        fixture.saveOnQuit()
        let resumed = try #require(fixture.profile.savedGame())
        #expect(!resumed.isOver)
        let again = try Fixture(game: resumed, folder: fixture.folder)
        again.gazeTap(middle)
        again.wait(3)
        #expect(again.session.hudState.ending?[2] == "This board is already 1st in the top 10 (once a board)")
        #expect(try again.scoresOnDisk(for: room).map(\.score) == [1001])
    }

    @Test func aBetterEndingOfTheSameBoardTakesItsPlaceOnce() throws {
        // A row of 0s under a row of 1s: two breaks clear it; within a combo they score more.
        let fixture = try Fixture(columns: [[0, 1], [0, 1], [0, 1]], width: 3, height: 2, folder: try temporaryDirectory())
        let room = fixture.session.game.start.room
        fixture.gazeTap(Cell(wall: 0, column: 0, row: 0))  // the 0s: 1 point, the 1s fall
        fixture.wait(3)
        fixture.gazeTap(Cell(wall: 0, column: 0, row: 0))  // the 1s: 1 point and the clear
        fixture.wait(3)
        let first = try #require(fixture.scoresOnDisk(for: room).first)
        #expect(try fixture.scoresOnDisk(for: room).count == 1)
        // Undo both and play them within a combo: a higher score replaces the entry.
        fixture.session.perform(.undo)
        fixture.session.perform(.undo)
        fixture.wait(1)
        fixture.gazeTap(Cell(wall: 0, column: 0, row: 0))
        fixture.wait(0.05)
        fixture.gazeTap(Cell(wall: 0, column: 0, row: 0))
        fixture.wait(3)
        let entries = try fixture.scoresOnDisk(for: room)
        #expect(entries.count == 1)
        #expect(fixture.session.game.score > first.score)
        #expect(entries.first?.score == fixture.session.game.score)
        #expect(fixture.session.hudState.ending?[2] == "1st in the top 10")
    }

    @Test func newGameThenUndoGivesTheOldGameBack() throws {
        let fixture = try Fixture(columns: [[0, 1], [0, 1], [1, 0]], width: 3, height: 2)
        fixture.gazeTap(Cell(wall: 0, column: 0, row: 0))
        fixture.wait(2)
        let old = fixture.session.game
        #expect(old.moves.count == 1)

        fixture.session.perform(.newGame)
        let fresh = fixture.session.game
        #expect(fresh.moves.isEmpty)
        #expect(fixture.session.hudState.message?.contains("U brings") == true)
        fixture.session.perform(.undo)
        #expect(fixture.session.game == old)
        // Its moves undo as before; redo past them goes forward to the new game again.
        fixture.session.perform(.undo)
        #expect(fixture.session.game.moves.isEmpty && fixture.session.game.start == old.start)
        fixture.session.perform(.redo)
        #expect(fixture.session.game.moves.count == 1)
        fixture.session.perform(.redo)
        #expect(fixture.session.game == fresh)

        // R too: restart, then U gives the played game back (its move redone a moment later).
        fixture.session.perform(.undo)
        let played = fixture.session.game
        #expect(played.start == old.start && played.moves.map(\.cell) == old.moves.map(\.cell))
        fixture.session.perform(.restart)
        #expect(fixture.session.game.moves.isEmpty && fixture.session.game.start == old.start)
        fixture.session.perform(.undo)
        #expect(fixture.session.game == played)
    }

    @Test func theMenusQuitQuitsAtOnceWhenTheGameIsKeptAndAsksOtherwise() throws {
        let fixture = try Fixture(columns: [[0], [0]], width: 2, height: 1)
        let session = fixture.session
        session.press(KeyChord(.escape))
        #expect(session.menuSelection != nil)
        #expect(session.menuItems.last?.label == "Quit (the game is saved)")
        session.press(KeyChord(.escape))
        #expect(session.menuSelection == nil && session.takeEffects().isEmpty)
        session.press(KeyChord(.escape))
        session.press(KeyChord(try #require(Key(name: "q"))))
        #expect(session.takeEffects() == [.window(.quit)])

        // A game that is not kept (from a board or seed): asked first, Y quits, another key stays.
        let played = try Fixture(columns: [[0, 1], [0, 1], [1, 0]], width: 3, height: 2, keepsProgress: false)
        played.gazeTap(Cell(wall: 0, column: 0, row: 0))
        played.session.press(KeyChord(.escape))
        played.session.press(KeyChord(try #require(Key(name: "q"))))
        #expect(played.session.hudState.quitQuestion == HUDText.quitQuestion)
        #expect(played.session.takeEffects().isEmpty)
        played.session.press(KeyChord(try #require(Key(name: "n"))))
        #expect(played.session.hudState.quitQuestion == nil && played.session.takeEffects().isEmpty)
        played.session.press(KeyChord(.escape))
        played.session.press(KeyChord(try #require(Key(name: "q"))))
        played.session.press(KeyChord(.letterY))
        #expect(played.session.takeEffects() == [.window(.quit)])
    }

    @Test func tapsDoNotGoThroughTheHelpOrTheMenu() throws {
        let fixture = try Fixture(columns: [[0], [0]], width: 2, height: 1)
        fixture.session.perform(.toggleHelp)
        fixture.gazeTap(Cell(wall: 0, column: 0, row: 0))
        #expect(fixture.session.game.moves.isEmpty)
        fixture.session.perform(.toggleHelp)
        fixture.session.perform(.menu)
        fixture.gazeTap(Cell(wall: 0, column: 0, row: 0))
        #expect(fixture.session.game.moves.isEmpty)
        fixture.session.press(KeyChord(.escape))  // back to the game
        fixture.gazeTap(Cell(wall: 0, column: 0, row: 0))
        #expect(fixture.session.game.moves.count == 1)
    }

    /// A game on the default room played on the rules alone: `count` random groups, each
    /// `spacing` apart (untimed when nil).
    private func playedGame(seed: UInt64, count: Int, spacing: Duration?) throws -> Game {
        var game = Game(start: try Board.random(room: .standard, colours: 4, seed: seed))
        var generator = SeededGenerator(seed: seed)
        for index in 0..<count {
            guard let group = game.availableGroups.randomElement(using: &generator) else { break }
            try game.play(Move(group.cells[0], at: spacing.map { $0 * index }))
        }
        return game
    }

    @Test(arguments: [nil, Duration.milliseconds(990), .milliseconds(1010), .milliseconds(400)])
    func aReplayScoresAsTheRulesDo(spacing: Duration?) throws {
        let played = try playedGame(seed: 3, count: 8, spacing: spacing)
        let fixture = try Fixture(game: Game(start: played.start, rules: played.rules), replay: played.moves)
        #expect(fixture.session.hudState.isReplay)
        // Frames of a 30th of a second: moves still play at their own times, not the frames'.
        fixture.wait(20, step: 1.0 / 30)
        #expect(!fixture.session.hudState.isReplay)
        #expect(fixture.session.game.moves.map(\.cell) == played.moves.map(\.cell))
        #expect(fixture.session.game.history.map(\.multiplier) == played.history.map(\.multiplier))
        #expect(fixture.session.game.score == played.score)
    }

    @Test func aReplayIsNotSavedButAGameStartedAfterItIs() throws {
        let played = try playedGame(seed: 5, count: 3, spacing: nil)
        let fixture = try Fixture(game: Game(start: played.start, rules: played.rules), replay: played.moves, folder: try temporaryDirectory())
        fixture.session.perform(.undo)
        #expect(fixture.session.hudState.message?.contains("replay") == true)
        fixture.wait(6)
        fixture.saveOnQuit()
        #expect(fixture.profile.savedGame() == nil)

        fixture.session.perform(.restart)
        #expect(!fixture.session.hudState.isReplay)
        let cell = try #require(fixture.session.game.availableGroups.first?.cells.first)
        fixture.gazeTap(cell)
        #expect(fixture.session.game.moves.count == 1)
        fixture.saveOnQuit()
        #expect(fixture.profile.savedGame()?.moves == fixture.session.game.moves)
    }

    @Test func quittingAnUnplayedGameLeavesTheSavedOneAlone() throws {
        let folder = try temporaryDirectory()
        let first = try Fixture(columns: [[0, 1], [0, 1], [1, 1]], width: 3, height: 2, folder: folder)
        first.gazeTap(Cell(wall: 0, column: 0, row: 0))
        first.saveOnQuit()
        let saved = try #require(first.profile.savedGame())

        let second = try Fixture(columns: [[1], [1]], width: 2, height: 1, folder: folder)
        second.saveOnQuit()
        #expect(second.profile.savedGame() == saved)
    }

    @Test func aGameFromABoardOrSeedLeavesTheGameInProgressAlone() throws {
        let folder = try temporaryDirectory()
        let progress = try Fixture(columns: [[0, 1], [0, 1], [1, 1]], width: 3, height: 2, folder: folder)
        progress.gazeTap(Cell(wall: 0, column: 0, row: 0))
        progress.saveOnQuit()
        let saved = try #require(progress.profile.savedGame())

        // Played and quit: not saved over the game in progress.
        let played = try Fixture(columns: [[0, 1], [0, 1], [1, 0]], width: 3, height: 2, folder: folder, keepsProgress: false)
        played.gazeTap(Cell(wall: 0, column: 0, row: 0))
        played.session.perform(.menu)
        #expect(played.session.menuItems.last?.label == "Quit")
        played.saveOnQuit()
        #expect(played.profile.savedGame() == saved)

        // Finished, its score recorded: the game in progress is not removed.
        let finished = try Fixture(columns: [[0], [0]], width: 2, height: 1, folder: folder, keepsProgress: false)
        finished.gazeTap(Cell(wall: 0, column: 0, row: 0))
        finished.wait(3)
        #expect(finished.session.game.isOver)
        #expect(finished.session.hudState.ending != nil)
        finished.saveOnQuit()
        #expect(finished.profile.savedGame() == saved)
        #expect(try finished.scoresOnDisk(for: finished.session.game.start.room).count == 1)
    }

    @Test func mouseLookTapsTheCrosshairWhereverTheClickIs() throws {
        let fixture = try Fixture(columns: [[0], [0]], width: 2, height: 1)
        #expect(!fixture.session.isMouseLookOn)
        fixture.session.perform(.toggleMouseLook)
        #expect(fixture.session.isMouseLookOn)
        #expect(fixture.serve() == [.mouseLook(true)])
        fixture.look(at: Cell(wall: 0, column: 0, row: 0))
        fixture.session.click(at: [3, 3])  // the corner of the window: mouse-look taps the middle
        #expect(fixture.session.game.moves.count == 1)
        fixture.session.perform(.toggleMouseLook)
        #expect(!fixture.session.isMouseLookOn)
        #expect(fixture.serve() == [.mouseLook(false)])
    }

    @Test func theHeadTurnsWhileAKeyIsHeldAndStopsWhenTheWindowLosesIt() throws {
        let fixture = try Fixture(columns: [[0], [0]], walls: 4, width: 2, height: 1)
        fixture.session.press(KeyChord(.right))
        fixture.wait(0.5)
        // The compass shows wall 1 (index 0) turned half a second's turn to the left.
        let bearing = { try #require(fixture.session.hudState.compass).bearing(ofWall: 0) }
        #expect(abs(try bearing() + Head.keyTurnSpeed * 0.5) < 1)
        fixture.session.releaseAllKeys()
        let turned = try bearing(), eye = fixture.session.scene().eye
        fixture.wait(0.5)
        #expect(try bearing() == turned)
        #expect(fixture.session.scene().eye == eye)
    }

    @Test func paletteAndSoundKeysSayWhatTheyDid() throws {
        let fixture = try Fixture(columns: [[0], [0]], width: 2, height: 1)
        let count = Fixture.palettes.count
        try #require(count >= 2)
        #expect(fixture.drawnPalette == 0)
        for step in 1...count {
            fixture.session.perform(.nextPalette)
            #expect(fixture.drawnPalette == step % count)
            #expect(fixture.session.scene().showsSymbols == Fixture.palettes[step % count].showsSymbols)
            #expect(fixture.session.hudState.message == "Palette: \(Fixture.palettes[step % count].name)")
        }
        fixture.session.perform(.toggleMute)
        #expect(fixture.session.hudState.message == "Sound off")
        #expect(!fixture.breakSounds(Cell(wall: 0, column: 0, row: 0)), "the break is silent")
    }

    @Test func theHoverShowsTheGroupPointedAtWithTheMultiplierOfNowAndFollowsTheBoard() throws {
        // From the bottom: 0 0 0 2 under 1 1 1 2.
        let fixture = try Fixture(columns: [[0, 1], [0, 1], [0, 1], [2, 2]], width: 4, height: 2)
        fixture.session.perform(.toggleMouseLook)
        fixture.look(at: Cell(wall: 0, column: 0, row: 1))
        fixture.advance(by: .zero)
        #expect(fixture.session.hudState.hover == "3 blocks: 1 point")
        #expect(fixture.session.scene().blocks.count(where: \.isHovered) == 3)
        // The 2s break elsewhere: within the combo the same group would score double, then not.
        fixture.session.play(Cell(wall: 0, column: 3, row: 0))
        fixture.wait(0.1)
        #expect(fixture.session.hudState.hover == "3 blocks: 1 x 2 = 2 points")
        fixture.wait(1.5)
        #expect(fixture.session.hudState.hover == "3 blocks: 1 point")
        // The 0s break under the pointed cell: the 1s fall out of it, and nothing is pointed at.
        fixture.session.play(Cell(wall: 0, column: 0, row: 0))
        fixture.wait(2)
        #expect(fixture.session.hudState.hover == nil)
        #expect(fixture.session.scene().blocks.count(where: \.isHovered) == 0)
    }

    @Test func theSceneHasABlockForEveryBlockDrawn() throws {
        let fixture = try Fixture(columns: [[0, 1], [0, 1], [1, 0]], width: 3, height: 2)
        let scene = fixture.session.scene()
        #expect(scene.blocks.count == 6)
        // The eye stands where the framing puts it to show the wall faced whole.
        #expect(scene.eye == fixture.session.framing.eye(yaw: 0))
    }

    @Test func breakingBlocksKeepTheirWallInTheScene() throws {
        // Four walls of three: each wall's pair and a lone 5; wall 2's pair is tapped by gaze.
        let game = Game(start: try Board(text: "115 225 335 445"), rules: Rules(corners: .open))
        let fixture = try Fixture(game: game)
        fixture.session.perform(.faceWall(2))
        fixture.advance(by: .seconds(1))
        fixture.session.perform(.gazeTap)
        fixture.advance(by: .milliseconds(100))
        try #require(fixture.session.game.moves.map(\.cell.wall) == [2], "wall 2's pair breaks")
        try #require(fixture.session.game.board.placedBlocks.count(where: { $0.cell.wall == 2 }) == 1, "the 5 alone stays on wall 2")
        let scene = fixture.session.scene()
        #expect(scene.blocks.count(where: { $0.wall == 2 }) == 1, "the 5 is drawn on wall 2")
        #expect(!scene.pieces.isEmpty && scene.pieces.allSatisfy { $0.wall == 2 }, "and the breaking pair's pieces")
    }

    @Test func theMenuStartsAGameOfTheChosenShapeAndNKeepsIt() throws {
        let fixture = try Fixture(columns: [[0, 1], [0, 1], [1, 0]], width: 3, height: 2, folder: try temporaryDirectory())
        let session = fixture.session
        session.press(KeyChord(.escape))
        session.press(KeyChord(try #require(Key(name: "n"))))
        #expect(session.menuTitle == "New game")
        let items = session.menuItems
        func row(_ setting: MenuSetting) throws -> Int {
            try #require(items.firstIndex { $0.kind == .setting(setting) })
        }
        let down = KeyChord(try #require(Key(name: "down"))), right = KeyChord(.right), left = KeyChord(.left)
        // The first line is the room: one step makes it a single wall.
        #expect(session.menuSelection == (try row(.walls)))
        session.press(right)
        // Width 12 down to 9, with the mouse: a click on a value's left arrow steps it down.
        session.advance(FrameInput(elapsed: .zero, viewport: [1280, 720], date: fixture.date))
        let layout = try #require(session.menuLayout)
        let widthRow = try row(.width)
        let arrow = SIMD2(layout.valueStart(ofRow: widthRow) + layout.rowHeight / 2, layout.row(widthRow).min.y + layout.rowHeight / 2)
        for _ in 0..<3 { session.click(at: arrow) }
        session.press(down)
        for _ in 0..<4 { session.press(left) }  // height 10 down to 6
        session.press(down)
        session.press(left)  // 4 colours
        session.press(down)
        session.press(right)  // solvable
        session.press(down)
        #expect(session.menuItems[session.menuSelection ?? 0].label == "Start")
        session.press(KeyChord(try #require(Key(name: "enter"))))
        #expect(session.menuSelection == nil)
        fixture.waitForWork()
        let game = session.game
        #expect(game.start.room == (try Room(walls: 1, width: 9, height: 6)))
        #expect(game.start.colourCounts.filter { $0 > 0 }.count <= 4)
        // The choice is kept: N makes another board of that shape, and the next start offers it.
        session.perform(.newGame)
        fixture.waitForWork()
        #expect(session.game.start.room == game.start.room)
        fixture.serve()
        #expect(try Profile(environment: Fixture.environment(fixture.folder)).loadedRecords.settings.newGame.width == 9)
        // U goes back to the game the menu replaced.
        session.perform(.undo)
        session.perform(.undo)
        #expect(session.game.start.room.walls == 1 && session.game.start.room.width == 3)
    }

    /// A session on a small board whose new games are boards of two colours built to be cleared
    /// in a 6 x 6 wall: too few colours for the backward construction, so a search clears them.
    fileprivate static func buildingFixture() throws -> Fixture {
        try Fixture(
            game: Game(start: Board(room: Room(walls: 1, width: 3, height: 2), columns: [[0, 1], [0, 1], [1, 0]])),
            origin: GameOrigin(room: try Room(walls: 1, width: 6, height: 6), colours: 2, rules: Rules(), solvable: true),
            folder: try temporaryDirectory())
    }

    @Test func aBoardBuiltToBeClearedIsMadeOffTheMainThreadWhileTheGameGoesOn() throws {
        let fixture = try Self.buildingFixture()
        let session = fixture.session
        let before = session.game
        session.perform(.newGame)
        #expect(session.isBuildingBoard)
        #expect(session.hudState.message == "Building a board that can be cleared...")
        #expect(session.game == before, "the game in progress stays until the board is ready")
        let deadline = ContinuousClock.now + .seconds(120)
        while session.isBuildingBoard && ContinuousClock.now < deadline {
            fixture.advance(by: .milliseconds(16))
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(!session.isBuildingBoard)
        let board = session.game.start
        #expect(board.room == (try Room(walls: 1, width: 6, height: 6)))
        #expect(board.colourCounts.filter { $0 > 0 }.count == 2 && board.blockCount == 36)
        #expect(session.hudState.message == "New game: U brings the last one back")
        session.perform(.undo)
        #expect(session.game == before, "U brings the game the new board replaced back")
    }

    @Test func aBoardBuiltWhileTheMenuIsOpenWaitsForItToClose() throws {
        let fixture = try Self.buildingFixture()
        let session = fixture.session
        let before = session.game
        session.perform(.newGame)
        session.press(KeyChord(.escape))
        #expect(session.menuSelection != nil)
        fixture.waitForWork()
        fixture.advance(by: .milliseconds(16))
        #expect(session.isBuildingBoard && session.game == before, "the game the menu is about stays")
        session.press(KeyChord(.escape))
        #expect(session.menuSelection == nil)
        fixture.advance(by: .milliseconds(16))
        #expect(!session.isBuildingBoard && session.game.start.room.width == 6)
    }

    @Test func anotherGameChosenWhileABoardIsBuiltDropsTheBuild() throws {
        let fixture = try Self.buildingFixture()
        let session = fixture.session
        let before = session.game
        session.perform(.newGame)
        #expect(session.isBuildingBoard)
        session.perform(.restart)
        #expect(!session.isBuildingBoard && session.hudState.message == "Restarted this board: U brings the game back")
        fixture.waitForWork()
        #expect(session.game.start == before.start, "the restarted board stays")
    }

    @Test func settingsSurviveARestartAndADamagedFileIsKeptAside() throws {
        let folder = try temporaryDirectory()
        let first = try Fixture(columns: [[0], [0]], width: 2, height: 1, folder: folder)
        let count = Fixture.palettes.count
        try #require(count >= 2)
        first.session.perform(.nextPalette)
        first.session.perform(.toggleMute)
        first.session.press(KeyChord(.escape))
        first.session.press(KeyChord(try #require(Key(name: "s"))))
        let fieldOfView = try #require(first.session.menuItems.firstIndex { $0.kind == .setting(.fieldOfView) })
        for _ in 0..<fieldOfView { first.session.press(KeyChord(try #require(Key(name: "down")))) }
        first.session.press(KeyChord(.right))  // from "fit the wall" to 30 degrees
        #expect(first.session.menuItems.first { $0.kind == .setting(.fieldOfView) }?.value == "30°")
        #expect(abs(first.drawnFieldOfView - 30) < 1e-3)

        first.serve()
        let second = try Fixture(columns: [[0], [0]], width: 2, height: 1, folder: folder)
        #expect(second.drawnPalette == 1)
        #expect(abs(second.drawnFieldOfView - 30) < 1e-3)
        #expect(!second.breakSounds(Cell(wall: 0, column: 0, row: 0)), "the sound stays off")

        // A value out of range: its usual value, the others kept, and a notice naming it until a key.
        let file = folder.appendingPathComponent("config/puzzle-prison/settings.json")
        let settings = try #require(String(data: Data(contentsOf: file), encoding: .utf8))
        try Data(settings.replacingOccurrences(of: "\"fieldOfView\" : 30", with: "\"fieldOfView\" : 500").utf8).write(to: file)
        let third = try Fixture(columns: [[0], [0]], width: 2, height: 1, folder: folder)
        let usualFieldOfView = try Fixture(columns: [[0], [0]], width: 2, height: 1).drawnFieldOfView
        #expect(third.drawnPalette == 1 && third.drawnFieldOfView == usualFieldOfView && abs(usualFieldOfView - 30) > 1)
        #expect(
            third.session.notices == [
                "Some settings were out of range and their usual values are used: fieldOfView: 500 is not a whole number of degrees from 30 to 80; fit the wall is used."
            ])
        #expect(!third.breakSounds(Cell(wall: 0, column: 0, row: 0)), "the sound stays off")
        #expect(try fileNames(in: file.deletingLastPathComponent()) == ["settings.json"])

        // A damaged settings file: put aside, the usual settings, and a notice until a key.
        try Data("{\"format\": \"puzzle-prison-settings\", \"version\": 1, \"sound\": ".utf8).write(to: file)
        let fourth = try Fixture(columns: [[0], [0]], width: 2, height: 1, folder: folder)
        #expect(fourth.drawnPalette == 0 && fourth.drawnFieldOfView == usualFieldOfView)
        #expect(fourth.session.notices.count == 1)
        #expect(fourth.session.notices.first?.hasPrefix("Your settings could not be read, so the usual settings are used.") == true)
        let names = try fileNames(in: file.deletingLastPathComponent())
        #expect(names.count == 1 && names[0].hasPrefix("settings.json.damaged-"))
        fourth.look(at: Cell(wall: 0, column: 0, row: 0))
        fourth.session.press(KeyChord(try #require(Key(name: "space"))))
        #expect(fourth.session.notices.isEmpty && fourth.session.game.moves.isEmpty, "the key only dismissed the notice")
    }

    @Test func withoutASoundDeviceTheGameSaysSoInsteadOfSoundOn() throws {
        let fixture = try Fixture(columns: [[0], [0]], width: 2, height: 1, sound: SoundOutput(isAvailable: false))
        fixture.session.perform(.toggleMute)
        #expect(fixture.session.hudState.message == "No sound device: the game plays silently")
        fixture.session.perform(.menu)
        fixture.session.press(KeyChord(try #require(Key(name: "s"))))
        #expect(fixture.session.menuItems.contains { $0.value == "no sound device" })
    }

    /// Advances `fixture` frame by frame until no hint is being searched for (a minute at most,
    /// which only catches a hang), the wall-clock time it took.
    private func waitForHint(_ fixture: Fixture) -> Duration {
        let start = ContinuousClock.now
        while fixture.session.isThinking, ContinuousClock.now - start < .seconds(60) {
            fixture.wait(1.0 / 60)
            Thread.sleep(forTimeInterval: 0.005)
        }
        return ContinuousClock.now - start
    }

    @Test func aHintThinksOffTheMainThreadThenShowsItsGroupAndPointsUntilTheNextMove() throws {
        let fixture = try Fixture(columns: [[0, 1], [0, 1], [0, 2], [1, 2]], width: 4, height: 2, folder: try temporaryDirectory())
        fixture.session.perform(.hint)
        #expect(fixture.session.isThinking)
        #expect(fixture.session.hudState.message == "Thinking...")
        _ = waitForHint(fixture)
        let message = try #require(fixture.session.hudState.message)
        #expect(message.hasPrefix("Hint: ") && message.contains("point"), "\(message)")
        let hinted = { fixture.session.scene().blocks.filter(\.isHinted).count }
        #expect(hinted() >= 2)
        fixture.wait(10)
        #expect(hinted() >= 2, "the hint stays until the next move")
        #expect(fixture.session.hudState.message == message)
        fixture.gazeTap(Cell(wall: 0, column: 0, row: 0))
        #expect(hinted() == 0)
        #expect(fixture.session.hudState.message != message)
    }

    @Test func aHintSaysWhereItsGroupIsAndTurnsTheHeadOnlyWhenHIsPressedAgain() throws {
        // 4 walls of 2 x 1: the only group is on wall 3 (index 2); the player faces wall 1.
        let fixture = try Fixture(columns: [[1], [2], [3], [1], [0], [0], [2], [3]], walls: 4, width: 2, height: 1)
        fixture.session.perform(.hint)
        _ = waitForHint(fixture)
        let message = try #require(fixture.session.hudState.message)
        #expect(message == "Hint: 2 blocks on wall 3, 0 points (H again turns to it)", "\(message)")
        fixture.wait(1)
        #expect(fixture.facedWall == 0, "the first H does not turn the player's head")
        fixture.session.perform(.hint)
        fixture.wait(1)
        #expect(fixture.facedWall == 2, "H again turns to the hinted group")
        #expect(fixture.session.hudState.message == "Hint: 2 blocks on wall 3, 0 points")
    }

    @Test func aHintThatScoresLittleSaysWhatItSetsUp() throws {
        // 0 0 1 1 0 0 0: breaking the two 1s scores nothing but joins five 0s, 9 points next.
        let fixture = try Fixture(columns: [[0], [0], [1], [1], [0], [0], [0]], width: 7, height: 1)
        fixture.session.perform(.hint)
        _ = waitForHint(fixture)
        #expect(fixture.session.hudState.message == "Hint: 2 blocks, 0 points, then 5 blocks: 9 points")
    }

    @Test func aMoveWhileAHintIsSearchedForTakesTheThinkingNoteAwayAndNoHintFollows() throws {
        let fixture = try Fixture(columns: [[0, 1], [0, 1], [0, 2], [1, 2]], width: 4, height: 2)
        fixture.session.perform(.hint)
        #expect(fixture.session.hudState.message == "Thinking...")
        fixture.gazeTap(Cell(wall: 0, column: 0, row: 0))
        #expect(fixture.session.game.moves.count == 1)
        #expect(!fixture.session.isThinking)
        #expect(fixture.session.hudState.message == nil)
        fixture.wait(1)
        #expect(fixture.session.hudState.message == nil, "the search's answer is for a game gone by")
    }

    @Test func aNoteRunsOutAfterAFewSeconds() throws {
        let fixture = try Fixture(columns: [[0], [0]], width: 2, height: 1)
        fixture.session.perform(.toggleMute)
        #expect(fixture.session.hudState.message == "Sound off")
        fixture.wait(2)
        #expect(fixture.session.hudState.message == "Sound off")
        fixture.wait(2)
        #expect(fixture.session.hudState.message == nil)
    }

    @Test func aHintInTheLargestRoomComesWithoutWaitingOnTheSearch() throws {
        let board = try Board.random(room: try Room(walls: 4, width: Room.maximumSide, height: Room.maximumSide), colours: 3, seed: 5)
        let fixture = try Fixture(game: Game(start: board), folder: try temporaryDirectory())
        fixture.session.perform(.hint)
        _ = waitForHint(fixture)
        #expect(fixture.session.hudState.message?.hasPrefix("Hint: ") == true, "\(fixture.session.hudState.message ?? "")")
    }

    @Test func aHintIsNeverSilent() throws {
        let over = try Fixture(columns: [[0], [1]], width: 2, height: 1)
        over.session.perform(.hint)
        #expect(over.session.hudState.message == "No moves left: U undoes, N starts a new game")
    }

    @Test func theCellOpensWhenTheRoomIsClearedItsBareStoneWallsWithWallZero() throws {
        let fixture = try Fixture(columns: [[0], [0]], width: 2, height: 1)
        let shut = fixture.session.scene().surroundings
        #expect(shut.opening == 0)
        #expect(shut.stoneWallMatrices.map { $0.transformPoint(.zero) } == [SIMD3<Float>](repeating: .zero, count: 4))
        fixture.gazeTap(Cell(wall: 0, column: 0, row: 0))
        fixture.wait(5)
        let open = fixture.session.scene().surroundings
        #expect(open.opening == 1)
        // Wall 0 of blocks has gone outward and down; the three bare stone walls as far.
        let travel = { (matrix: simd_float4x4) in
            let moved = matrix.transformPoint(.zero)
            return (moved * moved).sum().squareRoot()
        }
        #expect(open.stoneWallMatrices.count == 4)
        #expect(travel(open.stoneWallMatrices[0]) > shut.innerDistance)
        for matrix in open.stoneWallMatrices.dropFirst() {
            #expect(abs(travel(matrix) - travel(open.stoneWallMatrices[0])) < 1e-4)
        }
    }
}
