/// A board that can be cleared, and moves that clear it.
public struct SolvableBoard: Hashable, Sendable {
    /// The board, full.
    public let board: Board
    /// Moves that clear ``board``: one cell of each group to break, in order.
    public let solution: [Cell]

    /// `board` with `solution`, as given (not checked).
    public init(board: Board, solution: [Cell]) {
        self.board = board
        self.solution = solution
    }
}

extension SolvableBoard {
    /// Attempts before ``random(room:colours:corners:seed:)`` gives up.
    public static let attempts = 100

    /// A full board of `colours` random colours that can be cleared, built backwards from the
    /// empty room: each step adds a group that breaking would take away again, leaving the room
    /// as it was. The added blocks go in at a random row of one to three neighbouring columns,
    /// pushing the blocks above them up; a group that would touch a block of its colour is not
    /// added. The solution breaks the groups in the reverse order. The same room, colours,
    /// corners and seed always give the same board and solution.
    ///
    /// An attempt can get stuck with free cells where no group fits (few colours make that
    /// likely in big rooms: every neighbour of a group must have another colour); after
    /// ``attempts`` of them, it throws.
    public static func random(
        room: Room, colours: Int, corners: CornerLinks = .linked, seed: UInt64
    ) throws(BoardError) -> SolvableBoard {
        guard let solvable = try constructed(room: room, colours: colours, corners: corners, seed: seed) else {
            throw .noSolvableBoardFound(room, colours: colours, attempts: attempts)
        }
        return solvable
    }

    /// The board of ``random(room:colours:corners:seed:)``; nil when every attempt got stuck, or
    /// once `shouldStop` returns true (asked between the groups an attempt adds), so a build
    /// that is wanted no more ends at once.
    package static func constructed(
        room: Room, colours: Int, corners: CornerLinks, seed: UInt64, shouldStop: () -> Bool = { false }
    ) throws(BoardError) -> SolvableBoard? {
        guard (2...Board.maximumColours).contains(colours) else { throw .unsupportedColourCount(colours) }
        // Groups never cross walls in the construction, and a wall of one cell holds none.
        guard room.width * room.height >= 2 else { throw .unclearableRoom(room) }
        var builder = Builder(room: room, corners: corners, colours: colours, seed: seed)
        for _ in 0..<attempts {
            if let solvable = builder.build(shouldStop: shouldStop) { return solvable }
            if shouldStop() { return nil }
        }
        return nil
    }
}

/// The backward construction of ``SolvableBoard/random(room:colours:corners:seed:)``.
private struct Builder {
    let room: Room
    let corners: CornerLinks
    let colours: Int
    var generator: SeededGenerator
    /// Strip columns (wall by wall), each bottom up.
    var columns: [[Int]] = []
    /// One cell of each group added, where it was when it was added.
    var added: [Cell] = []

    init(room: Room, corners: CornerLinks, colours: Int, seed: UInt64) {
        self.room = room
        self.corners = corners
        self.colours = colours
        // A stream of its own: the solvable board of a seed is unrelated to the random one.
        generator = SeededGenerator(seed: seed, stream: 0x5017AB1E)
    }

    /// One attempt to fill the room; nil when it gets stuck (free cells left that no group
    /// fits), and the next attempt starts afresh, or when `shouldStop` returns true.
    mutating func build(shouldStop: () -> Bool) -> SolvableBoard? {
        columns = Array(repeating: [], count: room.walls * room.width)
        added = []
        var free = room.cellCount
        while free > 0 {
            if shouldStop() { return nil }
            var placed = 0
            for _ in 0..<400 {
                placed = tryToAddGroup()
                if placed > 0 { break }
            }
            if placed == 0 { return nil }
            free -= placed
        }
        // Filled columns make a valid board.
        let board = try! Board(room: room, columns: columns)
        let solution = Array(added.reversed())
        precondition(
            (try? Game(start: board, rules: Rules(corners: corners), replaying: solution.map { Move($0) }))?.isCleared
                == true, "a solvable board whose solution does not clear it")
        return SolvableBoard(board: board, solution: solution)
    }

    /// Tries to add one random group; returns its size, or 0 when the random choice does not fit.
    ///
    /// The group grows from a column picked with a chance in proportion to its free cells, so
    /// columns fill evenly and the last free cells lie side by side, where pairs still fit.
    private mutating func tryToAddGroup() -> Int {
        // The columns that can take blocks: the filled ones and the first empty one of each
        // wall. The span may reach into empty columns: emptied again by the break, they are the
        // last on their wall, so nothing slides.
        var open: [(column: Int, free: Int)] = []
        for column in columns.indices {
            let local = column % room.width
            let isOpen = !columns[column].isEmpty || local == 0 || !columns[column - 1].isEmpty
            if isOpen && columns[column].count < room.height { open.append((column, room.height - columns[column].count)) }
        }
        var pick = generator.below(open.reduce(0) { $0 + $1.free })
        let target = open.first { pick -= $0.free; return pick < 0 }!.column
        let wall = target / room.width
        let base = wall * room.width
        let length = 1 + generator.below(3)
        let first = max(0, target - base - generator.below(length))
        let span = first..<min(first + length, room.width)
        // No empty column may be left before the span.
        guard first == 0 || !columns[base + first - 1].isEmpty else { return 0 }
        let heights = span.map { columns[base + $0].count }
        guard heights.allSatisfy({ $0 < room.height }) else { return 0 }
        let row = generator.below(heights.min()! + 1)
        // A column is never left with one free cell: it could end up walled in by full columns,
        // where no group of two fits. Two or more fill with a run of their own.
        var counts: [Int] = []
        for height in heights {
            let free = room.height - height
            var count = min(max(1 + generator.below(3), span.count == 1 ? 2 : 1), free)
            if free - count == 1 { count += 1 }
            counts.append(count)
        }
        guard span.count > 1 || counts[0] >= 2 else { return 0 }
        // Place the blocks first, then give them a colour none of their neighbours has.
        var trial = columns
        for (offset, column) in span.enumerated() {
            trial[base + column].insert(contentsOf: repeatElement(-1, count: counts[offset]), at: row)
        }
        var taken = Set<Int>()
        for (offset, column) in span.enumerated() {
            for at in row..<row + counts[offset] {
                for (neighbour, height) in neighbours(of: base + column, row: at) where height < trial[neighbour].count {
                    taken.insert(trial[neighbour][height])
                }
            }
        }
        let free = (0..<colours).filter { !taken.contains($0) }
        guard !free.isEmpty else { return 0 }
        let colour = free[generator.below(free.count)]
        for (offset, column) in span.enumerated() {
            trial[base + column].replaceSubrange(row..<row + counts[offset], with: repeatElement(colour, count: counts[offset]))
        }
        columns = trial
        added.append(Cell(wall: wall, column: span.lowerBound, row: row))
        return counts.reduce(0, +)
    }

    /// The strip columns and rows beside a cell: above, below, and across to the neighbouring
    /// columns, around the corners when they link.
    private func neighbours(of column: Int, row: Int) -> [(column: Int, row: Int)] {
        var result = [(column, row + 1)]
        if row > 0 { result.append((column, row - 1)) }
        let strip = columns.count
        let wraps = room.walls == 4 && corners == .linked
        let position = column % room.width
        if position > 0 { result.append((column - 1, row)) } else if wraps { result.append(((column + strip - 1) % strip, row)) }
        if position < room.width - 1 { result.append((column + 1, row)) } else if wraps { result.append(((column + 1) % strip, row)) }
        return result
    }
}
