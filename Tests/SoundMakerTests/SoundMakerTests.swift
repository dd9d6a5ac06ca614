@testable import SoundMaker
import Foundation
import PrisonHost
import PrisonSession
import Testing

// The synthesiser of the game's sounds, and the files it ships.

/// The package's Assets folder.
private let assetsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Assets")

/// A new empty directory of its own under the system's temporary directory.
private func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("sound-maker-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

private let lengths: [SoundEffect: Double] = [
    .breakGroup: 0.25, .land: 0.12, .combo: 0.35, .danger: 0.5, .gameOver: 1.2, .cleared: 1.5,
]

@Test(arguments: SoundEffect.allCases)
func synthesisedSoundsAreShortCleanAndTheSameEachTime(effect: SoundEffect) throws {
    let samples = SoundEffect.synthesised(effect)
    let seconds = try #require(lengths[effect])
    #expect(samples.count == Int((seconds * 44_100).rounded()))
    #expect(SoundEffect.synthesised(effect) == samples)
    #expect(SoundEffect.synthesised(effect, sampleRate: 22_050).count == Int((seconds * 22_050).rounded()))
    // Loud enough to hear, well below clipping.
    let peak = samples.map { abs(Int($0)) }.max() ?? 0
    #expect((9_000...20_000).contains(peak))
    // Starts and ends in silence: no click.
    #expect(samples.first == 0)
    #expect(samples.suffix(4).allSatisfy { abs(Int($0)) < 100 })
    // Not silent anywhere for long in its first half, where the sound is.
    let firstHalf = samples.prefix(samples.count / 2)
    #expect(firstHalf.map { abs(Int($0)) }.reduce(0, +) / firstHalf.count > 500)
}

@Test func theSoundsDiffer() {
    let sounds = SoundEffect.allCases.map { SoundEffect.synthesised($0) }
    #expect(Set(sounds).count == sounds.count)
}

@Test(arguments: SoundEffect.allCases)
func theShippedSoundFilesAreWhatTheSynthesiserMakes(effect: SoundEffect) throws {
    let wav = try WAV(contentsOf: assetsDirectory.appendingPathComponent("sounds").appendingPathComponent(effect.fileName))
    #expect(wav.sampleRate == 44_100)
    #expect(wav.channels == 1)
    #expect(wav.samples == SoundEffect.synthesised(effect), "run `swift run SoundMaker Assets/sounds` to remake them")
}

@Test func soundAssetsAreWrittenIntoANewDirectory() throws {
    let root = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let directory = root.appendingPathComponent("assets/sounds")
    try SoundEffect.writeSoundAssets(to: directory)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == SoundEffect.allCases.map(\.fileName).sorted())
    for effect in SoundEffect.allCases {
        let wav = try WAV(contentsOf: directory.appendingPathComponent(effect.fileName))
        #expect(wav == WAV(samples: SoundEffect.synthesised(effect), sampleRate: 44_100, channels: 1))
    }
    let blocked = root.appendingPathComponent("file")
    try Data().write(to: blocked)
    let error = #expect(throws: HostError.self) { try SoundEffect.writeSoundAssets(to: blocked) }
    #expect(error?.description.hasPrefix("\(blocked.path): cannot create the directory") == true)
}

