/// A small, fast, seeded pseudo-random generator (xoshiro256**, seeded through SplitMix64).
///
/// Its sequence depends only on the seed and the stream, never on the machine, the platform or
/// the Swift version, so seeded boards and simulations repeat everywhere.
public struct SeededGenerator: RandomNumberGenerator, Hashable, Sendable {
    private var s0, s1, s2, s3: UInt64

    /// A generator for `seed`; different `stream`s give independent sequences for one seed
    /// (game `i` of a simulation uses stream `i`).
    public init(seed: UInt64, stream: UInt64 = 0) {
        var mix = seed ^ (stream &* 0xD1B5_4A32_D192_ED03)
        func splitMix() -> UInt64 {
            mix &+= 0x9E37_79B9_7F4A_7C15
            var z = mix
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        s0 = splitMix()
        s1 = splitMix()
        s2 = splitMix()
        s3 = splitMix()
    }

    /// The next 64 random bits (xoshiro256**).
    @inline(__always)
    public mutating func next() -> UInt64 {
        let result = ((s1 &* 5) << 7 | (s1 &* 5) >> 57) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = s3 << 45 | s3 >> 19
        return result
    }

    /// A number in `0..<bound`, uniformly, with the same result on every platform
    /// (Lemire's multiply-and-reject method). `bound` must be positive.
    @inline(__always)
    public mutating func below(_ bound: Int) -> Int {
        let range = UInt64(bound)
        var product = next().multipliedFullWidth(by: range)
        if product.low < range {
            let threshold = (0 &- range) % range
            while product.low < threshold { product = next().multipliedFullWidth(by: range) }
        }
        return Int(product.high)
    }
}

extension Board {
    /// A full board of random colours `0..<colours`: the same seed and shape give the same board
    /// on every machine and every run.
    public static func random(room: Room, colours: Int, seed: UInt64) throws(BoardError) -> Board {
        guard (2...maximumColours).contains(colours) else { throw .unsupportedColourCount(colours) }
        var generator = SeededGenerator(seed: seed)
        let columns = (0..<room.walls * room.width).map { _ in
            (0..<room.height).map { _ in generator.below(colours) }
        }
        return try Board(room: room, columns: columns)
    }
}
