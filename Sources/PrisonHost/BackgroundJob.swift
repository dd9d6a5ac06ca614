import Foundation
import PrisonSession

/// Work on a thread of its own, so the window keeps drawing meanwhile: a hint's search, a board
/// built to be cleared (seconds in a big room of few colours). It can be asked to stop early.
final class BackgroundJob<Answer: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private let finished = DispatchSemaphore(value: 0)
    /// nil while working; then the answer.
    private var result: Answer?
    private var isCancelled = false

    /// Starts `work`, which may end early once the function it is given returns true.
    init(_ work: @escaping @Sendable (_ shouldStop: @escaping @Sendable () -> Bool) -> Answer) {
        Thread.detachNewThread { [self] in
            let answer = work { [self] in lock.withLock { isCancelled } }
            lock.withLock { result = answer }
            finished.signal()
        }
    }

    /// Asks the work to end early: its answer is wanted no more.
    func cancel() { lock.withLock { isCancelled = true } }

    /// The answer once the work is over; nil before.
    var answer: Answer? { lock.withLock { result } }

    /// The answer, waiting for the work to end.
    func waitForAnswer() -> Answer {
        finished.wait()
        finished.signal()
        return lock.withLock { result! }
    }
}
