import Foundation
import PrisonRules
import PrisonSpace
import PrisonWorld

/// What the session asks of the window it runs in.
public enum HostRequest: Hashable, Sendable {
    case toggleFullscreen
    /// Save a screenshot of the frame, to `path` or (nil) to a new file in the screenshots folder.
    case screenshot(path: String?)
    case mouseLook(Bool)
    case quit
}

/// What new games are made of, so N knows what to make next: the room, the colours, the rules.
public struct GameOrigin: Hashable, Sendable {
    public var room: Room
    public var colours: Int
    public var rules: Rules

    public init(room: Room, colours: Int, rules: Rules) {
        self.room = room
        self.colours = colours
        self.rules = rules
    }
}

/// Plays the game's sound effects.
public protocol SoundPlayer: AnyObject {
    /// Whether ``play(_:pitch:)`` stays silent.
    var isMuted: Bool { get set }
    /// Plays `effect`, its pitch (and speed) scaled by `pitch`.
    func play(_ effect: SoundEffect, pitch: Float)
}

/// One player's session at the window: the world, where the head looks, what the cursor points
/// at, the HUD's state, sounds and saved files. The window feeds it input and frame time, does
/// what it requests, and draws what it says.
public final class Session {
    public private(set) var world: World
    public private(set) var head: Head
    private let palettes: [Palette]
    public private(set) var paletteIndex = 0
    private let profile: Profile
    private let sound: SoundPlayer
    private let origin: GameOrigin
    private var replay: Replay?
    /// Whether the session keeps the player's records at all (not for a benchmark).
    private let keepsRecords: Bool
    /// Whether the game in progress is saved on quit and its score recorded (not a replay's).
    private var savesGame: Bool
    /// Whether this session plays the player's game in progress, the one kept in the data folder
    /// for next time. A session started from a board, a seed, a room shape or a replay does not:
    /// it never saves over nor removes that game.
    private let keepsProgress: Bool
    /// The game as it was loaded or started: quitting before it changed leaves the saved game be.
    private let initialGame: Game

    private var requests: [HostRequest] = []
    public private(set) var showsHelp = false
    public private(set) var isAskingToQuit = false
    public private(set) var mouseLook = false
    private var heldKeys: Set<Key> = []
    /// The cursor in framebuffer pixels, or nil when outside the window.
    private var cursor: SIMD2<Float>?
    /// The framebuffer's size in pixels, as of the last frame.
    public private(set) var viewport: SIMD2<Float> = [1280, 720]
    private var hover: TapPreview?
    private var hint: (group: Group, until: Double)?
    private var message: (text: String, until: Double)?
    /// Seconds since the session began: pulses and messages run on it.
    public private(set) var elapsed = 0.0
    private var flashUntil = 0.0
    private var ending: (cleared: Bool, score: Int, standing: HUDText.Standing)?
    /// Whether this game's score went into the table: only its first ending counts.
    private var hasRecordedEnding = false

    /// A desktop screen is a window, not a headset: a wider view shows a whole wall at once.
    public static let fieldOfViewInDegrees: Float = 72
    /// Degrees the head turns for each screen point the mouse moves.
    public static let degreesPerPoint: Float = 0.15

    /// A session of `game`; with `replay`, those moves play themselves on its start board.
    /// A session that does not keep records (a benchmark) leaves the player's files alone; one
    /// that does not keep progress records scores but leaves the saved game in progress alone.
    public init(
        game: Game, origin: GameOrigin, replay: [Move]? = nil, palettes: [Palette], profile: Profile,
        sound: SoundPlayer, keepsRecords: Bool = true, keepsProgress: Bool = true
    ) {
        precondition(!palettes.isEmpty, "a session needs a palette")
        self.palettes = palettes
        self.profile = profile
        self.sound = sound
        self.origin = origin
        self.keepsRecords = keepsRecords
        self.keepsProgress = keepsProgress && keepsRecords
        savesGame = replay == nil && keepsRecords
        initialGame = game
        world = World(game: game)
        head = Head(walls: game.start.room.walls)
        if let replay {
            // Untimed moves come further apart than a combo lasts, so they score as on the rules.
            self.replay = Replay(
                moves: replay, startingAt: world.time + .seconds(1),
                untimedPace: game.rules.comboWindow + .milliseconds(300))
        }
        prepareWorld()
    }

    // MARK: Input

    /// Takes the requests made since the last call.
    public func takeRequests() -> [HostRequest] {
        defer { requests.removeAll() }
        return requests
    }

    /// A key went down. While the quit question is asked, Y or Esc quits and any other key stays.
    public func press(_ chord: KeyChord) {
        heldKeys.insert(chord.key)
        if isAskingToQuit {
            if chord.key == .letterY || chord.key == .escape { requests.append(.quit) }
            isAskingToQuit = false
            return
        }
        guard let action = KeyBindings.action(for: chord) else { return }
        perform(action)
    }

    /// A key came up.
    public func release(_ key: Key) { heldKeys.remove(key) }

    /// Every key counts as up: the window lost the keyboard.
    public func releaseAllKeys() { heldKeys.removeAll() }

    /// Does what a key asks for.
    public func perform(_ action: Action) {
        switch action {
        case .undo:
            if replay != nil {
                say("A replay is playing: R plays this board yourself")
            } else if world.undo() != nil {
                ending = nil
            } else {
                say("Nothing to undo")
            }
        case .redo:
            if replay != nil {
                say("A replay is playing: R plays this board yourself")
            } else if world.redo() == nil {
                say("Nothing to redo")
            }
        case .newGame: start(keepingBoard: false)
        case .restart: start(keepingBoard: true)
        case .hint: showHint()
        case .gazeTap: tap(at: viewport / 2)
        case .faceWall(let wall): head.face(wall: wall)
        case .faceNextWall: head.faceWall(steps: 1)
        case .facePreviousWall: head.faceWall(steps: -1)
        case .toggleMouseLook:
            mouseLook.toggle()
            requests.append(.mouseLook(mouseLook))
            say(mouseLook ? "Mouse-look on: the mouse turns your head, a click taps the crosshair (L to stop)" : "Mouse-look off")
        case .toggleHelp: showsHelp.toggle()
        case .toggleFullscreen: requests.append(.toggleFullscreen)
        case .screenshot: requests.append(.screenshot(path: nil))
        case .toggleMute:
            sound.isMuted.toggle()
            say(sound.isMuted ? "Sound off" : "Sound on")
        case .nextPalette:
            paletteIndex = (paletteIndex + 1) % palettes.count
            say("Palette: \(palette.name)")
        case .quit: isAskingToQuit = true
        }
    }

    /// The cursor moved to `point` (framebuffer pixels), or left the window (nil).
    public func moveCursor(to point: SIMD2<Float>?) { cursor = point }

    /// Turns the head by a mouse drag, or mouse-look motion, of `points` (screen points).
    public func drag(by points: SIMD2<Float>) {
        head.turn(yaw: points.x * Self.degreesPerPoint, pitch: -points.y * Self.degreesPerPoint)
    }

    /// A left click at `point` (framebuffer pixels); in mouse-look it taps the crosshair.
    public func click(at point: SIMD2<Float>) {
        tap(at: mouseLook ? viewport / 2 : point)
    }

    /// Looks `yaw` degrees right of wall 0 and `pitch` up, at once.
    public func look(yaw: Float, pitch: Float) {
        head.look(yaw: yaw, pitch: pitch)
        pointCamera()
    }

    /// Shows `text` at the bottom of the window for a few seconds.
    public func announce(_ text: String) { say(text) }

    private func say(_ text: String) { message = (text, elapsed + 3) }

    private func tap(at point: SIMD2<Float>) {
        // A panel in the middle of the window covers the blocks behind it.
        guard !showsHelp, !isAskingToQuit else { return }
        guard replay == nil else { return say("A replay is playing: R plays this board yourself") }
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

    /// A new game of the player's own: a new random board of the same shape, or the same board again.
    private func start(keepingBoard: Bool) {
        let board: Board
        if keepingBoard {
            board = world.game.start
        } else {
            do throws(BoardError) {
                board = try Board.random(room: origin.room, colours: origin.colours, seed: .random(in: .min ... .max))
            } catch {
                return say("Cannot make a board: \(error)")
            }
        }
        replay = nil
        savesGame = keepsRecords
        world = World(game: Game(start: board, rules: origin.rules))
        ending = nil
        hasRecordedEnding = false
        hint = nil
        hover = nil
        say(keepingBoard ? "Restarted this board" : "New game")
        prepareWorld()
    }

    private func prepareWorld() {
        world.camera.fieldOfViewInDegrees = Self.fieldOfViewInDegrees
        pointCamera()
    }

    // MARK: Frames

    /// Advances everything by `deltaTime` seconds of real time, for a `viewport` framebuffer.
    public func advance(by deltaTime: Double, viewport: SIMD2<Float>) {
        self.viewport = viewport
        elapsed += deltaTime
        let rates = Head.turnRates(holding: heldKeys)
        if rates != .zero { head.turn(yaw: rates.x * Float(deltaTime), pitch: rates.y * Float(deltaTime)) }
        head.advance(by: Float(deltaTime))
        for warning in profile.takeWarnings() { say(warning) }
        updateWorld(by: deltaTime)
        pointCamera()
        updateHover()
        if let until = message?.until, until < elapsed { message = nil }
        if let until = hint?.until, until < elapsed { hint = nil }
    }

    /// Moves the world on by `deltaTime`, stopping at the exact time each replayed move is due.
    private func updateWorld(by deltaTime: Double) {
        var remaining = Duration.microseconds(Int64((max(0, deltaTime) * 1_000_000).rounded()))
        while var playing = replay, let due = playing.nextMoveDue, due <= world.time + remaining {
            let step = max(.zero, due - world.time)
            world.advance(by: step).forEach(react)
            remaining -= step
            for move in playing.due(at: world.time) {
                do throws(TapMiss) { try world.play(move.cell) } catch {
                    say("The replay stops: move \(move) cannot be played (\(error))")
                    replay = nil
                    return
                }
            }
            replay = playing.isFinished ? nil : playing
            if playing.isFinished { say("Replay over: R plays this board yourself, N a new one") }
        }
        world.advance(by: remaining).forEach(react)
        if let wall = replay?.upcomingWall, wall != head.facedWall, !head.isTurning { head.face(wall: wall) }
    }

    private func react(to event: WorldEvent) {
        switch event.kind {
        case .groupBroke(_, _, _, let multiplier):
            sound.play(.breakGroup, pitch: min(2, 1 + 0.12 * Float(multiplier - 1)))
        case .multiplierChanged(let from, let to):
            if to > from {
                sound.play(.combo, pitch: min(2, 1 + 0.08 * Float(to - 2)))
                flashUntil = elapsed + 0.6
            }
        case .blocksLanded: sound.play(.land, pitch: 1)
        case .dangerBegan: sound.play(.danger, pitch: 1)
        case .dangerEnded: break
        case .gameEnded(let score):
            sound.play(.gameOver, pitch: 1)
            finish(cleared: false, score: score)
        case .roomCleared(let score):
            sound.play(.cleared, pitch: 1)
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
        ending = (cleared, score, standing)
    }

    private func pointCamera() {
        world.camera.setOrientation(head.orientation, relativeTo: nil)
    }

    private func updateHover() {
        hover = nil
        guard let point = mouseLook ? viewport / 2 : cursor, replay == nil, !showsHelp, !isAskingToQuit,
            let target = world.target(screenPoint: point, viewport: viewport, camera: world.camera)
        else { return }
        hover = world.preview(of: target)
    }

    /// Saves the game in progress for next time, or forgets it once it is over. A game not
    /// played since the start (a screenshot of a new board, say), and a session that does not
    /// keep progress, leave the saved one alone.
    public func saveOnQuit() {
        guard savesGame, keepsProgress, world.game != initialGame else { return }
        if world.game.isOver { profile.removeSavedGame() } else { profile.save(world.game) }
    }

    // MARK: Drawing

    /// The palette the blocks are drawn in.
    public var palette: Palette { palettes[paletteIndex] }

    /// The room as a renderer draws it now.
    public func scene() -> SceneFrame {
        var frame = SceneFrame()
        let camera = world.camera
        frame.viewProjection = camera.projectionMatrix(aspectRatio: viewport.x / max(viewport.y, 1)) * camera.viewMatrix
        frame.eye = camera.position(relativeTo: nil)
        frame.time = Float(elapsed)
        frame.showsSymbols = palette.showsSymbols
        frame.tileSize = world.layout.blockSize
        let hovered = Set(hover?.group.cells ?? [])
        let hinted = Set(hint?.group.cells ?? [])
        // A sliver of gap between neighbours, so every cube reads as one.
        let scale = Matrix4x4(scale: SIMD3(repeating: world.layout.blockSize * 0.97))
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
    public var hudState: HUDState {
        let game = world.game
        return HUDState(
            score: game.score, multiplier: world.multiplier, flashes: elapsed < flashUntil,
            moves: game.availableGroups.count, blocks: game.board.blockCount, best: profile.best(for: game.start.room),
            danger: world.danger.map { HUDText.danger($0, walls: world.layout.walls) },
            hover: hover.map(HUDText.preview), message: message?.text,
            ending: ending.map { HUDText.endPanel(cleared: $0.cleared, score: $0.score, standing: $0.standing) },
            showsHelp: showsHelp, quitQuestion: isAskingToQuit ? HUDText.quitQuestion(savesGame: savesGame && keepsProgress) : nil,
            isReplay: replay != nil, time: Float(elapsed))
    }
}
