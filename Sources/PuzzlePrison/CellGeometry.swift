import PrisonSession
import PrisonSpace

/// The prison cell as triangles in world space, for the cell shader: the stone walls (moving
/// with the walls of blocks), the stone floor, the ceiling, and the yard outside.
enum CellGeometry {
    /// Position, normal, then metres across the surface and its material.
    static let floatsPerVertex = 9

    /// The triangles, nearest surfaces first: the software renderer's cost is the pixels drawn,
    /// so no two surfaces overlap (the yard rings the floor rather than running under it) and
    /// what the walls hide of the yard fails the depth test before it is shaded.
    static func vertices(of cell: Surroundings) -> [Float] {
        var vertices: [Float] = []
        vertices.reserveCapacity((6 * 64 + 4 * 4) * 6 * floatsPerVertex)
        let stone = cell.stoneDistance, ceiling = cell.ceilingHeight
        for matrix in cell.stoneWallMatrices {
            // From the floor to the ceiling; opening, a wall sinks into the yard.
            let corners: [SIMD3<Float>] = [[-stone, 0, -stone], [stone, 0, -stone], [stone, ceiling, -stone], [-stone, ceiling, -stone]]
            let world = corners.map(matrix.transformPoint)
            quad(world, normal: matrix.transformDirection([0, 0, 1]), across: corners.map { SIMD2($0.x + stone, $0.y) }, material: 0, into: &vertices)
        }
        let floor: [SIMD3<Float>] = [[-stone, 0, -stone], [stone, 0, -stone], [stone, 0, stone], [-stone, 0, stone]]
        var cellFloor: [Float] = []
        quad(floor, normal: [0, 1, 0], across: floor.map { SIMD2($0.x, $0.z) }, material: 1, into: &cellFloor)
        vertices.insert(contentsOf: cellFloor, at: 0)
        // The ceiling lifts away as the walls open.
        let lifted = ceiling * (1 + 3 * cell.opening)
        quad(floor.map { SIMD3($0.x, lifted, $0.z) }, normal: [0, -1, 0], across: floor.map { SIMD2($0.x, $0.z) }, material: 2, into: &vertices)
        // The yard: four strips round the cell's floor, out to 60 m.
        let yard: Float = 60
        for (low, high) in [(SIMD2(-yard, -yard), SIMD2(yard, -stone)), (SIMD2(-yard, stone), SIMD2(yard, yard)),
            (SIMD2(-yard, -stone), SIMD2(-stone, stone)), (SIMD2(stone, -stone), SIMD2(yard, stone))]
        {
            let strip: [SIMD3<Float>] = [[low.x, 0, low.y], [high.x, 0, low.y], [high.x, 0, high.y], [low.x, 0, high.y]]
            quad(strip, normal: [0, 1, 0], across: strip.map { SIMD2($0.x, $0.z) }, material: 3, cells: 2, into: &vertices)
        }
        return vertices
    }

    /// The quad `corners` (in order round it) as a grid of `cells` x `cells` quads, so the lamp's
    /// light, worked out per vertex, falls off across it; each wound counter-clockwise seen from
    /// the side `normal` points to, so back faces (a wall seen from outside) are culled.
    private static func quad(
        _ corners: [SIMD3<Float>], normal: SIMD3<Float>, across: [SIMD2<Float>], material: Float, cells: Int = 8,
        into vertices: inout [Float]
    ) {
        let u = corners[1] - corners[0], v = corners[2] - corners[0]
        let cross = SIMD3(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x)
        let order = (cross * normal).sum() > 0 ? [(0, 0), (1, 0), (1, 1), (0, 0), (1, 1), (0, 1)] : [(0, 0), (1, 1), (1, 0), (0, 0), (0, 1), (1, 1)]
        func mix<T: SIMD>(_ values: [T], _ s: Float, _ t: Float) -> T where T.Scalar == Float {
            (values[0] * (1 - s) + values[1] * s) * (1 - t) + (values[3] * (1 - s) + values[2] * s) * t
        }
        let step = 1 / Float(cells)
        for row in 0..<cells {
            for column in 0..<cells {
                for (ds, dt) in order {
                    let s = Float(column + ds) * step, t = Float(row + dt) * step
                    let p = mix(corners, s, t), a = mix(across, s, t)
                    vertices += [p.x, p.y, p.z, normal.x, normal.y, normal.z, a.x, a.y, material]
                }
            }
        }
    }
}
