import ArgumentParser
import Foundation
import PrisonRules

struct New: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a new random board in the board text format.",
        discussion: "The same options and seed give the same board on every machine. Without --seed a "
            + "random seed is chosen; the first line of the output, a comment, names it.")

    @Option(help: "Walls around the player: 4, or 1 for classic SameGame.")
    var walls = 4
    @Option(help: "Columns per wall (1 to 32).")
    var width = 12
    @Option(help: "Rows per wall (1 to 32).")
    var height = 10
    @Option(help: "Colours (2 to 10).")
    var colours = 5
    @Option(help: "Seed of the board (0 to 2^64 - 1).")
    var seed: UInt64?

    func validate() throws {
        do { _ = try Room(walls: walls, width: width, height: height) } catch {
            throw ValidationError(error.description)
        }
        guard (2...Board.maximumColours).contains(colours) else {
            throw ValidationError("--colours must be 2 to \(Board.maximumColours), not \(colours)")
        }
    }

    func run() throws {
        let seed = seed ?? UInt64.random(in: .min ... .max)
        let room = try Room(walls: walls, width: width, height: height)
        let board = try Board.random(room: room, colours: colours, seed: seed)
        let header = "# prison-sim new --walls \(walls) --width \(width) --height \(height) "
            + "--colours \(colours) --seed \(seed)\n"
        writeOutput(Data((header + board.text).utf8))
    }
}

