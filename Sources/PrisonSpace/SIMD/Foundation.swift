// RealityKit brings Foundation with it, so its code names `TimeInterval` (the seconds of moves and
// playback controllers) and the C maths functions without importing anything else. This module
// brings those names only: all of Foundation would add overloads of every operator to the code
// that imports it, and type-checking its vector literals (`[1.0 / 3, 2.0 / 3, 0]`) can then take
// longer than the compiler allows.
#if canImport(FoundationEssentials)
@_exported import typealias FoundationEssentials.TimeInterval
#else
@_exported import typealias Foundation.TimeInterval
#endif
#if canImport(Glibc)
@_exported import func Glibc.sin
@_exported import func Glibc.cos
@_exported import func Glibc.tan
@_exported import func Glibc.asin
@_exported import func Glibc.acos
@_exported import func Glibc.atan
@_exported import func Glibc.atan2
@_exported import func Glibc.sqrt
@_exported import func Glibc.pow
@_exported import func Glibc.exp
@_exported import func Glibc.log
@_exported import func Glibc.hypot
@_exported import func Glibc.fmod
#elseif canImport(Darwin)
@_exported import func Darwin.sin
@_exported import func Darwin.cos
@_exported import func Darwin.tan
@_exported import func Darwin.asin
@_exported import func Darwin.acos
@_exported import func Darwin.atan
@_exported import func Darwin.atan2
@_exported import func Darwin.sqrt
@_exported import func Darwin.pow
@_exported import func Darwin.exp
@_exported import func Darwin.log
@_exported import func Darwin.hypot
@_exported import func Darwin.fmod
#endif
