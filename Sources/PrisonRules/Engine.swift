/// The working memory of the rules: one room's cells as bit masks plus the scratch space that
/// group search and removal need. Every operation on boards goes through it, from a single tap to
/// millions of playout moves, so there is one implementation of groups, gravity and collapse.
///
/// Each column of the strip of ``Layout`` (plus an always-empty sentinel column) is four 32-bit
/// *planes*: bit `row` of plane `i` is bit `i` of the cell's colour plus one (0 for an empty
/// cell). So a column's blocks of one colour, the blocks that match the one above, or the blocks
/// that match the one beside them are a few bit operations, whatever the number of colours; a
/// group is flood-filled a column at a time; gravity squeezes the removed rows out of the planes.
/// The cells' 16-bit codes (colour and identity) are kept beside the planes only when the engine
/// must hand boards back (``keepsIdentities``).
///
/// Cells are addressed as packed `column << 8 | row` positions.
struct Engine: ~Copyable {
    let layout: Layout
    let width: Int
    /// Whether ``codes`` follow the moves, so that ``store(into:)`` can give the board back.
    let keepsIdentities: Bool
    private let codes: UnsafeMutablePointer<UInt16>
    private let heights: UnsafeMutablePointer<UInt8>
    /// Four planes per column and the sentinel, as described above.
    private let planes: UnsafeMutablePointer<UInt32>
    /// The strip column beside each column, or the sentinel column when there is none.
    private let left: UnsafeMutablePointer<Int>
    private let right: UnsafeMutablePointer<Int>
    /// Per column, the rows of the group found by the last fill (zero elsewhere).
    private let groupMasks: UnsafeMutablePointer<UInt32>
    /// The columns that hold the last group found, in the order the fill reached them.
    private let groupColumns: UnsafeMutablePointer<Int>
    private var groupColumnCount = 0
    /// Columns waiting to spread a fill to their neighbours.
    private let pending: UnsafeMutablePointer<Int>
    /// Per column, the rows of groups already listed by ``forEachGroup(_:)``.
    private let listed: UnsafeMutablePointer<UInt32>
    /// Per column, the rows whose block may lead a legal move: it has a neighbour of its colour,
    /// but none below it and none in the strip column before it. Every group of two or more
    /// holds exactly one block that comes first in strip order, and that block is a leader.
    /// Kept up to date by ``load(_:)``, ``removeFound()`` and ``restore()``.
    private let leaderMasks: UnsafeMutablePointer<UInt32>
    /// Per column, the rows whose block has the same colour as the block above it.
    private let verticalPairs: UnsafeMutablePointer<UInt32>
    /// Per column and the sentinel, the rows whose block has the same colour as the block beside
    /// it in the column to the right.
    private let rightPairs: UnsafeMutablePointer<UInt32>
    /// The colour plus one that random draws avoid (see ``fillRandomGroup(avoiding:using:)``), 0
    /// for none.
    private var avoidedValue: UInt32 = 0
    /// Per column, the leaders not of the avoided colour (every leader while no colour is
    /// avoided), and their numbers, counted once when a mask changes (the generic x86-64 target
    /// has no popcount instruction). The leaders of every colour are counted only when asked for.
    private let freeMasks: UnsafeMutablePointer<UInt32>
    private let freeCounts: UnsafeMutablePointer<Int>
    private var freeCount = 0
    /// Columns a removal changed.
    private let changed: UnsafeMutablePointer<Int>
    /// One block of memory holding the arrays above that describe the board (the planes,
    /// heights, comparisons, leaders and free leaders with their counts; the codes have their
    /// own), and a copy of it kept by ``save()``: restoring a board is then a single copy.
    private let state: UnsafeMutableRawPointer
    private let saved: UnsafeMutableRawPointer
    private let stateSize: Int
    /// The codes kept by ``save()``, when ``keepsIdentities``.
    private let savedCodes: UnsafeMutablePointer<UInt16>
    /// The counts kept by ``save()``: `freeCount` and `avoidedValue`.
    private var savedCounts: (free: Int, avoided: UInt32) = (0, 0)

    init(room: Room, corners: CornerLinks, keepsIdentities: Bool = true) {
        layout = Layout(room)
        width = room.width
        self.keepsIdentities = keepsIdentities
        let columns = layout.columns
        codes = .allocate(capacity: layout.codeCount)
        codes.initialize(repeating: 0, count: layout.codeCount)
        savedCodes = .allocate(capacity: keepsIdentities ? layout.codeCount : 0)
        savedCodes.initialize(repeating: 0, count: keepsIdentities ? layout.codeCount : 0)
        // The board's state, widest types first so that each array is aligned.
        let countsSize = columns * MemoryLayout<Int>.stride
        let masksSize = columns * MemoryLayout<UInt32>.stride
        let maskSize = MemoryLayout<UInt32>.stride
        stateSize = countsSize + (columns + 1) * 4 * maskSize + 3 * masksSize + (columns + 1) * maskSize
            + columns + 1
        state = .allocate(byteCount: stateSize, alignment: MemoryLayout<Int>.alignment)
        state.initializeMemory(as: UInt8.self, repeating: 0, count: stateSize)
        saved = .allocate(byteCount: stateSize, alignment: MemoryLayout<Int>.alignment)
        saved.initializeMemory(as: UInt8.self, repeating: 0, count: stateSize)
        var next = state
        freeCounts = next.bindMemory(to: Int.self, capacity: columns)
        next += countsSize
        planes = next.bindMemory(to: UInt32.self, capacity: (columns + 1) * 4)
        next += (columns + 1) * 4 * maskSize
        leaderMasks = next.bindMemory(to: UInt32.self, capacity: columns)
        next += masksSize
        verticalPairs = next.bindMemory(to: UInt32.self, capacity: columns)
        next += masksSize
        freeMasks = next.bindMemory(to: UInt32.self, capacity: columns)
        next += masksSize
        rightPairs = next.bindMemory(to: UInt32.self, capacity: columns + 1)
        next += (columns + 1) * maskSize
        heights = next.bindMemory(to: UInt8.self, capacity: columns + 1)
        groupMasks = .allocate(capacity: columns + 1)
        groupMasks.initialize(repeating: 0, count: columns + 1)
        groupColumns = .allocate(capacity: columns)
        // A column is queued again only when it gains a block, so the queue never holds more
        // entries than the room has cells.
        pending = .allocate(capacity: columns * layout.height + 1)
        listed = .allocate(capacity: columns + 1)
        listed.initialize(repeating: 0, count: columns + 1)
        changed = .allocate(capacity: 3 * columns)
        left = .allocate(capacity: columns)
        right = .allocate(capacity: columns)
        let wraps = room.walls == 4 && corners == .linked
        for column in 0..<columns {
            let position = column % room.width
            left[column] =
                position > 0 ? column - 1 : wraps ? (column + columns - 1) % columns : columns
            right[column] =
                position < room.width - 1 ? column + 1 : wraps ? (column + 1) % columns : columns
        }
    }

    deinit {
        codes.deallocate()
        savedCodes.deallocate()
        state.deallocate()
        saved.deallocate()
        groupMasks.deallocate()
        groupColumns.deallocate()
        pending.deallocate()
        listed.deallocate()
        changed.deallocate()
        left.deallocate()
        right.deallocate()
    }

    // MARK: Moving boards in and out

    mutating func load(_ board: Board) {
        let columns = layout.columns
        board.codes.withUnsafeBufferPointer { source in
            if keepsIdentities { codes.update(from: source.baseAddress!, count: source.count) }
            for column in 0..<columns {
                let base = column &* layout.stride &+ 1
                var p0: UInt32 = 0, p1: UInt32 = 0, p2: UInt32 = 0, p3: UInt32 = 0
                for row in 0..<Int(board.heights[column]) {
                    let value = UInt32(truncatingIfNeeded: source[base &+ row] >> 12)
                    let bit: UInt32 = 1 &<< UInt32(truncatingIfNeeded: row)
                    p0 |= value & 1 != 0 ? bit : 0
                    p1 |= value & 2 != 0 ? bit : 0
                    p2 |= value & 4 != 0 ? bit : 0
                    p3 |= value & 8 != 0 ? bit : 0
                }
                let plane = planes + column &* 4
                plane[0] = p0
                plane[1] = p1
                plane[2] = p2
                plane[3] = p3
            }
        }
        board.heights.withUnsafeBufferPointer { heights.update(from: $0.baseAddress!, count: $0.count) }
        clearGroup()
        leaderMasks.update(repeating: 0, count: columns)
        freeCount = 0
        freeMasks.update(repeating: 0, count: columns)
        freeCounts.update(repeating: 0, count: columns)
        for column in 0..<columns { comparePairs(column: column) }
        for column in 0..<columns { refreshLeaders(column: column) }
    }

    /// Keeps a copy of the board held, which ``restore()`` brings back.
    mutating func save() {
        saved.copyMemory(from: state, byteCount: stateSize)
        if keepsIdentities { savedCodes.update(from: codes, count: layout.codeCount) }
        savedCounts = (freeCount, avoidedValue)
    }

    /// Brings back the board held at the last ``save()``: the same as loading it again, at the
    /// cost of one copy.
    mutating func restore() {
        clearGroup()
        state.copyMemory(from: saved, byteCount: stateSize)
        if keepsIdentities { codes.update(from: savedCodes, count: layout.codeCount) }
        (freeCount, avoidedValue) = savedCounts
    }

    /// Writes the board held into `board`, a board of the same room. Without
    /// ``keepsIdentities``, the blocks are numbered afresh in cell order.
    func store(into board: inout Board) {
        if keepsIdentities {
            board.codes.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: codes, count: $0.count) }
        } else {
            board.codes.withUnsafeMutableBufferPointer { codes in
                for column in 0..<layout.columns {
                    let base = column &* layout.stride &+ 1
                    for row in 0..<layout.height {
                        let value = self.value(at: Engine.position(column: column, row: row))
                        codes[base &+ row] =
                            value == 0 ? 0 : UInt16(truncatingIfNeeded: value &<< 12 | column &* layout.height &+ row)
                    }
                }
            }
        }
        board.heights.withUnsafeMutableBufferPointer {
            $0.baseAddress!.update(from: heights, count: $0.count)
        }
    }

    // MARK: Positions and colours

    func position(of cell: Cell) -> Int32 { Engine.position(column: cell.wall * width + cell.column, row: cell.row) }

    @inline(__always)
    static func position(column: Int, row: Int) -> Int32 { Int32(truncatingIfNeeded: column << 8 | row) }

    func cell(at position: Int32) -> Cell { Engine.cell(at: position, width: width) }

    static func cell(at position: Int32, width: Int) -> Cell {
        let column = Int(position) >> 8
        return Cell(wall: column / width, column: column % width, row: Int(position) & 0xFF)
    }

    /// The colour plus one of the cell at `position`, read from the planes: 0 for an empty cell.
    @inline(__always)
    func value(at position: Int32) -> Int {
        let plane = planes + (Int(position) >> 8) &* 4
        let row = UInt32(truncatingIfNeeded: position & 0xFF)
        return Int(truncatingIfNeeded:
            (plane[0] &>> row) & 1 | ((plane[1] &>> row) & 1) &<< 1 | ((plane[2] &>> row) & 1) &<< 2
            | ((plane[3] &>> row) & 1) &<< 3)
    }

    /// The colour of the block at `position`, which must hold one.
    @inline(__always)
    func colour(at position: Int32) -> Int { value(at: position) &- 1 }

    /// The code (colour and identity) of the cell at `position`; needs ``keepsIdentities``.
    func code(at position: Int32) -> UInt16 { codes[layout.index(column: Int(position) >> 8, row: Int(position) & 0xFF)] }

    /// The rows of `column` whose cell holds the colour whose value (colour plus one) is `value`.
    @inline(__always)
    private func mask(column: Int, value: UInt32) -> UInt32 {
        let plane = planes + column &* 4
        // Plane i as it is where bit i of the value is set, inverted where it is clear.
        return (plane[0] ^ ((value & 1) &- 1)) & (plane[1] ^ (((value &>> 1) & 1) &- 1))
            & (plane[2] ^ (((value &>> 2) & 1) &- 1)) & (plane[3] ^ (((value &>> 3) & 1) &- 1))
    }

    // MARK: Groups

    /// Forgets the last group found.
    @inline(__always)
    private mutating func clearGroup() {
        for k in 0..<groupColumnCount { groupMasks[groupColumns[k]] = 0 }
        groupColumnCount = 0
    }

    /// The runs of set bits of `mask` that hold a bit of `seeds`.
    @inline(__always)
    private static func runs(of mask: UInt32, holding seeds: UInt32) -> UInt32 {
        var grown = seeds
        while true {
            let next = (grown | grown &<< 1 | grown &>> 1) & mask
            if next == grown { return grown }
            grown = next
        }
    }

    /// Finds the group of the block at `start` and keeps it as the found group; returns its
    /// size (1 for a lone block, 0 for an empty cell).
    @inline(__always)
    mutating func fill(from start: Int32) -> Int {
        guard fill(from: start, onlyIfFirst: false) else { return 0 }
        var size = 0
        for k in 0..<groupColumnCount { size &+= groupMasks[groupColumns[k]].nonzeroBitCount }
        return size
    }

    /// Like ``fill(from:)``, but gives up and returns false as soon as the group turns out to
    /// hold a block before `start` in strip order: a group is found only from its first block.
    @inline(__always)
    mutating func fillFromFirst(_ start: Int32) -> Bool { fill(from: start, onlyIfFirst: true) }

    @inline(__always)
    private mutating func fill(from start: Int32, onlyIfFirst: Bool) -> Bool {
        clearGroup()
        let value = UInt32(truncatingIfNeeded: self.value(at: start))
        guard value != 0 else { return false }
        let startColumn = Int(start) >> 8
        let startBit: UInt32 = 1 &<< UInt32(truncatingIfNeeded: start & 0xFF)
        let first = Self.runs(of: mask(column: startColumn, value: value), holding: startBit)
        if onlyIfFirst && first & (startBit &- 1) != 0 { return false }
        groupMasks[startColumn] = first
        groupColumns[0] = startColumn
        groupColumnCount = 1
        pending[0] = startColumn
        var pendingCount = 1
        let sentinel = layout.columns
        while pendingCount > 0 {
            pendingCount &-= 1
            let column = pending[pendingCount]
            let rows = groupMasks[column]
            for side in 0..<2 {
                let neighbour = side == 0 ? left[column] : right[column]
                if neighbour == sentinel { continue }
                let had = groupMasks[neighbour]
                let colourRows = mask(column: neighbour, value: value)
                let seeds = rows & colourRows & ~had
                if seeds == 0 { continue }
                let grown = Self.runs(of: colourRows, holding: seeds | had)
                if onlyIfFirst
                    && (neighbour < startColumn || (neighbour == startColumn && grown & (startBit &- 1) != 0))
                {
                    return false
                }
                if had == 0 {
                    groupColumns[groupColumnCount] = neighbour
                    groupColumnCount &+= 1
                }
                groupMasks[neighbour] = grown
                pending[pendingCount] = neighbour
                pendingCount &+= 1
            }
        }
        return true
    }

    /// Calls `body` with every block of the found group, in strip order.
    func forEachFound(_ body: (Int32) -> Void) { forEachPosition(in: groupMasks, body) }

    /// Calls `body` with the position of every bit of the per-column `masks`, in strip order.
    @inline(__always)
    private func forEachPosition(in masks: UnsafeMutablePointer<UInt32>, _ body: (Int32) -> Void) {
        for column in 0..<layout.columns {
            var rows = masks[column]
            while rows != 0 {
                body(Engine.position(column: column, row: rows.trailingZeroBitCount))
                rows &= rows &- 1
            }
        }
    }

    /// Compares the blocks of `column` with the blocks above them and with the blocks beside
    /// them in the column to the right.
    @inline(__always)
    private func comparePairs(column: Int) {
        let plane = planes + column &* 4
        let p0 = plane[0], p1 = plane[1], p2 = plane[2], p3 = plane[3]
        let occupied = p0 | p1 | p2 | p3
        let aboveDiffers = (p0 ^ p0 &>> 1) | (p1 ^ p1 &>> 1) | (p2 ^ p2 &>> 1) | (p3 ^ p3 &>> 1)
        verticalPairs[column] = ~aboveDiffers & occupied &>> 1
        let beside = planes + right[column] &* 4
        let besideDiffers = (p0 ^ beside[0]) | (p1 ^ beside[1]) | (p2 ^ beside[2]) | (p3 ^ beside[3])
        rightPairs[column] = ~besideDiffers & occupied & (beside[0] | beside[1] | beside[2] | beside[3])
    }

    /// Recomputes the leaders of `column` from the comparisons.
    @inline(__always)
    private mutating func refreshLeaders(column: Int) {
        let vertical = verticalPairs[column]
        let fromLeft = rightPairs[left[column]]
        let paired = vertical | vertical &<< 1 | rightPairs[column] | fromLeft
        let mask = paired & ~(vertical &<< 1) & (left[column] < column ? ~fromLeft : ~0)
        leaderMasks[column] = mask
        let free = avoidedValue == 0 ? mask : mask & ~self.mask(column: column, value: avoidedValue)
        if free != freeMasks[column] {
            let count = free.nonzeroBitCount
            freeCount &+= count &- freeCounts[column]
            freeMasks[column] = free
            freeCounts[column] = count
        }
    }

    /// Finds a group chosen uniformly among the groups of two or more (a random leader, kept
    /// only when it is its group's first block) as the found group and returns its first block;
    /// nil when no group is left.
    mutating func fillRandomGroup(using generator: inout SeededGenerator) -> Int32? {
        let candidates = leaderCount
        guard candidates > 0 else { return nil }
        while true {
            let first = leader(generator.below(candidates))
            if fillFromFirst(first) { return first }
        }
    }

    /// Like ``fillRandomGroup(using:)``, drawing only among the groups not of colour `avoided`
    /// while there are any: the tabu-colour playout policy of SameGame searches. The leaders of
    /// other colours are kept apart as the board changes, so the draw costs no more than an
    /// unrestricted one.
    mutating func fillRandomGroup(avoiding avoided: Int, using generator: inout SeededGenerator) -> Int32? {
        let value = UInt32(truncatingIfNeeded: avoided &+ 1)
        if value != avoidedValue {
            avoidedValue = value
            for column in 0..<layout.columns { refreshLeaders(column: column) }
        }
        let candidates = freeCount
        guard candidates > 0 else { return fillRandomGroup(using: &generator) }
        while true {
            let first = Self.nth(generator.below(candidates), in: freeMasks) { freeCounts[$0] }
            if fillFromFirst(first) { return first }
        }
    }

    /// Calls `body` with every leader, in strip order.
    @inline(__always)
    func forEachLeader(_ body: (Int32) -> Void) { forEachPosition(in: leaderMasks, body) }

    /// The number of leaders: zero exactly when no move is left.
    var leaderCount: Int {
        guard avoidedValue != 0 else { return freeCount }
        var count = 0
        for column in 0..<layout.columns { count &+= leaderMasks[column].nonzeroBitCount }
        return count
    }

    /// The `n`th leader in strip order; `n` must be below ``leaderCount``.
    @inline(__always)
    func leader(_ n: Int) -> Int32 {
        avoidedValue == 0
            ? Self.nth(n, in: freeMasks) { freeCounts[$0] }
            : Self.nth(n, in: leaderMasks) { leaderMasks[$0].nonzeroBitCount }
    }

    /// The `n`th set bit of per-column `masks` in strip order, given the `count` of bits of each
    /// column's mask.
    @inline(__always)
    private static func nth(_ n: Int, in masks: UnsafeMutablePointer<UInt32>, count: (Int) -> Int) -> Int32 {
        var n = n
        var column = 0
        while true {
            let bits = count(column)
            if n < bits { break }
            n &-= bits
            column &+= 1
        }
        var mask = masks[column]
        for _ in 0..<n { mask &= mask &- 1 }
        return Engine.position(column: column, row: mask.trailingZeroBitCount)
    }

    /// The groups of two or more blocks, up to `limit` of them, in the order of their first
    /// blocks; the search for more stops at the limit.
    mutating func allGroups(upTo limit: Int) -> [Group] {
        var groups: [Group] = []
        var cursor = groupCursor()
        while groups.count < limit, nextGroup(&cursor) != nil { groups.append(foundGroup()) }
        return groups
    }

    /// Finds the groups of two or more blocks, in strip order of their first blocks, and calls
    /// `body` with each one's first block, size and colour, the group being the found one.
    @inline(__always)
    mutating func forEachGroup(_ body: (_ first: Int32, _ size: Int, _ colour: Int) -> Void) {
        var cursor = groupCursor()
        while let (first, size) = nextGroup(&cursor) { body(first, size, colour(at: first)) }
    }

    /// Where a listing of the groups has got to: a column and its leaders not yet looked at.
    struct GroupCursor {
        fileprivate var column: Int
        fileprivate var leaders: UInt32
    }

    /// A cursor before the first group, for ``nextGroup(_:)``.
    @inline(__always)
    mutating func groupCursor() -> GroupCursor {
        listed.update(repeating: 0, count: layout.columns)
        return GroupCursor(column: 0, leaders: leaderMasks[0])
    }

    /// Finds the next group of two or more blocks after `cursor` in strip order of first blocks
    /// as the found group and moves the cursor past it; returns its first block and size, or nil
    /// when no group is left. The board must not change while a listing goes on.
    @inline(__always)
    mutating func nextGroup(_ cursor: inout GroupCursor) -> (first: Int32, size: Int)? {
        while true {
            while cursor.leaders != 0 {
                let row = cursor.leaders.trailingZeroBitCount
                cursor.leaders &= cursor.leaders &- 1
                if listed[cursor.column] & 1 &<< UInt32(truncatingIfNeeded: row) != 0 { continue }
                let position = Engine.position(column: cursor.column, row: row)
                let size = fill(from: position)
                for k in 0..<groupColumnCount { listed[groupColumns[k]] |= groupMasks[groupColumns[k]] }
                return (position, size)
            }
            cursor.column &+= 1
            guard cursor.column < layout.columns else { return nil }
            cursor.leaders = leaderMasks[cursor.column]
        }
    }

    /// The found group.
    func foundGroup() -> Group {
        var size = 0
        for k in 0..<groupColumnCount { size &+= groupMasks[groupColumns[k]].nonzeroBitCount }
        var cells: [Cell] = []
        cells.reserveCapacity(size)
        forEachFound { cells.append(cell(at: $0)) }
        // Any block gives the colour: the lowest of the column the fill started from.
        let start = groupColumns[0]
        let block = Engine.position(column: start, row: groupMasks[start].trailingZeroBitCount)
        return Group(colour: colour(at: block), cells: cells)
    }

    // MARK: Removal

    /// Removes the found group, lets the blocks above fall and closes up the columns emptied on
    /// each wall. Returns the number of blocks removed.
    @discardableResult
    mutating func removeFound() -> Int {
        var changedCount = 0
        var emptiedWalls: UInt8 = 0
        var removed = 0
        for k in 0..<groupColumnCount {
            let column = groupColumns[k]
            let before = Int(heights[column])
            let height = settle(column: column, removing: groupMasks[column])
            removed &+= before &- height
            if height == 0 { emptiedWalls |= 1 &<< UInt8(truncatingIfNeeded: column / width) }
            changed[changedCount] = column
            changedCount &+= 1
        }
        clearGroup()
        while emptiedWalls != 0 {
            let wall = emptiedWalls.trailingZeroBitCount
            emptiedWalls &= emptiedWalls - 1
            for column in closeUp(wall: wall)..<(wall + 1) * width {
                changed[changedCount] = column
                changedCount &+= 1
            }
        }
        // A column's comparisons change with it, and so do those of the column on its left with
        // it; the leaders change in the changed columns and beside them. Each column is done
        // once: the sets are bits (a room has at most 128 columns), the sentinel left out.
        let sentinel = layout.columns
        var compared = ColumnSet(), refreshed = ColumnSet()
        for k in 0..<changedCount {
            let column = changed[k]
            compared.insert(column)
            compared.insert(left[column])
            refreshed.insert(column)
            refreshed.insert(left[column])
            refreshed.insert(right[column])
        }
        compared.remove(sentinel)
        refreshed.remove(sentinel)
        compared.forEach { comparePairs(column: $0) }
        refreshed.forEach { refreshLeaders(column: $0) }
        return removed
    }

    /// Takes the rows `removed` out of `column`, the blocks above falling onto the blocks below.
    /// Returns the new height.
    @inline(__always)
    private func settle(column: Int, removing removed: UInt32) -> Int {
        let plane = planes + column &* 4
        var p0 = UInt64(plane[0]), p1 = UInt64(plane[1]), p2 = UInt64(plane[2]), p3 = UInt64(plane[3])
        var rest = UInt64(removed)
        var count = 0
        // Squeeze out the lowest run of removed rows at a time; the rows above it move down.
        while rest != 0 {
            let bottom = UInt64(truncatingIfNeeded: rest.trailingZeroBitCount)
            let length = UInt64(truncatingIfNeeded: (~(rest &>> bottom)).trailingZeroBitCount)
            let below = (1 &<< bottom) &- 1
            p0 = p0 & below | (p0 &>> length) & ~below
            p1 = p1 & below | (p1 &>> length) & ~below
            p2 = p2 & below | (p2 &>> length) & ~below
            p3 = p3 & below | (p3 &>> length) & ~below
            rest = (rest &>> length) & ~below
            count &+= Int(length)
        }
        plane[0] = UInt32(truncatingIfNeeded: p0)
        plane[1] = UInt32(truncatingIfNeeded: p1)
        plane[2] = UInt32(truncatingIfNeeded: p2)
        plane[3] = UInt32(truncatingIfNeeded: p3)
        let height = Int(heights[column]) &- count
        if keepsIdentities {
            let base = column &* layout.stride &+ 1
            var kept = removed.trailingZeroBitCount
            for row in kept..<Int(heights[column]) where removed & 1 &<< UInt32(truncatingIfNeeded: row) == 0 {
                codes[base &+ kept] = codes[base &+ row]
                kept &+= 1
            }
            (codes + base + kept).update(repeating: 0, count: Int(heights[column]) &- kept)
        }
        heights[column] = UInt8(truncatingIfNeeded: height)
        return height
    }

    /// Slides the filled columns of a wall toward its column 0. Returns the first column that
    /// changed.
    private func closeUp(wall: Int) -> Int {
        let stride = layout.stride
        let first = wall * width
        var target = first
        var firstChanged = first + width
        for column in first..<first + width where heights[column] > 0 {
            if column != target {
                firstChanged = min(firstChanged, target)
                if keepsIdentities { (codes + target * stride).update(from: codes + column * stride, count: stride) }
                (planes + target * 4).update(from: planes + column * 4, count: 4)
                heights[target] = heights[column]
            }
            target += 1
        }
        if target < first + width {
            if keepsIdentities {
                (codes + target * stride).update(repeating: 0, count: (first + width - target) * stride)
            }
            (planes + target * 4).update(repeating: 0, count: (first + width - target) * 4)
            (heights + target).update(repeating: 0, count: first + width - target)
            firstChanged = min(firstChanged, target)
        }
        return firstChanged
    }

    /// The number of blocks left.
    func blockCount() -> Int {
        (0..<layout.columns).reduce(0) { $0 + Int(heights[$1]) }
    }
}

/// A set of strip columns as bits (columns 0 to 128, the sentinel of the largest room included).
private struct ColumnSet {
    private var words: (UInt64, UInt64, UInt64) = (0, 0, 0)

    @inline(__always)
    mutating func insert(_ column: Int) {
        let bit: UInt64 = 1 &<< UInt64(truncatingIfNeeded: column & 63)
        switch column >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        default: words.2 |= bit
        }
    }

    @inline(__always)
    mutating func remove(_ column: Int) {
        let bit: UInt64 = 1 &<< UInt64(truncatingIfNeeded: column & 63)
        switch column >> 6 {
        case 0: words.0 &= ~bit
        case 1: words.1 &= ~bit
        default: words.2 &= ~bit
        }
    }

    /// Calls `body` with every column in the set, in increasing order.
    @inline(__always)
    func forEach(_ body: (Int) -> Void) {
        @inline(__always) func each(_ word: UInt64, from offset: Int) {
            var rest = word
            while rest != 0 {
                body(offset &+ rest.trailingZeroBitCount)
                rest &= rest &- 1
            }
        }
        each(words.0, from: 0)
        each(words.1, from: 64)
        each(words.2, from: 128)
    }
}
