import PrisonRules
import PrisonSpace

extension World {
    /// Advances the world clock by `step`, to the nearest whole microsecond (what rounding leaves
    /// over carries to the next step, so no time is lost): scheduled steps start exactly when
    /// due, moves advance, and the events up to the new time are returned, earliest first. A
    /// negative step is ignored; a step beyond `Duration.maximumSessionTime` counts as that.
    @discardableResult
    public func advance(by step: Duration) -> [WorldEvent] {
        if step > .zero {
            // The carry is the attoseconds not yet counted, within half a microsecond either way.
            let (seconds, attoseconds) = min(step, Duration.maximumSessionTime).components
            let total = carry + attoseconds
            let whole = (total + (total >= 0 ? 500_000_000_000 : -500_000_000_000)) / 1_000_000_000_000
            carry = total - whole * 1_000_000_000_000
            let target = clock + seconds * 1_000_000 + whole
            while let due = timeline.nextTime, due <= target {
                advanceClock(to: due)
                // Stages that end start others, which may last no time at all.
                repeat {
                    while let step = timeline.popStep(dueBy: due) { run(step) }
                    moveOn()
                } while timeline.nextTime.map { $0 <= due } ?? false
                if landings > 0 {
                    emit(.blocksLanded(count: landings))
                    landings = 0
                }
            }
            advanceClock(to: target)
        }
        guard !events.isEmpty else { return [] }
        let delivered = events.sorted {
            ($0.event.time, $0.event.kind.rank, $0.order) < ($1.event.time, $1.event.kind.rank, $1.order)
        }
        events.removeAll(keepingCapacity: true)
        return delivered.map(\.event)
    }

    private func advanceClock(to target: Int64) {
        guard target > clock else { return }
        space.advance(byMicroseconds: target - clock)
        clock = target
    }

    /// Plays the end of the game at `time`, or once the walls settle after it, unless the game is
    /// taken back from its end first.
    func scheduleEnd(at time: Int64) {
        endGeneration += 1
        timeline.schedule(.end(generation: endGeneration), at: time)
    }

    /// Runs a step of the timeline when it is due.
    func run(_ step: Step) {
        switch step {
        case .stageEnds(let number):
            endStage(number)
        case .breakEnds(let index, let generation):
            endBreak(of: index, generation: generation)
        case .comboEnds:
            refreshMultiplier()
        case .animationEnds:
            break
        case .end(let generation):
            guard generation == endGeneration, game.isOver else { return }
            endIsDue = true
        }
    }

    func emit(_ kind: WorldEvent.Kind) {
        events.append((events.count, WorldEvent(time: time, kind: kind)))
    }


    // Combos and danger

    func refreshMultiplier() {
        var current = 1
        if let last = game.history.last, let tapped = last.move.time?.ticks {
            let ends = tapped + ticks.break
            if clock < ends {
                current = last.multiplier
                timeline.schedule(.comboEnds, at: ends)
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
