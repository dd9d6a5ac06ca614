import Foundation
import PrisonDesktop
import PrisonRules
import PrisonWorld
import Testing

/// Records what a session plays instead of playing it.
private final class RecordingSound: SoundPlayer {
    var isMuted = false
    private(set) var played: [(effect: SoundEffect, pitch: Float)] = []
    func play(_ effect: SoundEffect, pitch: Float) {
        if !isMuted { played.append((effect, pitch)) }
    }
}

/// A session of `board` (or `game`) with the shipped palettes, a data folder of its own and a
/// recording sound player, its viewport 1280 x 720.
private struct Fixture {
    let session: Session
    let sound = RecordingSound()
    let folder: URL
    let profile: Profile

    static let palettes: [Palette] = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Assets/palettes.json")
        return (try? Palette.palettes(at: file)) ?? []
    }()

    init(game: Game, replay: [Move]? = nil, folder: URL? = nil, keepsProgress: Bool = true) throws {
        let folder = try folder ?? temporaryDirectory()
        self.folder = folder
        profile = Profile(environment: ["XDG_DATA_HOME": folder.path])
        session = Session(
            game: game, origin: GameOrigin(room: game.start.room, colours: 2, rules: game.rules), replay: replay,
            palettes: Self.palettes, profile: profile, sound: sound, keepsProgress: keepsProgress)
        session.advance(by: 0, viewport: [1280, 720])
    }

    init(columns: [[Int]], walls: Int = 1, width: Int, height: Int, folder: URL? = nil, keepsProgress: Bool = true) throws {
        try self.init(
            game: Game(start: Board(room: Room(walls: walls, width: width, height: height), columns: columns)), folder: folder,
            keepsProgress: keepsProgress)
    }

    /// Turns the head to look straight at the block in `cell`. The camera orbits the room's
    /// centre as the head turns, so the look is aimed again from where it stands until it holds.
    func look(at cell: Cell) {
        guard let ray = session.world.ray(toward: cell) else {
            Issue.record("no block in \(cell)")
            return
        }
        for _ in 0..<12 {
            let toward = ray.origin + ray.direction - session.world.camera.position(relativeTo: nil)
            let d = toward / (toward * toward).sum().squareRoot()
            session.look(yaw: atan2(d.x, -d.z) * 180 / .pi, pitch: asin(d.y) * 180 / .pi)
        }
    }

    /// Turns the head to the block in `cell` and taps it with the crosshair, as a headset does.
    func gazeTap(_ cell: Cell) {
        look(at: cell)
        session.perform(.gazeTap)
    }

    /// Lets `seconds` pass in frames of `step` seconds.
    func wait(_ seconds: Double, step: Double = 1.0 / 60) {
        var left = seconds
        while left > 0 {
            session.advance(by: min(step, left), viewport: [1280, 720])
            left -= step
        }
    }

    /// The best scores kept on disk.
    func scoresOnDisk(for room: Room) throws -> [ScoreEntry] {
        try DataDirectory(environment: ["XDG_DATA_HOME": folder.path]).loadScores().value.entries(for: room)
    }
}

@Suite struct SessionTests {
    @Test func aGazeTapBreaksTheGroupAheadWithASound() throws {
        let fixture = try Fixture(columns: [[0, 1], [0, 1], [1, 0]], width: 3, height: 2)
        fixture.gazeTap(Cell(wall: 0, column: 0, row: 0))
        #expect(fixture.session.world.game.moves.map(\.cell) == [Cell(wall: 0, column: 0, row: 0)])
        fixture.wait(0.1)
        #expect(fixture.sound.played.contains { $0.effect == .breakGroup })
        #expect(fixture.session.hudState.score == 0)  // two blocks: (2 - 2)^2
    }

    @Test func anEndingIsRecordedOnceEvenAfterUndo() throws {
        let fixture = try Fixture(columns: [[0], [0], [0]], width: 3, height: 1)
        let room = fixture.session.world.game.start.room
        fixture.gazeTap(Cell(wall: 0, column: 1, row: 0))
        fixture.wait(3)
        let ending = try #require(fixture.session.hudState.ending)
        #expect(ending[0].contains("clear"))
        #expect(ending[2] == "1st in the top 10")
        #expect(fixture.sound.played.contains { $0.effect == .cleared })
        #expect(try fixture.scoresOnDisk(for: room).map(\.score) == [1001])
        #expect(fixture.session.hudState.best == 1001)

        fixture.session.perform(.undo)
        #expect(fixture.session.hudState.ending == nil)
        fixture.wait(1)
        fixture.gazeTap(Cell(wall: 0, column: 1, row: 0))
        fixture.wait(3)
        #expect(fixture.session.hudState.ending?[2] == "Recorded once: this game's first ending counts")
        #expect(try fixture.scoresOnDisk(for: room).count == 1)
    }

    @Test func theQuitQuestionTakesOnlyYOrEsc() throws {
        let fixture = try Fixture(columns: [[0], [0]], width: 2, height: 1)
        let session = fixture.session
        session.press(KeyChord(.escape))
        #expect(session.isAskingToQuit)
        #expect(session.hudState.quitQuestion?.contains("the game is saved") == true)
        session.press(KeyChord(try #require(Key(name: "enter"))))
        #expect(!session.isAskingToQuit)
        #expect(session.takeRequests().isEmpty)
        session.press(KeyChord(.escape))
        session.press(KeyChord(.letterY))
        #expect(session.takeRequests() == [.quit])
        session.press(KeyChord(.escape))
        session.press(KeyChord(.escape))
        #expect(session.takeRequests() == [.quit])
    }

    @Test func tapsDoNotGoThroughTheHelpOrTheQuitQuestion() throws {
        let fixture = try Fixture(columns: [[0], [0]], width: 2, height: 1)
        fixture.session.perform(.toggleHelp)
        fixture.gazeTap(Cell(wall: 0, column: 0, row: 0))
        #expect(fixture.session.world.game.moves.isEmpty)
        fixture.session.perform(.toggleHelp)
        fixture.session.perform(.quit)
        fixture.gazeTap(Cell(wall: 0, column: 0, row: 0))
        #expect(fixture.session.world.game.moves.isEmpty)
        fixture.session.press(KeyChord(try #require(Key(name: "n"))))  // stay
        fixture.gazeTap(Cell(wall: 0, column: 0, row: 0))
        #expect(fixture.session.world.game.moves.count == 1)
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
        #expect(fixture.session.world.game.moves.map(\.cell) == played.moves.map(\.cell))
        #expect(fixture.session.world.game.history.map(\.multiplier) == played.history.map(\.multiplier))
        #expect(fixture.session.world.game.score == played.score)
    }

    @Test func aReplayIsNotSavedButAGameStartedAfterItIs() throws {
        let played = try playedGame(seed: 5, count: 3, spacing: nil)
        let fixture = try Fixture(game: Game(start: played.start, rules: played.rules), replay: played.moves)
        fixture.session.perform(.undo)
        #expect(fixture.session.hudState.message?.contains("replay") == true)
        fixture.wait(6)
        fixture.session.saveOnQuit()
        #expect(fixture.profile.savedGame() == nil)

        fixture.session.perform(.restart)
        #expect(!fixture.session.hudState.isReplay)
        let cell = try #require(fixture.session.world.game.availableGroups.first?.cells.first)
        fixture.gazeTap(cell)
        #expect(fixture.session.world.game.moves.count == 1)
        fixture.session.saveOnQuit()
        #expect(fixture.profile.savedGame()?.moves == fixture.session.world.game.moves)
    }

    @Test func quittingAnUnplayedGameLeavesTheSavedOneAlone() throws {
        let folder = try temporaryDirectory()
        let first = try Fixture(columns: [[0, 1], [0, 1], [1, 1]], width: 3, height: 2, folder: folder)
        first.gazeTap(Cell(wall: 0, column: 0, row: 0))
        first.session.saveOnQuit()
        let saved = try #require(first.profile.savedGame())

        let second = try Fixture(columns: [[1], [1]], width: 2, height: 1, folder: folder)
        second.session.saveOnQuit()
        #expect(second.profile.savedGame() == saved)
    }

    @Test func aGameFromABoardOrSeedLeavesTheGameInProgressAlone() throws {
        let folder = try temporaryDirectory()
        let progress = try Fixture(columns: [[0, 1], [0, 1], [1, 1]], width: 3, height: 2, folder: folder)
        progress.gazeTap(Cell(wall: 0, column: 0, row: 0))
        progress.session.saveOnQuit()
        let saved = try #require(progress.profile.savedGame())

        // Played and quit: not saved over the game in progress.
        let played = try Fixture(columns: [[0, 1], [0, 1], [1, 0]], width: 3, height: 2, folder: folder, keepsProgress: false)
        played.gazeTap(Cell(wall: 0, column: 0, row: 0))
        played.session.perform(.quit)
        #expect(played.session.hudState.quitQuestion?.contains("saved") == false)
        played.session.saveOnQuit()
        #expect(played.profile.savedGame() == saved)

        // Finished, its score recorded: the game in progress is not removed.
        let finished = try Fixture(columns: [[0], [0]], width: 2, height: 1, folder: folder, keepsProgress: false)
        finished.gazeTap(Cell(wall: 0, column: 0, row: 0))
        finished.wait(3)
        #expect(finished.session.world.game.isOver)
        #expect(finished.session.hudState.ending != nil)
        finished.session.saveOnQuit()
        #expect(finished.profile.savedGame() == saved)
        #expect(try finished.scoresOnDisk(for: finished.session.world.game.start.room).count == 1)
    }

    @Test func mouseLookTapsTheCrosshairWhereverTheClickIs() throws {
        let fixture = try Fixture(columns: [[0], [0]], width: 2, height: 1)
        fixture.session.perform(.toggleMouseLook)
        #expect(fixture.session.takeRequests() == [.mouseLook(true)])
        fixture.look(at: Cell(wall: 0, column: 0, row: 0))
        fixture.session.click(at: [3, 3])  // the corner of the window: mouse-look taps the middle
        #expect(fixture.session.world.game.moves.count == 1)
    }

    @Test func theHeadTurnsWhileAKeyIsHeldAndStopsWhenTheWindowLosesIt() throws {
        let fixture = try Fixture(columns: [[0], [0]], walls: 4, width: 2, height: 1)
        fixture.session.press(KeyChord(.right))
        fixture.wait(0.5)
        #expect(abs(fixture.session.head.yaw - Head.keyTurnSpeed * 0.5) < 1)
        fixture.session.releaseAllKeys()
        let yaw = fixture.session.head.yaw
        fixture.wait(0.5)
        #expect(fixture.session.head.yaw == yaw)
    }

    @Test func paletteAndSoundKeysSayWhatTheyDid() throws {
        let fixture = try Fixture(columns: [[0], [0]], width: 2, height: 1)
        let count = Fixture.palettes.count
        try #require(count >= 2)
        for step in 1...count {
            fixture.session.perform(.nextPalette)
            #expect(fixture.session.paletteIndex == step % count)
            #expect(fixture.session.scene().showsSymbols == fixture.session.palette.showsSymbols)
        }
        fixture.session.perform(.toggleMute)
        #expect(fixture.sound.isMuted)
        #expect(fixture.session.hudState.message == "Sound off")
    }

    @Test func theSceneHasABlockForEveryBlockDrawn() throws {
        let fixture = try Fixture(columns: [[0, 1], [0, 1], [1, 0]], width: 3, height: 2)
        let scene = fixture.session.scene()
        #expect(scene.instances.count == 6 * BlockInstances.floatsPerInstance)
        // The eye stands where the framing puts it to show the wall faced whole.
        #expect(scene.eye == fixture.session.framing.eye(yaw: 0))
    }
}
