import Foundation
import PrisonHost
import PrisonRules
import PrisonSession
import PrisonSpace
import PrisonWorld
import Testing

/// Records what a session plays instead of playing it.
package final class RecordingSound: SoundPlayer {
    package private(set) var played: [(effect: SoundEffect, pitch: Float)] = []
    package func play(_ effect: SoundEffect, pitch: Float) { played.append((effect, pitch)) }
}

/// A session of `board` (or `game`) with the shipped palettes and a recording sound player, its
/// viewport 1280 x 720. Given a `folder`, a desktop host serves it with the player's files kept
/// there; without one, nothing is kept: the fixture plays sounds into the recorder, answers hints
/// and boards on this thread, and collects what would be kept in ``kept``. Effects are served
/// (``serve()``) after each step the fixture takes and whenever a test asks.
package final class Fixture {
    package let session: Session
    package let sound = RecordingSound()
    /// The data and configuration folders' parent, when files are kept.
    package let folder: URL!
    package let profile: Profile!
    package let host: DesktopHost?
    /// The effects about the player's records, in order, when no files are kept.
    package private(set) var kept: [Effect] = []
    /// The date every frame gives the session.
    package let date: Date

    package static let palettes: [Palette] = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Assets/palettes.json")
        return (try? Palette.palettes(at: file)) ?? []
    }()

    package init(
        game: Game, origin: GameOrigin? = nil, replay: [Move]? = nil, folder: URL? = nil, keepsProgress: Bool = true,
        sound output: SoundOutput = SoundOutput(isAvailable: true), about: About = About()
    ) throws {
        self.folder = folder
        date = Date(timeIntervalSince1970: 1_800_000_000)
        let profile = try folder.map { try Profile(environment: Self.environment($0)) }
        self.profile = profile
        host = if let profile { DesktopHost(profile: profile, sound: sound) } else { nil }
        session = Session(
            game: game, origin: origin ?? GameOrigin(room: game.start.room, colours: 2, rules: game.rules), replay: replay,
            palettes: Self.palettes, records: profile?.loadedRecords ?? PlayerRecords(), sound: output, seed: 1,
            date: date, about: about, keepsProgress: keepsProgress)
        advance(by: .zero)
    }

    /// A session of the game a plain start chooses in `folder` (the game in progress, or a new
    /// one: on a first start, the tutorial first).
    package init(startingIn folder: URL) throws {
        self.folder = folder
        date = Date()
        let profile = try Profile(environment: Self.environment(folder))
        self.profile = profile
        host = DesktopHost(profile: profile, sound: sound)
        session = Session(
            try ChosenGame(GameRequest(), profile: profile, seed: 1), palettes: Self.palettes, records: profile.loadedRecords,
            sound: SoundOutput(isAvailable: true), seed: 1, date: date)
        advance(by: .zero)
    }

    /// Advances the session by `duration` and serves what it asked.
    package func advance(by duration: Duration) {
        session.advance(FrameInput(elapsed: duration, viewport: [1280, 720], date: date))
        serve()
    }

    /// Does what the session asked for (files, sounds, hints, boards); the effects only a window
    /// can do.
    @discardableResult
    package func serve() -> [WindowEffect] {
        if let host { return host.serve(session) }
        var window: [WindowEffect] = []
        var effects = session.takeEffects()
        while !effects.isEmpty {
            for effect in effects {
                switch effect {
                case .sound(let effect, let pitch): sound.play(effect, pitch: pitch)
                case .work(.searchHint(let query)): session.hintFound(query.search(), for: query)
                case .work(.buildBoard(let order)): session.boardBuilt(order.build(), for: order)
                case .window(let effect): window.append(effect)
                case .keep, .keepSettings, .work(.cancelBoard): kept.append(effect)
                }
            }
            effects = session.takeEffects()
        }
        return window
    }

    /// Keeps the game as quitting does (the host keeps what changed at every serve).
    package func saveOnQuit() {
        serve()
    }

    /// Waits for the hint or board being worked on, and hands it to the session.
    package func waitForWork() {
        serve()
        let deadline = ContinuousClock.now + .seconds(120)
        while host?.isWorking == true, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.005)
            serve()
        }
    }

    package convenience init(
        columns: [[Int]], walls: Int = 1, width: Int, height: Int, folder: URL? = nil, keepsProgress: Bool = true,
        sound: SoundOutput = SoundOutput(isAvailable: true)
    ) throws {
        try self.init(
            game: Game(start: Board(room: Room(walls: walls, width: width, height: height), columns: columns)), folder: folder,
            keepsProgress: keepsProgress, sound: sound)
    }

    /// The data and configuration folders inside `folder`.
    package static func environment(_ folder: URL) -> [String: String] {
        ["XDG_DATA_HOME": folder.path, "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path]
    }

    /// Turns the head to look straight at the block in `cell`. The camera orbits the room's
    /// centre as the head turns, so the look is aimed again from where it stands until it holds.
    package func look(at cell: Cell) {
        guard let ray = session.world.ray(toward: cell) else {
            Issue.record("no block in \(cell)")
            return
        }
        for _ in 0..<12 {
            let toward = ray.origin + ray.direction - session.world.camera.position(relativeTo: nil)
            let d = toward / (toward * toward).sum().squareRoot()
            session.look(yaw: atan2(d.x, -d.z) * 180 / .pi, pitch: asin(d.y) * 180 / .pi)
        }
    }

    /// Turns the head to the block in `cell` and taps it with the crosshair, as a headset does.
    package func gazeTap(_ cell: Cell) {
        look(at: cell)
        session.perform(.gazeTap)
    }

    /// Lets `seconds` pass in frames of `step` seconds.
    package func wait(_ seconds: Double, step: Double = 1.0 / 60) {
        var left = seconds
        while left > 0 {
            advance(by: .seconds(min(step, left)))
            left -= step
        }
    }

    /// Which of the shipped palettes the blocks are drawn in, as the scene shows them: nil when
    /// none (or more than one) draws every block in its colour.
    package var drawnPalette: Int? {
        let blocks = session.scene().blocks
        let matching = Self.palettes.indices.filter { index in
            let colours = Self.palettes[index].colours
            return blocks.allSatisfy { $0.colour == colours[$0.symbol % colours.count] }
        }
        return matching.count == 1 ? matching[0] : nil
    }

    /// The vertical field of view the scene is drawn with, in degrees, while the head faces wall
    /// 0 level (the view turns nothing then, so the projection's scale of y is the view's).
    package var drawnFieldOfView: Float {
        2 * atan(1 / session.scene().viewProjection.columns.1.y) * 180 / .pi
    }

    /// Whether a group broken now sounds: taps a lone pair's first block by gaze and lets it
    /// break, then says whether a break was heard.
    package func breakSounds(_ cell: Cell) -> Bool {
        let heard = sound.played.count
        gazeTap(cell)
        wait(0.1)
        return sound.played.dropFirst(heard).contains { $0.effect == .breakGroup }
    }

    /// The wall straight ahead, as the compass shows it: the wall whose bearing is nearest 0.
    package var facedWall: Int? {
        guard let compass = session.hudState.compass else { return nil }
        return (0..<compass.walls).min { abs(compass.bearing(ofWall: $0)) < abs(compass.bearing(ofWall: $1)) }
    }

    /// The best scores kept on disk.
    package func scoresOnDisk(for room: Room) throws -> [ScoreEntry] {
        try Profile(environment: Self.environment(folder)).loadedRecords.scores.entries(for: room)
    }
}
