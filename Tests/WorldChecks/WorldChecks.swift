import PrisonRules
import PrisonSpace
import PrisonWorld

/// What must hold of a world's drawn blocks, for the property tests and fuzzers of the world and
/// the session: each check returns the problems it found, empty when all is well.
public enum WorldChecks {
    /// A drawn block's square on its wall: centre (across, up) in the wall's space and half its
    /// edge. A breaking block keeps the whole square it started breaking in.
    struct Square {
        let wall: Int
        let centre: SIMD2<Float>
        let half: Float
        let block: WorldBlock

        init(_ block: WorldBlock, wall: Int, edge: Float) {
            self.wall = wall
            self.block = block
            let at = block.entity.transform.translation
            centre = [at.x, at.y]
            half = block.phase == .breaking ? edge / 2 : edge / 2 * block.entity.transform.scale.x
        }

        /// Whether the two squares overlap by more than the seam between neighbours.
        func overlaps(_ other: Square, seam: Float) -> Bool {
            let reach = half + other.half - seam
            return wall == other.wall && abs(centre.x - other.centre.x) < reach && abs(centre.y - other.centre.y) < reach
        }
    }

    /// Checks one frame: no two drawn blocks overlap, every block stays in its wall's plane,
    /// and a ray to the middle of every whole block's face taps it. Blocks that toppled at the
    /// end and stand up again after an undo fly back from the floor (and break where they are,
    /// when tapped on the way): they count once in the plane.
    public static func frameProblems(in world: World) -> [String] {
        let edge = world.settings.blockSize, seam = edge * 2e-3
        let plane = -(world.layout.innerDistance + edge / 2)
        var problems: [String] = []
        let (inPlane, standingUp) = world.blocks.split { block in
            ![.returning, .breaking].contains(block.phase) || block.entity.transform.translation.z == plane
        }
        // Blocks taken back wait in their cells at scale 0 before they grow: nothing to see.
        let squares = inPlane.map { block in
            Square(block, wall: world.walls.firstIndex { $0 === block.entity.parent }!, edge: edge)
        }.filter { $0.half > 0 }
        for (i, a) in squares.enumerated() {
            if a.block.entity.transform.translation.z != plane {
                problems.append("block \(a.block.block.id) left its wall's plane")
            }
            for b in squares[(i + 1)...] where a.overlaps(b, seam: seam) {
                problems.append(
                    "blocks \(a.block.block.id) (\(a.block.phase)) and \(b.block.block.id) (\(b.block.phase)) overlap at \(world.time)")
            }
        }
        // A block growing back after an undo is smaller than its cell, its face set back, and
        // from the eye a neighbour can hide the middle of it: only whole blocks are aimed at,
        // and none while blocks fly back from the floor in front of them.
        for square in squares where standingUp.isEmpty {
            guard let cell = square.block.cell, square.block.entity.transform.scale == [1, 1, 1] else { continue }
            let ray = world.ray(toward: cell)!
            let hit = world.target(along: ray)
            if hit?.block.block != square.block.block {
                problems.append(
                    "a ray to \(cell) (\(square.block.phase)) hits \(hit.map { "\($0.cell)" } ?? "nothing") at \(world.time)")
            }
        }
        return problems
    }

    /// Checks that the world's blocks are the rules' blocks: one drawn block for every block on
    /// the board, with its cell and colour, and none twice.
    public static func boardProblems(in world: World) -> [String] {
        let board = world.game.board
        let drawn = world.blocks.filter { $0.cell != nil }
        var problems: [String] = []
        if drawn.count != board.placedBlocks.count {
            problems.append("\(drawn.count) blocks drawn in cells for \(board.placedBlocks.count) on the board")
        }
        if Set(world.blocks.map(\.block.id)).count != world.blocks.count { problems.append("a block is drawn twice") }
        for block in drawn where board[block.cell!] != block.block {
            problems.append("block \(block.block.id) is drawn in \(block.cell!), where the board has \(board[block.cell!].map { "\($0.id)" } ?? "none")")
        }
        return problems
    }

    /// Checks a world that has settled: its blocks match the board (``boardProblems(in:)``) and
    /// rest exactly in their cells, whole and tappable, or topple once the game has ended.
    public static func settledProblems(in world: World) -> [String] {
        var problems = boardProblems(in: world)
        let ended = world.game.isOver
        for block in world.blocks {
            guard let cell = block.cell else {
                problems.append("block \(block.block.id) stays in the room, off the board")
                continue
            }
            if ended {
                if block.phase != .toppling { problems.append("block \(block.block.id) stands after the end") }
            } else if block.phase != .resting || block.entity.transform != world.restingTransform(at: cell)
                || block.entity.collision == nil || block.entity.parent !== world.walls[cell.wall]
            {
                problems.append("block \(block.block.id) is not at rest in \(cell) (\(block.phase))")
            }
        }
        return problems
    }
}

extension Sequence {
    /// The elements that satisfy `belongsInFirst`, then the others, each in order.
    func split(by belongsInFirst: (Element) -> Bool) -> ([Element], [Element]) {
        var first: [Element] = [], second: [Element] = []
        for element in self {
            if belongsInFirst(element) { first.append(element) } else { second.append(element) }
        }
        return (first, second)
    }
}
