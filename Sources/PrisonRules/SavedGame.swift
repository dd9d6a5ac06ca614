import Foundation

/// A game as a file: the start board, the rules and the moves, in JSON.
///
/// The board is stored in the board text format and the moves as lines of a moves file, so a
/// save file reads like the files `prison-sim` takes. Loading replays the moves, which gives back
/// the identical game.
public struct SavedGame: Hashable, Sendable, Codable {
    /// Names the format, so a save file is recognised for what it is.
    public var format = SavedGame.formatName
    /// The version of the format.
    public var version = SavedGame.currentVersion
    /// The rules of the game.
    public var rules: Rules
    /// The start board's rows, top row first.
    public var start: [String]
    /// The moves played, one move line each.
    public var moves: [String]
    /// The moves taken back by undo, in the order redo would play them.
    public var redo: [String]

    /// The value of ``format`` in every save file.
    public static let formatName = "puzzle-prison-game"
    /// The version this library writes and reads.
    public static let currentVersion = 1

    /// A save of these parts, as a file would hold them (``game()`` checks them).
    public init(rules: Rules, start: [String], moves: [String], redo: [String]) {
        self.rules = rules
        self.start = start
        self.moves = moves
        self.redo = redo
    }

    /// The save of `game`.
    public init(_ game: Game) {
        rules = game.rules
        start = game.start.rows
        moves = game.moves.map(\.description)
        redo = game.undoneMoves.reversed().map(\.description)
    }

    /// The game the save describes: its moves replayed on its start board.
    public func game() throws(SaveError) -> Game {
        guard format == Self.formatName else { throw .notASaveFile }
        guard version == Self.currentVersion else { throw .unsupportedVersion(version) }
        let board: Board
        do { board = try Board(text: start.joined(separator: "\n")) } catch { throw .badStart(error) }
        let played = try Self.moves(moves, walls: board.room.walls)
        let undone = try Self.moves(redo, walls: board.room.walls)
        do {
            return try Game(start: board, rules: rules, replaying: played + undone, undone: undone.count)
        } catch {
            throw .badMove(error)
        }
    }

    /// The moves of `lines`, each of which must hold exactly one move (a damaged save with an
    /// empty or doubled line is refused, not loaded a move short or long).
    private static func moves(_ lines: [String], walls: Int) throws(SaveError) -> [Move] {
        var moves: [Move] = []
        moves.reserveCapacity(lines.count)
        for (index, line) in lines.enumerated() {
            let parsed: [(line: Int, move: Move)]
            do { parsed = try Move.parseLines(line, walls: walls) } catch {
                throw .badMoveText(TextError(line: index + 1, error.problem))
            }
            guard parsed.count == 1 else {
                throw .badMoveText(TextError(line: index + 1, "'\(line)' is not one move"))
            }
            moves.append(parsed[0].move)
        }
        return moves
    }

    /// The save as JSON text, keys sorted, one field a line.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings, numbers and arrays cannot fail.
        return try! encoder.encode(self) + Data("\n".utf8)
    }

    /// Reads a save from JSON.
    public init(json: Data) throws(SaveError) {
        do { self = try JSONDecoder().decode(SavedGame.self, from: json) } catch {
            throw .unreadable(String(describing: error))
        }
    }
}

/// Why a save file could not be loaded.
public enum SaveError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file is not JSON of the right shape; the reason.
    case unreadable(String)
    /// The JSON is not a Puzzle Prison save file.
    case notASaveFile
    /// The file is of a version this library does not read.
    case unsupportedVersion(Int)
    /// The start board does not read.
    case badStart(TextError)
    /// A move line does not read.
    case badMoveText(TextError)
    /// A move does not replay on the board.
    case badMove(ReplayError)

    /// The error in a sentence, for messages.
    public var description: String {
        switch self {
        case .unreadable(let why): "not a readable save file: \(why)"
        case .notASaveFile: "not a Puzzle Prison save file (its format is not \(SavedGame.formatName))"
        case .unsupportedVersion(let v): "save file version \(v) is not supported (this program reads version \(SavedGame.currentVersion))"
        case .badStart(let error): "the start board: \(error)"
        case .badMoveText(let error): "the moves: \(error)"
        case .badMove(let error): "the moves do not replay: \(error)"
        }
    }
}
