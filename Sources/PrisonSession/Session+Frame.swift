import PrisonRules
import PrisonWorld

// A frame's step: the head turns, the world (and a replay's moves on its clock) moves on, hints
// and boards are taken, a window's camera is aimed and the hover found again.
extension Session {
    /// Advances everything to the frame `frame`: by its elapsed real time held keys turn the
    /// head, the world moves on (a replay plays its moves) and messages run out; for a window
    /// the camera is framed (not for a headset's panel), and the pointer's target is looked up again.
    public func advance(_ frame: FrameInput) {
        self.frame = frame
        let duration = max(.zero, frame.elapsed)
        time += duration
        if let search = hintSearch, search.since == nil { hintSearch?.since = time }
        let seconds = Float(duration.inSeconds)
        let rates = Head.turnRates(holding: heldKeys)
        if rates != .zero { head.turn(yaw: rates.x * seconds, pitch: rates.y * seconds) }
        head.advance(to: time)
        advanceWorld(by: duration)
        takeHint()
        takeBoard()
        if frame.panel == nil { pointCamera() }
        updateHover()
        if case .note(_, let until) = message, until < time { message = nil }
    }

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
        if let wall = replay?.upcomingWall, wall != head.facedWall, !head.isTurning { head.face(wall: wall, at: time) }
    }
}
