/// How long a search may run: a time, a number of playouts per job, or both (whichever runs out
/// first). Time gives the best game a machine finds in it; a playout count gives the same game on
/// every machine with one job.
public struct SearchBudget: Hashable, Sendable {
    /// The wall-clock time the search may take; nil for no limit of time.
    public var time: Duration?
    /// The playouts each job may run; nil for no limit of playouts.
    public var playouts: Int?

    /// A budget of `time`, `playouts` or both (whichever runs out first); at least one is needed.
    public init(time: Duration? = nil, playouts: Int? = nil) {
        precondition(time != nil || playouts != nil, "a search budget needs a time or a playout count")
        self.time = time
        self.playouts = playouts
    }

    /// A budget of `seconds`.
    public static func seconds(_ seconds: Double) -> SearchBudget {
        SearchBudget(time: .milliseconds(Int64((seconds * 1000).rounded())))
    }
}

/// One job's running account of its budget. Once spent, it stays spent.
struct Allowance {
    private let deadline: ContinuousClock.Instant?
    private let playoutLimit: Int
    private let shouldStop: @Sendable () -> Bool
    private(set) var playouts = 0
    private(set) var isSpent = false

    init(budget: SearchBudget, start: ContinuousClock.Instant, shouldStop: @escaping @Sendable () -> Bool) {
        deadline = budget.time.map { start + $0 }
        playoutLimit = budget.playouts ?? .max
        self.shouldStop = shouldStop
    }

    /// Counts a playout and checks the budget; returns whether it is spent.
    @discardableResult
    mutating func countPlayout() -> Bool {
        playouts += 1
        return check()
    }

    /// How many more playouts the budget allows, at `perPlayout` each.
    func remaining(perPlayout: Duration) -> Double {
        let byCount = Double(playoutLimit - playouts)
        guard let deadline else { return byCount }
        return min(byCount, (deadline - .now) / perPlayout)
    }

    /// Checks the clock and the stop request; returns whether the budget is spent.
    @discardableResult
    mutating func check() -> Bool {
        if !isSpent {
            isSpent = playouts >= playoutLimit || shouldStop() || deadline.map { .now >= $0 } ?? false
        }
        return isSpent
    }
}
