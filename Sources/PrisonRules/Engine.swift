/// The working memory of the rules: one room's cells in raw buffers plus the scratch space that
/// group search and removal need. Every operation on boards goes through it, from a single tap to
/// millions of playout moves, so there is one implementation of groups, gravity and collapse.
///
/// Cells are addressed as packed `column << 8 | row` positions in the strip of ``Layout``.
struct Engine: ~Copyable {
    let layout: Layout
    let width: Int
    private let codes: UnsafeMutablePointer<UInt16>
    private let heights: UnsafeMutablePointer<UInt8>
    /// The strip column beside each column, or the sentinel column when there is none.
    private let left: UnsafeMutablePointer<Int>
    private let right: UnsafeMutablePointer<Int>
    private let marks: UnsafeMutablePointer<UInt32>
    private var stamp: UInt32 = 0
    /// The positions found by the last ``fill(from:)``.
    let found: UnsafeMutablePointer<Int32>
    /// Per column, the rows whose block may lead a legal move: it has a neighbour of its colour,
    /// but none below it and none in the strip column before it. Every group of two or more
    /// holds exactly one block that comes first in strip order, and that block is a leader.
    /// Kept up to date by ``load(_:)`` and ``removeFound(count:)``.
    private let leaderMasks: UnsafeMutablePointer<UInt32>
    /// Per column, the rows whose block has the same colour as the block above it.
    private let verticalPairs: UnsafeMutablePointer<UInt32>
    /// Per column and the sentinel, the rows whose block has the same colour as the block beside
    /// it in the column to the right.
    private let rightPairs: UnsafeMutablePointer<UInt32>
    /// The number of bits set in each of ``leaderMasks`` (counted once, when a mask changes: the
    /// generic x86-64 target has no popcount instruction).
    private let leaderCounts: UnsafeMutablePointer<Int>
    /// The number of leaders: zero exactly when no move is left.
    private(set) var leaderCount = 0
    /// Scratch space for leaders picked out by colour.
    private let picked: UnsafeMutablePointer<Int32>
    /// Columns a removal touched, as a list and as flags.
    private let touched: UnsafeMutablePointer<Int>
    private let isTouched: UnsafeMutablePointer<Bool>
    /// Per column and the sentinel, during a removal: the lowest row whose block changed, or
    /// ``unchanged``.
    private let changedFrom: UnsafeMutablePointer<Int>
    private static let unchanged = Int.max

    init(room: Room, corners: CornerLinks) {
        layout = Layout(room)
        width = room.width
        let columns = layout.columns
        codes = .allocate(capacity: layout.codeCount)
        codes.initialize(repeating: 0, count: layout.codeCount)
        heights = .allocate(capacity: columns + 1)
        heights.initialize(repeating: 0, count: columns + 1)
        marks = .allocate(capacity: layout.codeCount)
        marks.initialize(repeating: 0, count: layout.codeCount)
        // Visits write one slot past the group found so far.
        found = .allocate(capacity: columns * layout.height + 1)
        leaderMasks = .allocate(capacity: columns)
        leaderMasks.initialize(repeating: 0, count: columns)
        verticalPairs = .allocate(capacity: columns)
        verticalPairs.initialize(repeating: 0, count: columns)
        rightPairs = .allocate(capacity: columns + 1)
        rightPairs.initialize(repeating: 0, count: columns + 1)
        leaderCounts = .allocate(capacity: columns)
        leaderCounts.initialize(repeating: 0, count: columns)
        picked = .allocate(capacity: columns * layout.height)
        touched = .allocate(capacity: columns)
        isTouched = .allocate(capacity: columns)
        isTouched.initialize(repeating: false, count: columns)
        changedFrom = .allocate(capacity: columns + 1)
        changedFrom.initialize(repeating: Self.unchanged, count: columns + 1)
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
        heights.deallocate()
        marks.deallocate()
        found.deallocate()
        leaderMasks.deallocate()
        verticalPairs.deallocate()
        rightPairs.deallocate()
        leaderCounts.deallocate()
        picked.deallocate()
        touched.deallocate()
        isTouched.deallocate()
        changedFrom.deallocate()
        left.deallocate()
        right.deallocate()
    }

    // MARK: Moving boards in and out

    mutating func load(_ board: Board) {
        board.codes.withUnsafeBufferPointer { codes.update(from: $0.baseAddress!, count: $0.count) }
        board.heights.withUnsafeBufferPointer { heights.update(from: $0.baseAddress!, count: $0.count) }
        leaderCount = 0
        leaderMasks.update(repeating: 0, count: layout.columns)
        leaderCounts.update(repeating: 0, count: layout.columns)
        for column in 0..<layout.columns {
            compareAbove(column: column, from: 0)
            compareRight(column: column, from: 0)
        }
        for column in 0..<layout.columns { refreshLeaders(column: column) }
    }

    func store(into board: inout Board) {
        board.codes.withUnsafeMutableBufferPointer {
            $0.baseAddress!.update(from: codes, count: $0.count)
        }
        board.heights.withUnsafeMutableBufferPointer {
            $0.baseAddress!.update(from: heights, count: $0.count)
        }
    }

    // MARK: Positions

    func position(of cell: Cell) -> Int32 { Engine.position(column: cell.wall * width + cell.column, row: cell.row) }

    @inline(__always)
    static func position(column: Int, row: Int) -> Int32 { Int32(truncatingIfNeeded: column << 8 | row) }

    @inline(__always)
    func index(_ position: Int32) -> Int {
        layout.index(column: Int(position) >> 8, row: Int(position) & 0xFF)
    }

    func code(at position: Int32) -> UInt16 { codes[index(position)] }

    func cell(at position: Int32) -> Cell { Engine.cell(at: position, width: width) }

    static func cell(at position: Int32, width: Int) -> Cell {
        let column = Int(position) >> 8
        return Cell(wall: column / width, column: column % width, row: Int(position) & 0xFF)
    }

    // MARK: Groups

    /// Starts a new marking: cells marked before count as unmarked again.
    mutating func beginMarking() {
        stamp &+= 1
        if stamp == 0 {
            marks.update(repeating: 0, count: layout.codeCount)
            stamp = 1
        }
    }

    /// Finds the group of the block at `start`, skipping cells marked since ``beginMarking()``,
    /// and writes its positions to ``found``. Returns the group's size.
    @inline(__always)
    mutating func fill(from start: Int32) -> Int { fill(from: start, onlyIfFirst: false) }

    /// Like ``fill(from:)``, but gives up and returns 0 as soon as the group turns out to hold a
    /// block before `start` in strip order: a group is found only from its first block.
    @inline(__always)
    mutating func fillFromFirst(_ start: Int32) -> Int { fill(from: start, onlyIfFirst: true) }

    @inline(__always)
    private mutating func fill(from start: Int32, onlyIfFirst: Bool) -> Int {
        let stride = layout.stride
        let first = index(start)
        let code = codes[first]
        marks[first] = stamp
        found[0] = start
        var count = 1
        var next = 0
        while next < count {
            let position = Int(found[next])
            next &+= 1
            let column = position >> 8
            let row = position & 0xFF
            let here = column &* stride &+ 1 &+ row
            // Branch-free: whether a neighbour matches is random, so a branch would mispredict often.
            // Returns whether the neighbour is of the group and before `start`.
            @inline(__always) func visit(_ index: Int, _ column: Int, _ row: Int) -> Bool {
                let same = Code.sameColour(codes[index], code)
                let neighbour = Engine.position(column: column, row: row)
                found[count] = neighbour
                count &+= same && marks[index] != stamp ? 1 : 0
                marks[index] = same ? stamp : marks[index]
                return onlyIfFirst && same && neighbour < start
            }
            let l = left[column]
            let r = right[column]
            if visit(here &- 1, column, row &- 1) || visit(l &* stride &+ 1 &+ row, l, row)
                || visit(here &+ 1, column, row &+ 1) || visit(r &* stride &+ 1 &+ row, r, row)
            {
                return 0
            }
        }
        return count
    }

    /// Compares the blocks of `column` from `row` up with the blocks above them; the comparisons
    /// below `row` stand.
    @inline(__always)
    private func compareAbove(column: Int, from row: Int) {
        let base = column &* layout.stride &+ 1
        // Branch-free: colours are random, so a branch per test would mispredict often.
        // Pads and empty cells hold 0, which matches no block.
        var mask = verticalPairs[column] & ((1 &<< UInt32(truncatingIfNeeded: row)) &- 1)
        var row = row
        while row < Int(heights[column]) {
            let same = Code.sameColour(codes[base &+ row &+ 1], codes[base &+ row])
            mask |= (same ? 1 : 0) &<< UInt32(truncatingIfNeeded: row)
            row &+= 1
        }
        verticalPairs[column] = mask
    }

    /// Compares the blocks of `column` from `row` up with the blocks beside them in the column to
    /// the right; the comparisons below `row` stand.
    @inline(__always)
    private func compareRight(column: Int, from row: Int) {
        let base = column &* layout.stride &+ 1
        let rightBase = right[column] &* layout.stride &+ 1
        var mask = rightPairs[column] & ((1 &<< UInt32(truncatingIfNeeded: row)) &- 1)
        var row = row
        while row < Int(heights[column]) {
            let same = Code.sameColour(codes[rightBase &+ row], codes[base &+ row])
            mask |= (same ? 1 : 0) &<< UInt32(truncatingIfNeeded: row)
            row &+= 1
        }
        rightPairs[column] = mask
    }

    /// Recomputes the leaders of `column` from the comparisons.
    @inline(__always)
    private mutating func refreshLeaders(column: Int) {
        let vertical = verticalPairs[column]
        let fromLeft = rightPairs[left[column]]
        let paired = vertical | vertical &<< 1 | rightPairs[column] | fromLeft
        let mask = paired & ~(vertical &<< 1) & (left[column] < column ? ~fromLeft : ~0)
        if mask == leaderMasks[column] { return }
        let count = mask.nonzeroBitCount
        leaderCount &+= count &- leaderCounts[column]
        leaderMasks[column] = mask
        leaderCounts[column] = count
    }

    /// Finds a group chosen uniformly among the groups of two or more (a random leader, kept
    /// only when it is its group's first block) and returns its size, its blocks in ``found``;
    /// 0 when no group is left.
    mutating func fillRandomGroup(using generator: inout SeededGenerator) -> Int {
        let candidates = leaderCount
        guard candidates > 0 else { return 0 }
        var size: Int
        repeat {
            beginMarking()
            size = fillFromFirst(leader(generator.below(candidates)))
        } while size == 0
        return size
    }

    /// Like ``fillRandomGroup(using:)``, drawing only among the groups not of colour `avoided`
    /// while there are any: the tabu-colour playout policy of SameGame searches.
    mutating func fillRandomGroup(avoiding avoided: Int, using generator: inout SeededGenerator) -> Int {
        let candidates = leaderCount
        guard candidates > 0 else { return 0 }
        // Most leaders are usually of other colours: draw among all and skip the avoided colour.
        for _ in 0..<16 {
            let position = leader(generator.below(candidates))
            if Code.colour(code(at: position)) == avoided { continue }
            beginMarking()
            let size = fillFromFirst(position)
            if size > 0 { return size }
        }
        var count = 0
        forEachLeader { position in
            picked[count] = position
            count &+= Code.colour(code(at: position)) == avoided ? 0 : 1
        }
        guard count > 0 else { return fillRandomGroup(using: &generator) }
        while true {
            beginMarking()
            let size = fillFromFirst(picked[generator.below(count)])
            if size > 0 { return size }
        }
    }

    /// Calls `body` with every leader, in strip order.
    @inline(__always)
    func forEachLeader(_ body: (Int32) -> Void) {
        for column in 0..<layout.columns {
            var mask = leaderMasks[column]
            while mask != 0 {
                body(Engine.position(column: column, row: mask.trailingZeroBitCount))
                mask &= mask &- 1
            }
        }
    }

    /// The `n`th leader in strip order; `n` must be below ``leaderCount``.
    @inline(__always)
    func leader(_ n: Int) -> Int32 {
        var n = n
        var column = 0
        while n >= leaderCounts[column] {
            n &-= leaderCounts[column]
            column &+= 1
        }
        var mask = leaderMasks[column]
        for _ in 0..<n { mask &= mask &- 1 }
        return Engine.position(column: column, row: mask.trailingZeroBitCount)
    }

    /// The groups of two or more blocks, up to `limit` of them, in the order of their leaders.
    mutating func allGroups(upTo limit: Int) -> [Group] {
        var groups: [Group] = []
        beginMarking()
        for n in 0..<leaderCount where groups.count < limit {
            let position = leader(n)
            if marks[index(position)] != stamp { groups.append(foundGroup(size: fill(from: position))) }
        }
        return groups
    }

    /// Finds the groups of two or more blocks, in strip order of their first blocks, and calls
    /// `body` with each one's first block, size and colour.
    @inline(__always)
    mutating func forEachGroup(_ body: (_ first: Int32, _ size: Int, _ colour: Int) -> Void) {
        beginMarking()
        for column in 0..<layout.columns {
            var mask = leaderMasks[column]
            while mask != 0 {
                let position = Engine.position(column: column, row: mask.trailingZeroBitCount)
                mask &= mask &- 1
                if marks[index(position)] != stamp {
                    body(position, fill(from: position), Code.colour(codes[index(position)]))
                }
            }
        }
    }

    /// The group of `size` blocks that the last ``fill(from:)`` found.
    func foundGroup(size: Int) -> Group {
        Group(colour: Code.colour(code(at: found[0])), cells: (0..<size).map { cell(at: found[$0]) }.sorted())
    }

    // MARK: Removal

    /// Removes the `count` blocks in ``found``, lets the blocks above fall and closes up the
    /// columns emptied on each wall.
    mutating func removeFound(count: Int) {
        var touchedCount = 0
        @inline(__always) func touch(_ column: Int) {
            if column < layout.columns && !isTouched[column] {
                isTouched[column] = true
                touched[touchedCount] = column
                touchedCount &+= 1
            }
        }
        for k in 0..<count {
            let position = Int(found[k])
            let column = position >> 8
            codes[index(found[k])] = 0
            changedFrom[column] = min(changedFrom[column], position & 0xFF)
            touch(column)
        }
        var emptiedWalls: UInt8 = 0
        for k in 0..<touchedCount where settle(column: touched[k]) == 0 {
            emptiedWalls |= 1 << (touched[k] / width)
        }
        while emptiedWalls != 0 {
            let wall = emptiedWalls.trailingZeroBitCount
            emptiedWalls &= emptiedWalls - 1
            for column in closeUp(wall: wall)..<(wall + 1) * width {
                changedFrom[column] = 0
                touch(column)
            }
        }
        // A column's comparisons change from its lowest changed row up, and so do those of the
        // column on its left with it. The leaders change in the changed columns and beside them.
        let changed = touchedCount
        for k in 0..<changed {
            let column = touched[k]
            let from = changedFrom[column]
            compareAbove(column: column, from: max(from &- 1, 0))
            compareRight(column: column, from: min(from, changedFrom[right[column]]))
            let left = left[column]
            if left < layout.columns && changedFrom[left] == Self.unchanged {
                compareRight(column: left, from: from)
            }
            touch(left)
            touch(right[column])
        }
        for k in 0..<changed { changedFrom[touched[k]] = Self.unchanged }
        for k in 0..<touchedCount {
            isTouched[touched[k]] = false
            refreshLeaders(column: touched[k])
        }
    }

    /// Lets the blocks of a column fall onto each other, from its lowest changed row up (the
    /// blocks below stay). Returns the new height.
    @inline(__always)
    private func settle(column: Int) -> Int {
        let base = column &* layout.stride &+ 1
        let height = Int(heights[column])
        var kept = changedFrom[column]
        for row in kept..<height {
            let code = codes[base &+ row]
            codes[base &+ kept] = code
            kept &+= code != 0 ? 1 : 0
        }
        (codes + base + kept).update(repeating: 0, count: height &- kept)
        heights[column] = UInt8(truncatingIfNeeded: kept)
        return kept
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
                (codes + target * stride).update(from: codes + column * stride, count: stride)
                heights[target] = heights[column]
            }
            target += 1
        }
        if target < first + width {
            (codes + target * stride).update(repeating: 0, count: (first + width - target) * stride)
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
