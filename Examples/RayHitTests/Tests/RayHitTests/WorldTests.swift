import PrisonRules
import PrisonSearch
import PrisonSpace
import PrisonSpaceTesting
import PrisonWorld
import Testing

@Test func aRoomOfBlocksAroundThePlayer() throws {
    let space = Space()
    let room = space.addRoom(RoomLayout(walls: 4, width: 12, blockSize: 0.3), height: 10)
    let hit = try #require(space.firstHit(from: [0, 1.6, 0], toward: [1, 1.6, 0]))
    #expect(room.block(for: hit.entity).map { [$0.wall, $0.row] } == [1, 5])
    #expect(hit.isApproximately(at: [1.8, 1.6, 0], normal: [-1, 0, 0]))
}

@Test func aTapOnTheWorldBreaksTheGroupItHits() throws {
    let board = try Board(text: "00\n11\n")
    let world = World(game: Game(start: board))
    let ray = try #require(world.ray(toward: Cell(wall: 0, column: 0, row: 0)))
    let outcome = try world.tap(along: ray)
    #expect(outcome.removal.broken.count == 2)
    #expect(world.game.board[Cell(wall: 0, column: 0, row: 0)] != nil, "the top row fell")
}

@Test func aSearchClearsASmallBoard() throws {
    let board = try Board(text: "0011\n1100\n")
    let result = Search(method: .beam, budget: SearchBudget(playouts: 200)).run(from: board)
    var game = Game(start: board)
    for cell in result.line.moves { try game.play(Move(cell)) }
    #expect(game.board.isEmpty)
}
