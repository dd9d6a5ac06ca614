/// A group as a search sees it: the cell of its first block (in wall, column, row order, which
/// as a ``Move`` breaks the group), its size and its colour.
public struct GroupChoice: Hashable, Sendable {
    /// The cell of the group's first block, in cell order.
    public let cell: Cell
    /// The number of blocks in the group.
    public let size: Int
    /// The colour of the group's blocks.
    public let colour: Int

    /// The group of `size` blocks of `colour` whose first block is in `cell`.
    public init(cell: Cell, size: Int, colour: Int) {
        self.cell = cell
        self.size = size
        self.colour = colour
    }
}

/// A block a move can start from: it has a neighbour of its colour, but none below it and none in
/// the column before it (on the wall, or across a linked corner). Every group of two or more holds
/// at least one leader, most groups exactly one; breaking the group of any leader is a move.
public struct Leader: Hashable, Sendable {
    /// The leader's cell.
    public let cell: Cell
    /// The leader's colour.
    public let colour: Int
}

/// A board held in working memory, where groups are listed, broken and drawn at random without
/// allocating: the inner loop of searches. Holds its own memory, so keep one per thread, load
/// boards into it and take them out as ``board``.
///
/// It knows groups, gravity and collapse; points and multipliers are the caller's business.
public struct WorkingBoard: ~Copyable {
    private var engine: Engine
    /// The last board loaded, whose storage ``board`` reuses.
    private var loaded: Board
    /// Whether groups link around the corners of the room.
    public let corners: CornerLinks

    /// Working memory holding `board`, with groups linked around corners as `corners` says.
    ///
    /// With `keepsIdentities` false, blocks are known by their colours alone: moves cost less,
    /// and ``board`` numbers the blocks afresh in cell order (two boards with the same colours in
    /// the same cells are then equal), as searches want.
    public init(_ board: Board, corners: CornerLinks = .linked, keepsIdentities: Bool = true) {
        engine = Engine(room: board.room, corners: corners, keepsIdentities: keepsIdentities)
        loaded = board
        self.corners = corners
        engine.load(board)
        engine.save()
    }

    /// Replaces the board held with `board`, which must be of the same room.
    ///
    /// Loading again the board loaded last (the same value, not an equal board made apart from
    /// it) copies back what was worked out from it then, without reading its cells again: a
    /// search that tries every move of a board loads it once per move.
    public mutating func load(_ board: Board) {
        precondition(board.room == loaded.room, "a board of \(board.room) loaded for \(loaded.room)")
        if board.sharesStorage(with: loaded) {
            engine.restore()
            return
        }
        loaded = board
        engine.load(board)
        engine.save()
    }

    /// The board held, as a value.
    public var board: Board {
        var board = loaded
        engine.store(into: &board)
        return board
    }

    /// Whether a group of two or more blocks is left.
    public var hasMoves: Bool { engine.leaderCount > 0 }

    /// The number of blocks left.
    public var blockCount: Int { engine.blockCount() }

    /// The groups of two or more blocks, in the order of their first cells, appended to `groups`.
    public mutating func appendGroups(to groups: inout [GroupChoice]) {
        let width = engine.width
        engine.forEachGroup { first, size, colour in
            groups.append(GroupChoice(cell: Engine.cell(at: first, width: width), size: size, colour: colour))
        }
    }

    /// The leaders, in wall, column and row order, appended to `leaders`: a cheap list of the
    /// moves (without their sizes), in which a group with several leaders appears several times.
    public func appendLeaders(to leaders: inout [Leader]) {
        engine.forEachLeader { position in
            leaders.append(Leader(cell: engine.cell(at: position), colour: engine.colour(at: position)))
        }
    }

    /// Breaks the group of the block in `cell`, lets blocks fall and closes up columns, and
    /// returns the group's size; returns 0 and changes nothing when the cell is empty, outside
    /// the room or holds a lone block.
    @discardableResult
    public mutating func removeGroup(at cell: Cell) -> Int {
        guard loaded.room.contains(cell) else { return 0 }
        let position = engine.position(of: cell)
        let size = engine.fill(from: position)
        guard size >= 2 else { return 0 }
        engine.removeFound()
        return size
    }

    /// Breaks a group drawn with `generator`, each group equally likely, and returns it; nil when
    /// no move is left. With an `avoided` colour, the draw is among the groups of other colours
    /// while there are any (the tabu colour of SameGame playouts).
    public mutating func removeRandomGroup(avoiding avoided: Int? = nil, using generator: inout SeededGenerator)
        -> GroupChoice?
    {
        let found =
            if let avoided { engine.fillRandomGroup(avoiding: avoided, using: &generator) }
            else { engine.fillRandomGroup(using: &generator) }
        guard let first = found else { return nil }
        let cell = engine.cell(at: first)
        let colour = engine.colour(at: first)
        return GroupChoice(cell: cell, size: engine.removeFound(), colour: colour)
    }
}

extension Board {
    /// The number of blocks of each colour, indexed by colour (``maximumColours`` entries).
    public var colourCounts: [Int] {
        var counts = Array(repeating: 0, count: Self.maximumColours)
        for code in codes where code != 0 { counts[Code.colour(code)] += 1 }
        return counts
    }
}
