import ArgumentParser
import Foundation
import PrisonRules

struct Play: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play moves on a board and print the game as JSON.",
        discussion: """
            MOVES holds one move a line: 'wall column row' ('column row' on one wall), optionally \
            followed by '@SECONDS', the time of the tap. Blank lines and lines starting with # are \
            ignored. An illegal move stops the game with exit code 65 and names its line.
            """)

    @Argument(help: "The board file, in the board text format.")
    var board: String
    @Argument(help: "The moves file; standard input when absent or '-'.")
    var moves = "-"
    @OptionGroup var options: RuleOptions

    func validate() throws {
        if board == "-" && moves == "-" {
            throw ValidationError("the board and the moves cannot both come from standard input")
        }
    }

    func run() throws {
        try reportingFailures {
            let start = try readBoard(board)
            let movesName = inputName(moves)
            if moves == "-" && isatty(STDIN_FILENO) == 1 {
                printError("reading moves: one 'wall column row' a line, then Ctrl-D")
            }
            let lines: [(line: Int, move: Move)]
            do { lines = try Move.parseLines(try readText(moves, what: "moves file"), walls: start.room.walls) } catch let error as TextError {
                throw Failure.badData("\(movesName): \(error)")
            }
            var game = Game(start: start, rules: options.rules)
            for (line, move) in lines {
                do { try game.play(move) } catch {
                    throw Failure.badData("\(movesName): line \(line): illegal move '\(move)': \(error)")
                }
            }
            try writeOutput(jsonData(PlayReport(game)))
        }
    }
}

/// The JSON that `prison-sim play` prints.
struct PlayReport: Encodable {
    struct Step: Encodable {
        let wall, column, row, removed, points, multiplier: Int
        let time: Double?
        let bonus: Int
    }

    let score: Int
    let cleared: Bool
    let gameOver: Bool
    let remaining: Int
    let movesLeft: Int
    let board: [String]
    let steps: [Step]
    let room: Room
    let rules: Rules

    init(_ game: Game) {
        score = game.score
        cleared = game.isCleared
        gameOver = game.isOver
        remaining = game.board.blockCount
        movesLeft = game.availableGroups.count
        board = game.board.rows
        steps = game.history.map { outcome in
            let cell = outcome.move.cell
            return Step(
                wall: cell.wall, column: cell.column, row: cell.row, removed: outcome.removal.broken.count,
                points: outcome.points, multiplier: outcome.multiplier, time: outcome.move.time?.sessionSeconds,
                bonus: outcome.bonus)
        }
        room = game.start.room
        rules = game.rules
    }
}
