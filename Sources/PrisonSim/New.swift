import ArgumentParser
import Foundation
import PrisonRules

struct New: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a new random board in the board text format.",
        discussion: "The same options and seed give the same board on every machine. Without --seed a "
            + "random seed is chosen; the first line of the output, a comment, names it.")

    @OptionGroup var board: BoardOptions
    @Option(help: "Seed of the board (0 to 2^64 - 1).")
    var seed: UInt64?

    func run() throws {
        let seed = seed ?? UInt64.random(in: .min ... .max)
        let random = try Board.random(room: board.room, colours: board.colours, seed: seed)
        let header = "# prison-sim new \(board.arguments) --seed \(seed)\n"
        writeOutput(Data((header + random.text).utf8))
    }
}

