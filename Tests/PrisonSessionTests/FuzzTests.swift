import Foundation
import PrisonHost
import PrisonSession
import PrisonRules
import Testing

/// Damages real files the way disks, editors and people do: bit flips, truncation, lost and
/// doubled pieces, huge and negative numbers, NaN, very long lines, unicode. Deterministic: the
/// same seed gives the same damage.
struct Mutator {
    private var generator: SeededGenerator

    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    /// Pieces of text that break parsers: numbers out of every range, JSON punctuation, blanks,
    /// unicode, control characters.
    static let tokens: [String] = [
        "9223372036854775807", "-9223372036854775808", "18446744073709551616", "-1", "0", "1e308", "-1e308",
        "1e-320", "NaN", "nan", "inf", "-0", "99999999999999999999999", "4.9e-324", "0x10", "\u{0}", "\"", "\\",
        "[", "]", "{", "}", ",", ":", "null", "true", String(repeating: " ", count: 5000),
        String(repeating: "9", count: 3000), "é", "🧱", "e\u{301}", "\u{202E}", "\r\n", "\n\n", "\r", "\t", "#", "@",
        "@1e9", "@-1", "@1000000001", "@99999999999.5", "1.0000000000001", String(repeating: "[", count: 700),
        "\u{FEFF}", "\u{FFFD}",
    ]

    /// `data` with one to three kinds of damage.
    mutating func mutate(_ data: Data) -> Data {
        var bytes = [UInt8](data)
        for _ in 0...generator.below(3) { damage(&bytes) }
        return Data(bytes)
    }

    private mutating func position(in bytes: [UInt8]) -> Int { generator.below(bytes.count + 1) }

    private mutating func damage(_ bytes: inout [UInt8]) {
        guard !bytes.isEmpty else { return bytes = Array(Self.tokens[generator.below(Self.tokens.count)].utf8) }
        switch generator.below(8) {
        case 0:  // a bit flip
            let index = generator.below(bytes.count)
            bytes[index] ^= 1 << UInt8(generator.below(8))
        case 1:  // truncation
            bytes.removeSubrange(position(in: bytes)...)
        case 2:  // a piece lost
            let start = generator.below(bytes.count)
            bytes.removeSubrange(start..<min(bytes.count, start + 1 + generator.below(40)))
        case 3:  // a piece doubled
            let start = generator.below(bytes.count)
            let piece = bytes[start..<min(bytes.count, start + 1 + generator.below(40))]
            bytes.insert(contentsOf: piece, at: start)
        case 4:  // a token inserted
            bytes.insert(contentsOf: Array(Self.tokens[generator.below(Self.tokens.count)].utf8), at: position(in: bytes))
        case 5:  // a number replaced by a token
            let digits = bytes.indices.filter { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[$0]) }
            guard !digits.isEmpty else { return }
            var start = digits[generator.below(digits.count)], end = start + 1
            while start > 0, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[start - 1]) { start -= 1 }
            while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
            bytes.replaceSubrange(start..<end, with: Array(Self.tokens[generator.below(Self.tokens.count)].utf8))
        case 6:  // a very long line
            let alphabet = Array("0123456789. @#".utf8)
            let line = (0..<20_000).map { _ in alphabet[generator.below(alphabet.count)] }
            bytes.insert(contentsOf: [10] + line + [10], at: position(in: bytes))
        default:  // any byte
            bytes[generator.below(bytes.count)] = UInt8(truncatingIfNeeded: generator.next())
        }
    }
}

/// A refusal's message must be one line: it goes on standard error, or on screen, as it is.
private func expectOneLine(_ message: String, _ input: Data, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(!message.isEmpty && !message.contains("\n"), "a refusal of \(input.count) bytes: '\(message)'", sourceLocation: sourceLocation)
}

/// A played game with timed and untimed moves and a move taken back, on the default room.
private func playedGame() throws -> Game {
    var game = Game(start: try Board.random(room: .standard, colours: 5, seed: 11))
    var generator = SeededGenerator(seed: 11)
    for index in 0..<12 {
        guard let group = game.availableGroups.randomElement(using: &generator) else { break }
        try game.play(Move(group.cells[0], at: index % 3 == 0 ? nil : .milliseconds(700 * index)))
    }
    game.undo()
    return game
}

/// Every mutation of `original` either parses or is refused with a one-line message; never a
/// trap. Returns how many parsed.
@discardableResult
private func fuzz(
    _ original: Data, seed: UInt64, count: Int, sourceLocation: SourceLocation = #_sourceLocation,
    parse: (Data) throws -> Void
) -> Int {
    var mutator = Mutator(seed: seed)
    var parsed = 0
    for _ in 0..<count {
        let damaged = mutator.mutate(original)
        do {
            try parse(damaged)
            parsed += 1
        } catch {
            expectOneLine(String(describing: error), damaged, sourceLocation: sourceLocation)
        }
    }
    return parsed
}

/// The fuzz suite: the parsers and loaders of every file a user feeds the programs. Each test
/// takes a second or two; the time limits only catch a hang.
@Suite(.timeLimit(.minutes(2))) struct FuzzTests {
    @Test func damagedBoardsParseOrAreRefusedInOneLine() throws {
        let board = try Board.random(room: .standard, colours: 5, seed: 3)
        let text = Data(("# prison-sim new --seed 3\n" + board.text).utf8)
        let parsed = fuzz(text, seed: 1, count: 400) { data in
            _ = try Board(text: String(decoding: data, as: UTF8.self))
        }
        #expect(parsed > 0 && parsed < 400, "some damage is harmless (a comment), most is not")
    }

    @Test func damagedMovesFilesParseOrAreRefusedInOneLine() throws {
        let game = try playedGame()
        let text = Data(game.moves.map { "\($0)\n" }.joined().utf8)
        fuzz(text, seed: 2, count: 400) { data in
            var replayed = Game(start: game.start, rules: game.rules)
            for (line, move) in try Move.parseLines(String(decoding: data, as: UTF8.self), walls: 4) {
                do { try replayed.play(move) } catch { throw TextError(line: line, "illegal move '\(move)': \(error)") }
            }
        }
    }

    @Test func damagedSavesAndReplaysLoadOrAreRefusedInOneLine() throws {
        let game = try playedGame()
        fuzz(SavedGame(game).encoded(), seed: 3, count: 400) { data in
            let loaded = try SavedGame(json: data).game()
            // A loaded game plays back as a replay to its end, whatever its times.
            var replay = Replay(moves: loaded.moves, startingAt: .zero, untimedPace: loaded.rules.comboWindow + .milliseconds(300))
            _ = replay.due(at: .seconds(Int64.max / 4))
            #expect(replay.isFinished)
            _ = loaded.danger
        }
    }

    @Test func damagedScoreTablesLoadOrAreRefusedInOneLine() throws {
        var table = ScoreTable()
        for (index, room) in [Room.standard, Room.classic].enumerated() {
            for score in [120, 5000, 31, 999] {
                _ = table.record(
                    ScoreEntry(score: score + index, cleared: score > 1000, moves: 40, date: Date(timeIntervalSince1970: 1_795_000_000)),
                    for: room)
            }
        }
        fuzz(table.encoded(), seed: 4, count: 600) { data in
            let loaded = try ScoreTable(json: data)
            for room in [Room.standard, Room.classic] {
                #expect(loaded.entries(for: room).allSatisfy { (0...ScoreEntry.maximumScore).contains($0.score) })
            }
        }
    }

    @Test func damagedScriptsParseOrAreRefusedInOneLine() throws {
        let text = Data(
            """
            # a session
            look 0 -10
            face 1
            wait 1.5
            click 640 360
            key ctrl+z
            screenshot "shots/a b.png"
            state game.json
            quit

            """.utf8)
        fuzz(text, seed: 5, count: 400) { data in
            let script = try Script(text: String(decoding: data, as: UTF8.self))
            var player = ScriptPlayer(script)
            // Every wait is bounded: the script ends within its longest waits.
            _ = player.advance(by: Script.longestWait * (script.steps.count + 1))
            #expect(player.isFinished)
        }
    }

    /// Damaged saved games through the data folder, as the window loads them: each is loaded or
    /// moved aside byte for byte, with a one-line warning.
    @Test func damagedFilesInTheDataFolderAreKeptAsideByteForByte() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let directory = try DataDirectory(environment: ["XDG_DATA_HOME": root.path])
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        let original = SavedGame(try playedGame()).encoded()
        var mutator = Mutator(seed: 6)
        for index in 0..<120 {
            let damaged = mutator.mutate(original)
            try damaged.write(to: directory.gameFile)
            let loaded = directory.loadGame(now: Date(timeIntervalSince1970: 1_795_000_000 + Double(index)))
            guard let warning = loaded.warning else {
                #expect(loaded.value != nil)
                continue
            }
            expectOneLine(warning, damaged)
            #expect(loaded.value == nil)
            let aside = try fileNames(in: directory.url).filter { $0.hasPrefix("game.json.damaged-") }
            try #require(aside.count == 1, "\(aside)")
            let asideFile = directory.url.appendingPathComponent(aside[0])
            #expect(try Data(contentsOf: asideFile) == damaged)
            try FileManager.default.removeItem(at: asideFile)
        }
    }
}
