/// Session times are whole microseconds, so a time read from text, from JSON or from a clock
/// compares exactly with the combo window.
extension Duration {
    /// The duration in whole microseconds.
    public var sessionMicroseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    }

    /// The duration rounded to the nearest microsecond.
    public var roundedToMicroseconds: Duration {
        let (seconds, attoseconds) = components
        let micro = (attoseconds + 500_000_000_000) / 1_000_000_000_000
        return .seconds(seconds) + .microseconds(micro)
    }

    /// The duration in seconds, as a floating-point number.
    public var sessionSeconds: Double { Double(sessionMicroseconds) / 1_000_000 }

    /// The longest session time the rules read: a billion seconds, some 31 years.
    public static let maximumSessionTime = Duration.seconds(1_000_000_000)

    /// A duration of `seconds`, rounded to the microsecond; nil when negative, NaN or beyond
    /// ``maximumSessionTime``.
    public init?(sessionSeconds seconds: Double) {
        guard seconds.isFinite, seconds >= 0, seconds <= Self.maximumSessionTime.sessionSeconds else { return nil }
        self = .microseconds(Int64((seconds * 1_000_000).rounded()))
    }

    /// Reads a decimal number of seconds such as `1.35`, exactly, to the microsecond.
    /// Nil for anything else (signs, exponents, letters) and beyond ``maximumSessionTime``.
    public init?(secondsText text: some StringProtocol) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty, parts[0].count <= 10,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            parts.count == 1 || !parts[1].isEmpty,
            let whole = Int64(parts[0])
        else { return nil }
        let fraction = parts.count == 2 ? Array(parts[1]) : []
        var micro: Int64 = 0
        for k in 0..<6 { micro = micro * 10 + (k < fraction.count ? Int64(String(fraction[k]))! : 0) }
        if fraction.count > 6, fraction[6] >= "5" { micro += 1 }
        let duration = Duration.seconds(whole) + .microseconds(micro)
        guard duration <= Self.maximumSessionTime else { return nil }
        self = duration
    }

    /// Seconds as short decimal text: `1.35`, `2`, `0.000001`.
    public var secondsText: String {
        let micro = sessionMicroseconds
        let fraction = String(micro % 1_000_000)
        let padded = String(repeating: "0", count: 6 - fraction.count) + fraction
        let trimmed = padded.reversed().drop { $0 == "0" }.reversed()
        return trimmed.isEmpty ? "\(micro / 1_000_000)" : "\(micro / 1_000_000).\(String(trimmed))"
    }
}
