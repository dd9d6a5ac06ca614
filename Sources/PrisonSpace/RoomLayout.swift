/// The room of blocks of SPACE.md: walls of `width` cubes of edge `blockSize` around the player,
/// wall 0 in front (-z), then to the right (+x), behind (+z) and to the left (-x). The inner face
/// of every wall lies `width * blockSize / 2` from the origin.
public struct RoomLayout: Hashable, Sendable {
    public var walls: Int
    public var width: Int
    public var blockSize: Float

    public init(walls: Int = 4, width: Int, blockSize: Float = 0.3) {
        self.walls = walls
        self.width = width
        self.blockSize = blockSize
    }

    /// The distance from the origin to the inner face of each wall.
    public var innerDistance: Float { Float(width) * blockSize / 2 }

    /// The turn of wall `wall` about +y: -90° a wall, so its local -z points away from the player.
    public func rotation(ofWall wall: Int) -> Quaternion {
        Quaternion(angle: -Float.pi / 2 * Float(wall), axis: [0, 1, 0])
    }

    /// The centre of block `(wall, column, row)` in its wall's space.
    public func centreInWall(column: Int, row: Int) -> SIMD3<Float> {
        let s = blockSize
        return [-innerDistance + (Float(column) + 0.5) * s, (Float(row) + 0.5) * s, -(innerDistance + s / 2)]
    }

    /// The centre of block `(wall, column, row)` in the world.
    public func centre(wall: Int, column: Int, row: Int) -> SIMD3<Float> {
        rotation(ofWall: wall).act(centreInWall(column: column, row: row))
    }
}

/// A block entity of a room built by ``Space/addRoom(_:height:where:)``, with its place.
public struct RoomBlock {
    public let wall: Int
    public let column: Int
    public let row: Int
    public let entity: Entity
}

/// The entities of a room: the room, its walls, and its blocks.
public struct RoomEntities {
    public let room: Entity
    public let walls: [Entity]
    public let blocks: [RoomBlock]
    private let blockIndex: [ObjectIdentifier: Int]

    init(room: Entity, walls: [Entity], blocks: [RoomBlock]) {
        self.room = room
        self.walls = walls
        self.blocks = blocks
        blockIndex = Dictionary(uniqueKeysWithValues: blocks.enumerated().map { (ObjectIdentifier($1.entity), $0) })
    }

    /// The block whose entity is `entity`.
    public func block(for entity: Entity) -> RoomBlock? {
        blockIndex[ObjectIdentifier(entity)].map { blocks[$0] }
    }
}

extension Space {
    /// Builds the room of `layout` with walls `height` blocks high: a room entity at the origin,
    /// a wall entity per wall turned about +y, and a box entity (named `block w c r`) per place
    /// where `filled` is true, child of its wall.
    @discardableResult
    public func addRoom(
        _ layout: RoomLayout, height: Int, where filled: (_ wall: Int, _ column: Int, _ row: Int) -> Bool = { _, _, _ in true }
    ) -> RoomEntities {
        let room = Entity(name: "room")
        var walls: [Entity] = []
        var blocks: [RoomBlock] = []
        let shape = CollisionShape.box(size: SIMD3(repeating: layout.blockSize))
        for wall in 0..<max(0, layout.walls) {
            let wallEntity = Entity(name: "wall \(wall)", transform: Transform(rotation: layout.rotation(ofWall: wall)))
            room.addChild(wallEntity)
            walls.append(wallEntity)
            for column in 0..<max(0, layout.width) {
                for row in 0..<max(0, height) where filled(wall, column, row) {
                    let block = Entity(
                        name: "block \(wall) \(column) \(row)",
                        transform: Transform(translation: layout.centreInWall(column: column, row: row)),
                        collision: CollisionComponent(shapes: [shape]))
                    wallEntity.addChild(block)
                    blocks.append(RoomBlock(wall: wall, column: column, row: row, entity: block))
                }
            }
        }
        addChild(room)
        return RoomEntities(room: room, walls: walls, blocks: blocks)
    }
}
