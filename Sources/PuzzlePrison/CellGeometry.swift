import PrisonSession
import PrisonSpace

/// The prison cell as triangles in world space, for the cell shader: the stone walls (moving
/// with the walls of blocks), the stone floor, the ceiling, and the yard outside.
enum CellGeometry {
    /// Position, normal, then metres across the surface and its material.
    static let floatsPerVertex = 9

    /// How far the walls have opened on a clear, 0 (shut) to 1: light comes in as they go.
    static func opening(of cell: Surroundings) -> Float {
        guard let moved = cell.wallMatrices.first?.columns.3 else { return 0 }
        let distance = (SIMD3(moved.x, moved.y, moved.z) * SIMD3(moved.x, moved.y, moved.z)).sum().squareRoot()
        return min(1, distance / max(cell.innerDistance, 0.3))
    }

    static func vertices(of cell: Surroundings) -> [Float] {
        var vertices: [Float] = []
        vertices.reserveCapacity(7 * 6 * floatsPerVertex)
        let stone = cell.stoneDistance, ceiling = cell.ceilingHeight
        // Walls of bare stone (a room of one wall of blocks) move as wall 0 does.
        let shift = cell.wallMatrices.first.map { SIMD3($0.columns.3.x, $0.columns.3.y, $0.columns.3.z) } ?? .zero
        for wall in 0..<4 {
            let matrix =
                wall < cell.wallMatrices.count
                ? cell.wallMatrices[wall]
                : Matrix4x4(rotation: Quaternion(angle: -Float.pi / 2 * Float(wall), axis: [0, 1, 0])) * Matrix4x4(translation: shift)
            // From below the floor (the walls sink through it as they open) up to the ceiling.
            let corners: [SIMD3<Float>] = [[-stone, -2 * stone, -stone], [stone, -2 * stone, -stone], [stone, ceiling, -stone], [-stone, ceiling, -stone]]
            let world = corners.map { corner -> SIMD3<Float> in
                let p = matrix * SIMD4(corner, 1)
                return SIMD3(p.x, p.y, p.z)
            }
            let n = matrix * SIMD4<Float>(0, 0, 1, 0)
            quad(world, normal: SIMD3(n.x, n.y, n.z), across: corners.map { SIMD2($0.x + stone, $0.y) }, material: 0, into: &vertices)
        }
        let floor: [SIMD3<Float>] = [[-stone, 0, -stone], [stone, 0, -stone], [stone, 0, stone], [-stone, 0, stone]]
        quad(floor, normal: [0, 1, 0], across: floor.map { SIMD2($0.x, $0.z) }, material: 1, into: &vertices)
        // The ceiling lifts away as the walls open.
        let lifted = ceiling * (1 + 3 * opening(of: cell))
        quad(floor.map { SIMD3($0.x, lifted, $0.z) }, normal: [0, -1, 0], across: floor.map { SIMD2($0.x, $0.z) }, material: 2, into: &vertices)
        let yard: Float = 60
        let ground: [SIMD3<Float>] = [[-yard, -0.005, -yard], [yard, -0.005, -yard], [yard, -0.005, yard], [-yard, -0.005, yard]]
        quad(ground, normal: [0, 1, 0], across: ground.map { SIMD2($0.x, $0.z) }, material: 3, into: &vertices)
        return vertices
    }

    /// Two triangles of the quad `corners` (in order round it), wound counter-clockwise seen
    /// from the side `normal` points to, so back faces (a wall seen from outside) are culled.
    private static func quad(
        _ corners: [SIMD3<Float>], normal: SIMD3<Float>, across: [SIMD2<Float>], material: Float, into vertices: inout [Float]
    ) {
        let u = corners[1] - corners[0], v = corners[2] - corners[0]
        let cross = SIMD3(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x)
        let order = (cross * normal).sum() > 0 ? [0, 1, 2, 0, 2, 3] : [0, 2, 1, 0, 3, 2]
        for index in order {
            let p = corners[index], t = across[index]
            vertices += [p.x, p.y, p.z, normal.x, normal.y, normal.z, t.x, t.y, material]
        }
    }
}
