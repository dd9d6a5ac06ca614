/// Blocks of one colour connected through neighbours.
public struct Group: Hashable, Sendable {
    /// The colour of the group's blocks.
    public let colour: Int
    /// The group's cells, in cell order.
    public let cells: [Cell]

    /// The number of blocks in the group.
    public var size: Int { cells.count }
    /// The walls the group lies on.
    public var walls: Set<Int> { Set(cells.map(\.wall)) }
}

/// What a removal did to the board: the blocks that broke and the blocks that moved.
public struct Removal: Hashable, Sendable {
    /// The blocks of the group, where they were.
    public let broken: [PlacedBlock]
    /// Every block that fell or slid, with the cell it left and the cell it reached, in the
    /// order of the cells they reached.
    public let moved: [BlockMotion]
}

/// A block that moved from one cell to another in one move.
public struct BlockMotion: Hashable, Sendable, Codable {
    /// The block that moved.
    public let block: Block
    /// The cell the block left.
    public let from: Cell
    /// The cell the block reached.
    public let to: Cell
}

/// Why a tap is not a move.
public enum MoveError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The cell is not in the room.
    case outsideRoom(Cell)
    /// The cell holds no block.
    case emptyCell(Cell)
    /// The block has no neighbour of its colour: a group of one is not a move.
    case loneBlock(Cell)
    /// A tap's time is earlier than the previous tap's.
    case timeBeforePreviousMove(Duration, previous: Duration)

    /// The error in a sentence, for messages.
    public var description: String {
        switch self {
        case .outsideRoom(let cell): "cell (\(cell)) is outside the room"
        case .emptyCell(let cell): "cell (\(cell)) is empty"
        case .loneBlock(let cell): "the block at (\(cell)) has no neighbour of its colour"
        case .timeBeforePreviousMove(let time, let previous):
            "time \(time.secondsText)s is before the previous move's \(previous.secondsText)s"
        }
    }
}

extension Board {
    /// The group of the block in `cell` (a lone block is a group of one), or nil when the cell
    /// is empty or outside the room.
    public func group(at cell: Cell, corners: CornerLinks = .linked) -> Group? {
        guard self[cell] != nil else { return nil }
        var engine = Engine(room: room, corners: corners)
        engine.load(self)
        _ = engine.fill(from: engine.position(of: cell))
        return engine.foundGroup()
    }

    /// Every group of two or more blocks: the moves the board offers, ordered by their first cell.
    public func groups(corners: CornerLinks = .linked) -> [Group] {
        groups(corners: corners, upTo: .max)
    }

    /// The first `limit` groups of two or more blocks found, ordered by their first cell: all of
    /// them when there are `limit` or fewer. Cheaper than ``groups(corners:)`` when many are left.
    func groups(corners: CornerLinks, upTo limit: Int) -> [Group] {
        var engine = Engine(room: room, corners: corners)
        engine.load(self)
        return engine.allGroups(upTo: limit)
    }

    /// A group of two or more blocks drawn with `generator`, every group equally likely whatever
    /// its size, without listing them all; nil when none is left.
    public func randomGroup(corners: CornerLinks = .linked, using generator: inout SeededGenerator) -> Group? {
        var engine = Engine(room: room, corners: corners)
        engine.load(self)
        return engine.fillRandomGroup(using: &generator) != nil ? engine.foundGroup() : nil
    }

    /// Whether any group of two or more blocks is left.
    public func hasMoves(corners: CornerLinks = .linked) -> Bool {
        var engine = Engine(room: room, corners: corners)
        engine.load(self)
        return engine.leaderCount > 0
    }

    /// Removes the group of the block in `cell`, lets the blocks above fall and closes up empty
    /// columns. Throws, leaving the board as it was, when `cell` is not a move.
    @discardableResult
    public mutating func removeGroup(at cell: Cell, corners: CornerLinks = .linked) throws(MoveError) -> Removal {
        guard room.contains(cell) else { throw .outsideRoom(cell) }
        guard self[cell] != nil else { throw .emptyCell(cell) }
        var engine = Engine(room: room, corners: corners)
        engine.load(self)
        let size = engine.fill(from: engine.position(of: cell))
        guard size >= 2 else { throw .loneBlock(cell) }
        var broken: [PlacedBlock] = []
        broken.reserveCapacity(size)
        engine.forEachFound { broken.append(PlacedBlock(Code.block(engine.code(at: $0)), at: engine.cell(at: $0))) }
        // Only blocks of a wall that lost blocks can move, and only from its first column that
        // lost one onward: falls stay in their column and slides go left.
        var firstColumn = [Int](repeating: .max, count: room.walls)
        for placed in broken { firstColumn[placed.cell.wall] = min(firstColumn[placed.cell.wall], placed.cell.column) }
        let columns = firstColumn.indices.filter { firstColumn[$0] < .max }.flatMap { wall in
            (wall * room.width + firstColumn[wall])..<((wall + 1) * room.width)
        }
        // Identities are below the room's cell count: where each block was, by identity.
        let layout = Layout(room)
        var origin = [Int](repeating: 0, count: room.cellCount)
        for column in columns {
            for row in 0..<Int(heights[column]) {
                let index = layout.index(column: column, row: row)
                origin[Code.id(codes[index])] = index
            }
        }
        engine.removeFound()
        engine.store(into: &self)
        var moved: [BlockMotion] = []
        for column in columns {
            for row in 0..<Int(heights[column]) {
                let index = layout.index(column: column, row: row)
                let from = origin[Code.id(codes[index])]
                if from != index {
                    moved.append(
                        BlockMotion(block: Code.block(codes[index]), from: layout.cell(at: from), to: layout.cell(at: index)))
                }
            }
        }
        return Removal(broken: broken, moved: moved)
    }

    /// Takes back `removal`, which was the last change made to this board.
    public mutating func undo(_ removal: Removal) {
        let layout = Layout(room)
        for motion in removal.moved { codes[layout.index(of: motion.to)] = 0 }
        let returning = removal.moved.map { PlacedBlock($0.block, at: $0.from) } + removal.broken
        for placed in returning {
            codes[layout.index(of: placed.cell)] = Code.make(colour: placed.block.colour, id: placed.block.id.rawValue)
        }
        for column in 0..<layout.columns {
            var height = 0
            while height < room.height && codes[layout.index(column: column, row: height)] != 0 { height += 1 }
            heights[column] = UInt8(height)
        }
    }
}
