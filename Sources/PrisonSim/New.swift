import ArgumentParser
import Foundation
import PrisonRules
import PrisonSearch

struct New: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a new random board in the board text format.",
        discussion: """
            The same options and seed give the same board on every machine. Without --seed a \
            random seed is chosen; the first line of the output, a comment, names it.

            --solvable makes a board that can be cleared, built backwards from the empty room (or, \
            where few colours make that get stuck, a random board a search cleared), and ships the \
            moves that clear it: as comment lines at the end of the board, and as a \
            moves file with --solution ('prison-sim play BOARD SOLUTION' clears the board).
            """)

    @OptionGroup var board: BoardOptions
    @Option(help: "Seed of the board (0 to 2^64 - 1).")
    var seed: UInt64?
    @Flag(help: "Make a board that can be cleared, with its solution.")
    var solvable = false
    @Option(help: "With --solvable, also write the solution to this file, in the moves text format.")
    var solution: String?
    @Option(help: "With --solvable: whether the solution may link groups around corners (linked or open).")
    var corners: CornerLinks = .linked

    func validate() throws {
        if !solvable && solution != nil { throw ValidationError("--solution needs --solvable") }
    }

    func run() throws {
        try reportingFailures {
            if let solution { try checkWritable(solution) }
            let seed = seed ?? UInt64.random(in: .min ... .max)
            let solvableArguments = solvable ? " --solvable" + (corners == .open ? " --corners open" : "") : ""
            let header = "# prison-sim new \(board.arguments) --seed \(seed)\(solvableArguments)\n"
            guard solvable else {
                let random = try! Board.random(room: board.room, colours: board.colours, seed: seed)
                try writeOutput(Data((header + random.text).utf8))
                return
            }
            let found: SolvableBoard?
            do throws(BoardError) { found = try SolvableBoard.generated(room: board.room, colours: board.colours, corners: corners, seed: seed) } catch { throw Failure.badData(error.description) }
            guard let made = found else {
                throw Failure.badData(BoardError.noClearableBoardFound(board.room, colours: board.colours).description)
            }
            let moves = made.solution.map { Move($0).description + "\n" }.joined()
            if let solution {
                try writeFile(Data(("# the solution of: " + header.dropFirst(2) + moves).utf8), to: solution)
            }
            let comments = "# solution, \(made.solution.count) moves that clear the board:\n"
                + made.solution.map { "#   \(Move($0))\n" }.joined()
            try writeOutput(Data((header + made.board.text + comments).utf8))
        }
    }
}
