import PrisonRules
import PrisonSpace

// How the world keeps a wall a wall while taps come at any moment.
//
// The rules are ahead of the picture: after a tap every block has a cell to go to, and the
// world moves it there from where it is drawn, in stages. A stage is a set of moves that start
// together, last as long and ease alike: the falls of one column (straight up or down), the
// slides of every column of a wall that is out of place (straight along the wall), or blocks
// growing back or coming home in place after an undo. Blocks of one column move as one, columns
// keep their order, and blocks of one column keep theirs, so moves of one stage interpolate
// between two layouts where nothing overlaps and never overlap on the way. A wall starts a stage
// only where nothing else could meet it: a column falls when no block of it is breaking and it
// is not sliding; a wall slides when every column out of place is ready to slide together and no
// breaking block is in the way. A tap on a moving block stops its stage where it is drawn, and
// the next stages start from there.

extension World {
    /// A set of moves that start together, last as long and ease alike.
    struct Stage {
        enum Kind {
            /// Blocks of one column move up or down it.
            case vertical
            /// Every column of a wall that is out of place slides to its place.
            case horizontal
            /// Blocks grow back or come home where they stand, after an undo.
            case inPlace
        }

        let kind: Kind
        let wall: Int
        /// The blocks that move, and where each goes in its wall's space.
        var members: [Int]
        var targets: [Transform]
    }

    /// Animates a move the game has just played: its group breaks now, for the rules' combo
    /// window, and the walls it touched move on toward the new cells as far as they can.
    func animate(_ outcome: MoveOutcome) {
        readCells()
        for placed in outcome.removal.broken {
            let index = slot(of: placed.block)
            leaveStage(index)
            breakBlock(index)
            wallsToMoveOn[placed.cell.wall] = true
        }
        emit(.groupBroke(
            size: outcome.removal.broken.count, colour: outcome.removal.broken.first?.block.colour ?? 0,
            points: outcome.points, multiplier: outcome.multiplier))
        refreshMultiplier()
        refreshDanger()
        moveOn()
        // On a world at rest the last slide ends then; the end waits for the walls to settle.
        if game.isOver { scheduleEnd(at: now + microseconds.break + microseconds.fall + microseconds.slide) }
    }

    /// Starts block `index`'s break: it shrinks and spins away where it is drawn for the combo
    /// window, and rays no longer hit it.
    private func breakBlock(_ index: Int) {
        let entity = entities[index]
        entity.collision = nil
        // A block taken back that has not grown yet was never seen: it goes at once.
        guard !states[index].isUnseen else {
            states[index].isUnseen = false
            entity.removeFromParent()
            return
        }
        var target = entity.transform
        target.scale = .zero
        target.rotation = simd_quatf(angle: .pi * 0.9, axis: SIMD3<Float>(0.3, 0.4, 1)) * target.rotation
        states[index].isBreaking = true
        states[index].breakEnd = space.schedule(atMicrosecond: now + microseconds.break) { [unowned self] in
            endBreak(of: index)
        }
        start(index, to: target, phase: .breaking, duration: microseconds.break, timingFunction: .easeIn)
    }

    /// A break ends: the block leaves the space, and its wall moves on.
    private func endBreak(of index: Int) {
        states[index].breakEnd = nil
        guard states[index].isBreaking else { return }
        states[index].isBreaking = false
        entities[index].removeFromParent()
        wallsToMoveOn[states[index].wall] = true
    }

    /// A stage ends: its blocks are where it took them, resting there if that is their cell.
    private func endStage(_ number: Int) {
        guard let stage = stages.removeValue(forKey: number) else { return }
        var landings = 0
        for (index, target) in zip(stage.members, stage.targets) {
            // The stage ends on whole microseconds of world time: every block is where it
            // was going, however the frames summed up the time.
            if entities[index].transform != target { entities[index].move(to: target, relativeTo: entities[index].parent) }
            states[index].stage = nil
            if isHome(index) {
                states[index].phase = .resting
                landings += 1
            } else {
                states[index].phase = .waiting
            }
        }
        wallsToMoveOn[stage.wall] = true
        if landings > 0 { emit(.blocksLanded(count: landings)) }
    }

    /// Takes block `index` out of the stage it moves in: a fall or a slide stops where it is
    /// drawn, all its blocks with it; blocks growing back in place go on.
    func leaveStage(_ index: Int) {
        guard let number = states[index].stage, var stage = stages[number] else { return }
        states[index].stage = nil
        guard stage.kind != .inPlace else {
            if let place = stage.members.firstIndex(of: index) {
                stage.members.remove(at: place)
                stage.targets.remove(at: place)
            }
            stages[number] = stage
            return
        }
        stages[number] = nil
        for member in stage.members {
            entities[member].stopAllAnimations(recursive: false)
            states[member].stage = nil
            states[member].phase = .waiting
        }
    }

    /// Whether block `index` is drawn at rest in its cell.
    private func isHome(_ index: Int) -> Bool {
        guard let cell = cells[index] else { return false }
        return entities[index].transform == restingTransform(at: cell)
    }

    /// Starts every stage that can start now on the walls where something changed, and plays
    /// the end of the game if it is due and they have all settled.
    func moveOn() {
        for wall in wallsToMoveOn.indices where wallsToMoveOn[wall] {
            wallsToMoveOn[wall] = false
            startStages(on: wall)
        }
        endIfSettled()
    }

    /// Starts on wall `wall` every stage that can start now, and shows the blocks broken and
    /// taken back once the wall has settled.
    private func startStages(on wall: Int) {
        guard !hasEnded else { return }
        let plan = cells.withUnsafeBufferPointer { cells in
            states.withUnsafeMutableBufferPointer { planStages(on: wall, states: $0, cells: cells) }
        }
        for falling in plan.falls {
            startStage(.vertical, on: wall, moving: falling, duration: microseconds.fall) { index, from in
                var to = from
                to.translation.y = self.layout.up(row: Float(self.cells[index]!.row))
                return (to, to.translation.y < from.translation.y ? .falling : .returning)
            }
        }
        startStage(.horizontal, on: wall, moving: plan.slide, duration: microseconds.slide) { index, from in
            var to = from
            to.translation.x = self.layout.across(column: Float(self.cells[index]!.column))
            return (to, to.translation.x < from.translation.x ? .sliding : .returning)
        }
        startStage(.inPlace, on: wall, moving: plan.appearing, duration: microseconds.undo) { index, _ in
            // Unseen, a block waits in the cell it had when taken back; another undo may have
            // given it another since.
            let home = self.restingTransform(at: self.cells[index]!)
            self.states[index].isUnseen = false
            self.entities[index].transform = Transform(scale: .zero, translation: home.translation)
            return (home, .returning)
        }
    }

    /// What can start on wall `wall` now: the falls of columns (each a stage), the slide of
    /// every column out of place (one stage), and blocks taken back that can grow. Marks the
    /// blocks that stand still as resting or waiting. Reads `states` in place: a wall is read
    /// whole at every change, so no block's state is copied.
    private func planStages(
        on wall: Int, states: UnsafeMutableBufferPointer<BlockState>, cells: UnsafeBufferPointer<Cell?>
    ) -> (falls: [[Int]], slide: [Int], appearing: [Int]) {
        let s = settings.blockSize, seam = s * 1e-3
        // Where breaking blocks are drawn (nothing may move into them), the blocks of each column
        // in the rules, and the blocks taken back that wait unseen.
        var obstacles: [SIMD2<Float>] = []
        var hidden: [Int] = []
        // The buffers are taken out of the world while in use, so that filling them costs no
        // access checks.
        var columnsOfWall: [[Int]] = []
        swap(&columnsOfWall, &self.columnsOfWall)
        defer { swap(&columnsOfWall, &self.columnsOfWall) }
        for column in columnsOfWall.indices { columnsOfWall[column].removeAll(keepingCapacity: true) }
        var wallIsSliding = false, wallIsFalling = false
        for index in slotsOfWall[wall] {
            if states[index].isBreaking {
                let entity = entities[index]
                if entity.parent != nil { obstacles.append([entity.transform.translation.x, entity.transform.translation.y]) }
                continue
            }
            guard let column = cells[index]?.column else { continue }
            if let number = states[index].stage {
                switch stages[number]?.kind {
                case .horizontal: wallIsSliding = true
                case .vertical: wallIsFalling = true
                default: break
                }
            } else if states[index].isUnseen {
                hidden.append(index)
                continue
            }
            columnsOfWall[column].append(index)
        }
        var falls: [[Int]] = [], slide: [Int] = []
        var canSlide = true
        var isSettled = true
        for column in columnsOfWall.indices where !columnsOfWall[column].isEmpty {
            // The blocks of a column are drawn one above the other, at its x once in place; a
            // block a break left elsewhere and an undo gave back may be aside of the others.
            let members = columnsOfWall[column]
            let home = layout.across(column: Float(column))
            var isBusy = false, falling: [Int] = []
            var low = home, high = home
            for index in members {
                let x = entities[index].transform.translation.x
                (low, high) = (min(low, x), max(high, x))
                if states[index].stage != nil {
                    isBusy = true
                } else {
                    let isLevel = entities[index].transform.translation.y == layout.up(row: Float(cells[index]!.row))
                    if !isLevel { falling.append(index) }
                    states[index].phase = isLevel && x == home ? .resting : .waiting
                }
            }
            let isOutOfPlace = low != high
            if isBusy || !falling.isEmpty || isOutOfPlace { isSettled = false }
            if isOutOfPlace {
                slide.append(contentsOf: members)
                if isBusy || !falling.isEmpty { canSlide = false }
                // Columns between here and home must be clear of breaking blocks.
                if obstacles.contains(where: { $0.x > low - s + seam && $0.x < high + s - seam }) { canSlide = false }
            }
            let isBelowABreak = falling.contains { index in
                obstacles.contains { abs($0.x - entities[index].transform.translation.x) < s / 2 }
            }
            if !isBusy, !falling.isEmpty, !isBelowABreak {
                wallIsFalling = true
                falls.append(falling)
            }
        }
        // Slides wait for the falls that run or can run; a fall held back by a break does not
        // hold them back.
        if !canSlide || wallIsSliding || wallIsFalling { slide = [] }
        guard isSettled else { return (falls, slide, []) }
        // Blocks taken back after their break ended wait in their cells, too small to see or
        // hit, and grow back once the wall is still and no block of their column is breaking:
        // growing on the far side of a breaking block would put them out of order with it,
        // should an undo bring it back.
        let appearing = hidden.filter { index in
            let centre = restingTransform(at: cells[index]!).translation
            return !obstacles.contains { abs($0.x - centre.x) < s - seam }
        }
        return (falls, slide, appearing)
    }

    /// Starts a stage of `kind` on `wall`: each block of `members` moves from where it is to the
    /// transform `target` gives, in its wall's space, for `duration` microseconds, in the phase
    /// `target` says.
    func startStage(
        _ kind: Stage.Kind, on wall: Int, moving members: [Int], duration: Int64,
        target: (_ index: Int, _ from: Transform) -> (Transform, BlockPhase)
    ) {
        guard !members.isEmpty else { return }
        let number = nextStage
        nextStage += 1
        var targets: [Transform] = []
        targets.reserveCapacity(members.count)
        for index in members {
            let entity = entities[index]
            let (to, phase) = target(index, entity.transform)
            targets.append(to)
            states[index].stage = number
            states[index].phase = phase
            if duration == 0 {
                entity.move(to: to, relativeTo: entity.parent)
            } else {
                entity.move(to: to, relativeTo: entity.parent, microseconds: duration, timingFunction: .easeInOut)
            }
        }
        stages[number] = Stage(kind: kind, wall: wall, members: members, targets: targets)
        space.schedule(atMicrosecond: now + duration) { [unowned self] in endStage(number) }
    }

    /// Starts a move of block `index` from where it is to `target` in its wall's space, outside
    /// any stage: a break, or a topple at the end.
    func start(
        _ index: Int, to target: Transform, phase: BlockPhase, duration: Int64, timingFunction: AnimationTimingFunction
    ) {
        states[index].phase = phase
        let entity = entities[index]
        entity.move(to: target, relativeTo: entity.parent, microseconds: duration, timingFunction: timingFunction)
    }

    /// Moves a wall, relative to the room, from where it is to `target`.
    func moveWall(_ wall: Int, to target: Transform, duration: Int64, timingFunction: AnimationTimingFunction) {
        walls[wall].move(to: target, relativeTo: room, microseconds: duration, timingFunction: timingFunction)
    }

    /// Plays the end of the game if it is due and every wall has settled: no stage moving, no
    /// block breaking, every block at rest in its cell.
    private func endIfSettled() {
        guard endIsDue, !hasEnded, stages.isEmpty,
            states.indices.allSatisfy({ !states[$0].isBreaking && (cells[$0] == nil || states[$0].phase == .resting) })
        else { return }
        endIsDue = false
        end()
    }

    /// The end of the game: a cleared room's walls open outward; otherwise the blocks left topple
    /// to the floor and can no longer be tapped.
    private func end() {
        hasEnded = true
        emit(game.isCleared ? .roomCleared(score: game.score) : .gameEnded(score: game.score))
        let duration = microseconds.end
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
            guard let cell = cells[index] else { continue }
            entities[index].collision = nil
            // Each column topples toward the player: row r lands r blocks in from the wall.
            let standing = layout.centreInWall(column: cell.column, row: cell.row)
            let fallen = Transform(
                rotation: simd_quatf(angle: -.pi / 2, axis: [1, 0, 0]),
                translation: [standing.x, s / 2, standing.z + Float(cell.row) * s])
            start(index, to: fallen, phase: .toppling, duration: duration, timingFunction: .easeIn)
        }
    }
}
