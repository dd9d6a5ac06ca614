import ArgumentParser
import Foundation
import PrisonRules
import PrisonSpace
import PrisonWorld

struct Pick: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Cast a ray into the room of a board and print the block it hits as JSON.",
        discussion: """
            The room is laid out as in the game (origin on the floor under the player, +y up, \
            -z forward, wall 0 in front, then right, back, left); only cells that hold a block are \
            blocks. Prints {"hit": {"wall", "column", "row", "distance", "point", "normal"}} or \
            {"hit": null}.
            """)

    @Argument(help: "The board file, in the board text format.")
    var board: String
    @Option(parsing: .unconditional, help: "Where the ray starts, in metres: x,y,z.")
    var origin: Vector
    @Option(parsing: .unconditional, help: "Which way the ray goes: x,y,z (any length but zero).")
    var direction: Vector
    @Option(help: "The edge of a block, in metres.")
    var blockSize: Float = 0.3

    func validate() throws {
        guard blockSize > 0, blockSize.isFinite else { throw ValidationError("--block-size must be a positive number") }
        guard Ray(origin: origin.value, direction: direction.value).isValid else { throw ValidationError("--direction must not be zero") }
    }

    struct Report: Encodable {
        struct Hit: Encodable {
            let wall, column, row: Int
            let distance: Float
            let point, normal: [Float]
        }
        let hit: Hit?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(hit, forKey: .hit)  // null when nothing is hit
        }
        enum CodingKeys: CodingKey { case hit }
    }

    func run() throws {
        try reportingFailures {
            let start = try readBoard(board)
            let world = World(game: Game(start: start), settings: WorldSettings(blockSize: blockSize))
            let hit = world.target(along: Ray(origin: origin.value, direction: direction.value)).map { target in
                Report.Hit(
                    wall: target.cell.wall, column: target.cell.column, row: target.cell.row, distance: target.hit.distance,
                    point: [target.hit.position.x, target.hit.position.y, target.hit.position.z],
                    normal: [target.hit.normal.x, target.hit.normal.y, target.hit.normal.z])
            }
            try writeOutput(jsonData(Report(hit: hit)))
        }
    }
}

/// Three numbers on the command line: `x,y,z`.
struct Vector: ExpressibleByArgument {
    let value: SIMD3<Float>

    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        let numbers = parts.compactMap { Float($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == 3, numbers.allSatisfy(\.isFinite) else { return nil }
        value = SIMD3(numbers[0], numbers[1], numbers[2])
    }
}
