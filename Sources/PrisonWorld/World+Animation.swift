import PrisonRules
import PrisonSpace

extension World {
    /// Animates a move the game has just played, as its ``Choreography`` says: its group breaks
    /// now, the blocks above fall when the break ends, then columns slide; the end of the game
    /// follows the last slide.
    func animate(_ outcome: MoveOutcome) {
        let moved = outcome.removal.moved
        let slots = moved.map { slot(of: $0.block) }
        var displaced: Set<BlockID> = []
        for (motion, index) in zip(moved, slots)
        where states[index].entity.transform != restingTransform(at: motion.from) {
            displaced.insert(motion.block.id)
        }
        let choreography = Choreography(
            of: outcome, settings: settings, comboWindow: game.rules.comboWindow, endsGame: game.isOver,
            displaced: displaced)
        for placed in outcome.removal.broken { breakBlock(slot(of: placed.block), duration: choreography.breakTicks) }
        for (motion, index) in zip(moved, slots) {
            states[index].cell = motion.to
            replan(index)
            if !states[index].isMoving { states[index].phase = .waiting }
        }
        for step in choreography.moves {
            let index = slots[step.motionIndex]
            schedule(
                index, states[index].generation, to: step.cell, phase: step.kind == .fall ? .falling : .sliding,
                duration: step.durationTicks, at: clock + step.startTicks)
        }
        emit(.groupBroke(
            size: outcome.removal.broken.count, colour: outcome.removal.broken.first?.block.colour ?? 0,
            points: outcome.points, multiplier: outcome.multiplier))
        refreshMultiplier()
        refreshDanger()
        if let end = choreography.endTicks { scheduleEnd(at: clock + end) }
    }

    /// Starts block `index`'s break: it shrinks and spins away for `duration` microseconds, and
    /// rays no longer hit it.
    private func breakBlock(_ index: Int, duration: Int64) {
        replan(index)
        states[index].cell = nil
        let entity = states[index].entity
        entity.collision = nil
        var target = entity.transform
        target.scale = .zero
        target.rotation = simd_quatf(angle: .pi * 0.9, axis: SIMD3<Float>(0.3, 0.4, 1)) * target.rotation
        start(index, to: target, phase: .breaking, duration: duration, timingFunction: .easeIn)
    }

    /// Cancels the block's scheduled steps; a move in flight goes on until the next one starts.
    func replan(_ index: Int) {
        states[index].generation += 1
        states[index].pendingSteps = 0
    }

    private func schedule(_ index: Int, _ generation: Int, to cell: Cell, phase: BlockPhase, duration: Int64, at time: Int64) {
        states[index].pendingSteps += 1
        timeline.schedule(.move(block: index, generation: generation, to: cell, phase: phase, duration: duration), at: time)
    }

    /// Starts a move of block `index` from where it is to `target` in its wall's space.
    func start(
        _ index: Int, to target: Transform, phase: BlockPhase, duration: Int64, timingFunction: AnimationTimingFunction = .easeInOut
    ) {
        states[index].phase = phase
        states[index].isMoving = true
        let generation = states[index].generation
        let entity = states[index].entity
        noteAnimation(lasting: duration)
        entity.move(
            to: target, relativeTo: entity.parent, microseconds: duration, timingFunction: timingFunction
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
    func moveWall(_ wall: Int, to target: Transform, duration: Int64, timingFunction: AnimationTimingFunction) {
        noteAnimation(lasting: duration)
        walls[wall].move(to: target, relativeTo: room, microseconds: duration, timingFunction: timingFunction)
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
    func end() {
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
                rotation: simd_quatf(angle: -.pi / 2, axis: [1, 0, 0]),
                translation: [standing.x, s / 2, standing.z + Float(cell.row) * s])
            start(index, to: fallen, phase: .toppling, duration: duration, timingFunction: .easeIn)
        }
    }
}
