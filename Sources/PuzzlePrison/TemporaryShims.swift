// Stand-ins until the sound and storage work lands from its branch.
import Foundation
import PrisonDesktop
import PrisonRules

enum SoundEffect: String, CaseIterable { case breakGroup = "break", land, combo, danger, gameOver = "game-over", cleared }

final class AudioPlayer {
    var isMuted: Bool
    init(soundsDirectory: URL, muted: Bool) { isMuted = muted }
    func play(_ effect: SoundEffect, pitch: Float = 1) {}
}

final class Profile {
    private var scores: [String: [Int]] = [:]
    func best(for room: Room) -> Int? { scores["\(room)"]?.max() }
    func record(score: Int, cleared: Bool, moves: Int, room: Room) -> Int? {
        var list = scores["\(room)", default: []]
        list.append(score)
        list.sort(by: >)
        scores["\(room)"] = Array(list.prefix(10))
        return list.firstIndex(of: score).map { $0 + 1 }.flatMap { $0 <= 10 ? $0 : nil }
    }
    func save(_ game: Game) {}
    func removeSavedGame() {}
    func savedGame() -> Game? { nil }
}

struct Palette {
    let name: String
    let colours: [SIMD3<Float>]
    let showsSymbols: Bool
    static func palettes(at url: URL) throws(AssetError) -> [Palette] {
        [Palette(name: "Classic", colours: [[0.9, 0.2, 0.2], [0.2, 0.7, 0.3], [0.2, 0.4, 0.9], [0.95, 0.8, 0.2], [0.7, 0.3, 0.8], [0.2, 0.8, 0.8], [0.95, 0.5, 0.1], [0.9, 0.9, 0.9], [0.5, 0.3, 0.2], [0.9, 0.5, 0.7]], showsSymbols: false),
         Palette(name: "Symbols", colours: [[0.9, 0.6, 0.0], [0.35, 0.7, 0.9], [0.0, 0.6, 0.5], [0.95, 0.9, 0.25], [0.0, 0.45, 0.7], [0.8, 0.4, 0.0], [0.8, 0.6, 0.7], [0.9, 0.9, 0.9], [0.4, 0.4, 0.4], [0.6, 0.3, 0.5]], showsSymbols: true)]
    }
}
extension SoundEffect { static func writeSoundAssets(to directory: URL) throws(AssetError) {} }
func writeAtomically(_ data: Data, to url: URL) throws(AssetError) {
    do { try data.write(to: url, options: .atomic) } catch { throw AssetError("cannot write \(url.path): \(error.localizedDescription)") }
}
extension Profile { func newScreenshotPath() -> String { "/tmp/shot.png" } }
