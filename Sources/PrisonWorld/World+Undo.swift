import PrisonRules
import PrisonSpace

extension World {
    /// Takes back the last move: the blocks move back to their cells from wherever they are
    /// drawn, in stages as after a tap (straight up and along the walls), and the broken blocks
    /// grow back: where they are drawn if they were still breaking, otherwise in their cells
    /// once their wall has settled (until then they are there, too small to see or hit).
    /// Returns what the move had done; nil when there is nothing to undo.
    @discardableResult
    public func undo() -> MoveOutcome? {
        guard let outcome = game.undo() else { return nil }
        if let plannedEnd { space.cancel(plannedEnd) }
        plannedEnd = nil
        endIsDue = false
        if hasEnded {
            hasEnded = false
            for wall in walls.indices {
                moveWall(
                    wall, to: Transform(rotation: layout.rotation(ofWall: wall)), duration: microseconds.undo,
                    timingFunction: .easeInOut)
            }
            // Toppled blocks stand up again where they stood, then move on from there.
            for (wall, slots) in slotsOfWall.enumerated() {
                let toppled = slots.filter { states[$0].phase == .toppling }
                for index in toppled { entities[index].collision = layout.blockCollision }
                startStage(.inPlace, on: wall, moving: toppled, duration: microseconds.undo) { index, _ in
                    (self.restingTransform(at: self.cells[index]!), .returning)
                }
            }
        }
        // The toppled blocks stood up from where the undone move had left them; the walls move on
        // toward the board as it was before it.
        readCells()
        var breaking: [Int] = []
        for placed in outcome.removal.broken {
            let index = slot(of: placed.block)
            entities[index].collision = layout.blockCollision
            if states[index].isBreaking {
                states[index].isBreaking = false
                if let breakEnd = states[index].breakEnd { space.cancel(breakEnd) }
                states[index].breakEnd = nil
                breaking.append(index)
            } else {
                entities[index].transform = Transform(scale: .zero, translation: restingTransform(at: placed.cell).translation)
                states[index].phase = .waiting
                states[index].isUnseen = true
                walls[placed.cell.wall].addChild(entities[index])
            }
        }
        // Blocks still breaking grow back where they are drawn; one that broke on its way up
        // from the floor (the end taken back) goes on to its cell, as the others stand up.
        for (wall, slots) in slotsOfWall.enumerated() {
            startStage(.inPlace, on: wall, moving: slots.filter(breaking.contains), duration: microseconds.undo) { index, from in
                let home = self.restingTransform(at: self.cells[index]!)
                let isOnTheWall = from.translation.z == home.translation.z
                return (isOnTheWall ? Transform(translation: from.translation) : home, .returning)
            }
        }
        for wall in walls.indices { wallsToMoveOn[wall] = true }
        moveOn()
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
}
