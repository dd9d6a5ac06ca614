import Foundation
import PrisonRules
import PrisonHost
import PrisonSession

/// `swift run SoundMaker DIRECTORY`: synthesises the game's sounds and writes them as WAV files
/// (16-bit mono, 44.1 kHz) into DIRECTORY, `Assets/sounds` in this package. The window plays the
/// files; the synthesiser runs only here, when a sound changes.
@main
enum SoundMaker {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.count == 1, let path = arguments.first, !path.hasPrefix("-") else {
            FileHandle.standardError.write(Data("usage: swift run SoundMaker DIRECTORY (Assets/sounds)\n".utf8))
            exit(64)
        }
        do throws(HostError) { try SoundEffect.writeSoundAssets(to: URL(fileURLWithPath: path, isDirectory: true)) } catch {
            FileHandle.standardError.write(Data("SoundMaker: \(error)\n".utf8))
            exit(1)
        }
    }
}

extension SoundEffect {
    /// The sound as mono 16-bit samples at `sampleRate` samples a second; the same every time.
    static func synthesised(_ effect: SoundEffect, sampleRate: Int = 44_100) -> [Int16] {
        var mix = Mix(seconds: effect.score.seconds, sampleRate: Double(sampleRate))
        effect.score.notes.forEach { mix.add($0) }
        effect.score.noises.forEach { mix.add($0) }
        return mix.samples(peak: effect.score.peak)
    }

    /// Writes every sound's WAV file, at 44.1 kHz, into `directory`, creating it if need be.
    static func writeSoundAssets(to directory: URL) throws(HostError) {
        do { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) } catch {
            throw HostError("\(directory.path): cannot create the directory (\(error.localizedDescription))")
        }
        for effect in allCases {
            let wav = WAV(samples: synthesised(effect), sampleRate: 44_100, channels: 1)
            try writeAtomically(wav.encoded(), to: directory.appendingPathComponent(effect.fileName))
        }
    }

    /// What the synthesiser plays for the effect.
    private var score: Score {
        switch self {
        case .breakGroup:
            // A glassy strike on G6 with inharmonic overtones over a short click of bright noise.
            Score(
                seconds: 0.25, peak: 0.45,
                notes: [
                    Note(start: 0, length: 0.25, key: 91, partials: [(1, 1), (2.76, 0.5), (5.4, 0.25), (8.93, 0.1)],
                         attack: 0.002, decay: 0.07)
                ],
                noises: [Noise(start: 0, length: 0.04, level: 0.5, decay: 0.008, smoothing: 0.2)])
        case .land:
            // A sine falling from 150 Hz to 70 Hz under a puff of dull noise.
            Score(
                seconds: 0.12, peak: 0.5,
                notes: [Note(start: 0, length: 0.12, frequency: 150, glide: 0.47, partials: [(1, 1), (2, 0.2)],
                             attack: 0.004, decay: 0.04)],
                noises: [Noise(start: 0, length: 0.05, level: 0.25, decay: 0.012, smoothing: 0.9)])
        case .combo:
            // C6, E6, G6.
            Score(
                seconds: 0.35, peak: 0.4,
                notes: [84, 88, 91].enumerated().map { index, key in
                    Note(start: 0.08 * Double(index), length: 0.19, key: key, partials: Self.bell,
                         attack: 0.004, decay: 0.09)
                })
        case .danger:
            // Two beeps on A5 with a hollow, clarinet-like timbre.
            Score(
                seconds: 0.5, peak: 0.35,
                notes: [0, 0.26].map { start in
                    Note(start: start, length: 0.22, key: 81, partials: [(1, 1), (3, 0.3), (5, 0.1)],
                         attack: 0.01, decay: 0.5, release: 0.03)
                })
        case .gameOver:
            // G4, E flat 4, then C4 held and sagging a little.
            Score(
                seconds: 1.2, peak: 0.45,
                notes: [
                    Note(start: 0, length: 0.35, key: 67, partials: Self.warm, attack: 0.015, decay: 0.4),
                    Note(start: 0.3, length: 0.35, key: 63, partials: Self.warm, attack: 0.015, decay: 0.4),
                    Note(start: 0.6, length: 0.6, key: 60, glide: 0.97, partials: Self.warm, attack: 0.015,
                         decay: 0.35, release: 0.05),
                ])
        case .cleared:
            // C5, E5, G5 rising fast into a held C major chord with C6 on top.
            Score(
                seconds: 1.5, peak: 0.45,
                notes: [72, 76, 79].enumerated().map { index, key in
                    Note(start: 0.1 * Double(index), length: 0.2, key: key, partials: Self.brass,
                         attack: 0.008, decay: 0.3)
                } + [72, 76, 79, 84].map { key in
                    Note(start: 0.32, length: 1.18, key: key, partials: Self.softBrass, attack: 0.012, decay: 0.6,
                         release: 0.08)
                })
        }
    }

    private static let bell: [(ratio: Double, level: Double)] = [(1, 1), (2, 0.3), (3, 0.1)]
    private static let warm: [(ratio: Double, level: Double)] = [(1, 1), (2, 0.4), (3, 0.2), (4, 0.1)]
    private static let brass: [(ratio: Double, level: Double)] = [(1, 1), (2, 0.5), (3, 0.3), (4, 0.15)]
    /// Brass for a chord of four, so the chord is not much louder than the single notes before it.
    private static let softBrass = brass.map { (ratio: $0.ratio, level: $0.level * 0.4) }
}

/// The notes and noises of one sound, how long it lasts, and the peak level it is scaled to (1 is full scale).
private struct Score {
    var seconds: Double
    var peak: Double
    var notes: [Note]
    var noises: [Noise] = []
}

/// A tone of a few sine partials under an envelope: a linear attack, an exponential decay, and a
/// linear release to silence at the end, so the note neither starts nor stops with a click.
private struct Note {
    var start: Double
    var length: Double
    var frequency: Double
    /// The ratio of the frequency at the end to that at the start; the pitch glides exponentially.
    var glide: Double = 1
    var partials: [(ratio: Double, level: Double)]
    var attack: Double
    /// The time in which the level falls to 1/e.
    var decay: Double
    var release: Double = 0.01
}

extension Note {
    /// A note on the MIDI `key` (69 is A4 at 440 Hz).
    init(
        start: Double, length: Double, key: Int, glide: Double = 1, partials: [(ratio: Double, level: Double)],
        attack: Double, decay: Double, release: Double = 0.01
    ) {
        self.init(
            start: start, length: length, frequency: 440 * pow(2, Double(key - 69) / 12), glide: glide,
            partials: partials, attack: attack, decay: decay, release: release)
    }
}

/// A burst of seeded white noise through a one-pole low-pass filter, decaying exponentially.
private struct Noise {
    var start: Double
    var length: Double
    var level: Double
    var decay: Double
    /// 0 leaves the noise bright; towards 1 it grows dull.
    var smoothing: Double
}

/// A buffer the notes and noises of a sound are summed into.
private struct Mix {
    let sampleRate: Double
    var buffer: [Double]

    init(seconds: Double, sampleRate: Double) {
        self.sampleRate = sampleRate
        buffer = Array(repeating: 0, count: Int((seconds * sampleRate).rounded()))
    }

    /// The sample indices from `start` for `length` seconds that fall inside the buffer.
    private func span(start: Double, length: Double) -> Range<Int> {
        let first = Int((start * sampleRate).rounded())
        return min(first, buffer.count)..<min(first + Int((length * sampleRate).rounded()), buffer.count)
    }

    /// The envelope at `time` seconds into an event of `length`: attack up, decay, release down.
    private func envelope(_ time: Double, length: Double, attack: Double, decay: Double, release: Double) -> Double {
        min(1, time / attack) * exp(-time / decay) * min(1, max(0, length - time) / release)
    }

    mutating func add(_ note: Note) {
        var phase = 0.0
        for index in span(start: note.start, length: note.length) {
            let time = Double(index) / sampleRate - note.start
            let tone = note.partials.reduce(0.0) { $0 + $1.level * sin($1.ratio * phase) }
            buffer[index] += tone * envelope(time, length: note.length, attack: note.attack, decay: note.decay,
                                             release: note.release)
            phase += 2 * .pi * note.frequency * pow(note.glide, time / note.length) / sampleRate
        }
    }

    mutating func add(_ noise: Noise) {
        var generator = SeededGenerator(seed: 0x5EED)
        var filtered = 0.0
        for index in span(start: noise.start, length: noise.length) {
            let time = Double(index) / sampleRate - noise.start
            let white = Double(generator.next() >> 11) / Double(1 << 53) * 2 - 1
            filtered = noise.smoothing * filtered + (1 - noise.smoothing) * white
            buffer[index] += noise.level * filtered
                * envelope(time, length: noise.length, attack: 0.001, decay: noise.decay, release: 0.005)
        }
    }

    /// The mix scaled so its loudest sample is `peak` of full scale, as 16-bit samples.
    func samples(peak: Double) -> [Int16] {
        let loudest = buffer.reduce(0) { max($0, abs($1)) }
        let scale = loudest > 0 ? peak * Double(Int16.max) / loudest : 0
        return buffer.map { Int16(($0 * scale).rounded()) }
    }
}
