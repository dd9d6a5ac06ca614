import Foundation
import PrisonRules
import PrisonHost
import PrisonSession
import Testing

/// Which game a request gives, read through the session's one file reader and its messages.
@Suite struct GameChoiceTests {
    /// A profile whose files live in `folder`, not in the machine's data and config folders.
    private func profile(in folder: URL) throws(HostError) -> Profile {
        try Profile(environment: ["XDG_DATA_HOME": folder.path, "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path])
    }

    /// The message of the error `request` is refused with, or nil when a game is chosen.
    private func refusal(of request: GameRequest, in folder: URL) -> String? {
        do throws(HostError) {
            _ = try ChosenGame(request, profile: profile(in: folder), seed: 1)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aBoardFileIsPlayedAsItIsWritten() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let board = try Board.random(room: Room(walls: 1, width: 6, height: 5), colours: 3, seed: 11)
        let path = folder.appendingPathComponent("six.board").path
        try Data(board.text.utf8).write(to: URL(fileURLWithPath: path))

        let chosen = try ChosenGame(GameRequest(board: path), profile: profile(in: folder), seed: 1)
        #expect(chosen.game.start == board)
        #expect(chosen.replay == nil)
        #expect(!chosen.isProgress, "a board file's game leaves the game in progress alone")
    }

    @Test func aBoardFileThatIsNotTextIsRefusedByName() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("latin1.board").path
        try Data([0x41, 0xE9, 0x0A]).write(to: URL(fileURLWithPath: path))

        #expect(refusal(of: GameRequest(board: path), in: folder) == "board file '\(path)' is not UTF-8 text")
    }

    @Test func missingFilesAreRefusedByWhatTheyAre() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("none").path

        #expect(refusal(of: GameRequest(board: path), in: folder) == "board file '\(path)' does not exist")
        #expect(refusal(of: GameRequest(replay: path), in: folder) == "replay file '\(path)' does not exist")
    }

    @Test func aSeedGivesTheSameNewBoardAndNoSeedTheGameInProgress() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }

        let seeded = try ChosenGame(GameRequest(seed: 5, walls: 1), profile: profile(in: folder), seed: 1)
        let again = try ChosenGame(GameRequest(seed: 5, walls: 1), profile: profile(in: folder), seed: 1)
        #expect(seeded.game.start == again.game.start)
        #expect(seeded.game.start.room.walls == 1)
        #expect(!seeded.isProgress, "a new board asked for leaves the game in progress alone")

        let first = try ChosenGame(GameRequest(), profile: profile(in: folder), seed: 1)
        #expect(first.isProgress && first.isFirstGame, "no saved game: a new default board, the player's own")
        try profile(in: folder).keep([.game(seeded.game)])
        let resumed = try ChosenGame(GameRequest(), profile: profile(in: folder), seed: 1)
        #expect(resumed.game.start == seeded.game.start)
        #expect(resumed.isProgress && !resumed.isFirstGame)
    }

    @Test func withNoGameToResumeTheStartOpensTheShapeLastChosen() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var settings = try profile(in: folder).loadedRecords.settings
        settings.newGame.walls = 1
        settings.newGame.width = 6
        settings.newGame.height = 5
        settings.newGame.colours = 3
        settings.newGame.solvable = true
        try profile(in: folder).keep(settings)

        let start = try ChosenGame(GameRequest(), profile: profile(in: folder), seed: 1)
        let room = start.game.start.room
        #expect((room.walls, room.width, room.height) == (1, 6, 5))
        #expect(start.game.start.colourCounts.count { $0 > 0 } <= 3)
        #expect(start.origin.colours == 3 && start.origin.solvable, "N goes on with the chosen shape, colours and solvable boards")
        #expect(start.isFirstGame)

        let asked = try ChosenGame(GameRequest(seed: 2), profile: profile(in: folder), seed: 1)
        #expect(asked.game.start.room == .standard, "options on the command line still mean the default room for the rest")
    }
}
