import Foundation
import PrisonHost
import PrisonSession
import PrisonRules

/// Seconds on a monotonic clock.
func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// Runs a session on a surface frame by frame: input, script steps, time, effects, drawing.
final class FrameLoop {
    // The renderer's GL objects go before the surface that holds their context.
    let renderer: Renderer
    /// The HUD, the menu and notices, at the window's scale.
    private(set) var overlay: Overlay
    let session: Session
    let surface: any Surface
    private let launcher: Launcher
    private let driver: SessionDriver
    private var script: ScriptPlayer?
    /// Screenshots to take of the frame being drawn.
    private var pendingShots: [String?] = []

    init(session: Session, surface: any Surface, launcher: Launcher, script: ScriptPlayer?) throws(FrontEndError) {
        self.session = session
        self.surface = surface
        self.launcher = launcher
        driver = SessionDriver(session: session, host: launcher.host)
        self.script = script
        let scale = HUDPainter.scale(contentScale: surface.contentScale, framebuffer: SIMD2<Float>(surface.framebufferSize))
        renderer = try Renderer(resources: launcher.resources, scale: scale)
        overlay = Overlay(painter: HUDPainter(text: renderer.text, title: renderer.title, scale: scale))
        session.takeHUDBands(overlay.bands(for: session, viewport: viewport))
        (surface as? WindowSurface)?.session = session
    }

    /// What the session is given for a frame `elapsed` after the last, drawn in this window.
    func frameInput(elapsed: Duration) -> FrameInput {
        overlay.frameInput(for: session, elapsed: elapsed, viewport: viewport)
    }

    /// Runs until the window closes or the script quits; with `screenshot`, draws one frame (after
    /// any script), saves it there and stops.
    func run(screenshot: String?) throws(FrontEndError) {
        // Offscreen there is no real time to wait for: steps are a 60th of a second.
        let fixedStep: Double? = surface is OffscreenSurface ? 1.0 / 60 : nil
        var last = monotonicSeconds()
        var deltaTime = 0.0
        var idle = IdleWatch()
        defer { driver.finish() }
        while !surface.shouldClose, QuitSignals.received == nil {
            surface.pollEvents()
            if surface.framebufferSize.x == 0 || surface.framebufferSize.y == 0 {
                // Minimised: nothing to draw, so wait for the window to come back.
                surface.waitForEvents(seconds: 0.1)
                continue
            }
            let scale = HUDPainter.scale(contentScale: surface.contentScale, framebuffer: viewport)
            if scale != overlay.painter.scale {
                // The window grew or shrank, or moved to a screen of another scale: text follows.
                try renderer.setScale(scale)
                overlay = Overlay(painter: HUDPainter(text: renderer.text, title: renderer.title, scale: scale))
            }
            let now = monotonicSeconds()
            // After an idle wait nothing moved, so the whole wait counts (messages time out).
            deltaTime = fixedStep ?? min(now - last, idle.isWaiting ? 1 : 0.1)
            last = now
            // The frame as it stands before this frame's script steps: the session reads no clock
            // of its own, and the date dates the endings of games.
            let frame = frameInput(elapsed: .seconds(deltaTime))
            // Script steps before the frame's time moves on are framed within them too.
            session.takeHUDBands(frame.hudBands)
            if var player = script {
                let steps = player.advance(by: .seconds(deltaTime))
                script = player
                for step in steps { try perform(step, in: frame) }
                if player.isFinished { script = nil }
            }
            handle(driver.advance(frame))
            let scene = session.scene(), hud = session.hudState
            let menu = overlay.menu.layers(for: session, viewport: viewport)
            if surface is WindowSurface, script == nil, screenshot == nil, pendingShots.isEmpty,
                let wait = idle.wait(scene: scene, hud: hud, overlay: menu.map(\.1), viewport: viewport, scale: overlay.painter.scale)
            {
                // Nothing on screen would change: wait for input (or a pulse's next step). A hint
                // being searched for, or a board being built, is looked for again each pulse
                // step, so it shows when ready.
                surface.waitForEvents(seconds: launcher.host.isWorking ? min(wait, Double(1 / IdleWatch.pulseRate)) : wait)
                continue
            }
            draw(scene, hud: hud, menu: menu)
            try takeScreenshots()
            surface.present()
            if let screenshot, script == nil {
                try save(renderedTo: screenshot, drawingFirst: true)
                return
            }
        }
    }

    private var viewport: SIMD2<Float> { SIMD2<Float>(surface.framebufferSize) }

    /// Draws `scene`, `hud` and `menu` (the menu and notices), each what the session shows now
    /// when not given.
    private func draw(_ scene: SceneFrame? = nil, hud: HUDState? = nil, menu: [(Font, HUDBatch)]? = nil) {
        let layers = overlay.layers(for: session, viewport: viewport, hud: hud, menu: menu)
        let scene = scene ?? session.scene()
        renderer.draw(
            scene, from: Viewpoint(of: scene), instances: BlockInstances.packed(scene.blocks), pieces: BlockInstances.pieces(scene.pieces),
            hud: layers, into: surface.renderTarget)
    }

    /// Does a script's `step` in `frame` (before the frame's time has moved on).
    private func perform(_ step: ScriptStep, in frame: FrameInput) throws(FrontEndError) {
        switch step {
        case .wait: break
        case .look(let yaw, let pitch): session.look(yaw: yaw, pitch: pitch)
        case .face(let wall): session.perform(.faceWall(wall))
        case .click(let x, let y):
            let point = SIMD2(x, y) * surface.pixelsPerPoint
            session.moveCursor(to: point)
            session.click(at: point)
        case .key(let chord):
            session.press(chord)
            session.release(chord.key)
        case .screenshot(let path):
            // What the script has done so far, before the steps after it in this frame.
            var now = frame
            now.elapsed = .zero
            session.advance(now)
            try save(renderedTo: path, drawingFirst: true)
        case .state(let path):
            try write(SavedGame(session.game).encoded(), to: path, what: "the game")
        case .quit: surface.close()
        }
    }

    /// Does what only the window can (the host did the rest).
    private func handle(_ effects: [WindowEffect]) {
        for effect in effects {
            switch effect {
            case .toggleFullscreen: surface.toggleFullscreen()
            case .screenshot(let path): pendingShots.append(path)
            case .mouseLook(let on): surface.setMouseLook(on)
            case .quit: surface.close()
            }
        }
    }

    private func takeScreenshots() throws(FrontEndError) {
        guard !pendingShots.isEmpty else { return }
        let shots = pendingShots
        pendingShots.removeAll()
        for path in shots {
            let target = path ?? launcher.profile.newScreenshotPath()
            do throws(FrontEndError) {
                try save(renderedTo: target, drawingFirst: false)
                // The name says which; the folder is always the data folder's screenshots/.
                if path == nil { session.announce("Screenshot saved: screenshots/\(URL(fileURLWithPath: target).lastPathComponent)") }
            } catch {
                // A screenshot the player asked for failing is news, not the end of the game.
                if path == nil { session.announce("Screenshot failed: \(error)") } else { throw error }
            }
        }
    }

    /// Saves what the framebuffer holds (drawing the frame first when asked) as a PNG at `path`.
    private func save(renderedTo path: String, drawingFirst: Bool) throws(FrontEndError) {
        if drawingFirst { draw() }
        let size = surface.framebufferSize
        let pixels = renderer.readPixels(of: surface.renderTarget)
        try write(try pngData(rgba: pixels, width: Int(size.x), height: Int(size.y)), to: path, what: "the screenshot")
    }

    private func write(_ data: Data, to path: String, what: String) throws(FrontEndError) {
        do throws(HostError) { try writeUserFile(data, toPath: path) } catch {
            throw FrontEndError("cannot save \(what): \(error)")
        }
    }
}
