import PrisonRules
import PrisonSpace

extension World {
    /// Advances world time by `step`, to the nearest whole microsecond (what rounding leaves
    /// over carries to the next step, so no time is lost): what the world planned starts exactly
    /// when due, moves advance, and the events up to the new time are returned, earliest first. A
    /// negative step is ignored; a step beyond `Duration.maximumSessionTime` counts as that.
    @discardableResult
    public func advance(by step: Duration) -> [WorldEvent] {
        // Stages that end start others, which may last no time at all.
        space.advance(wholeMicrosecondsOf: min(step, Duration.maximumSessionTime)) { moveOn() }
        guard !events.isEmpty else { return [] }
        let sorted = events.sorted {
            ($0.event.time, $0.event.kind.rank, $0.order) < ($1.event.time, $1.event.kind.rank, $1.order)
        }
        events.removeAll(keepingCapacity: true)
        // The stages that end at one time report their landings as one event.
        var delivered: [WorldEvent] = []
        delivered.reserveCapacity(sorted.count)
        for (_, event) in sorted {
            if case .blocksLanded(let count) = event.kind, let last = delivered.last, last.time == event.time,
                case .blocksLanded(let earlier) = last.kind
            {
                delivered[delivered.count - 1] = WorldEvent(time: event.time, kind: .blocksLanded(count: earlier + count))
            } else {
                delivered.append(event)
            }
        }
        return delivered
    }

    /// Plays the end of the game at `time` microseconds, or once the walls settle after it, unless
    /// the game is taken back from its end first.
    func scheduleEnd(at time: Int64) {
        if let plannedEnd { space.cancel(plannedEnd) }
        plannedEnd = space.schedule(atMicrosecond: time) { [unowned self] in
            plannedEnd = nil
            if game.isOver { endIsDue = true }
        }
    }

    func emit(_ kind: WorldEvent.Kind) {
        events.append((events.count, WorldEvent(time: time, kind: kind)))
    }


    // Combos and danger

    func refreshMultiplier() {
        var current = 1
        if let last = game.history.last, let tapped = last.move.time?.wholeMicroseconds {
            let ends = tapped + microseconds.break
            if now < ends {
                current = last.multiplier
                // One end planned at a time: a tap inside the combo moves it later.
                if plannedComboEnd?.time != ends {
                    if let planned = plannedComboEnd { space.cancel(planned.action) }
                    let action = space.schedule(atMicrosecond: ends) { [unowned self] in
                        plannedComboEnd = nil
                        refreshMultiplier()
                    }
                    plannedComboEnd = (ends, action)
                }
            }
        }
        guard current != multiplier else { return }
        emit(.multiplierChanged(from: multiplier, to: current))
        multiplier = current
    }

    func refreshDanger() {
        let now = game.danger
        if (now == nil) != (danger == nil) {
            emit(now.map { .dangerBegan(groups: $0.groups.count, walls: $0.walls) } ?? .dangerEnded)
        }
        danger = now
        dangerBlocks = Set(now?.groups.flatMap(\.cells).compactMap { game.board[$0].map(slot(of:)) } ?? [])
    }
}
