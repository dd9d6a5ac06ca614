import PrisonRules
import PrisonSpace
import PrisonSpaceTesting
import PrisonWorld
import Testing

/// The centre of block `(wall, column, row)` by the formula of the room's geometry (PrisonWorld's documentation).
private func spaceCentre(wall: Int, column: Int, row: Int, width: Int, blockSize s: Float) -> SIMD3<Float> {
    let d = Float(width) * s / 2
    let u = -d + (Float(column) + 0.5) * s
    let y = (Float(row) + 0.5) * s
    let a = d + s / 2
    switch wall {
    case 0: return [u, y, -a]
    case 1: return [a, y, u]
    case 2: return [-u, y, a]
    default: return [-a, y, -u]
    }
}

/// The unit normal of a wall's inner face, pointing into the room toward the player.
private func inwardNormal(ofWall wall: Int) -> SIMD3<Float> {
    [[0, 0, 1], [-1, 0, 0], [0, 0, -1], [1, 0, 0]][wall]
}

private let eye: SIMD3<Float> = [0, 1.6, 0]

/// A small four-wall room (width 4, height 3) with gaps: 24 blocks of 48 cells.
private let smallText = """
    1... 2... .... 3...
    12.. 23.. 1... 31..
    1234 2341 12.. 3123
    """

/// A room wide enough (12 columns, 8 rows) that the eye sees the inner face of every block.
private func wideBoard() throws -> Board {
    let room = try Room(walls: 4, width: 12, height: 8)
    let columns = (0..<4).flatMap { wall in
        (0..<12).map { column in
            let height = column < 12 - 2 * wall ? 1 + (3 * column + 5 * wall) % 8 : 0
            return (0..<height).map { row in (column + row + wall) % 5 }
        }
    }
    return try Board(room: room, columns: columns)
}

@Suite("RoomTests")
struct RoomTests {
    @Test("Only cells that hold a block get an entity, one each")
    func oneEntityPerBlock() throws {
        for board in [try Board(text: smallText), try wideBoard(), try Board(text: "12\n34\n")] {
            let world = world(of: board)
            let space = world.space
            #expect(world.blocks.count == board.blockCount)
            let cells = world.blocks.compactMap { world.block(for: $0.entity)?.cell }
            #expect(cells.count == board.blockCount)
            #expect(Set(cells).count == cells.count, "two entities for one cell")
            let filled = Set(board.room.cells.filter { board[$0] != nil })
            #expect(Set(cells) == filled)
            // Every entity with a shape in the space is a block; entities are distinct.
            let targets = space.root.subtree.filter { $0.collision != nil }
            #expect(targets.count == board.blockCount)
            #expect(Set(targets.map(ObjectIdentifier.init)).count == targets.count)
            #expect(world.block(for: world.room)?.cell == nil)
            #expect(world.block(for: Entity(name: "stranger")) == nil)
            #expect(world.walls.count == board.room.walls)
            #expect(world.layout.walls == board.room.walls && world.layout.width == board.room.width)
        }
        // The small room, counted by hand: 7 + 7 + 3 + 7.
        #expect(try Board(text: smallText).blockCount == 24)
    }

    @Test("Every block's world centre is the one the room's geometry gives", arguments: [Float(0.3), 0.5, 0.25])
    func centres(blockSize: Float) throws {
        for board in [try Board(text: smallText), try wideBoard()] {
            let world = blockSize == 0.3 ? World(game: Game(start: board)) : world(of: board, blockSize: blockSize)
            #expect(world.layout.blockSize == blockSize)
            var seenWalls = Set<Int>()
            for block in world.blocks {
                let cell = try #require(world.block(for: block.entity)?.cell)
                seenWalls.insert(cell.wall)
                let expected = spaceCentre(
                    wall: cell.wall, column: cell.column, row: cell.row, width: board.room.width, blockSize: blockSize)
                #expect(
                    isClose(block.entity.position(relativeTo: nil), expected, tolerance: 1e-5),
                    "block \(cell) at \(block.entity.position(relativeTo: nil)), expected \(expected)")
                #expect(
                    isClose(world.layout.centre(wall: cell.wall, column: cell.column, row: cell.row), expected, tolerance: 1e-5))
                // A block is a cube of the block size, square to the walls.
                let transform = block.entity.transform(relativeTo: nil)
                #expect(isClose(transform.scale, [1, 1, 1], tolerance: 1e-5))
                // Its target is the cube, a hair wider and taller so neighbours overlap (no gaps at seams).
                let shapes = try #require(block.entity.collision?.shapes)
                guard let box = shapes.first, shapes.count == 1, box.description.hasPrefix("box ") else {
                    Issue.record("a block's target is one box, not \(shapes)")
                    continue
                }
                let size = box.bounds.extents
                #expect(box.bounds.center == .zero && size.z == blockSize)
                #expect(size.x == size.y && size.x > blockSize && size.x < blockSize * 1.01)
            }
            #expect(seenWalls == [0, 1, 2, 3])
        }
    }

    @Test("Hand-picked centres: the corners of the small room")
    func handPickedCentres() throws {
        let world = world(of: try Board(text: smallText))
        func centre(_ wall: Int, _ column: Int, _ row: Int) throws -> SIMD3<Float> {
            let block = try #require(world.block(in: Cell(wall: wall, column: column, row: row)))
            return block.entity.position(relativeTo: nil)
        }
        // d = 0.6, a = 0.75; column 0 is at u = -0.45, column 3 at u = 0.45.
        #expect(try isClose(centre(0, 0, 0), [-0.45, 0.15, -0.75], tolerance: 1e-5))
        #expect(try isClose(centre(0, 0, 2), [-0.45, 0.75, -0.75], tolerance: 1e-5))
        #expect(try isClose(centre(1, 3, 0), [0.75, 0.15, 0.45], tolerance: 1e-5))
        #expect(try isClose(centre(2, 0, 1), [0.45, 0.45, 0.75], tolerance: 1e-5))
        #expect(try isClose(centre(3, 3, 0), [-0.75, 0.15, -0.45], tolerance: 1e-5))
    }

    @Test("A ray from the eye to a block's centre hits that block's inner face", arguments: [Float(0.3), 0.25])
    func eyeRays(blockSize: Float) throws {
        let board = try wideBoard()
        let world = world(of: board, blockSize: blockSize)
        let space = world.space
        let d = Float(board.room.width) * blockSize / 2, a = d + blockSize / 2
        #expect(world.blocks.count > 100)
        for block in world.blocks {
            let cell = try #require(world.block(for: block.entity)?.cell)
            let centre = block.entity.position(relativeTo: nil)
            let hit = try #require(space.firstHit(from: eye, toward: centre), "no hit toward \(cell)")
            #expect(world.block(for: hit.entity)?.cell == cell, "toward \(cell) hit \(String(describing: world.block(for: hit.entity)?.cell))")
            // On the inner face (d from the origin), where the line to the centre crosses it.
            let expectedPoint = eye + (centre - eye) * (d / a)
            #expect(
                hit.isApproximately(at: expectedPoint, normal: inwardNormal(ofWall: cell.wall), tolerance: 1e-4),
                "toward \(cell): hit at \(hit.position) normal \(hit.normal)")
            #expect(abs(hit.distance - (centre - eye).length * d / a) < 1e-4)
            // The normal points back toward the player.
            #expect(hit.normal.dot(eye - hit.position) > 0)
        }
    }

    @Test("In a small room a ray toward a low block meets its column at that row or above, facing the player")
    func eyeRaysSmallRoom() throws {
        let world = world(of: try Board(text: smallText))
        let space = world.space
        for block in world.blocks {
            let cell = try #require(world.block(for: block.entity)?.cell)
            let centre = block.entity.position(relativeTo: nil)
            let hit = try #require(space.firstHit(from: eye, toward: centre), "no hit toward \(cell)")
            let hitCell = try #require(world.block(for: hit.entity)?.cell)
            #expect(hitCell.wall == cell.wall && hitCell.column == cell.column && hitCell.row >= cell.row, "\(cell) -> \(hitCell)")
            #expect(hit.normal.dot(centre - eye) < 0, "\(cell): normal \(hit.normal)")
            // The top block of a column is hit itself, on its inner face or its top.
            let isTop = board(smallText)?[Cell(wall: cell.wall, column: cell.column, row: cell.row + 1)] == nil
            if isTop {
                #expect(hitCell == cell)
                #expect(
                    isClose(hit.normal, inwardNormal(ofWall: cell.wall), tolerance: 1e-4)
                        || isClose(hit.normal, [0, 1, 0], tolerance: 1e-4), "\(cell): \(hit.normal)")
            }
        }
    }

    @Test("A classic one-wall board stands in front of the player")
    func classic() throws {
        let board = try Board(text: "12\n34\n")
        let world = world(of: board)
        let space = world.space
        #expect(world.layout.walls == 1)
        #expect(world.walls.count == 1)
        #expect(world.blocks.count == 4)
        for block in world.blocks {
            let cell = try #require(world.block(for: block.entity)?.cell)
            #expect(cell.wall == 0)
            let position = block.entity.position(relativeTo: nil)
            #expect(isClose(
                position, spaceCentre(wall: 0, column: cell.column, row: cell.row, width: 2, blockSize: 0.3), tolerance: 1e-5))
            #expect(position.z < 0)
        }
        // Straight ahead at the top right block ("2", column 1 row 1): the inner face is 0.3 away.
        let hit = try #require(space.raycast(origin: [0.15, 0.45, 0], direction: [0, 0, -1]).first)
        #expect(world.block(for: hit.entity)?.cell == Cell(wall: 0, column: 1, row: 1))
        #expect(board[Cell(wall: 0, column: 1, row: 1)]?.colour == 2)
        #expect(hit.isApproximately(at: [0.15, 0.45, -0.3], normal: [0, 0, 1]))
        #expect(abs(hit.distance - 0.3) < 1e-5)
        // Nothing to the right, behind or to the left.
        for direction: SIMD3<Float> in [[1, 0, 0], [0, 0, 1], [-1, 0, 0]] {
            #expect(space.raycast(origin: [0, 0.45, 0], direction: direction).isEmpty, "\(direction)")
        }
    }
}

/// The world of a game on `board` with blocks of edge `blockSize`.
private func world(of board: Board, blockSize: Float = 0.3) -> World {
    World(game: Game(start: board), settings: WorldSettings(blockSize: blockSize))
}

/// The board of `text`, or nil when it does not read.
private func board(_ text: String) -> Board? { try? Board(text: text) }
