/// The shape of a room: how many walls surround the player and the size of each wall.
///
/// A room has 4 walls (the game) or 1 (classic SameGame). Every wall is a grid of
/// `width` columns by `height` rows, each between 1 and ``Room/maximumSide``.
public struct Room: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The number of walls: 1 or 4.
    public let walls: Int
    /// Columns per wall.
    public let width: Int
    /// Rows per wall.
    public let height: Int

    /// The largest width or height a wall may have.
    public static let maximumSide = 32

    /// The default room: 4 walls of 12 columns by 10 rows.
    public static let standard = Room(checkedWalls: 4, width: 12, height: 10)
    /// Classic SameGame: one wall of 15 by 15.
    public static let classic = Room(checkedWalls: 1, width: 15, height: 15)

    /// Creates a room, refusing shapes the rules do not allow.
    public init(walls: Int, width: Int, height: Int) throws(RoomError) {
        guard walls == 1 || walls == 4 else { throw .unsupportedWallCount(walls) }
        guard (1...Self.maximumSide).contains(width) else { throw .unsupportedWidth(width) }
        guard (1...Self.maximumSide).contains(height) else { throw .unsupportedHeight(height) }
        self.init(checkedWalls: walls, width: width, height: height)
    }

    private init(checkedWalls walls: Int, width: Int, height: Int) {
        self.walls = walls
        self.width = width
        self.height = height
    }

    /// Reads a room from `walls`, `width` and `height`, refusing shapes ``init(walls:width:height:)`` refuses.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            walls: container.decode(Int.self, forKey: .walls),
            width: container.decode(Int.self, forKey: .width),
            height: container.decode(Int.self, forKey: .height))
    }

    /// The number of cells in the room.
    public var cellCount: Int { walls * width * height }

    /// Whether `cell` lies inside the room.
    public func contains(_ cell: Cell) -> Bool {
        (0..<walls).contains(cell.wall) && (0..<width).contains(cell.column)
            && (0..<height).contains(cell.row)
    }

    /// Every cell of the room, wall by wall, column by column, bottom row first.
    public var cells: [Cell] {
        (0..<walls).flatMap { wall in
            (0..<width).flatMap { column in
                (0..<height).map { Cell(wall: wall, column: column, row: $0) }
            }
        }
    }

    /// The room in words: `4 walls of 12 x 10`.
    public var description: String {
        "\(walls) wall\(walls == 1 ? "" : "s") of \(width) x \(height)"
    }
}

/// Why a room shape was refused.
public enum RoomError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A number of walls other than 1 or 4.
    case unsupportedWallCount(Int)
    /// A width outside 1 to ``Room/maximumSide``.
    case unsupportedWidth(Int)
    /// A height outside 1 to ``Room/maximumSide``.
    case unsupportedHeight(Int)

    /// The error in a sentence, for messages.
    public var description: String {
        switch self {
        case .unsupportedWallCount(let n): "a room has 1 or 4 walls, not \(n)"
        case .unsupportedWidth(let n): "a wall is 1 to \(Room.maximumSide) columns wide, not \(n)"
        case .unsupportedHeight(let n): "a wall is 1 to \(Room.maximumSide) rows high, not \(n)"
        }
    }
}

/// A place for one block: a wall, a column counted from the wall's left end as the player
/// facing it sees it, and a row counted from the bottom.
public struct Cell: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// The wall: 0 front, 1 right, 2 back, 3 left.
    public var wall: Int
    /// The column, from the wall's left end as the player facing it sees it.
    public var column: Int
    /// The row, from the bottom.
    public var row: Int

    /// The cell at `column` and `row` of `wall` (wall 0 unless told).
    public init(wall: Int = 0, column: Int, row: Int) {
        self.wall = wall
        self.column = column
        self.row = row
    }

    /// Cell order: by wall, then column, then row.
    public static func < (a: Cell, b: Cell) -> Bool {
        (a.wall, a.column, a.row) < (b.wall, b.column, b.row)
    }

    /// The cell as a move line reads it: `wall column row`.
    public var description: String { "\(wall) \(column) \(row)" }
}
