import Foundation
import PrisonDesktop
import Testing

@testable import PuzzlePrison

/// The package's `Assets/sounds` folder.
private let soundsDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Assets/sounds")

/// OpenAL has one current context for the whole process, so players are made one at a time.
@Suite(.serialized) struct AudioPlayerTests {
// With an audio device these play (briefly); without one, as on a headless machine, the player
// says so once on standard error and stays silent. Either way nothing may fail.
@Test func thePlayerPlaysEverySoundOrStaysSilent() {
    let player = AudioPlayer(soundsDirectory: soundsDirectory, muted: false)
    for effect in SoundEffect.allCases { player.play(effect, pitch: 1.5) }
    for _ in 0..<(2 * AudioPlayer.voices) { player.play(.land) }  // more sounds than sources
    player.isMuted = true
    player.play(.cleared)
    #expect(player.isMuted)
}

@Test func thePlayerPlaysOnWithoutMissingSounds() {
    let player = AudioPlayer(soundsDirectory: soundsDirectory.appendingPathComponent("missing"), muted: true)
    player.isMuted = false
    player.play(.breakGroup, pitch: 0)
    #expect(!player.isMuted)
}
}
