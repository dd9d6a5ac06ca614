// Seconds as RealityKit's moves and playback controllers count them, as a `Double`: Foundation's
// `TimeInterval`, which RealityKit code names without importing Foundation itself.
#if canImport(FoundationEssentials)
@_exported import typealias FoundationEssentials.TimeInterval
#else
@_exported import typealias Foundation.TimeInterval
#endif
