import Foundation
import PrisonRules
import PrisonSearch
import PrisonWorld

/// A search for a hint on a thread of its own, so the window keeps drawing while it thinks.
final class HintSearch: @unchecked Sendable {
    /// The game the hint is for: a move played since makes the answer stale.
    let game: Game
    /// When the search began, on the wall clock (the answer is due within ``patience``).
    let started = ContinuousClock.now
    private let lock = NSLock()
    /// What a search answers: the group and the plan it belongs to, or nil when there is no move.
    typealias Answer = (group: Group, plan: SearchPlan)?
    /// nil while searching; then the answer.
    private var found: Answer?

    /// How long the search may take: the answer must come within ``patience``.
    static let budget = SearchBudget(time: .milliseconds(300))
    /// How long a player waits for a hint before the best group by points is shown instead.
    static let patience = Duration.milliseconds(450)

    /// Starts searching `game` for the best move for a tap at `time` (world time), going on
    /// from `plan`, the plan of the hint before.
    init(game: Game, at time: Duration, continuing plan: SearchPlan?) {
        self.game = game
        Thread.detachNewThread { [self] in
            let answer = game.hint(within: Self.budget, at: time, continuing: plan)
            lock.withLock { found = .some(answer) }
        }
    }

    /// The answer once the search is over: the group and its plan, or nil inside when there is
    /// no move.
    var answer: Answer? { lock.withLock { found } }

    /// Whether the player has waited as long as a hint may take.
    var isOverdue: Bool { ContinuousClock.now - started >= Self.patience }
}
