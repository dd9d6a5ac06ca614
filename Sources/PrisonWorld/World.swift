import PrisonRules
import PrisonSpace

/// What a block of the world is doing.
public enum BlockPhase: Hashable, Sendable {
    /// At rest in its cell.
    case resting
    /// Shrinking and spinning away after its group was tapped; rays no longer hit it.
    case breaking
    /// Waiting for the break below it to end before it falls.
    case waiting
    /// Falling to its row.
    case falling
    /// Sliding along the wall to its column.
    case sliding
    /// Going back to its cell after an undo.
    case returning
    /// Toppling to the floor: the game is over.
    case toppling
}

/// A block as a front end draws it.
public struct WorldBlock {
    /// The block of the rules: its colour and identity.
    public let block: Block
    /// The block's entity, a child of its wall's entity.
    public let entity: Entity
    /// The cell the rules have the block in, which is where a moving block is going; nil once
    /// its group broke.
    public let cell: Cell?
    /// What the block is doing: resting, breaking, falling…
    public let phase: BlockPhase
    /// Whether the block is in one of the few groups left while the player is in danger.
    public let isInDanger: Bool
}

/// What a ray points at: a block that can be tapped, its cell, and where the ray meets it.
public struct TapTarget {
    /// The block the ray hits.
    public let block: WorldBlock
    /// The block's cell in the rules, which for a falling or sliding block is where it is going.
    public let cell: Cell
    /// Where the ray meets the block: point, normal and distance.
    public let hit: RaycastHit
}

/// What tapping a target would do now.
public struct TapPreview: Hashable, Sendable {
    /// The group that would break.
    public let group: Group
    /// The points it would score, multiplier included.
    public let points: Int
    /// The multiplier the tap would score with.
    public let multiplier: Int
}

/// Why a tap changed nothing.
public enum TapMiss: Error, Hashable, Sendable, CustomStringConvertible {
    /// The ray hit no block that can be tapped.
    case noBlock
    /// The block hit has no neighbour of its colour.
    case loneBlock(Cell)

    /// Says why the tap changed nothing, in a few words.
    public var description: String {
        switch self {
        case .noBlock: "the tap hit no block"
        case .loneBlock(let cell): "the block at \(cell) has no neighbour of its colour"
        }
    }
}

/// A game of Puzzle Prison in an immersive space: the rules' game, its blocks as entities on
/// the four walls around the player, taps by ray cast, and every move animated on the world
/// clock.
///
/// The rules are ahead of the picture: a tap changes the game at once, then the world animates
/// the change (the group breaks for the combo window, the blocks above fall, columns slide).
/// Time enters only through ``advance(by:)``, so the same taps at the same times give the
/// same world, bit for bit. The world is the one owner of its space and game.
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
    public private(set) var game: Game
    /// The multiplier of the latest removal while its break runs; 1 otherwise.
    public private(set) var multiplier = 1
    /// The moves left, when they are few.
    public private(set) var danger: Danger?
    /// Whether the end animation (blocks toppling, or walls opening) has started.
    public private(set) var hasEnded = false

    /// The blocks of the start board, in cell order, and where each identity is in that list.
    private var states: [BlockState]
    private let slotByID: [BlockID: Int]
    private var blockByEntity: [ObjectIdentifier: Int]
    private var dangerBlocks: Set<Int> = []
    /// The world clock, in microseconds, and the attoseconds of the steps not yet counted.
    private var clock: Int64 = 0
    private var carry: Int64 = 0
    private var timeline = Timeline<Step>()
    private var events: [(order: Int, event: WorldEvent)] = []
    private var landings = 0
    /// When the last animation started so far ends, and the last such time on the timeline.
    private var animationsEnd: Int64 = 0
    private var lastAnimationEnd: Int64 = -1
    /// The durations of the settings and the rules' combo window, in microseconds.
    private let ticks: (break: Int64, fall: Int64, slide: Int64, undo: Int64, end: Int64)
    /// Changes when the game ends or is taken back from its end, cancelling a scheduled end.
    private var endGeneration = 0

    private struct BlockState {
        let block: Block
        let entity: Entity
        var cell: Cell?
        var phase: BlockPhase = .resting
        /// Changes whenever the block's plan is replaced, cancelling its scheduled steps.
        var generation = 0
        var pendingSteps = 0
        var isMoving = false
    }

    private enum Step {
        case move(block: Int, generation: Int, to: Cell, phase: BlockPhase, duration: Int64)
        case comboEnds
        case end(generation: Int)
        /// An animation ends: the clock stops here, so landings are reported on time.
        case animationEnds
    }

    /// Builds the world of `game`: a block entity for every block of its start board, in the
    /// tree ``RoomLayout`` describes, with the blocks already broken left out (undo brings them back).
    public init(game: Game, settings: WorldSettings = WorldSettings()) {
        self.game = game
        self.settings = settings
        ticks = (
            game.rules.comboWindow.ticks, settings.fallDuration.ticks, settings.slideDuration.ticks,
            settings.undoDuration.ticks, settings.endDuration.ticks
        )
        space = Space()
        let layout = RoomLayout(walls: game.start.room.walls, width: game.start.room.width, blockSize: settings.blockSize)
        self.layout = layout
        (room, walls) = layout.makeRoom()
        camera = PerspectiveCamera()
        camera.name = "camera"
        camera.setPosition(settings.eye, relativeTo: nil)
        states = game.start.placedBlocks.enumerated().map { index, placed in
            let entity = layout.makeBlock(
                named: "block \(placed.block.id.rawValue)", column: placed.cell.column, row: placed.cell.row)
            return BlockState(block: placed.block, entity: entity)
        }
        slotByID = Dictionary(uniqueKeysWithValues: states.enumerated().map { ($1.block.id, $0) })
        blockByEntity = Dictionary(uniqueKeysWithValues: states.enumerated().map { (ObjectIdentifier($1.entity), $0) })
        for placed in game.board.placedBlocks {
            let index = slotByID[placed.block.id]!
            states[index].cell = placed.cell
            states[index].entity.transform = restingTransform(at: placed.cell)
            walls[placed.cell.wall].addChild(states[index].entity)
        }
        space.addChild(room)
        space.addChild(camera)
        // A resumed game goes on after its last timed move, with its combo over: the rules
        // refuse moves timed before the previous one.
        if let last = game.history.compactMap(\.move.time).max() {
            clock = (last + game.rules.comboWindow).ticks
        }
        refreshDanger()
        // A game with no move left from the start (a dead board, a finished save) ends at once.
        if game.isOver { scheduleEnd(at: 0) }
    }

    /// Seconds of world time so far, to the microsecond.
    public var time: Duration { .microseconds(clock) }

    /// Whether anything is still moving or due to move.
    public var isAnimating: Bool { clock < animationsEnd || !timeline.isEmpty }

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
        blockByEntity[ObjectIdentifier(entity)].flatMap(block(at:))
    }

    /// The block the rules have in `cell` (which may still be on its way there).
    public func block(in cell: Cell) -> WorldBlock? {
        game.board[cell].flatMap { block($0.id) }
    }

    private func slot(of block: Block) -> Int { slotByID[block.id]! }

    private func block(at index: Int) -> WorldBlock? {
        let state = states[index]
        guard state.entity.parent != nil else { return nil }
        return WorldBlock(
            block: state.block, entity: state.entity, cell: state.cell, phase: state.phase,
            isInDanger: dangerBlocks.contains(index))
    }

    /// Where a block at rest in `cell` sits in its wall's space.
    public func restingTransform(at cell: Cell) -> Transform {
        Transform(translation: layout.centreInWall(column: cell.column, row: cell.row))
    }

    // MARK: Taps

    /// The block a ray from `origin` along `direction` (world space) would tap, or nil. Breaking
    /// blocks are not targets; moving blocks are hit where they are now.
    public func target(origin: SIMD3<Float>, direction: SIMD3<Float>) -> TapTarget? {
        target(along: Ray(origin: origin, direction: direction))
    }

    /// The block `ray` (world space) would tap, or nil. Breaking blocks are not targets; moving
    /// blocks are hit where they are now.
    public func target(along ray: Ray) -> TapTarget? {
        for hit in space.raycast(along: ray, query: .nearest) {
            if let block = block(for: hit.entity), let cell = block.cell {
                return TapTarget(block: block, cell: cell, hit: hit)
            }
        }
        return nil
    }

    /// The block under `screenPoint` (pixels from the top left of a `viewport`) seen by `camera`.
    public func target(screenPoint: SIMD2<Float>, viewport: SIMD2<Float>, camera: PerspectiveCamera) -> TapTarget? {
        camera.ray(through: screenPoint, viewport: viewport).flatMap(target(along:))
    }

    /// The ray a player looking at the block the rules have in `cell` casts: from the eye to the
    /// middle of the block's inner face, where the block is drawn now (mid-fall, mid-slide).
    /// Nil for an empty cell. At rest, the ray hits that block first; a block passing in front
    /// can come first while blocks move.
    public func ray(toward cell: Cell) -> Ray? {
        guard let entity = block(in: cell)?.entity else { return nil }
        return Ray(from: settings.eye, through: entity.convert(position: [0, 0, settings.blockSize / 2], to: nil))
    }

    /// What tapping `target` now would break and score; nil for a lone block.
    public func preview(of target: TapTarget) -> TapPreview? {
        guard let group = game.board.group(at: target.cell, corners: game.rules.corners), group.size >= 2 else { return nil }
        let multiplier = game.multiplier(forTapAt: time)
        return TapPreview(
            group: group, points: game.rules.scoring.points(forGroupOf: group.size) * multiplier, multiplier: multiplier)
    }

    /// Taps what a ray from `origin` along `direction` hits: the block's group breaks now, on the
    /// world clock. Throws, changing nothing, when the ray hits no block or a lone one.
    @discardableResult
    public func tap(origin: SIMD3<Float>, direction: SIMD3<Float>) throws(TapMiss) -> MoveOutcome {
        try tap(target(origin: origin, direction: direction))
    }

    /// Taps what `ray` (world space) hits: the block's group breaks now, on the world clock.
    /// Throws, changing nothing, when the ray hits no block or a lone one.
    @discardableResult
    public func tap(along ray: Ray) throws(TapMiss) -> MoveOutcome {
        try tap(target(along: ray))
    }

    /// Taps the block the rules have in `cell` with a ray from the eye (``ray(toward:)``), as a
    /// player looking at it does; the ray decides what breaks.
    @discardableResult
    public func tap(lookingAt cell: Cell) throws(TapMiss) -> MoveOutcome {
        guard let ray = ray(toward: cell) else { throw .noBlock }
        return try tap(along: ray)
    }

    /// Taps the block under `screenPoint` (pixels from the top left of a `viewport`) seen by
    /// `camera`, as a mouse click or a pinch does.
    @discardableResult
    public func tap(screenPoint: SIMD2<Float>, viewport: SIMD2<Float>, camera: PerspectiveCamera) throws(TapMiss) -> MoveOutcome {
        try tap(target(screenPoint: screenPoint, viewport: viewport, camera: camera))
    }

    /// Plays the move on `cell` now, with no ray: a replay playing back a move log. Throws,
    /// changing nothing, when the cell is empty or its block is alone.
    @discardableResult
    public func play(_ cell: Cell) throws(TapMiss) -> MoveOutcome {
        guard game.board[cell] != nil else { throw .noBlock }
        return try play(Move(cell, at: time))
    }

    private func tap(_ target: TapTarget?) throws(TapMiss) -> MoveOutcome {
        guard let target else { throw .noBlock }
        return try play(Move(target.cell, at: time))
    }

    private func play(_ move: Move) throws(TapMiss) -> MoveOutcome {
        do {
            let outcome = try game.play(move)
            animate(outcome)
            return outcome
        } catch {
            throw .loneBlock(move.cell)
        }
    }

    // MARK: Undo and redo

    /// Takes back the last move: the broken blocks come back and every block returns to its cell
    /// from wherever it is. Returns what the move had done; nil when there is nothing to undo.
    @discardableResult
    public func undo() -> MoveOutcome? {
        guard let outcome = game.undo() else { return nil }
        for placed in outcome.removal.broken { states[slot(of: placed.block)].cell = placed.cell }
        for motion in outcome.removal.moved { states[slot(of: motion.block)].cell = motion.from }
        endGeneration += 1
        if hasEnded {
            hasEnded = false
            for wall in walls.indices {
                moveWall(
                    wall, to: Transform(rotation: layout.rotation(ofWall: wall)), duration: ticks.undo,
                    timingFunction: .easeInOut)
            }
        }
        for index in states.indices {
            guard let cell = states[index].cell else { continue }
            let state = states[index]
            if state.isMoving || state.pendingSteps > 0 || state.entity.parent == nil
                || state.entity.transform != restingTransform(at: cell)
            {
                sendHome(index, to: cell)
            }
        }
        refreshMultiplier()
        refreshDanger()
        return outcome
    }

    /// Plays again the last move taken back, as a tap now: it breaks and scores at the present
    /// time, so a redo inside a break raises the multiplier as a tap would. Nil when there is
    /// nothing to redo.
    @discardableResult
    public func redo() -> MoveOutcome? {
        guard let outcome = game.redo(at: time) else { return nil }
        animate(outcome)
        return outcome
    }

    private func sendHome(_ index: Int, to cell: Cell) {
        let entity = states[index].entity
        if entity.parent == nil { walls[cell.wall].addChild(entity) }
        entity.collision = layout.blockCollision
        replan(index)
        start(index, to: restingTransform(at: cell), phase: .returning, duration: ticks.undo)
    }

    // MARK: Time

    /// Advances the world clock by `step`, to the nearest whole microsecond (what rounding leaves
    /// over carries to the next step, so no time is lost): scheduled steps start exactly when
    /// due, moves advance, and the events up to the new time are returned, earliest first. A
    /// negative step is ignored; a step beyond `Duration.maximumSessionTime` counts as that.
    @discardableResult
    public func advance(by step: Duration) -> [WorldEvent] {
        if step > .zero {
            // The carry is the attoseconds not yet counted, within half a microsecond either way.
            let (seconds, attoseconds) = min(step, Duration.maximumSessionTime).components
            let total = carry + attoseconds
            let whole = (total + (total >= 0 ? 500_000_000_000 : -500_000_000_000)) / 1_000_000_000_000
            carry = total - whole * 1_000_000_000_000
            let target = clock + seconds * 1_000_000 + whole
            while let due = timeline.nextTime, due <= target {
                advanceClock(to: due)
                while let step = timeline.popStep(dueBy: due) { run(step) }
            }
            advanceClock(to: target)
        }
        guard !events.isEmpty else { return [] }
        let delivered = events.sorted {
            ($0.event.time, $0.event.kind.rank, $0.order) < ($1.event.time, $1.event.kind.rank, $1.order)
        }
        events.removeAll(keepingCapacity: true)
        return delivered.map(\.event)
    }

    private func advanceClock(to target: Int64) {
        guard target > clock else { return }
        space.advance(by: .microseconds(target - clock))
        clock = target
        if landings > 0 {
            emit(.blocksLanded(count: landings))
            landings = 0
        }
    }

    private func emit(_ kind: WorldEvent.Kind) {
        events.append((events.count, WorldEvent(time: time, kind: kind)))
    }

    // MARK: Animation

    /// Animates a move the game has just played: its group breaks now, the blocks above fall when
    /// the break ends, then columns slide; the end of the game follows the last slide.
    private func animate(_ outcome: MoveOutcome) {
        let fallStart = clock + ticks.break
        let slideStart = fallStart + ticks.fall
        for placed in outcome.removal.broken { breakBlock(slot(of: placed.block)) }
        for motion in outcome.removal.moved {
            let index = slot(of: motion.block)
            let from = motion.from, to = motion.to
            states[index].cell = to
            replan(index)
            if !states[index].isMoving { states[index].phase = .waiting }
            let generation = states[index].generation
            let fallTo = Cell(wall: to.wall, column: from.column, row: to.row)
            if from.row != to.row || states[index].entity.transform != restingTransform(at: from) {
                schedule(index, generation, to: fallTo, phase: .falling, duration: ticks.fall, at: fallStart)
            }
            if from.column != to.column {
                schedule(index, generation, to: to, phase: .sliding, duration: ticks.slide, at: slideStart)
            }
        }
        emit(.groupBroke(
            size: outcome.removal.broken.count, colour: outcome.removal.broken.first?.block.colour ?? 0,
            points: outcome.points, multiplier: outcome.multiplier))
        refreshMultiplier()
        refreshDanger()
        if game.isOver { scheduleEnd(at: slideStart + ticks.slide) }
    }

    /// Plays the end of the game at `time`, unless the game is taken back from its end first.
    private func scheduleEnd(at time: Int64) {
        endGeneration += 1
        timeline.schedule(.end(generation: endGeneration), at: time)
    }

    private func breakBlock(_ index: Int) {
        replan(index)
        states[index].cell = nil
        let entity = states[index].entity
        entity.collision = nil
        var target = entity.transform
        target.scale = .zero
        target.rotation = Quaternion(angle: .pi * 0.9, axis: SIMD3<Float>(0.3, 0.4, 1)) * target.rotation
        start(index, to: target, phase: .breaking, duration: ticks.break, timingFunction: .easeIn)
    }

    /// Cancels the block's scheduled steps; a move in flight goes on until the next one starts.
    private func replan(_ index: Int) {
        states[index].generation += 1
        states[index].pendingSteps = 0
    }

    private func schedule(_ index: Int, _ generation: Int, to cell: Cell, phase: BlockPhase, duration: Int64, at time: Int64) {
        states[index].pendingSteps += 1
        timeline.schedule(.move(block: index, generation: generation, to: cell, phase: phase, duration: duration), at: time)
    }

    private func run(_ step: Step) {
        switch step {
        case .move(let index, let generation, let cell, let phase, let duration):
            guard states[index].generation == generation else { return }
            states[index].pendingSteps -= 1
            start(index, to: restingTransform(at: cell), phase: phase, duration: duration)
        case .comboEnds:
            refreshMultiplier()
        case .animationEnds:
            break
        case .end(let generation):
            guard generation == endGeneration, game.isOver else { return }
            end()
        }
    }

    /// Starts a move of block `index` from where it is to `target` in its wall's space.
    private func start(
        _ index: Int, to target: Transform, phase: BlockPhase, duration: Int64, timingFunction: TimingFunction = .easeInOut
    ) {
        states[index].phase = phase
        states[index].isMoving = true
        let generation = states[index].generation
        let entity = states[index].entity
        noteAnimation(lasting: duration)
        entity.move(
            to: target, relativeTo: entity.parent, duration: .microseconds(duration), timingFunction: timingFunction
        ) { [unowned self] in
            self.moveEnded(index, generation: generation)
        }
    }

    /// Notes an animation that starts now and lasts `duration` microseconds.
    private func noteAnimation(lasting duration: Int64) {
        let end = clock + duration
        animationsEnd = max(animationsEnd, end)
        if end != lastAnimationEnd {
            lastAnimationEnd = end
            timeline.schedule(.animationEnds, at: end)
        }
    }

    /// Moves a wall, relative to the room, from where it is to `target`.
    private func moveWall(_ wall: Int, to target: Transform, duration: Int64, timingFunction: TimingFunction) {
        noteAnimation(lasting: duration)
        walls[wall].move(to: target, relativeTo: room, duration: .microseconds(duration), timingFunction: timingFunction)
    }

    private func moveEnded(_ index: Int, generation: Int) {
        states[index].isMoving = false
        guard states[index].generation == generation else {
            // A move of an older plan ended; the new plan's steps are still to come.
            if states[index].pendingSteps > 0 { states[index].phase = .waiting }
            return
        }
        switch states[index].phase {
        case .breaking:
            states[index].entity.removeFromParent()
        case .toppling:
            break
        default:
            if states[index].pendingSteps > 0 {
                states[index].phase = .waiting
            } else {
                states[index].phase = .resting
                landings += 1
            }
        }
    }

    /// The end of the game: a cleared room's walls open outward; otherwise the blocks left topple
    /// to the floor and can no longer be tapped.
    private func end() {
        hasEnded = true
        emit(game.isCleared ? .roomCleared(score: game.score) : .gameEnded(score: game.score))
        let duration = ticks.end
        if game.isCleared {
            for wall in walls.indices {
                // Outward, and down through the floor as far as the room is wide.
                let outward = layout.rotation(ofWall: wall).act(
                    [0, -Float(layout.width) * settings.blockSize, -2 * layout.innerDistance])
                moveWall(
                    wall, to: Transform(rotation: layout.rotation(ofWall: wall), translation: outward), duration: duration,
                    timingFunction: .easeIn)
            }
            return
        }
        let s = settings.blockSize
        for index in states.indices {
            guard let cell = states[index].cell else { continue }
            replan(index)
            states[index].entity.collision = nil
            // Each column topples toward the player: row r lands r blocks in from the wall.
            let standing = layout.centreInWall(column: cell.column, row: cell.row)
            let fallen = Transform(
                rotation: Quaternion(angle: -.pi / 2, axis: [1, 0, 0]),
                translation: [standing.x, s / 2, standing.z + Float(cell.row) * s])
            start(index, to: fallen, phase: .toppling, duration: duration, timingFunction: .easeIn)
        }
    }

    // MARK: Combos and danger

    private func refreshMultiplier() {
        var current = 1
        if let last = game.history.last, let tapped = last.move.time?.ticks {
            let ends = tapped + ticks.break
            if clock < ends {
                current = last.multiplier
                timeline.schedule(.comboEnds, at: ends)
            }
        }
        guard current != multiplier else { return }
        emit(.multiplierChanged(from: multiplier, to: current))
        multiplier = current
    }

    private func refreshDanger() {
        let now = game.danger
        if (now == nil) != (danger == nil) {
            emit(now.map { .dangerBegan(groups: $0.groups.count, walls: $0.walls) } ?? .dangerEnded)
        }
        danger = now
        dangerBlocks = Set(now?.groups.flatMap(\.cells).compactMap { game.board[$0].map(slot(of:)) } ?? [])
    }
}
