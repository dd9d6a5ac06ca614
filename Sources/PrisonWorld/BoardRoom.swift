import PrisonRules
import PrisonSpace

/// A board's blocks as entities on the walls of a space, laid out as SPACE.md says: only cells
/// that hold a block get an entity, a cube of edge `blockSize` with a box collision shape.
public struct BoardRoom {
    public let layout: RoomLayout
    public let entities: RoomEntities

    /// Builds the room of `board` in `space`.
    public init(board: Board, in space: Space, blockSize: Float = 0.3) {
        layout = RoomLayout(walls: board.room.walls, width: board.room.width, blockSize: blockSize)
        entities = space.addRoom(layout, height: board.room.height) { wall, column, row in
            board[Cell(wall: wall, column: column, row: row)] != nil
        }
    }

    /// The cell of the block whose entity is `entity`.
    public func cell(of entity: Entity) -> Cell? {
        entities.block(for: entity).map { Cell(wall: $0.wall, column: $0.column, row: $0.row) }
    }
}
