import Foundation
import PrisonRules

/// A new board built on a thread of its own, so the window keeps drawing while it is made: a
/// board built to be cleared takes seconds in a big room of few colours.
final class BoardBuild: @unchecked Sendable {
    /// What the board is made of; the game on it is played by these rules.
    let origin: GameOrigin
    private let lock = NSLock()
    private let finished = DispatchSemaphore(value: 0)
    /// nil while building; then the board, or why there is none.
    private var result: Result<Board, BoardError>?
    /// Whether the board is wanted no more: the build then ends early.
    private var isCancelled = false

    /// Starts building the board of `origin` from `seed`.
    init(origin: GameOrigin, seed: UInt64) {
        self.origin = origin
        Thread.detachNewThread { [self] in
            let built = Result { () throws(BoardError) in
                try origin.board(seed: seed, shouldStop: { [self] in lock.withLock { isCancelled } })
            }
            lock.withLock { result = built }
            finished.signal()
        }
    }

    /// Ends the build early (a search for a board stops), for a board that is wanted no more.
    func cancel() { lock.withLock { isCancelled = true } }

    /// The board, or why there is none, once the build is over; nil before.
    var answer: Result<Board, BoardError>? { lock.withLock { result } }

    /// The answer, waiting for the build to end.
    func waitForAnswer() -> Result<Board, BoardError> {
        finished.wait()
        finished.signal()
        return answer!
    }
}
