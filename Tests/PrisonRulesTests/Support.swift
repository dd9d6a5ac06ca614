import PrisonRules
import Testing

/// A board from rows of text, top row first.
func board(_ rows: String...) throws -> Board {
    try Board(text: rows.joined(separator: "\n"))
}

/// The cell `(wall, column, row)`.
func cell(_ wall: Int, _ column: Int, _ row: Int) -> Cell {
    Cell(wall: wall, column: column, row: row)
}

/// A move at `seconds` on the session clock.
func tap(_ cell: Cell, at seconds: Double? = nil) -> Move {
    Move(cell, at: seconds.map { Duration(sessionSeconds: $0)! })
}

/// The colours of a board's cells, as a dictionary, for comparisons that ignore identities.
func colourMap(of board: Board) -> [Cell: Int] {
    Dictionary(uniqueKeysWithValues: board.placedBlocks.map { ($0.cell, $0.block.colour) })
}

/// Plays a random game: at each step a uniformly chosen group is tapped, at random times so that
/// some taps fall within the combo window. Calls `check` before and after each move.
@discardableResult
func playRandomGame(
    on start: Board, rules: Rules = Rules(), seed: UInt64,
    check: (_ before: Game, _ after: Game, _ outcome: MoveOutcome) throws -> Void = { _, _, _ in }
) throws -> Game {
    var generator = SeededGenerator(seed: seed, stream: 7)
    var game = Game(start: start, rules: rules)
    var clock = Duration.zero
    while case let groups = game.availableGroups, !groups.isEmpty {
        let group = groups[generator.below(groups.count)]
        let target = group.cells[generator.below(group.size)]
        clock += .milliseconds(generator.below(1500))
        let before = game
        let outcome = try game.play(Move(target, at: generator.below(4) == 0 ? nil : clock))
        try check(before, game, outcome)
    }
    return game
}

/// The rooms the property tests draw from: both kinds, from the smallest to the standard room
/// and a tall, wide classic wall. (The largest room, 4 x 32 x 32, has a test of its own: a game
/// there lasts thousands of moves.)
let testRooms: [Room] = [
    .classic, .standard,
    try! Room(walls: 1, width: 1, height: 1), try! Room(walls: 1, width: 5, height: 3),
    try! Room(walls: 4, width: 1, height: 4), try! Room(walls: 4, width: 3, height: 2),
    try! Room(walls: 4, width: 7, height: 5), try! Room(walls: 1, width: 32, height: 20),
]
