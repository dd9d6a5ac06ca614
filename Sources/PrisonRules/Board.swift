/// The identity of a block: it stays with the block while it falls and slides.
public struct BlockID: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// The number of the block: blocks of a board are numbered in cell order from 0.
    public let rawValue: Int

    /// The identity numbered `rawValue`.
    public init(_ rawValue: Int) { self.rawValue = rawValue }

    /// Reads the identity from its number.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Int.self)
    }

    /// Writes the identity as its number.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// Whether `a` is numbered before `b`.
    public static func < (a: BlockID, b: BlockID) -> Bool { a.rawValue < b.rawValue }
    /// `#` and the number: `#17`.
    public var description: String { "#\(rawValue)" }
}

/// A block: its identity and its colour (0...9).
public struct Block: Hashable, Sendable, Codable {
    /// The block's identity.
    public let id: BlockID
    /// The block's colour, 0 to 9.
    public let colour: Int

    /// The block `id` of `colour` (0 to 9).
    public init(id: BlockID, colour: Int) {
        self.id = id
        self.colour = colour
    }
}

/// A block and the cell it occupies.
public struct PlacedBlock: Hashable, Sendable, Codable {
    /// The block.
    public let block: Block
    /// The cell it occupies.
    public let cell: Cell

    /// `block` in `cell`.
    public init(_ block: Block, at cell: Cell) {
        self.block = block
        self.cell = cell
    }
}

/// The blocks of a room at one moment: a settled grid (no block above an empty cell, no empty
/// column left of a filled one on the same wall).
///
/// A `Board` is a value. Its blocks are numbered in cell order when it is made, so the same text
/// or the same seed always gives the same identities.
public struct Board: Hashable, Sendable {
    /// The shape of the room the board fills.
    public let room: Room

    /// Column-major cells of the room unrolled into one strip of `walls * width` columns, plus an
    /// always-empty sentinel column. Each column holds `height + 2` codes: an empty pad row, rows
    /// 0 to `height - 1`, another empty pad row. A code is 0 for an empty cell, otherwise
    /// `(colour + 1) << 12 | id`. The pads let neighbour tests run without bounds checks.
    var codes: [UInt16]
    /// Blocks per strip column, plus 0 for the sentinel column.
    var heights: [UInt8]

    /// The number of colours a cell can hold.
    public static let maximumColours = 10

    /// The colours of a new board unless told otherwise: the classic game's five.
    public static let defaultColours = 5

    /// Whether this board and `other` are copies of one value, sharing their storage: then they
    /// are equal, found without comparing a cell. False for equal boards made apart.
    func sharesStorage(with other: Board) -> Bool {
        codes.withUnsafeBufferPointer { mine in
            other.codes.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress }
        }
            && heights.withUnsafeBufferPointer { mine in
                other.heights.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress }
            }
    }

    /// Hashes the codes as one run of bytes (they determine the heights, and equal boards have
    /// equal codes): searches hash every board they meet.
    public func hash(into hasher: inout Hasher) {
        codes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    /// Makes a board from its columns, in wall order then column order, each listed from the
    /// bottom up as colours 0...9; missing columns are empty.
    public init(room: Room, columns: [[Int]]) throws(BoardError) {
        guard columns.count <= room.walls * room.width else {
            throw .tooManyColumns(columns.count, room: room)
        }
        self.room = room
        let layout = Layout(room)
        codes = Array(repeating: 0, count: layout.codeCount)
        heights = Array(repeating: 0, count: layout.columns + 1)
        for (column, colours) in columns.enumerated() {
            guard colours.count <= room.height else {
                throw .columnTooHigh(column: column, height: colours.count, room: room)
            }
            for (row, colour) in colours.enumerated() {
                guard (0..<Self.maximumColours).contains(colour) else { throw .invalidColour(colour) }
                codes[layout.index(column: column, row: row)] = Code.make(
                    colour: colour, id: column * room.height + row)
            }
            heights[column] = UInt8(colours.count)
        }
        for wall in 0..<room.walls {
            let first = wall * room.width
            let filled = (first..<first + room.width).map { heights[$0] > 0 }
            if let gap = filled.firstIndex(of: false), filled[gap...].contains(true) {
                throw .emptyColumnBeforeFilled(Cell(wall: wall, column: gap, row: 0))
            }
        }
    }

    /// The block in `cell`, or nil when the cell is empty or outside the room.
    public subscript(cell: Cell) -> Block? {
        guard room.contains(cell) else { return nil }
        let code = codes[Layout(room).index(of: cell)]
        return code == 0 ? nil : Code.block(code)
    }

    /// The number of blocks on the board.
    public var blockCount: Int { heights.reduce(0) { $0 + Int($1) } }

    /// Whether the room has been cleared.
    public var isEmpty: Bool { heights.allSatisfy { $0 == 0 } }

    /// The number of blocks in a column (0 for a column outside the room).
    public func height(ofColumn column: Int, onWall wall: Int = 0) -> Int {
        guard room.contains(Cell(wall: wall, column: column, row: 0)) else { return 0 }
        return Int(heights[wall * room.width + column])
    }

    /// Every block with its cell, wall by wall, column by column, from the bottom up.
    public var placedBlocks: [PlacedBlock] { placedBlocks(inColumns: 0..<room.walls * room.width) }

    /// The blocks of `columns`, numbered across the walls (wall * width + column), with their
    /// cells, column by column from the bottom up.
    func placedBlocks(inColumns columns: Range<Int>) -> [PlacedBlock] {
        let layout = Layout(room)
        var blocks: [PlacedBlock] = []
        for column in columns {
            for row in 0..<Int(heights[column]) {
                let index = layout.index(column: column, row: row)
                blocks.append(PlacedBlock(Code.block(codes[index]), at: layout.cell(at: index)))
            }
        }
        return blocks
    }
}

/// Why a board was refused.
public enum BoardError: Error, Hashable, Sendable, CustomStringConvertible {
    /// More columns than the room has.
    case tooManyColumns(Int, room: Room)
    /// A column holds more blocks than a wall has rows.
    case columnTooHigh(column: Int, height: Int, room: Room)
    /// A colour outside 0 to 9.
    case invalidColour(Int)
    /// An empty column left of a filled one on the same wall: the board is not settled.
    case emptyColumnBeforeFilled(Cell)
    /// A number of colours outside 2 to 10.
    case unsupportedColourCount(Int)
    /// No full board of the room can be cleared: a wall of one cell holds no group.
    case unclearableRoom(Room)
    /// The backward construction of solvable boards got stuck every time.
    case noSolvableBoardFound(Room, colours: Int, attempts: Int)
    /// Neither the backward construction nor a search of random boards made a board that can
    /// be cleared.
    case noClearableBoardFound(Room, colours: Int)

    /// The error in a sentence, for messages.
    public var description: String {
        switch self {
        case .tooManyColumns(let n, let room):
            "\(n) columns do not fit a room of \(room)"
        case .columnTooHigh(let column, let height, let room):
            "column \(column) holds \(height) blocks, more than a wall of \(room.height) rows"
        case .invalidColour(let colour):
            "colour \(colour) is not one of 0 to \(Board.maximumColours - 1)"
        case .emptyColumnBeforeFilled(let cell):
            "wall \(cell.wall) has an empty column \(cell.column) left of a filled one"
        case .unsupportedColourCount(let n):
            "a board has 2 to \(Board.maximumColours) colours, not \(n)"
        case .unclearableRoom(let room):
            "no full board of \(room) can be cleared: each wall is a single cell"
        case .noSolvableBoardFound(let room, let colours, let attempts):
            "found no solvable board of \(room) with \(colours) colours in \(attempts) attempts; try more colours"
        case .noClearableBoardFound(let room, let colours):
            "found no solvable board of \(room) with \(colours) colours, built backwards or searched; try more colours"
        }
    }
}

/// The packed form of one cell.
enum Code {
    static func make(colour: Int, id: Int) -> UInt16 { UInt16(colour + 1) << 12 | UInt16(id) }
    static func colour(_ code: UInt16) -> Int { Int(code >> 12) - 1 }
    static func id(_ code: UInt16) -> Int { Int(code & 0xFFF) }
    static func block(_ code: UInt16) -> Block {
        Block(id: BlockID(id(code)), colour: colour(code))
    }
}

/// Index arithmetic for ``Board/codes``.
struct Layout {
    let width: Int
    let height: Int
    /// Strip columns, not counting the sentinel.
    let columns: Int
    /// Codes per column, pads included.
    let stride: Int

    init(_ room: Room) {
        width = room.width
        height = room.height
        columns = room.walls * room.width
        stride = room.height + 2
    }

    var codeCount: Int { (columns + 1) * stride }

    @inline(__always)
    func index(column: Int, row: Int) -> Int { column * stride + 1 + row }

    func index(of cell: Cell) -> Int { index(column: cell.wall * width + cell.column, row: cell.row) }

    func cell(at index: Int) -> Cell {
        let column = index / stride
        return Cell(wall: column / width, column: column % width, row: index % stride - 1)
    }
}

extension Board {
    /// The same blocks with identities numbered afresh in cell order, as reading the board's text
    /// would number them.
    public var renumbered: Board {
        let layout = Layout(room)
        let columns = (0..<layout.columns).map { column in
            (0..<Int(heights[column])).map { Code.colour(codes[layout.index(column: column, row: $0)]) }
        }
        // The columns come from a settled board, so they make a valid board again.
        return try! Board(room: room, columns: columns)
    }

    /// The bytes this board takes: the value itself plus its storage on the heap.
    public var memoryFootprint: Int {
        // A Swift array's heap storage is a 32-byte header followed by its elements.
        MemoryLayout<Board>.size + 32 + codes.capacity * MemoryLayout<UInt16>.stride + 32
            + heights.capacity * MemoryLayout<UInt8>.stride
    }
}
