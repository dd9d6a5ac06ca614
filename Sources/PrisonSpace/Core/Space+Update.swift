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

    /// Advances space time by `step` (a negative step is ignored) in the fewest updates of equal
    /// length no longer than ``frameInterval`` (to a nanosecond: a second is 90 updates of a 90th):
    /// a step of zero is one update of zero. The updates' durations, to the attosecond, add up
    /// to `step` exactly, and ``time`` advances by exactly `step`. Each update, in this order:
    ///
    /// 1. the clock advances by the update's duration;
    /// 2. every playing move and animation steps, in the order they started;
    /// 3. the completions of those that ended run, in the same order;
    /// 4. the registered systems update, in dependency order (see ``System``);
    /// 5. collision events are found among the entities whose shapes overlap (see
    ///    ``CollisionEvents``);
    /// 6. the events of the update are delivered, in the order they happened (those that
    ///    handlers cause on the way after them); then `SceneEvents.Update`.
    ///
    /// Between updates, events are delivered as they happen: a move started or stopped by a call
    /// of yours reports it before the call returns.
    public func advance(by step: Duration) {
        for update in updates(of: step) { self.update(by: update, exactly: ExactTime(update), seconds: update.inSeconds) }
    }

    /// The updates ``advance(by:)`` splits `step` into (none for a negative step): for an owner
    /// that acts between them, such as the harness of a RealityView between frames.
    package func updates(of step: Duration) -> [Duration] {
        guard step >= .zero else { return [] }
        let updates = frameInterval > .zero ? max(1, Int(((step - .nanoseconds(1)) / frameInterval).rounded(.up))) : 1
        var done = Duration.zero
        return (1...updates).map { index in
            let end = updates == 1 ? step : step * index / updates
            defer { done = end }
            return end - done
        }
    }

    /// Advances space time by `microseconds` (a negative step is ignored) in one update, as
    /// ``advance(by:)`` runs each: for the world, whose clock counts microseconds and cuts its
    /// own frames, without a `Duration`'s division.
    package func advance(byMicroseconds microseconds: Int64) {
        guard microseconds >= 0 else { return }
        update(
            by: .microseconds(microseconds), exactly: ExactTime(microseconds: microseconds), seconds: Double(microseconds) / 1_000_000)
    }

    /// One update of `step`, which is `exact` and `seconds` long.
    private func update(by step: Duration, exactly exact: ExactTime, seconds: Double) {
        let outerEvents = pendingEvents
        pendingEvents = []
        clock += exact
        var completed: [AnimationPlaybackController] = []
        // One pass steps the moves and keeps those still in flight, in order.
        var kept = 0
        for index in moves.indices {
            let move = moves[index]
            if move.advance(by: exact, of: step) { completed.append(move) }
            guard !move.isComplete, !move.isStopped else { continue }
            if kept != index { moves.swapAt(kept, index) }
            kept += 1
        }
        moves.removeLast(moves.count - kept)
        for move in completed {
            let completion = move.completion
            move.completion = nil
            completion?()
            if let entity = move.entity {
                send(AnimationEvents.PlaybackCompleted(playbackController: move), from: entity)
                send(AnimationEvents.PlaybackTerminated(playbackController: move), from: entity)
            }
        }
        instantiateNewSystems()
        updateSystems(seconds: seconds)
        findContacts()
        deliverPendingEvents()
        pendingEvents = outerEvents
        send(SceneEvents.Update(scene: self, deltaTime: seconds), from: self)
    }

    /// Delivers the events queued in this update, and those their handlers cause, in order.
    private func deliverPendingEvents() {
        while let events = pendingEvents, !events.isEmpty {
            pendingEvents = []
            for deliver in events { deliver() }
        }
    }
}

extension Duration {
    /// The duration in seconds, the one conversion the package makes: whole microseconds divided
    /// by a million, plus what is finer, so that a duration of whole microseconds gives the same
    /// seconds as its microseconds divided by a million (as the moves interpolate them).
    package var inSeconds: Double {
        let (seconds, attoseconds) = components
        let microseconds = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
        return Double(microseconds) / 1_000_000 + Double(attoseconds % 1_000_000_000_000) / 1e18
    }
}
