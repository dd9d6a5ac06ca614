extension Duration {
    /// The duration in seconds, to the attosecond a `Double` holds: for turning rates and pulses.
    var inSeconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }
}
