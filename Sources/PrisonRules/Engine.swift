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
    /// The positions found by the last ``scanForPairs()``.
    let pairs: UnsafeMutablePointer<Int32>
    /// Columns a removal touched, as a list and as flags.
    private let touched: UnsafeMutablePointer<Int>
    private let isTouched: UnsafeMutablePointer<Bool>

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
        found = .allocate(capacity: max(1, columns * layout.height))
        pairs = .allocate(capacity: max(1, columns * layout.height))
        touched = .allocate(capacity: columns)
        isTouched = .allocate(capacity: columns)
        isTouched.initialize(repeating: false, count: columns)
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
        pairs.deallocate()
        touched.deallocate()
        isTouched.deallocate()
        left.deallocate()
        right.deallocate()
    }

    // MARK: Moving boards in and out

    mutating func load(_ board: Board) {
        board.codes.withUnsafeBufferPointer { codes.update(from: $0.baseAddress!, count: $0.count) }
        board.heights.withUnsafeBufferPointer { heights.update(from: $0.baseAddress!, count: $0.count) }
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

    func cell(at position: Int32) -> Cell {
        let column = Int(position) >> 8
        return Cell(wall: column / width, column: column % width, row: Int(position) & 0xFF)
    }

    func height(of column: Int) -> Int { Int(heights[column]) }

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
    mutating func fill(from start: Int32) -> Int {
        let stride = layout.stride
        let first = index(start)
        let code = codes[first]
        marks[first] = stamp
        found[0] = start
        var count = 1
        var next = 0
        while next < count {
            let position = Int(found[next])
            next += 1
            let column = position >> 8
            let row = position & 0xFF
            let here = column * stride + 1 + row
            @inline(__always) func visit(_ index: Int, _ column: Int, _ row: Int) {
                if Code.sameColour(codes[index], code) && marks[index] != stamp {
                    marks[index] = stamp
                    found[count] = Engine.position(column: column, row: row)
                    count += 1
                }
            }
            visit(here + 1, column, row + 1)
            visit(here - 1, column, row - 1)
            let l = left[column]
            visit(l * stride + 1 + row, l, row)
            let r = right[column]
            visit(r * stride + 1 + row, r, row)
        }
        return count
    }

    /// Writes to ``pairs`` every block that has a neighbour of its own colour, that is, every block
    /// that belongs to a legal move. Returns how many there are.
    @inline(__always)
    func scanForPairs() -> Int {
        let stride = layout.stride
        var count = 0
        for column in 0..<layout.columns {
            let height = Int(heights[column])
            if height == 0 { continue }
            let base = column * stride + 1
            let leftBase = left[column] * stride + 1
            let rightBase = right[column] * stride + 1
            for row in 0..<height {
                let code = codes[base + row]
                if Code.sameColour(codes[base + row + 1], code)
                    || Code.sameColour(codes[base + row - 1], code)
                    || Code.sameColour(codes[leftBase + row], code)
                    || Code.sameColour(codes[rightBase + row], code)
                {
                    pairs[count] = Engine.position(column: column, row: row)
                    count += 1
                }
            }
        }
        return count
    }

    /// Every group of two or more blocks.
    mutating func allGroups() -> [Group] {
        let count = scanForPairs()
        beginMarking()
        return UnsafeBufferPointer(start: pairs, count: count).compactMap { position in
            guard marks[index(position)] != stamp else { return nil }
            return foundGroup(size: fill(from: position))
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
        for k in 0..<count {
            let position = found[k]
            codes[index(position)] = 0
            let column = Int(position) >> 8
            if !isTouched[column] {
                isTouched[column] = true
                touched[touchedCount] = column
                touchedCount += 1
            }
        }
        var emptiedWalls: UInt8 = 0
        for k in 0..<touchedCount {
            let column = touched[k]
            isTouched[column] = false
            if settle(column: column) == 0 { emptiedWalls |= 1 << (column / width) }
        }
        var walls = emptiedWalls
        while walls != 0 {
            let wall = walls.trailingZeroBitCount
            walls &= walls - 1
            closeUp(wall: wall)
        }
    }

    /// Lets the blocks of a column fall onto each other. Returns the new height.
    @inline(__always)
    private func settle(column: Int) -> Int {
        let base = column * layout.stride + 1
        let height = Int(heights[column])
        var kept = 0
        for row in 0..<height {
            let code = codes[base + row]
            if code != 0 {
                codes[base + kept] = code
                kept += 1
            }
        }
        (codes + base + kept).update(repeating: 0, count: height - kept)
        heights[column] = UInt8(kept)
        return kept
    }

    /// Slides the filled columns of a wall toward its column 0.
    private func closeUp(wall: Int) {
        let stride = layout.stride
        let first = wall * width
        var target = first
        for column in first..<first + width where heights[column] > 0 {
            if column != target {
                (codes + target * stride).update(from: codes + column * stride, count: stride)
                heights[target] = heights[column]
            }
            target += 1
        }
        if target < first + width {
            (codes + target * stride).update(repeating: 0, count: (first + width - target) * stride)
            (heights + target).update(repeating: 0, count: first + width - target)
        }
    }

    /// The number of blocks left.
    func blockCount() -> Int {
        (0..<layout.columns).reduce(0) { $0 + Int(heights[$1]) }
    }
}
