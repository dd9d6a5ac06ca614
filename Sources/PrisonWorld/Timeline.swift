/// Steps due at times on the world clock, taken out earliest first; steps due at the same time
/// come out in the order they were scheduled.
struct Timeline<Step> {
    private struct Entry {
        let time: Int64
        let order: Int
        let step: Step

        func precedes(_ other: Entry) -> Bool { (time, order) < (other.time, other.order) }
    }

    /// A binary min-heap on (time, order).
    private var heap: [Entry] = []
    private var scheduled = 0

    var isEmpty: Bool { heap.isEmpty }

    /// When the earliest step is due.
    var nextTime: Int64? { heap.first?.time }

    mutating func schedule(_ step: Step, at time: Int64) {
        heap.append(Entry(time: time, order: scheduled, step: step))
        scheduled += 1
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Takes out the earliest step if it is due at `time` or before.
    mutating func popStep(dueBy time: Int64) -> Step? {
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
        return first.step
    }
}
