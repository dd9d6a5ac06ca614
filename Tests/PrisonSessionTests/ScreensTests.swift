import Foundation
import PrisonRules
import PrisonHost
import PrisonSession
import SessionFixture
import Testing

/// The screens a finished small game has: the tutorial, How to play, Statistics, About and the
/// size presets, through the session as a front end drives it.
@Suite struct ScreensTests {
    /// Taps the first group left, as the player would.
    private func tapAGroup(_ fixture: Fixture) throws {
        let group = try #require(fixture.session.game.availableGroups.first)
        fixture.gazeTap(group.cells[0])
    }

    @Test func aFirstStartPlaysTheTutorialOnceWithoutSavingOrRecordingIt() throws {
        let folder = try temporaryDirectory()
        let fixture = try Fixture(startingIn: folder)
        let session = fixture.session
        #expect(session.tutorial?.step == .breakAGroup)
        #expect(session.game.start == Tutorial.board)
        #expect(session.hudState.tutorialPanel?.first == "How to play: 1 of 3")
        #expect(!session.isMenuOpen)

        // A first group: its score, and why.
        try tapAGroup(fixture)
        fixture.wait(2)
        #expect(session.tutorial?.step == .makeACombo)
        #expect(session.hudState.tutorialPanel?[1] == "A group of 4 blocks scores (4 - 2)² = 4 points: bigger groups score far more.")

        // Two groups within the break: a combo.
        try tapAGroup(fixture)
        fixture.wait(0.2)
        try tapAGroup(fixture)
        fixture.wait(2)
        #expect(session.tutorial?.step == .clearTheWall)
        #expect(session.hudState.tutorialPanel?[1].hasPrefix("Combo x2: that group's ") == true)

        // The rest, to the clear bonus.
        while !session.game.availableGroups.isEmpty {
            try tapAGroup(fixture)
            fixture.wait(2)
        }
        #expect(session.tutorial?.step == .finished)
        #expect(session.hudState.tutorialPanel?[1].contains("+1,000 points") == true)
        #expect(session.hudState.ending == nil)
        #expect(fixture.session.records.statistics.games.isEmpty)
        #expect(fixture.session.records.scores.best(for: Tutorial.board.room) == nil)

        // Enter: the player's own game, and the menu to choose one, as a first start has.
        session.press(KeyChord(try #require(Key(name: "enter"))))
        #expect(session.tutorial == nil)
        #expect(session.isMenuOpen)
        #expect(session.game.start.room == .standard)
        fixture.saveOnQuit()
        let kept = try Profile(environment: Fixture.environment(folder))
        #expect(kept.savedGame() == nil)
        #expect(kept.loadedRecords.statistics.games.isEmpty && kept.loadedRecords.scores.roomKeys.isEmpty)

        // The next start goes straight to the menu.
        let next = try Fixture(startingIn: folder)
        #expect(next.session.tutorial == nil)
        #expect(next.session.isMenuOpen)
    }

    @Test func theTutorialFromTheMenuLeavesTheGameInProgressAsItWasAndSavesIt() throws {
        let fixture = try Fixture(columns: [[0, 1], [0, 1], [1, 0]], width: 3, height: 2, folder: try temporaryDirectory())
        let session = fixture.session
        fixture.gazeTap(Cell(wall: 0, column: 0, row: 0))
        fixture.wait(2)
        let game = session.game
        session.press(KeyChord(.escape))
        session.press(KeyChord(try #require(Key(name: "h"))))
        #expect(session.menuTitle == "How to play")
        #expect(session.menuItems[session.menu?.selection ?? 0].label == "Play the tutorial")
        session.press(KeyChord(try #require(Key(name: "enter"))))
        #expect(session.tutorial != nil && !session.isMenuOpen)
        try tapAGroup(fixture)
        fixture.wait(2)
        // Quitting in the tutorial saves the player's game, never the tutorial's.
        fixture.saveOnQuit()
        #expect(fixture.profile.savedGame() == game)
        // R plays the tutorial's wall again; Esc skips it: the game comes back as it was.
        session.perform(.restart)
        #expect(session.game.moves.isEmpty && session.game.start == Tutorial.board)
        session.press(KeyChord(.escape))
        #expect(session.tutorial == nil && !session.isMenuOpen)
        #expect(session.game == game)
    }

    @Test func theTutorialsWallIsClearedByAnyOrderOfGroups() throws {
        for seed in UInt64(1)...200 {
            var generator = SeededGenerator(seed: seed)
            var game = Game(start: Tutorial.board, rules: Tutorial.rules)
            while let group = game.board.randomGroup(using: &generator) { try game.play(Move(group.cells[0])) }
            #expect(game.isCleared, "seed \(seed)")
        }
    }

    @Test func theTutorialHasNoUndoAndAPlayerWithRecordsSkipsIt() throws {
        let folder = try temporaryDirectory()
        let fixture = try Fixture(startingIn: folder)
        try tapAGroup(fixture)
        fixture.wait(2)
        fixture.session.perform(.undo)
        #expect(fixture.session.game.moves.count == 1)
        #expect(fixture.session.hudState.message == "The tutorial has no undo: R plays its wall again")
        // Quitting in the tutorial: it is offered again at the next start.
        fixture.saveOnQuit()
        #expect(try Fixture(startingIn: folder).session.tutorial != nil)
        // A player with a recorded game and no settings file knows the game: the menu.
        let other = try temporaryDirectory()
        let played = try Fixture(columns: [[0], [0]], width: 2, height: 1, folder: other)
        played.gazeTap(Cell(wall: 0, column: 0, row: 0))
        played.wait(3)
        try? FileManager.default.removeItem(at: other.appendingPathComponent("config"))
        let next = try Fixture(startingIn: other)
        #expect(next.session.tutorial == nil && next.session.isMenuOpen)
    }

    @Test func quittingRightAfterTheLastMoveStillRecordsTheGame() throws {
        let fixture = try Fixture(columns: [[0], [0], [0]], width: 3, height: 1, folder: try temporaryDirectory())
        fixture.gazeTap(Cell(wall: 0, column: 1, row: 0))
        fixture.saveOnQuit()
        #expect(try fixture.scoresOnDisk(for: fixture.session.game.start.room).map(\.score) == [1001])
        #expect(fixture.session.records.statistics.summary().cleared == 1)
    }

    @Test func statisticsCountEachBoardOnceAndKeepStreaks() throws {
        let fixture = try Fixture(columns: [[0], [0], [0]], width: 3, height: 1, folder: try temporaryDirectory())
        let session = fixture.session
        let middle = Cell(wall: 0, column: 1, row: 0)
        fixture.gazeTap(middle)
        fixture.wait(3)
        // Undo and redo, and a restart of the same board: still one game.
        session.perform(.undo)
        fixture.wait(1)
        session.perform(.redo)
        fixture.wait(3)
        session.perform(.restart)
        fixture.wait(1)
        fixture.gazeTap(middle)
        fixture.wait(3)
        var summary = fixture.session.records.statistics.summary()
        #expect(summary.played == 1 && summary.cleared == 1 && summary.best == 1001 && summary.currentStreak == 1)

        // A game that is not cleared ends the streak; the page says so, room by room.
        let other = try Fixture(columns: [[0], [1], [0]], width: 3, height: 1, folder: fixture.folder)
        other.wait(3)
        summary = other.session.records.statistics.summary()
        #expect(summary.played == 2 && summary.cleared == 1 && summary.currentStreak == 0 && summary.longestStreak == 1)
        #expect(summary.average == 500.5 && summary.clearRate == 0.5)
        other.session.press(KeyChord(.escape))
        for _ in 0..<3 { other.session.press(KeyChord(try #require(Key(name: "down")))) }
        other.session.press(KeyChord(try #require(Key(name: "enter"))))
        #expect(other.session.menuTitle == "Statistics")
        #expect(other.session.menuItems.map(\.label).dropFirst().prefix(4) == [
            "Games finished: 2", "Cleared: 1 (50 %)", "Best score: 1,001 · average 501", "Clear streak: 0 now, 1 at best",
        ])
        #expect(other.session.menuItems.first?.value == "All rooms")
        other.session.press(KeyChord(.right))
        #expect(other.session.menuItems.first?.value == "1 wall of 3 x 1")

        // Kept on disk, and read back at the next start.
        fixture.serve()
        #expect(try Profile(environment: Fixture.environment(fixture.folder)).loadedRecords.statistics == other.session.records.statistics)
    }

    @Test func aStatisticsFileListingABoardTwiceCountsItOnceAtItsBetterEnding() throws {
        let json = #"""
            {"format": "puzzle-prison-statistics", "version": 1, "games": [
             {"room": "1x3x1", "board": "a", "score": 5, "cleared": false},
             {"room": "1x3x1", "board": "b", "score": 1001, "cleared": true},
             {"room": "1x3x1", "board": "a", "score": 9, "cleared": false}]}
            """#
        let statistics = try Statistics(json: Data(json.utf8))
        #expect(statistics.games.map(\.board) == ["a", "b"])
        #expect(statistics.summary().played == 2 && statistics.summary().best == 1001 && statistics.games[0].score == 9)
    }

    @Test func aDamagedStatisticsFileIsKeptAsideAndTheStatisticsStartAgain() throws {
        let folder = try temporaryDirectory()
        let data = folder.appendingPathComponent(DataDirectory.folderName)
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try Data("{\"format\": \"puzzle-prison-statistics\", \"version\": 1, \"games\": [{\"score\": -3}]}".utf8)
            .write(to: data.appendingPathComponent("statistics.json"))
        let fixture = try Fixture(columns: [[0], [0]], width: 2, height: 1, folder: folder)
        #expect(fixture.session.notices == ["Your statistics could not be read, so the statistics start again. The damaged file is kept as \(try #require(try fileNames(in: data).first { $0.hasPrefix("statistics.json.damaged-") }))."])
        #expect(fixture.session.records.statistics.games.isEmpty)
        fixture.gazeTap(Cell(wall: 0, column: 0, row: 0))
        fixture.wait(3)
        #expect(try Profile(environment: Fixture.environment(folder)).loadedRecords.statistics.summary().played == 1)
    }

    @Test func sizePresetsStepFromSmallToLargeAndNameAnyOtherSizeYourOwn() throws {
        let fixture = try Fixture(columns: [[0], [0]], width: 2, height: 1, folder: try temporaryDirectory())
        let session = fixture.session
        session.press(KeyChord(.escape))
        session.press(KeyChord(try #require(Key(name: "n"))))
        let size = try #require(session.menuItems.firstIndex { $0.kind == .setting(.size) })
        #expect(session.menuItems[size].value == "Medium: 12 x 10")
        session.press(KeyChord(try #require(Key(name: "down"))))
        session.press(KeyChord(.right))
        #expect(session.menuItems[size].value == "Large: 16 x 12")
        session.press(KeyChord(.right))
        #expect(session.menuItems[size].value == "Large: 16 x 12")
        session.press(KeyChord(.left))
        session.press(KeyChord(.left))
        #expect(session.menuItems[size].value == "Small: 6 x 5")
        // One wall: the classic games' sizes.
        session.press(KeyChord(try #require(Key(name: "up"))))
        session.press(KeyChord(.right))
        #expect(session.menuItems[size].value == "Small: 6 x 5")
        session.press(KeyChord(try #require(Key(name: "down"))))
        session.press(KeyChord(.right))
        #expect(session.menuItems[size].value == "Medium: 15 x 10")
        session.press(KeyChord(try #require(Key(name: "down"))))
        session.press(KeyChord(.left))
        #expect(session.menuItems[size].value == "your own: 14 x 10")
        // From a size of one's own, the nearest preset each way.
        session.press(KeyChord(try #require(Key(name: "up"))))
        session.press(KeyChord(.right))
        #expect(session.menuItems[size].value == "Medium: 15 x 10")
        fixture.serve()
        #expect(try Profile(environment: Fixture.environment(fixture.folder)).loadedRecords.settings.newGame.sizePreset == .medium)
    }

    @Test func aSmallRoomIsNotInDangerFromItsFirstMoves() throws {
        #expect(Rules(fittedTo: .standard) == Rules())
        #expect(Rules(fittedTo: .classic).dangerThreshold == 3)
        #expect(Rules(fittedTo: try Room(walls: 1, width: 10, height: 10)).dangerThreshold == 2)
        #expect(Rules(fittedTo: try Room(walls: 1, width: 6, height: 5)).dangerThreshold == 1)
        #expect(Rules(fittedTo: try Room(walls: 4, width: 6, height: 5)).dangerThreshold == 3)
        // A game the menu starts in a small room plays by the rules fitted to it.
        let fixture = try Fixture(columns: [[0], [0]], width: 2, height: 1)
        let session = fixture.session
        session.press(KeyChord(.escape))
        session.press(KeyChord(try #require(Key(name: "n"))))
        session.press(KeyChord(.right))  // one wall
        session.press(KeyChord(try #require(Key(name: "down"))))
        session.press(KeyChord(.left))  // small, 6 x 5
        for _ in 0..<5 { session.press(KeyChord(try #require(Key(name: "down")))) }
        session.press(KeyChord(try #require(Key(name: "enter"))))
        #expect(session.game.start.room == (try Room(walls: 1, width: 6, height: 5)))
        #expect(session.game.rules.dangerThreshold == 1)
    }

    @Test func theAboutPageSaysTheVersionTheBuildWhereTheFilesAreAndTheLicence() throws {
        let fixture = try Fixture(
            game: Game(start: try Board(room: Room(walls: 1, width: 2, height: 1), columns: [[0], [0]])), folder: try temporaryDirectory(),
            about: About(build: "0123456789ab"))
        let session = fixture.session
        session.press(KeyChord(.escape))
        for _ in 0..<6 { session.press(KeyChord(try #require(Key(name: "down")))) }
        session.press(KeyChord(try #require(Key(name: "enter"))))
        #expect(session.menuTitle == "About")
        #expect(session.menuItems.map(\.label) == [
            "Puzzle Prison \(About.packageVersion), build 0123456789ab",
            "Games, scores, statistics: \(fixture.folder.appendingPathComponent("puzzle-prison/player.sqlite3").path)",
            "Settings: \(fixture.folder.appendingPathComponent("config/puzzle-prison").path)",
            About.licence,
            "Back",
        ])
    }
}
