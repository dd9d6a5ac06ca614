import Foundation
import PrisonHost
import PrisonSession
import PrisonRules
import Testing

/// 2026-11-18 11:06:40 UTC.
private let now = Date(timeIntervalSince1970: 1_795_000_000)

/// A data directory in a fresh temporary folder, and that folder to remove after the test.
private func temporaryDataDirectory() throws -> (directory: DataDirectory, root: URL) {
    let root = try temporaryDirectory()
    let directory = try DataDirectory(environment: ["XDG_DATA_HOME": root.appendingPathComponent("data").path])
    return (directory, root)
}

/// A game on a small one-wall board with one move played.
private func gameInProgress() throws -> Game {
    var game = Game(start: try Board(text: "1122\n1212\n2211"))
    _ = try game.play(Move(Cell(column: 0, row: 0)))
    return game
}

// MARK: - Where the data lives

@Test func theDataDirectoryFollowsXDGDataHomeWhenItIsAbsolute() throws {
    let xdg = try DataDirectory(environment: ["XDG_DATA_HOME": "/data/home", "HOME": "/home/ann"])
    #expect(xdg.url.path == "/data/home/puzzle-prison")
    #expect(xdg.gameFile.path == "/data/home/puzzle-prison/game.json")
    #expect(xdg.scoresFile.path == "/data/home/puzzle-prison/scores.json")
    for ignored in ["relative/data", ""] {
        let home = try DataDirectory(environment: ["XDG_DATA_HOME": ignored, "HOME": "/home/ann"])
        #expect(home.url.path == "/home/ann/.local/share/puzzle-prison")
    }
    #expect(try DataDirectory(environment: ["HOME": "/home/ann"]).url.path == "/home/ann/.local/share/puzzle-prison")
}

@Test func noDataDirectoryWithoutAnAbsoluteXDGDataHomeOrHome() {
    let message = "no place to keep games and scores: neither XDG_DATA_HOME nor HOME is an absolute path"
    #expect(throws: HostError(message)) { try DataDirectory(environment: [:]) }
    #expect(throws: HostError(message)) { try DataDirectory(environment: ["HOME": "ann", "XDG_DATA_HOME": "data"]) }
}

// MARK: - Atomic writes

@Test func anAtomicWriteReplacesTheFileAndLeavesNoTemporaryFile() throws {
    let root = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let file = root.appendingPathComponent("file.txt")
    try writeAtomically(Data("first".utf8), to: file)
    try writeAtomically(Data("second".utf8), to: file)
    #expect(try Data(contentsOf: file) == Data("second".utf8))
    try writeAtomically(Data(), to: file)
    #expect(try Data(contentsOf: file).isEmpty)
    #expect(try fileNames(in: root) == ["file.txt"])
}

@Test func aFailedAtomicWriteNamesThePathAndLeavesNoTemporaryFile() throws {
    let root = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    // A non-empty directory cannot be renamed over.
    let target = root.appendingPathComponent("target")
    try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
    try Data("kept".utf8).write(to: target.appendingPathComponent("inside"))
    let error = #expect(throws: HostError.self) { try writeAtomically(Data("new".utf8), to: target) }
    #expect(error?.description.hasPrefix("cannot write '\(target.path)': ") == true)
    #expect(try fileNames(in: root) == ["target"])
    #expect(try fileNames(in: target) == ["inside"])

    let nowhere = root.appendingPathComponent("missing/file.txt")
    #expect(throws: HostError("cannot write '\(nowhere.path)': No such file or directory")) {
        try writeAtomically(Data("new".utf8), to: nowhere)
    }
}

// MARK: - The game in progress

@Test func aSavedGameFileComesBack() throws {
    let (directory, root) = try temporaryDataDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let none = directory.loadGame()
    #expect(none.value == nil)
    #expect(none.warning == nil)

    let game = try gameInProgress()
    try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
    try SavedGame(game).encoded().write(to: directory.gameFile)
    let loaded = directory.loadGame()
    #expect(loaded.value == game)
    #expect(loaded.warning == nil)
}

/// Loads `bytes` as the game file twice at the same time; checks each load puts the file aside
/// with a warning giving `reason`, and that the asides keep the bytes.
private func expectDamagedGameMovedAside(_ bytes: Data, reason: String) throws {
    let (directory, root) = try temporaryDataDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
    for aside in ["game.json.damaged-20261118-110640", "game.json.damaged-20261118-110640-2"] {
        try bytes.write(to: directory.gameFile)
        let loaded = directory.loadGame(now: now)
        let asidePath = directory.url.appendingPathComponent(aside).path
        #expect(loaded.value == nil)
        #expect(
            loaded.warning
                == "the saved game \(directory.gameFile.path) is damaged (\(reason)); it was moved to \(asidePath) and a new game starts")
        #expect(try Data(contentsOf: URL(fileURLWithPath: asidePath)) == bytes)
        #expect(!FileManager.default.fileExists(atPath: directory.gameFile.path))
    }
    #expect(try fileNames(in: directory.url) == ["game.json.damaged-20261118-110640", "game.json.damaged-20261118-110640-2"])
}

/// The message the rules give for a save file's `bytes`.
private func saveError(_ bytes: Data) -> String {
    do {
        _ = try SavedGame(json: bytes).game()
        return "no error"
    } catch { return error.description }
}

@Test func aGameFileThatIsNotJSONIsMovedAside() throws {
    let bytes = Data("{\"format\": \"puzzle-prison-game\", \"start\": [".utf8)
    try expectDamagedGameMovedAside(bytes, reason: saveError(bytes))
}

@Test func aGameFileOfAnotherFormatIsMovedAside() throws {
    var saved = SavedGame(try gameInProgress())
    saved.format = "something else"
    try expectDamagedGameMovedAside(saved.encoded(), reason: SaveError.notASaveFile.description)
}

@Test func aGameWhoseMovesDoNotReplayIsMovedAside() throws {
    var saved = SavedGame(try gameInProgress())
    saved.moves.append("0 1 2")  // an empty cell once the first move has been played
    let reason = saveError(saved.encoded())
    #expect(reason.hasPrefix("the moves do not replay: move 2 (0 1 2)"))
    try expectDamagedGameMovedAside(saved.encoded(), reason: reason)
}

@Test func aGameFileThatCannotBeReadIsLeftWithAWarning() throws {
    let (directory, root) = try temporaryDataDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(at: directory.gameFile, withIntermediateDirectories: true)
    let loaded = directory.loadGame(now: now)
    #expect(loaded.value == nil)
    #expect(
        loaded.warning
            == "the saved game could not be loaded: \(directory.gameFile.path) is a directory, not a file; a new game starts")
    #expect(try fileNames(in: directory.url) == ["game.json"])
}

// MARK: - Best scores

private let day = 86_400.0

/// An entry scoring `score` on day `days` after `now`.
private func entry(_ score: Int, day days: Double = 0, cleared: Bool = false) -> ScoreEntry {
    ScoreEntry(score: score, cleared: cleared, moves: score / 10, date: now.addingTimeInterval(days * day))
}

@Test func scoresAreKeptBestFirstWithTheirPlaces() throws {
    var table = ScoreTable()
    let room = Room.standard
    #expect(table.best(for: room) == nil)
    #expect(table.entries(for: room).isEmpty)
    #expect(table.record(entry(500), for: room) == 1)
    #expect(table.record(entry(900), for: room) == 1)
    #expect(table.record(entry(700), for: room) == 2)
    #expect(table.record(entry(100), for: room) == 4)
    #expect(table.best(for: room) == 900)
    #expect(table.entries(for: room).map(\.score) == [900, 700, 500, 100])
}

@Test func equalScoresRankTheEarlierGameFirst() throws {
    var table = ScoreTable()
    let room = Room.classic
    #expect(table.record(entry(500, day: 2), for: room) == 1)
    #expect(table.record(entry(500, day: 1), for: room) == 1)
    #expect(table.record(entry(500, day: 3), for: room) == 3)
    #expect(table.record(entry(500, day: 3, cleared: true), for: room) == 4)  // same score, same time: after
    #expect(table.entries(for: room).map(\.date) == [1, 2, 3, 3].map { now.addingTimeInterval($0 * day) })
    #expect(table.entries(for: room).map(\.cleared) == [false, false, false, true])
}

@Test func onlyTheTopTenAreKept() throws {
    var table = ScoreTable()
    let room = Room.standard
    for score in 1...10 { #expect(table.record(entry(score * 100), for: room) == 1) }
    #expect(table.record(entry(50), for: room) == nil)
    #expect(table.record(entry(100, day: 1), for: room) == nil)  // ties the last, but later
    #expect(table.record(entry(100, day: -1), for: room) == 10)
    #expect(table.record(entry(550), for: room) == 6)
    let scores = table.entries(for: room).map(\.score)
    #expect(scores == [1000, 900, 800, 700, 600, 550, 500, 400, 300, 200])
    #expect(ScoreTable.places == 10)
}

@Test func eachRoomShapeHasItsOwnTable() throws {
    var table = ScoreTable()
    let wide = try Room(walls: 4, width: 16, height: 10)
    #expect(ScoreTable.key(for: .standard) == "4x12x10")
    #expect(ScoreTable.key(for: wide) == "4x16x10")
    #expect(ScoreTable.key(for: .classic) == "1x15x15")
    _ = table.record(entry(300), for: .standard)
    _ = table.record(entry(200), for: wide)
    #expect(table.best(for: .standard) == 300)
    #expect(table.best(for: wide) == 200)
    #expect(table.best(for: .classic) == nil)
}

@Test func scoreEntriesKeepWholeSeconds() {
    let entry = ScoreEntry(score: 1, cleared: false, moves: 1, date: now.addingTimeInterval(0.75))
    #expect(entry.date == now)
}

@Test func scoresAreStoredAsStableJSON() throws {
    var table = ScoreTable()
    _ = table.record(entry(1200, cleared: true), for: .standard)
    let text = String(decoding: table.encoded(), as: UTF8.self)
    #expect(
        text == """
            {
              "format" : "puzzle-prison-scores",
              "rooms" : {
                "4x12x10" : [
                  {
                    "cleared" : true,
                    "date" : "2026-11-18T11:06:40Z",
                    "moves" : 120,
                    "score" : 1200
                  }
                ]
              },
              "version" : 1
            }

            """)
    #expect(try ScoreTable(json: table.encoded()) == table)
}

@Test func scoresFilesAreCheckedAndPutInOrder() throws {
    let unordered = Data(
        #"{"format": "puzzle-prison-scores", "version": 1, "rooms": {"1x2x2": [{"cleared": false, "date": "2026-01-01T00:00:00Z", "moves": 3, "score": 4}, {"cleared": true, "date": "2026-01-02T00:00:00Z", "moves": 2, "score": 1004}]}}"#
            .utf8)
    let room = try Room(walls: 1, width: 2, height: 2)
    #expect(try ScoreTable(json: unordered).entries(for: room).map(\.score) == [1004, 4])
    #expect(throws: DataError("format: \"game\" is not puzzle-prison-scores")) {
        try ScoreTable(json: Data(#"{"format": "game", "version": 1, "rooms": {}}"#.utf8))
    }
    #expect(throws: DataError("version: version 2 is not supported (this program reads version 1)")) {
        try ScoreTable(json: Data(#"{"format": "puzzle-prison-scores", "version": 2, "rooms": {}}"#.utf8))
    }
    #expect(throws: DataError("rooms is missing")) {
        try ScoreTable(json: Data(#"{"format": "puzzle-prison-scores", "version": 1}"#.utf8))
    }
    #expect(throws: DataError("not JSON")) { try ScoreTable(json: Data("scores".utf8)) }
}

@Test func bestScoresComeBackFromTheirFile() throws {
    let (directory, root) = try temporaryDataDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let none = directory.loadScores()
    #expect(none.value == ScoreTable())
    #expect(none.warning == nil)
    var table = ScoreTable()
    _ = table.record(entry(800), for: .standard)
    _ = table.record(entry(900, day: 1, cleared: true), for: .standard)
    try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
    try table.encoded().write(to: directory.scoresFile)
    let loaded = directory.loadScores()
    #expect(loaded.value == table)
    #expect(loaded.warning == nil)
    #expect(try fileNames(in: directory.url) == ["scores.json"])
}

@Test func aDamagedScoresFileIsMovedAsideAndTheTableStartsEmpty() throws {
    let (directory, root) = try temporaryDataDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
    let bytes = Data(#"{"format": "puzzle-prison-scores", "version": 1, "rooms": {"4x12x10": [{"score": "lots"}]}}"#.utf8)
    try bytes.write(to: directory.scoresFile)
    let loaded = directory.loadScores(now: now)
    let aside = directory.url.appendingPathComponent("scores.json.damaged-20261118-110640")
    #expect(loaded.value == ScoreTable())
    #expect(
        loaded.warning
            == "the best-scores file \(directory.scoresFile.path) is damaged (rooms.4x12x10[0].score is not an Int); it was moved to \(aside.path) and the top 10 starts empty"
    )
    #expect(
        loaded.notice
            == "Your best scores could not be read, so the top 10 starts empty. The damaged file is kept as scores.json.damaged-20261118-110640."
    )
    #expect(try Data(contentsOf: aside) == bytes)
    #expect(try fileNames(in: directory.url) == ["scores.json.damaged-20261118-110640"])
}
