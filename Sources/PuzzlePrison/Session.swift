import Foundation
import PrisonDesktop
import PrisonRules
import PrisonSpace
import PrisonWorld

/// What the session asks of the window it runs in.
enum HostRequest: Equatable {
    case toggleFullscreen
    /// Save a screenshot of the next frame, to `path` or (nil) to a new file in the screenshots folder.
    case screenshot(path: String?)
    case mouseLook(Bool)
    case quit
}

/// How a game to play came about, so N and R know what to make next.
struct GameOrigin {
    var room: Room
    var colours: Int
    var rules: Rules
}

/// One player's session at the window: the world, where the head looks, what the cursor points
/// at, the HUD's state, sounds and saved files. The one owner of all of it; the window feeds it
/// input and frame time and draws what it says.
final class Session {
    let resources: Resources
    private(set) var world: World
    private(set) var head: Head
    private let palettes: [Palette]
    private(set) var paletteIndex = 0
    private let profile: Profile
    private let audio: AudioPlayer
    private var origin: GameOrigin
    private var replay: Replay?
    /// Whether the game in progress is saved on quit and its score recorded (not for a replay
    /// or a benchmark).
    private let savesGame: Bool
    /// The game as it was loaded or started: quitting before it changed leaves the saved game be.
    private let initialGame: Game

    private(set) var requests: [HostRequest] = []
    private(set) var showsHelp = false
    private(set) var isConfirmingQuit = false
    private(set) var mouseLook = false
    private var heldKeys: Set<Key> = []
    /// The cursor in framebuffer pixels, or nil when outside the window or in mouse-look.
    private var cursor: SIMD2<Float>?
    private(set) var viewport: SIMD2<Float> = [1280, 720]
    private var hover: (target: TapTarget, preview: TapPreview)?
    private var hint: (group: Group, until: Double)?
    private var message: (text: String, until: Double)?
    /// Seconds since the session began: pulses and messages run on it.
    private(set) var elapsed = 0.0
    private var flashUntil = 0.0
    private var ending: (cleared: Bool, score: Int, standing: HUDText.Standing)?
    private var bestScore: Int?
    /// Whether this game's score went into the table: only its first ending counts.
    private var hasRecordedEnding = false

    init(
        game: Game, origin: GameOrigin, replay: [Move]?, resources: Resources, palettes: [Palette],
        profile: Profile, audio: AudioPlayer, keepsRecords: Bool = true
    ) {
        self.resources = resources
        self.palettes = palettes
        self.profile = profile
        self.audio = audio
        self.origin = origin
        savesGame = replay == nil && keepsRecords
        initialGame = game
        world = World(game: game)
        head = Head(walls: game.start.room.walls)
        Self.widenView(of: world)
        bestScore = profile.best(for: game.start.room)
        if let replay {
            self.replay = Replay(moves: replay, startingAt: world.time + .seconds(1))
        }
        pointCamera()
    }

    // MARK: Input

    /// Takes the requests made since the last call.
    func takeRequests() -> [HostRequest] {
        defer { requests.removeAll() }
        return requests
    }

    /// A key went down.
    func press(_ chord: KeyChord) {
        heldKeys.insert(chord.key)
        if isConfirmingQuit {
            switch chord.key.name {
            case "y", "escape", "enter": requests.append(.quit)
            default: break
            }
            isConfirmingQuit = false
            return
        }
        guard let action = KeyBindings.action(for: chord) else { return }
        perform(action)
    }

    /// A key came up.
    func release(_ key: Key) { heldKeys.remove(key) }

    func perform(_ action: Action) {
        switch action {
        case .undo:
            if replay == nil, world.undo() != nil { ending = nil } else { say("Nothing to undo") }
        case .redo:
            if replay == nil, world.redo() != nil {} else { say("Nothing to redo") }
        case .newGame: start(newGameKeepingBoard: false)
        case .restart: start(newGameKeepingBoard: true)
        case .hint: showHint()
        case .gazeTap: tap(at: viewport / 2)
        case .faceWall(let wall):
            if wall < world.layout.walls { head.face(wall: wall) }
        case .faceNextWall: head.faceWall(steps: 1)
        case .facePreviousWall: head.faceWall(steps: -1)
        case .toggleMouseLook:
            mouseLook.toggle()
            requests.append(.mouseLook(mouseLook))
            say(mouseLook ? "Mouse-look on: the mouse turns your head, click taps the crosshair (L to stop)" : "Mouse-look off")
        case .toggleHelp: showsHelp.toggle()
        case .toggleFullscreen: requests.append(.toggleFullscreen)
        case .screenshot: requests.append(.screenshot(path: nil))
        case .toggleMute:
            audio.isMuted.toggle()
            say(audio.isMuted ? "Sound off" : "Sound on")
        case .nextPalette:
            paletteIndex = (paletteIndex + 1) % palettes.count
            say("Palette: \(palette.name)")
        case .quit: isConfirmingQuit = true
        }
    }

    /// The cursor moved to `point` (framebuffer pixels), or left the window (nil).
    func moveCursor(to point: SIMD2<Float>?) { cursor = mouseLook ? nil : point }

    /// The head turns by a mouse drag or mouse-look motion of `pixels` (screen points).
    func drag(by pixels: SIMD2<Float>) {
        head.turn(yaw: pixels.x * 0.15, pitch: -pixels.y * 0.15)
    }

    /// A left click at `point` (framebuffer pixels); in mouse-look it taps the crosshair.
    func click(at point: SIMD2<Float>) {
        tap(at: mouseLook ? viewport / 2 : point)
    }

    private func tap(at point: SIMD2<Float>) {
        guard replay == nil else { return say("A replay is playing: N starts a game of your own") }
        do throws(TapMiss) {
            try world.tap(screenPoint: point, viewport: viewport, camera: world.camera)
            hint = nil
        } catch {
            if case .loneBlock = error { say("A lone block: tap a group of two or more") }
        }
    }

    private func showHint() {
        guard replay == nil, !world.game.isOver else { return }
        if let group = world.hint(within: .seconds(0.15)) {
            hint = (group, elapsed + 3)
            if let wall = group.cells.first?.wall, wall != head.facedWall { head.face(wall: wall) }
        }
    }

    private func say(_ text: String) { message = (text, elapsed + 3) }

    /// Shows `text` at the bottom of the window for a few seconds.
    func announce(_ text: String) { say(text) }

    /// Looks `yaw` degrees right of wall 0 and `pitch` up, at once.
    func look(yaw: Float, pitch: Float) {
        head.look(yaw: yaw, pitch: pitch)
        pointCamera()
    }

    /// A new game: a new random board of the same shape, or the same board again.
    private func start(newGameKeepingBoard keepBoard: Bool) {
        let board: Board
        if keepBoard {
            board = world.game.start
        } else {
            do throws(BoardError) {
                board = try Board.random(room: origin.room, colours: origin.colours, seed: .random(in: .min ... .max))
            } catch {
                return say("Cannot make a board: \(error)")
            }
        }
        replay = nil
        world = World(game: Game(start: board, rules: origin.rules))
        Self.widenView(of: world)
        ending = nil
        hasRecordedEnding = false
        hint = nil
        hover = nil
        say(keepBoard ? "Restarted this board" : "New game")
        pointCamera()
    }

    // MARK: Frames

    /// Advances everything by `deltaTime` seconds of real time for a `viewport` framebuffer.
    func advance(by deltaTime: Double, viewport: SIMD2<Float>) {
        self.viewport = viewport
        elapsed += deltaTime
        let rates = Head.turnRates(holding: heldKeys)
        if rates != .zero { head.turn(yaw: rates.x * Float(deltaTime), pitch: rates.y * Float(deltaTime)) }
        head.advance(by: Float(deltaTime))
        for warning in profile.takeWarnings() { say(warning) }
        playReplay()
        for event in world.update(deltaTime: deltaTime) { react(to: event) }
        pointCamera()
        updateHover()
        if let until = message?.until, until < elapsed { message = nil }
        if let until = hint?.until, until < elapsed { hint = nil }
    }

    private func playReplay() {
        guard var replay else { return }
        for move in replay.due(at: world.time) {
            do throws(TapMiss) { try world.play(move.cell) } catch {
                say("The replay stops: move \(move) cannot be played (\(error))")
                self.replay = nil
                return
            }
        }
        if let wall = replay.upcomingWall, wall != head.facedWall, !head.isTurning { head.face(wall: wall) }
        self.replay = replay.isFinished ? nil : replay
        if replay.isFinished { say("Replay over: N starts a game of your own") }
    }

    private func react(to event: WorldEvent) {
        switch event.kind {
        case .groupBroke(_, _, _, let multiplier):
            audio.play(.breakGroup, pitch: min(2, 1 + 0.12 * Float(multiplier - 1)))
        case .multiplierChanged(let from, let to):
            if to > from {
                audio.play(.combo, pitch: min(2, 1 + 0.08 * Float(to - 2)))
                flashUntil = elapsed + 0.6
            }
        case .blocksLanded: audio.play(.land)
        case .dangerBegan: audio.play(.danger)
        case .dangerEnded: break
        case .gameEnded(let score):
            audio.play(.gameOver)
            finish(cleared: false, score: score)
        case .roomCleared(let score):
            audio.play(.cleared)
            finish(cleared: true, score: score)
        }
    }

    private func finish(cleared: Bool, score: Int) {
        let game = world.game
        var standing = HUDText.Standing.notRecorded
        if hasRecordedEnding {
            standing = .recordedEarlier
        } else if savesGame {
            hasRecordedEnding = true
            let place = profile.record(score: score, cleared: cleared, moves: game.moves.count, room: game.start.room)
            standing = place.map(HUDText.Standing.placed) ?? .outsideTopTen
        }
        bestScore = profile.best(for: game.start.room)
        ending = (cleared, score, standing)
    }

    /// A desktop screen is a window, not a headset: a wider view shows a whole wall at once.
    private static func widenView(of world: World) {
        world.camera.fieldOfViewInDegrees = 72
    }

    private func pointCamera() {
        world.camera.setOrientation(head.orientation, relativeTo: nil)
    }

    private func updateHover() {
        hover = nil
        guard let cursor = mouseLook ? viewport / 2 : cursor, replay == nil,
            let target = world.target(screenPoint: cursor, viewport: viewport, camera: world.camera),
            let preview = world.preview(of: target)
        else { return }
        hover = (target, preview)
    }

    /// Saves the game in progress for next time, or forgets it once it is over. A game not
    /// played since the start (a screenshot of a new board, say) leaves the saved one alone.
    func saveOnQuit() {
        guard savesGame, world.game != initialGame else { return }
        if world.game.isOver { profile.removeSavedGame() } else { profile.save(world.game) }
    }

    // MARK: Drawing

    var palette: Palette { palettes[paletteIndex] }

    /// The room as the renderer draws it now.
    func scene() -> SceneFrame {
        var frame = SceneFrame()
        let camera = world.camera
        frame.viewProjection = camera.projectionMatrix(aspectRatio: viewport.x / max(viewport.y, 1)) * camera.viewMatrix
        frame.eye = camera.position(relativeTo: nil)
        frame.time = Float(elapsed)
        frame.showsSymbols = palette.showsSymbols
        frame.tileSize = world.layout.blockSize
        let hovered = Set(hover?.preview.group.cells ?? [])
        let hinted = Set(hint?.group.cells ?? [])
        let size = world.layout.blockSize * 0.97
        let scale = Matrix4x4(scale: SIMD3(repeating: size))
        let blocks = world.blocks
        frame.instances.reserveCapacity(blocks.count * BlockInstances.floatsPerInstance)
        let colours = palette.colours
        for block in blocks {
            let colour = block.block.colour
            var state = SIMD4<Float>(0, block.isInDanger ? 1 : 0, 0, 0)
            if let cell = block.cell, block.phase == .resting {
                if hovered.contains(cell) { state.x = 1 }
                if hinted.contains(cell) { state.z = 1 }
            }
            BlockInstances.append(
                model: block.entity.worldMatrix * scale, colour: colours[colour % colours.count], symbol: colour,
                state: state, to: &frame.instances)
        }
        return frame
    }

    /// What the HUD says now.
    var hudState: HUDState {
        let game = world.game
        return HUDState(
            score: game.score, multiplier: world.multiplier, flashes: elapsed < flashUntil,
            moves: game.availableGroups.count, blocks: game.board.blockCount, best: bestScore,
            danger: world.danger.map { HUDText.danger($0, walls: world.layout.walls) },
            hover: hover.map { HUDText.preview($0.preview) }, message: message?.text,
            ending: ending.map { HUDText.endPanel(cleared: $0.cleared, score: $0.score, standing: $0.standing) },
            showsHelp: showsHelp, isConfirmingQuit: isConfirmingQuit, isReplay: replay != nil,
            time: Float(elapsed))
    }
}
