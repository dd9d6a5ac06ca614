import PrisonRules
import PrisonWorld

// A replay plays its moves on the world clock; sounds and endings follow the world's events.
extension Session {
    /// Moves the world on by `duration`, stopping at the exact time each replayed move is due.
    func advanceWorld(by duration: Duration) {
        var remaining = duration
        while var playing = replay, let due = playing.nextMoveDue, due <= world.time + remaining {
            let step = max(.zero, due - world.time)
            world.advance(by: step).forEach(react)
            remaining -= step
            for move in playing.due(at: world.time) {
                do throws(TapMiss) { try world.play(move.cell) } catch {
                    say("The replay stops: move \(move) cannot be played (\(error))")
                    replay = nil
                    return
                }
            }
            replay = playing.isFinished ? nil : playing
            if playing.isFinished { say("Replay over: R plays this board yourself, N a new one") }
        }
        world.advance(by: remaining).forEach(react)
        if let wall = replay?.upcomingWall, wall != head.facedWall, !head.isTurning { head.face(wall: wall) }
    }

    private func react(to event: WorldEvent) {
        // What happens in the tutorial's world moves it on.
        tutorialRun?.tutorial.observe(event.kind)
        switch event.kind {
        case .groupBroke(_, _, _, let multiplier):
            playSound(.breakGroup, pitch: min(2, 1 + 0.12 * Float(multiplier - 1)))
        case .multiplierChanged(let from, let to):
            if to > from {
                playSound(.combo, pitch: min(2, 1 + 0.08 * Float(to - 2)))
                flashUntil = elapsed + .milliseconds(600)
            }
        case .blocksLanded: playSound(.land)
        case .dangerBegan: playSound(.danger)
        case .dangerEnded: break
        case .gameEnded, .roomCleared:
            // The ending was recorded when its move was played; the panel and sound come once.
            if showEnding() { playSound(world.game.isCleared ? .cleared : .gameOver) }
        }
    }
}
