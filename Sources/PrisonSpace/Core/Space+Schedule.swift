/// A handle on an action planned on a space's clock, to cancel it.
package struct ScheduledAction: Hashable, Sendable {
    fileprivate let number: Int
}

/// Actions due at whole microseconds of space time, taken out earliest first; actions due at the
/// same time come out in the order they were planned. A cancelled action stays planned, doing
/// nothing, until it is due: what waits for the clock does not change when it is cancelled.
struct Schedule {
    private struct Entry {
        let time: Int64
        let number: Int
        let action: () -> Void

        func precedes(_ other: Entry) -> Bool { (time, number) < (other.time, other.number) }
    }

    /// A binary min-heap on (time, number).
    private var heap: [Entry] = []
    private var planned = 0
    private var cancelled: Set<Int> = []

    var isEmpty: Bool { heap.isEmpty }

    /// When the earliest action is due.
    var nextTime: Int64? { heap.first?.time }

    mutating func plan(_ action: @escaping () -> Void, at time: Int64) -> ScheduledAction {
        heap.append(Entry(time: time, number: planned, action: action))
        planned += 1
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
        return ScheduledAction(number: planned - 1)
    }

    mutating func cancel(_ action: ScheduledAction) {
        if heap.contains(where: { $0.number == action.number }) { cancelled.insert(action.number) }
    }

    /// Takes out the earliest action if it is due at `time` or before: nil when none is, a
    /// cancelled action as one that does nothing.
    mutating func popAction(dueBy time: Int64) -> (() -> Void)? {
        guard let first = heap.first, first.time <= time else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var smallest = parent
                if left < heap.count, heap[left].precedes(heap[smallest]) { smallest = left }
                if right < heap.count, heap[right].precedes(heap[smallest]) { smallest = right }
                if smallest == parent { break }
                heap.swapAt(parent, smallest)
                parent = smallest
            }
        }
        return cancelled.isEmpty || cancelled.remove(first.number) == nil ? first.action : {}
    }
}

// The clock of a space's owner that counts whole microseconds (the game world's): actions planned
// at its times, and steps of any length played on whole microseconds. The owner keeps no clock of
// its own: the space's ``Space/time`` is the one time.
extension Space {
    /// Space time in whole microseconds (what is finer is dropped).
    package var wholeMicroseconds: Int64 { clock.microseconds }

    /// Whether any action is planned, cancelled ones included until they are due.
    package var hasScheduledActions: Bool { !schedule.isEmpty }

    /// Plans `action` for when space time reaches `time` microseconds (now, if that has passed),
    /// during ``advance(wholeMicrosecondsOf:settling:)``.
    @discardableResult
    package func schedule(atMicrosecond time: Int64, _ action: @escaping () -> Void) -> ScheduledAction {
        schedule.plan(action, at: time)
    }

    /// Cancels an action planned with ``schedule(atMicrosecond:_:)``, if it has not run.
    package func cancel(_ action: ScheduledAction) { schedule.cancel(action) }

    /// Advances space time by `step` rounded to the nearest whole microsecond (what rounding
    /// leaves over carries to the next step, so no time is lost). The clock stops at each time an
    /// action is due: an update brings it there, the actions due then run, then `settle`, again
    /// while actions are due at that time (those `settle` planned for now); then the clock goes
    /// on. A step that is not positive advances nothing.
    package func advance(wholeMicrosecondsOf step: Duration, settling settle: () -> Void) {
        guard step > .zero else { return }
        // The carry is the attoseconds not yet played, within half a microsecond either way.
        let (seconds, attoseconds) = step.components
        let perMicrosecond: Int64 = 1_000_000_000_000
        let total = microsecondCarry + attoseconds
        let whole = (total + (total >= 0 ? perMicrosecond / 2 : -perMicrosecond / 2)) / perMicrosecond
        microsecondCarry = total - whole * perMicrosecond
        let target = wholeMicroseconds + seconds * 1_000_000 + whole
        while let due = schedule.nextTime, due <= target {
            advanceClock(toMicrosecond: due)
            repeat {
                while let action = schedule.popAction(dueBy: due) { action() }
                settle()
            } while schedule.nextTime.map { $0 <= due } ?? false
        }
        advanceClock(toMicrosecond: target)
    }

    private func advanceClock(toMicrosecond target: Int64) {
        guard target > wholeMicroseconds else { return }
        advance(byMicroseconds: target - wholeMicroseconds)
    }
}
