import Foundation
import PrisonSession

/// A sound as 16-bit PCM samples, read from and written as a RIFF WAVE file.
public struct WAV: Hashable, Sendable {
    /// The samples; with two channels, left and right interleaved.
    public var samples: [Int16]
    /// Samples a second, per channel.
    public var sampleRate: Int
    /// 1 (mono) or 2 (stereo).
    public var channels: Int

    /// A sound of `samples` at `sampleRate`, with `channels` channels.
    public init(samples: [Int16], sampleRate: Int, channels: Int) {
        self.samples = samples
        self.sampleRate = sampleRate
        self.channels = channels
    }

    /// The sound of the WAV file at `url`.
    public init(contentsOf url: URL) throws(HostError) {
        try self.init(data: readFile(at: url), source: url.path)
    }

    /// Reads a RIFF WAVE file of 16-bit PCM, mono or stereo; `source` names it in error messages.
    ///
    /// Chunks may come in any order; unknown ones are skipped.
    public init(data: Data, source: String) throws(HostError) {
        let bytes = [UInt8](data)
        func fail(_ problem: String) -> HostError { HostError("\(source): \(problem)") }
        guard bytes.count >= 12, bytes.text(at: 0) == "RIFF", bytes.text(at: 8) == "WAVE" else {
            throw fail("not a WAV file (it does not start with a RIFF WAVE header)")
        }
        var format: (tag: Int, channels: Int, sampleRate: Int, bits: Int)?
        var sampleBytes: ArraySlice<UInt8>?
        var offset = 12
        while offset + 8 <= bytes.count {
            let id = bytes.text(at: offset)
            let size = bytes.integer(at: offset + 4, bytes: 4)
            let body = offset + 8
            guard size <= bytes.count - body else {
                throw fail("truncated: the \"\(id)\" chunk claims \(size) bytes but only \(bytes.count - body) follow")
            }
            switch id {
            case "fmt ":
                guard size >= 16 else { throw fail("the fmt chunk is \(size) bytes, too short for a sample format") }
                format = (
                    bytes.integer(at: body, bytes: 2), bytes.integer(at: body + 2, bytes: 2),
                    bytes.integer(at: body + 4, bytes: 4), bytes.integer(at: body + 14, bytes: 2)
                )
            case "data":
                sampleBytes = bytes[body..<(body + size)]
            default:
                break
            }
            offset = body + size + size % 2
        }
        guard let format else { throw fail("no fmt chunk") }
        guard let sampleBytes else { throw fail("no data chunk") }
        guard format.tag == 1, format.bits == 16, (1...2).contains(format.channels), format.sampleRate > 0 else {
            throw fail(
                "unsupported sample format: \(Self.describe(format)); only 16-bit PCM mono or stereo is read")
        }
        guard sampleBytes.count % (2 * format.channels) == 0 else {
            throw fail(
                "truncated: the data chunk's \(sampleBytes.count) bytes are not whole frames "
                    + "of \(format.channels) 16-bit samples")
        }
        samples = stride(from: sampleBytes.startIndex, to: sampleBytes.endIndex, by: 2).map {
            Int16(bitPattern: UInt16(sampleBytes[$0]) | UInt16(sampleBytes[$0 + 1]) << 8)
        }
        sampleRate = format.sampleRate
        channels = format.channels
    }

    /// `8-bit PCM, 1 channel, 22050 Hz`: a sample format as an error message names it.
    private static func describe(_ format: (tag: Int, channels: Int, sampleRate: Int, bits: Int)) -> String {
        let names = [1: "PCM", 2: "Microsoft ADPCM", 3: "IEEE float", 6: "A-law", 7: "µ-law", 0x11: "IMA ADPCM",
                     0x55: "MP3", 0xFFFE: "extensible"]
        let name = names[format.tag].map { "\($0) (format \(format.tag))" } ?? "format \(format.tag)"
        let channels = "\(format.channels) channel\(format.channels == 1 ? "" : "s")"
        return "\(format.bits)-bit \(name), \(channels), \(format.sampleRate) Hz"
    }

    /// The sound as a RIFF WAVE file: a 16-bit PCM `fmt ` chunk and a `data` chunk, little-endian.
    public func encoded() -> Data {
        let dataSize = samples.count * 2
        var bytes: [UInt8] = []
        bytes.reserveCapacity(44 + dataSize)
        func append(_ text: String) { bytes += Array(text.utf8) }
        func append(_ value: Int, bytes count: Int) {
            for index in 0..<count { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * index))) }
        }
        append("RIFF")
        append(36 + dataSize, bytes: 4)
        append("WAVEfmt ")
        append(16, bytes: 4)
        append(1, bytes: 2)  // PCM
        append(channels, bytes: 2)
        append(sampleRate, bytes: 4)
        append(sampleRate * channels * 2, bytes: 4)  // bytes a second
        append(channels * 2, bytes: 2)  // bytes a frame
        append(16, bytes: 2)  // bits a sample
        append("data")
        append(dataSize, bytes: 4)
        for sample in samples { append(Int(sample), bytes: 2) }
        return Data(bytes)
    }
}

extension [UInt8] {
    /// The four bytes at `offset` as text, like a chunk's id.
    fileprivate func text(at offset: Int) -> String {
        String(decoding: self[offset..<(offset + 4)], as: UTF8.self)
    }

    /// The unsigned little-endian integer of `count` bytes at `offset`.
    fileprivate func integer(at offset: Int, bytes count: Int) -> Int {
        (0..<count).reduce(0) { $0 | Int(self[offset + $1]) << (8 * $1) }
    }
}
