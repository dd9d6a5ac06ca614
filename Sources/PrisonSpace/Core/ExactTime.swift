/// A length of space time held exactly, as whole microseconds and the attoseconds below one:
/// sums of steps are integer arithmetic, so any split of the same time gives the same sum, and
/// reading it in microseconds takes no 128-bit division (a `Duration`'s takes one).
struct ExactTime: Comparable {
    /// The whole microseconds, at most `Int64.max` (which stands for forever).
    private(set) var microseconds: Int64
    /// The attoseconds below a microsecond, 0 up to 10^12.
    private(set) var attoseconds: Int64

    static let zero = ExactTime(microseconds: 0)
    /// Longer than any time a space reaches.
    static let forever = ExactTime(microseconds: .max)
    private static let attosecondsPerMicrosecond: Int64 = 1_000_000_000_000

    /// `microseconds` exactly.
    init(microseconds: Int64) {
        self.microseconds = microseconds
        attoseconds = 0
    }

    /// `duration` (not negative) exactly, or ``forever`` when it is beyond `Int64.max` microseconds.
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000)
        let (sum, overflowAgain) = whole.addingReportingOverflow(attoseconds / Self.attosecondsPerMicrosecond)
        guard !overflow, !overflowAgain else {
            self = .forever
            return
        }
        microseconds = sum
        self.attoseconds = attoseconds % Self.attosecondsPerMicrosecond
    }

    /// The time as a `Duration`.
    var duration: Duration {
        Duration(
            secondsComponent: microseconds / 1_000_000,
            attosecondsComponent: microseconds % 1_000_000 * Self.attosecondsPerMicrosecond + attoseconds)
    }

    /// The time in microseconds, as a `Double`.
    var inMicroseconds: Double { Double(microseconds) + Double(attoseconds) / Double(Self.attosecondsPerMicrosecond) }

    /// The sum, ``forever`` once it passes `Int64.max` microseconds.
    static func + (left: ExactTime, right: ExactTime) -> ExactTime {
        var sum = left
        sum.attoseconds &+= right.attoseconds
        var carry: Int64 = 0
        if sum.attoseconds >= attosecondsPerMicrosecond {
            sum.attoseconds &-= attosecondsPerMicrosecond
            carry = 1
        }
        // Both sums are of times not negative: one that wraps is past `Int64.max`.
        sum.microseconds = left.microseconds &+ right.microseconds &+ carry
        return sum.microseconds < left.microseconds ? .forever : sum
    }

    static func += (left: inout ExactTime, right: ExactTime) { left = left + right }

    static func < (left: ExactTime, right: ExactTime) -> Bool {
        (left.microseconds, left.attoseconds) < (right.microseconds, right.attoseconds)
    }
}
