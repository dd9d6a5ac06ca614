import Foundation
import PrisonHost
import PrisonSession
import Testing

// MARK: - WAV files

/// `value` as `count` little-endian bytes.
private func littleEndian(_ value: Int, _ count: Int) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
}

/// The body of a `fmt ` chunk.
private func formatChunk(tag: Int = 1, channels: Int = 1, rate: Int = 8000, bits: Int = 16) -> [UInt8] {
    let layout = littleEndian(tag, 2) + littleEndian(channels, 2) + littleEndian(rate, 4)
    return layout + littleEndian(rate * channels * bits / 8, 4) + littleEndian(channels * bits / 8, 2)
        + littleEndian(bits, 2)
}

/// A RIFF WAVE file of `chunks`, each padded to an even length.
private func riff(_ chunks: [(id: String, body: [UInt8])]) -> Data {
    var content: [UInt8] = []
    for chunk in chunks {
        content += Array(chunk.id.utf8) + littleEndian(chunk.body.count, 4) + chunk.body
        if chunk.body.count % 2 == 1 { content.append(0) }
    }
    let header: [UInt8] = Array("RIFF".utf8) + littleEndian(4 + content.count, 4) + Array("WAVE".utf8)
    return Data(header + content)
}

/// The message reading `data` gives, or nil when it reads.
private func wavError(_ data: Data) -> String? {
    do {
        _ = try WAV(data: data, source: "s.wav")
        return nil
    } catch { return error.description }
}

@Test func aWAVIsEncodedAsRIFFPCMLittleEndian() {
    let wav = WAV(samples: [1, -2, 0x1234], sampleRate: 8000, channels: 1)
    var expected: [UInt8] = Array("RIFF".utf8) + [42, 0, 0, 0] + Array("WAVEfmt ".utf8)
    expected += [16, 0, 0, 0, 1, 0, 1, 0, 0x40, 0x1F, 0, 0, 0x80, 0x3E, 0, 0, 2, 0, 16, 0]
    expected += Array("data".utf8) + [6, 0, 0, 0, 1, 0, 0xFE, 0xFF, 0x34, 0x12]
    #expect([UInt8](wav.encoded()) == expected)
}

@Test(arguments: [1, 2])
func wavsComeBackFromTheirEncoding(channels: Int) throws {
    let wav = WAV(samples: [0, 1, -1, .max, .min, 300, -300, 12], sampleRate: 22_050, channels: channels)
    #expect(try WAV(data: wav.encoded(), source: "round trip") == wav)
}

@Test func chunksMayComeInAnyOrderAndUnknownOnesAreSkipped() throws {
    let data = riff([
        ("LIST", [1, 2, 3]),  // odd: padded
        ("data", [5, 0, 0xFB, 0xFF]),
        ("junk", []),
        ("fmt ", formatChunk(channels: 2, rate: 48_000)),
        ("cue ", [9]),
    ])
    let wav = try WAV(data: data, source: "s.wav")
    #expect(wav == WAV(samples: [5, -5], sampleRate: 48_000, channels: 2))
}

@Test func aFormatChunkMayBeLongerThanSixteenBytes() throws {
    let wav = try WAV(data: riff([("fmt ", formatChunk() + [0, 0]), ("data", [7, 0])]), source: "s.wav")
    #expect(wav.samples == [7])
}

@Test func damagedOrUnsupportedWAVsAreRefusedWithTheReason() {
    let header = "s.wav: not a WAV file (it does not start with a RIFF WAVE header)"
    #expect(wavError(Data()) == header)
    #expect(wavError(Data("RIFF\u{4}\0\0\0AVI ".utf8)) == header)
    #expect(wavError(Data("OggS and so on".utf8)) == header)
    #expect(wavError(riff([("data", [0, 0])])) == "s.wav: no fmt chunk")
    #expect(wavError(riff([("fmt ", formatChunk())])) == "s.wav: no data chunk")
    #expect(wavError(riff([("fmt ", [1, 0, 1, 0])])) == "s.wav: the fmt chunk is 4 bytes, too short for a sample format")
    let only = "only 16-bit PCM mono or stereo is read"
    #expect(
        wavError(riff([("fmt ", formatChunk(bits: 8)), ("data", [0, 0])]))
            == "s.wav: unsupported sample format: 8-bit PCM (format 1), 1 channel, 8000 Hz; \(only)")
    #expect(
        wavError(riff([("fmt ", formatChunk(tag: 3, channels: 2, rate: 44_100, bits: 32)), ("data", [0, 0])]))
            == "s.wav: unsupported sample format: 32-bit IEEE float (format 3), 2 channels, 44100 Hz; \(only)")
    #expect(
        wavError(riff([("fmt ", formatChunk(tag: 0x11, bits: 4)), ("data", [0, 0])]))
            == "s.wav: unsupported sample format: 4-bit IMA ADPCM (format 17), 1 channel, 8000 Hz; \(only)")
    #expect(
        wavError(riff([("fmt ", formatChunk(tag: 0x50)), ("data", [0, 0])]))
            == "s.wav: unsupported sample format: 16-bit format 80, 1 channel, 8000 Hz; \(only)")
    #expect(
        wavError(riff([("fmt ", formatChunk(channels: 6)), ("data", [0, 0])]))
            == "s.wav: unsupported sample format: 16-bit PCM (format 1), 6 channels, 8000 Hz; \(only)")
    #expect(
        wavError(riff([("fmt ", formatChunk(channels: 2)), ("data", [0, 0, 1, 0, 2, 0])]))
            == "s.wav: truncated: the data chunk's 6 bytes are not whole frames of 2 16-bit samples")
    let whole = WAV(samples: [1, 2, 3, 4], sampleRate: 8000, channels: 1).encoded()
    #expect(
        wavError(whole.dropLast(3))
            == "s.wav: truncated: the \"data\" chunk claims 8 bytes but only 5 follow")
}

@Test func aWAVFileIsReadFromItsPath() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("a.wav")
    #expect(throws: HostError("\(file.path) does not exist")) { try WAV(contentsOf: file) }
    try Data("RIFF".utf8).write(to: file)
    #expect(throws: HostError("\(file.path): not a WAV file (it does not start with a RIFF WAVE header)")) {
        try WAV(contentsOf: file)
    }
}

// MARK: - The sounds

@Test func soundEffectsNameTheirFiles() {
    #expect(SoundEffect.allCases.map(\.fileName) == [
        "break.wav", "land.wav", "combo.wav", "danger.wav", "game-over.wav", "cleared.wav",
    ])
}
