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

/// One job's running account of its budget. Once spent, it stays spent, unless it was only the
/// end of a stage (``endStage(atShare:)``) and the job goes on (``resume()``).
struct Allowance {
    private let start: ContinuousClock.Instant
    private let deadline: ContinuousClock.Instant?
    private let playoutLimit: Int
    private let shouldStop: @Sendable () -> Bool
    /// Where the stage under way ends, in playouts and in time.
    private var stageLimit = Int.max
    private var stageDeadline: ContinuousClock.Instant?
    private(set) var playouts = 0
    private(set) var isSpent = false

    init(budget: SearchBudget, start: ContinuousClock.Instant, shouldStop: @escaping @Sendable () -> Bool) {
        self.start = start
        deadline = budget.time.map { start + $0 }
        playoutLimit = budget.playouts ?? .max
        self.shouldStop = shouldStop
    }

    /// Makes the budget count as spent once `share` of it (of the playouts and of the time
    /// alike) is, until ``resume()``.
    mutating func endStage(atShare share: Double) {
        if playoutLimit < .max { stageLimit = Int(Double(playoutLimit) * share) }
        stageDeadline = deadline.map { start + ($0 - start) / (1 / share) }
        check()
    }

    /// Goes on after the end of a stage, to the end of the whole budget.
    mutating func resume() {
        stageLimit = .max
        stageDeadline = nil
        isSpent = false
        check()
    }

    /// Counts a playout and checks the budget; returns whether it is spent.
    @discardableResult
    mutating func countPlayout() -> Bool {
        playouts += 1
        return check()
    }

    /// How many more playouts the budget allows, at `perPlayout` each.
    func remaining(perPlayout: Duration) -> Double {
        let byCount = Double(min(playoutLimit, stageLimit) - playouts)
        guard let deadline = stageDeadline ?? deadline else { return byCount }
        return min(byCount, (deadline - .now) / perPlayout)
    }

    /// Checks the clock and the stop request; returns whether the budget is spent.
    @discardableResult
    mutating func check() -> Bool {
        if !isSpent {
            isSpent =
                playouts >= min(playoutLimit, stageLimit) || shouldStop()
                || (stageDeadline ?? deadline).map { .now >= $0 } ?? false
        }
        return isSpent
    }
}
