import PrisonSpace

/// Where the blocks of a room stand: walls of `width` cubes of edge `blockSize` around the
/// player, wall 0 in front (-z), then to the right (+x), behind (+z) and to the left (-x). The
/// inner face of every wall lies `width * blockSize / 2` from the origin, so the walls close a
/// square around the player.
///
/// In the entity tree a room is an entity at the origin with one child per wall, turned about +y
/// by -90° a wall so that its -z points away from the player, and the blocks are children of
/// their wall. The ``World`` builds its room this way, and so does ``PrisonSpace/Space/addRoom(_:height:where:)``.
public struct RoomLayout: Hashable, Sendable {
    /// How many walls: 4, or 1 for the classic game (the front wall).
    public var walls: Int
    /// Blocks across each wall.
    public var width: Int
    /// The edge of a block, in metres.
    public var blockSize: Float

    /// The layout of `walls` walls of `width` blocks of edge `blockSize` metres.
    public init(walls: Int = 4, width: Int, blockSize: Float = 0.3) {
        self.walls = walls
        self.width = width
        self.blockSize = blockSize
    }

    /// The distance from the origin to the inner face of each wall.
    public var innerDistance: Float { Float(width) * blockSize / 2 }

    /// The turn of wall `wall` about +y: -90° a wall, so its local -z points away from the player.
    public func rotation(ofWall wall: Int) -> simd_quatf { Self.rotation(ofWall: wall) }

    /// The turn of wall `wall` about +y in a room of any size: -90° a wall, so its local -z
    /// points away from the player.
    public static func rotation(ofWall wall: Int) -> simd_quatf {
        simd_quatf(angle: -Float.pi / 2 * Float(wall), axis: [0, 1, 0])
    }

    /// The centre of block `(wall, column, row)` in its wall's space: `column` counts from the
    /// player's left facing the wall, `row` from the floor.
    public func centreInWall(column: Int, row: Int) -> SIMD3<Float> {
        [across(column: Float(column)), up(row: Float(row)), -(innerDistance + blockSize / 2)]
    }

    /// The x of the centre of a block in column `column` (a fraction between columns) in its
    /// wall's space.
    func across(column: Float) -> Float { -innerDistance + (column + 0.5) * blockSize }

    /// The y of the centre of a block in row `row` in its wall's space.
    func up(row: Float) -> Float { (row + 0.5) * blockSize }

    /// The centre of block `(wall, column, row)` in the world.
    public func centre(wall: Int, column: Int, row: Int) -> SIMD3<Float> {
        rotation(ofWall: wall).act(centreInWall(column: column, row: row))
    }

    /// What makes a block a target: a box of the block's size, a thousandth wider and taller, so
    /// that neighbours overlap and a ray aimed exactly at the seam between blocks hits one of them
    /// (boxes that only touched could leave a gap of a rounding error there).
    var blockCollision: CollisionComponent {
        let across = blockSize * 1.001
        return CollisionComponent(shapes: [.generateBox(size: [across, across, blockSize])])
    }

    /// A room entity named `room` with a child entity per wall (`wall 0`, `wall 1`, …), turned.
    func makeRoom() -> (room: Entity, walls: [Entity]) {
        let room = Entity(name: "room")
        let walls = (0..<max(0, walls)).map { Entity(name: "wall \($0)", transform: Transform(rotation: rotation(ofWall: $0))) }
        for wall in walls { room.addChild(wall) }
        return (room, walls)
    }

    /// A block entity named `name` with the block's collision box, at rest at `(column, row)` of
    /// the wall it will be added to.
    func makeBlock(named name: String, column: Int, row: Int) -> Entity {
        Entity(
            name: name, transform: Transform(translation: centreInWall(column: column, row: row)),
            collision: blockCollision)
    }
}

/// A block entity of a room built by ``PrisonSpace/Space/addRoom(_:height:where:)``, with its place.
public struct RoomBlock {
    /// The wall the block is on.
    public let wall: Int
    /// The block's column, from the player's left facing the wall.
    public let column: Int
    /// The block's row, from the floor.
    public let row: Int
    /// The block's entity, a child of its wall's.
    public let entity: Entity
}

/// The entities of a room built by ``PrisonSpace/Space/addRoom(_:height:where:)``: the room, its
/// walls, and its blocks.
public struct RoomEntities {
    /// The room, at the origin.
    public let room: Entity
    /// One entity per wall, children of the room, in wall order.
    public let walls: [Entity]
    /// The blocks, wall by wall, column by column, row by row from the floor.
    public let blocks: [RoomBlock]

    /// The block whose entity is `entity`.
    public func block(for entity: Entity) -> RoomBlock? {
        guard let index = entity.components[RoomPlaceComponent.self]?.index, blocks.indices.contains(index),
            blocks[index].entity === entity
        else { return nil }
        return blocks[index]
    }
}

/// Where a block of a room built by ``PrisonSpace/Space/addRoom(_:height:where:)`` stands: every
/// block entity carries one, so a ray's hit names its place.
public struct RoomPlaceComponent: Component, Hashable, Sendable {
    /// The wall, column and row of the block, as in ``RoomBlock``.
    public let wall: Int, column: Int, row: Int
    /// Where the block is in ``RoomEntities/blocks``.
    let index: Int
}

extension Space {
    /// Builds the room of `layout` with walls `height` blocks high, as the game does: a room
    /// entity at the origin, a wall entity per wall turned about +y, and a box entity named
    /// `block w c r` (wall, column, row) per place where `filled` is true, child of its wall.
    @discardableResult
    public func addRoom(
        _ layout: RoomLayout, height: Int, where filled: (_ wall: Int, _ column: Int, _ row: Int) -> Bool = { _, _, _ in true }
    ) -> RoomEntities {
        let (room, walls) = layout.makeRoom()
        var blocks: [RoomBlock] = []
        for (wall, wallEntity) in walls.enumerated() {
            for column in 0..<max(0, layout.width) {
                for row in 0..<max(0, height) where filled(wall, column, row) {
                    let block = layout.makeBlock(named: "block \(wall) \(column) \(row)", column: column, row: row)
                    block.components.set(RoomPlaceComponent(wall: wall, column: column, row: row, index: blocks.count))
                    wallEntity.addChild(block)
                    blocks.append(RoomBlock(wall: wall, column: column, row: row, entity: block))
                }
            }
        }
        addChild(room)
        return RoomEntities(room: room, walls: walls, blocks: blocks)
    }
}
