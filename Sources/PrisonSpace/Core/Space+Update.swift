extension Space {
    /// Whether any move in flight is playing (not paused): what
    /// ``advanceUntilSettled(step:timeLimit:)`` waits for.
    public var isAnimating: Bool { moves.contains { $0.isPlaying } }

    /// Advances the clock by `step` until no move is playing, for at most `timeLimit` of space
    /// time, running completions as ``advance(by:)`` does (a completion that starts a move keeps
    /// the clock going). Returns whether the space settled; a move at speed 0 never ends, and
    /// paused moves are not waited for. A `step` that is not positive advances nothing.
    @discardableResult
    public func advanceUntilSettled(step: Duration = .seconds(1) / 90, timeLimit: Duration = .seconds(3600)) -> Bool {
        guard step > .zero else { return !isAnimating }
        var elapsed = Duration.zero
        while isAnimating {
            guard elapsed < timeLimit else { return false }
            advance(by: step)
            elapsed += step
        }
        return true
    }

    /// Advances space time by `step` (a negative step is ignored): every playing move steps, in
    /// the order the moves started, then the completions of the moves that ended run, in the
    /// same order.
    public func advance(by step: Duration) {
        guard step >= .zero else { return }
        advance(by: step, seconds: step.inSeconds)
    }

    /// Advances space time by `microseconds` (a negative step is ignored), as ``advance(by:)``
    /// does: for the world, whose clock counts microseconds, without a `Duration`'s division.
    package func advance(byMicroseconds microseconds: Int64) {
        guard microseconds >= 0 else { return }
        advance(by: .microseconds(microseconds), seconds: Double(microseconds) / 1_000_000)
    }

    /// Advances space time by `step`, which is `seconds` long, the unit the moves interpolate in.
    private func advance(by step: Duration, seconds: Double) {
        time += step
        var completed: [AnimationPlaybackController] = []
        for move in moves where move.advance(by: step) { completed.append(move) }
        moves.removeAll { $0.isComplete || $0.isStopped }
        for move in completed {
            let completion = move.completion
            move.completion = nil
            completion?()
            if let entity = move.entity {
                send(AnimationEvents.PlaybackCompleted(playbackController: move), from: entity)
                send(AnimationEvents.PlaybackTerminated(playbackController: move), from: entity)
            }
        }
        send(SceneEvents.Update(scene: self, deltaTime: seconds), from: self)
    }
}

extension Duration {
    /// The duration in seconds, as the moves interpolate it: whole microseconds divided by a
    /// million, plus what is finer, so that a duration of whole microseconds gives the same
    /// seconds as its microseconds divided by a million.
    var inSeconds: Double {
        let (seconds, attoseconds) = components
        let microseconds = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
        return Double(microseconds) / 1_000_000 + Double(attoseconds % 1_000_000_000_000) / 1e18
    }
}
