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
    /// same order. The step is turned into seconds once; the moves interpolate in seconds.
    public func advance(by step: Duration) {
        guard step >= .zero else { return }
        time += step
        let seconds = step.inSeconds
        var completed: [AnimationPlaybackController] = []
        for move in moves where move.advance(bySeconds: seconds) { completed.append(move) }
        moves.removeAll { $0.isComplete || $0.isStopped }
        for move in completed {
            let completion = move.completion
            move.completion = nil
            completion?()
        }
    }
}

extension Space {
    /// `duration` in seconds (as `inSeconds` gives it), remembered for the few durations a space's
    /// moves come in: turning a `Duration` into seconds costs a 128-bit division, and a game
    /// starts hundreds of thousands of moves of four or five durations.
    func seconds(of duration: Duration) -> Double {
        for known in secondsOfDurations where known.duration == duration { return known.seconds }
        let seconds = duration.inSeconds
        if secondsOfDurations.count == 8 { secondsOfDurations.removeFirst() }
        secondsOfDurations.append((duration, seconds))
        return seconds
    }
}

extension Duration {
    /// The duration in seconds, as the moves interpolate it: whole microseconds divided by a
    /// million, plus what is finer, so that a duration of whole microseconds gives exactly the
    /// nearest double to its value in seconds.
    var inSeconds: Double {
        let (seconds, attoseconds) = components
        let microseconds = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
        return Double(microseconds) / 1_000_000 + Double(attoseconds % 1_000_000_000_000) / 1e18
    }
}
