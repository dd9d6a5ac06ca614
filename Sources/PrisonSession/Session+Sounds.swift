import PrisonRules
import PrisonWorld

// The sounds the world's events make, and what else follows them: the tutorial, the flash of a
// combo, the ending.
extension Session {
    /// Plays `sound` at `pitch`, unless the sound is off.
    func playSound(_ sound: SoundEffect, pitch: Float = 1) {
        if hasSound, !isMuted { effects.append(.sound(sound, pitch: pitch)) }
    }

    /// Plays what `event` sounds like, and does what else follows it.
    func react(to event: WorldEvent) {
        // What happens in the tutorial's world moves it on.
        tutorialRun?.tutorial.observe(event.kind)
        switch event.kind {
        case .groupBroke(_, _, _, let multiplier):
            playSound(.breakGroup, pitch: min(2, 1 + 0.12 * Float(multiplier - 1)))
        case .multiplierChanged(let from, let to):
            if to > from {
                playSound(.combo, pitch: min(2, 1 + 0.08 * Float(to - 2)))
                flashUntil = time + .milliseconds(600)
            }
        case .blocksLanded: playSound(.land)
        case .dangerBegan: playSound(.danger)
        case .dangerEnded: break
        case .gameEnded, .roomCleared:
            // The ending was recorded when its move was played; the panel and sound come once.
            if showEnding() { playSound(world.game.isCleared ? .cleared : .gameOver) }
        }
    }
}
