import PrisonRules
import PrisonSpace

extension World {
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
}
