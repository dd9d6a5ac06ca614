/// The two compressions of USD's binary crate files: LZ4 blocks in OpenUSD's chunked framing,
/// and its integer coding (a common delta, then 8-, 16- or 32-bit deltas, two bits of code each).
/// Every read is checked against the buffer: damaged input throws, never reads out of bounds.
enum CrateDecompression {
    struct Failure: Error {
        var reason: String
    }

    /// The bytes of an LZ4-compressed buffer in OpenUSD's framing: a chunk count (0 for one
    /// chunk filling the rest), then each chunk's size and LZ4 block. `limit` bounds the output.
    static func lz4(_ input: ArraySlice<UInt8>, limit: Int) throws(Failure) -> [UInt8] {
        guard let chunks = input.first else { throw Failure(reason: "an empty compressed buffer") }
        var output: [UInt8] = []
        output.reserveCapacity(min(limit, input.count * 4))
        var position = input.startIndex + 1
        if chunks == 0 {
            try block(input[position...], into: &output, limit: limit)
            return output
        }
        for _ in 0..<chunks {
            guard position + 4 <= input.endIndex else { throw Failure(reason: "a compressed chunk's size is missing") }
            let size = Int(Int32(bitPattern: UInt32(littleEndianBytes: input[position..<position + 4])))
            position += 4
            guard size >= 0, size <= input.endIndex - position else { throw Failure(reason: "a compressed chunk runs past its buffer") }
            try block(input[position..<position + size], into: &output, limit: limit)
            position += size
        }
        return output
    }

    /// Decodes one LZ4 block onto `output`.
    private static func block(_ input: ArraySlice<UInt8>, into output: inout [UInt8], limit: Int) throws(Failure) {
        var i = input.startIndex
        let end = input.endIndex
        let blockStart = output.count
        while i < end {
            let token = input[i]
            i += 1
            let literals = try length(Int(token >> 4), input, &i)
            guard literals <= end - i, output.count + literals <= limit else {
                throw Failure(reason: "LZ4 literals run past the block or the expected size")
            }
            output.append(contentsOf: input[i..<i + literals])
            i += literals
            if i == end { return }
            guard i + 2 <= end else { throw Failure(reason: "an LZ4 match offset is missing") }
            let offset = Int(input[i]) | Int(input[i + 1]) << 8
            i += 2
            let length = try self.length(Int(token & 15), input, &i) + 4
            guard offset > 0, offset <= output.count - blockStart, output.count + length <= limit else { throw Failure(reason: "an LZ4 match reaches outside the output") }
            let start = output.count - offset
            for k in 0..<length { output.append(output[start + k]) }
        }
    }

    /// A literal or match length of `start` (a token's four bits), extended while they are all
    /// ones by the bytes at `i`, 255 meaning more to come.
    private static func length(_ start: Int, _ input: ArraySlice<UInt8>, _ i: inout Int) throws(Failure) -> Int {
        guard start == 15 else { return start }
        var length = start
        while true {
            guard i < input.endIndex else { throw Failure(reason: "an LZ4 length runs past the block") }
            let byte = input[i]
            i += 1
            length += Int(byte)
            if byte != 255 { return length }
        }
    }

    /// `count` integers of OpenUSD's integer coding, `width` bytes each (4 or 8), LZ4-compressed
    /// in `input`.
    static func integers(_ input: ArraySlice<UInt8>, count: Int, width: Int) throws(Failure) -> [Int64] {
        let codeBytes = (count * 2 + 7) / 8
        let decoded = try lz4(input, limit: width + codeBytes + count * width)
        guard decoded.count >= width + codeBytes else { throw Failure(reason: "a coded integer buffer is too short") }
        let common: Int64 =
            width == 4
            ? Int64(Int32(bitPattern: UInt32(littleEndianBytes: decoded[0..<4])))
            : Int64(bitPattern: UInt64(littleEndianBytes: decoded[0..<8]))
        var values = decoded.startIndex + width + codeBytes
        var result: [Int64] = []
        result.reserveCapacity(count)
        var previous: Int64 = 0
        for index in 0..<count {
            let code = (decoded[width + index / 4] >> (2 * (index % 4))) & 3
            let delta: Int64
            switch code {
            case 0: delta = common
            case 1:
                guard values + 1 <= decoded.count else { throw Failure(reason: "coded integers run short") }
                delta = Int64(Int8(bitPattern: decoded[values]))
                values += 1
            case 2:
                guard values + 2 <= decoded.count else { throw Failure(reason: "coded integers run short") }
                delta = Int64(Int16(bitPattern: UInt16(littleEndianBytes: decoded[values..<values + 2])))
                values += 2
            default:
                if width == 4 {
                    guard values + 4 <= decoded.count else { throw Failure(reason: "coded integers run short") }
                    delta = Int64(Int32(bitPattern: UInt32(littleEndianBytes: decoded[values..<values + 4])))
                    values += 4
                } else {
                    guard values + 8 <= decoded.count else { throw Failure(reason: "coded integers run short") }
                    delta = Int64(bitPattern: UInt64(littleEndianBytes: decoded[values..<values + 8]))
                    values += 8
                }
            }
            previous = width == 4 ? Int64(Int32(truncatingIfNeeded: previous &+ delta)) : previous &+ delta
            result.append(previous)
        }
        return result
    }
}

extension FixedWidthInteger {
    /// The integer of the little-endian bytes `bytes` (as many as the type holds).
    init(littleEndianBytes bytes: ArraySlice<UInt8>) {
        var value: Self = 0
        for (shift, byte) in bytes.enumerated() { value |= Self(truncatingIfNeeded: byte) << (8 * shift) }
        self = value
    }
}
