// `import PrisonWorld` brings `PrisonSearch` too: the world's hints take its budgets and give its
// plans (`Game.hint(within:at:seed:continuing:)` and `SearchPlan` are declared there).
@_exported import PrisonSearch

import PrisonRules
import PrisonSpace

/// A game of Puzzle Prison in an immersive space: the rules' game, its blocks as entities on
/// the four walls around the player, taps by ray cast, and every move animated on the world
/// clock.
///
/// The rules are ahead of the picture: a tap changes the game at once, then the world animates
/// the change (the group breaks for the combo window, the blocks above fall, columns slide).
/// Time enters only through ``advance(by:)``, so the same taps at the same times give the
/// same world, bit for bit. The world is the one owner of its space and game, and the space's
/// clock is its one clock: what the world plans (the end of a stage, a break, a combo, the game)
/// waits on the space's schedule and runs at its exact microsecond.
///
/// Its API, by concern:
/// - State: ``game``, ``time``, ``multiplier``, ``danger``, ``hasEnded``,
///   ``isAnimating``, ``blocks`` and a block by identity, entity or cell; the ``space``, its
///   ``room``, ``walls`` and ``camera``.
/// - Taps and targeting: ``target(along:)``, ``ray(toward:)``, ``preview(of:)``,
///   ``tap(along:)`` (a screen point's ray is the camera's `ray(through:viewport:)`),
///   ``tap(lookingAt:)`` for a cell seen from the eye, and ``play(_:)`` for replays.
/// - Undo and redo: ``undo()``, ``redo()``.
/// - The clock and its events: ``advance(by:)``, which returns the
///   ``WorldEvent``s of the step.
/// - The animation: a tap's group breaks at once; on each wall the blocks then move from where
///   they are drawn to the cells the rules give them, falls straight down a column and slides
///   straight along the wall, in stages that never let two blocks overlap, whenever taps come.
///   The ``WorldEvent``s of ``advance(by:)`` and each block's ``BlockPhase`` say when.
public final class World {
    /// The sizes and durations of the world.
    public let settings: WorldSettings
    /// The space that holds the room, its blocks and the camera; the world owns it.
    public let space: Space
    /// Where the room's blocks stand.
    public let layout: RoomLayout
    /// The room at the origin; its children are the walls, and theirs the blocks.
    public let room: Entity
    /// One entity per wall, turned about +y; wall 0 in front.
    public let walls: [Entity]
    /// The player's eyes, at eye height looking forward (-z); front ends turn it.
    public let camera: PerspectiveCamera
    /// The game so far.
    public internal(set) var game: Game
    /// The multiplier of the latest removal while its break runs; 1 otherwise.
    public internal(set) var multiplier = 1
    /// The moves left, when they are few.
    public internal(set) var danger: Danger?
    /// Whether the end animation (blocks toppling, or walls opening) has started.
    public internal(set) var hasEnded = false

    /// The blocks of the start board, in cell order, and where each identity is in that list;
    /// the entity of each, in the same order, carrying its ``BlockComponent``.
    var states: [BlockState]
    let entities: [Entity]
    let slotByID: [BlockID: Int]
    /// The cell the rules have each block in, in the order of ``states``; nil once its group
    /// broke. Read from `game.board` whenever the board changes (`readCells()`), never set apart.
    var cells: [Cell?]
    /// The blocks of each wall, as places in ``states``.
    let slotsOfWall: [[Int]]
    var dangerBlocks: Set<Int> = []
    /// The world events of the step under way, in the order they happened.
    var events: [(order: Int, event: WorldEvent)] = []
    /// The durations of the settings and the rules' combo window, in microseconds.
    let microseconds: (break: Int64, fall: Int64, slide: Int64, undo: Int64, end: Int64)
    /// The end of the game planned on the clock, cancelled when the game is taken back from its end.
    var plannedEnd: ScheduledAction?
    /// The end of the combo planned on the clock, and when it is due.
    var plannedComboEnd: (time: Int64, action: ScheduledAction)?
    /// Whether the end is due and waits for the walls to settle.
    var endIsDue = false
    /// The walls where something changed since their stages last started.
    var wallsToMoveOn: [Bool]
    /// A wall's blocks column by column, kept between uses so that planning allocates little.
    var columnsOfWall: [[Int]]
    /// The stages moving now, by number, and the number of the next one.
    var stages: [Int: Stage] = [:]
    var nextStage = 0

    struct BlockState {
        let block: Block
        /// The wall the block stands on, for the whole game.
        let wall: Int
        var phase: BlockPhase = .resting
        /// The stage the block moves in, while it moves.
        var stage: Int?
        /// Whether the block's group broke and it is shrinking away (for the combo window).
        var isBreaking = false
        /// Whether the block was taken back after its break ended and waits in its cell, at
        /// scale 0, to grow back.
        var isUnseen = false
        /// The end of the block's break planned on the clock, cancelled when the break is taken back.
        var breakEnd: ScheduledAction?
    }

    /// Builds the world of `game`: a block entity for every block of its start board, in the
    /// tree ``RoomLayout`` describes, with the blocks already broken left out (undo brings them back).
    public init(game: Game, settings: WorldSettings = WorldSettings()) {
        self.game = game
        self.settings = settings
        microseconds = (
            game.rules.comboWindow.wholeMicroseconds, settings.fallDuration.wholeMicroseconds,
            settings.slideDuration.wholeMicroseconds, settings.undoDuration.wholeMicroseconds,
            settings.endDuration.wholeMicroseconds
        )
        // A resumed game goes on after its last timed move, with its combo over: the rules
        // refuse moves timed before the previous one.
        let resumed = game.history.compactMap(\.move.time).max().map { $0 + game.rules.comboWindow }
        space = Space(startingAtMicrosecond: resumed?.wholeMicroseconds ?? 0)
        let layout = RoomLayout(walls: game.start.room.walls, width: game.start.room.width, blockSize: settings.blockSize)
        self.layout = layout
        (room, walls) = layout.makeRoom()
        camera = PerspectiveCamera(name: "camera")
        camera.setPosition(settings.eye, relativeTo: nil)
        states = game.start.placedBlocks.map { BlockState(block: $0.block, wall: $0.cell.wall) }
        entities = game.start.placedBlocks.enumerated().map { slot, placed in
            let entity = layout.makeBlock(
                named: "block \(placed.block.id.rawValue)", column: placed.cell.column, row: placed.cell.row)
            entity.components.set(BlockComponent(id: placed.block.id, slot: slot))
            return entity
        }
        wallsToMoveOn = Array(repeating: false, count: layout.walls)
        columnsOfWall = Array(repeating: [], count: layout.width)
        let wallOfSlot = states.map(\.wall)
        slotsOfWall = (0..<layout.walls).map { wall in wallOfSlot.indices.filter { wallOfSlot[$0] == wall } }
        slotByID = Dictionary(uniqueKeysWithValues: states.enumerated().map { ($1.block.id, $0) })
        cells = Array(repeating: nil, count: states.count)
        for placed in game.board.placedBlocks {
            let index = slotByID[placed.block.id]!
            cells[index] = placed.cell
            entities[index].transform = restingTransform(at: placed.cell)
            walls[placed.cell.wall].addChild(entities[index])
        }
        space.addChild(room)
        space.addChild(camera)
        refreshDanger()
        // A game with no move left from the start (a dead board, a finished save) ends at once.
        if game.isOver { scheduleEnd(at: 0) }
    }

    /// Seconds of world time so far, to the microsecond: the space's time.
    public var time: Duration { space.time }

    /// World time in whole microseconds, the unit its durations are planned in.
    var now: Int64 { space.wholeMicroseconds }

    /// Whether anything is still moving or due to move.
    public var isAnimating: Bool { space.hasScheduledActions || space.isAnimating }

    // MARK: Blocks

    /// Every block still drawn: at rest, moving, breaking or toppling, in the cell order of the
    /// start board.
    public var blocks: [WorldBlock] { states.indices.compactMap(block(at:)) }

    /// The block with identity `id`, while it is drawn.
    public func block(_ id: BlockID) -> WorldBlock? {
        slotByID[id].flatMap(block(at:))
    }

    /// The block whose entity is `entity`, while it is drawn.
    public func block(for entity: Entity) -> WorldBlock? {
        guard let slot = entity.components[BlockComponent.self]?.slot, entities.indices.contains(slot),
            entities[slot] === entity
        else { return nil }
        return block(at: slot)
    }

    /// The block the rules have in `cell` (which may still be on its way there).
    public func block(in cell: Cell) -> WorldBlock? {
        game.board[cell].flatMap { block($0.id) }
    }

    func slot(of block: Block) -> Int { slotByID[block.id]! }

    /// Reads again from the rules' board the cell of every block, after the board changed.
    func readCells() {
        for index in cells.indices { cells[index] = nil }
        for placed in game.board.placedBlocks { cells[slotByID[placed.block.id]!] = placed.cell }
    }

    private func block(at index: Int) -> WorldBlock? {
        let state = states[index], entity = entities[index]
        guard entity.parent != nil else { return nil }
        return WorldBlock(
            block: state.block, entity: entity, wall: state.wall, cell: cells[index], phase: state.phase,
            isInDanger: dangerBlocks.contains(index))
    }

    /// Where a block at rest in `cell` sits in its wall's space.
    public func restingTransform(at cell: Cell) -> Transform {
        Transform(translation: layout.centreInWall(column: cell.column, row: cell.row))
    }
}
