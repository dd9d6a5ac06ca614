import CGL
import COpenXR
import Foundation
import PrisonHost
import PrisonSession
import PrisonSpace
import PrisonWorld

/// `puzzle-prison --xr`: runs a session in a headset, frame by frame as the runtime paces them.
///
/// Time is the runtime's: each frame moves the session on by the step between predicted display
/// times, while the session is FOCUSED (anything else pauses the game clock). A hand's aim
/// points (its group lights up, a beam ends on it), select taps along it and the menu button
/// opens or closes the menu; a select from a hand whose aim is not tracked taps along the gaze.
/// The game is kept move by move by the same host as the window's.
final class HeadsetLoop {
    // The GL objects go before the hidden window that holds their context.
    private let renderer: Renderer
    /// The HUD and the menu, drawn for the panel.
    private let panelPicture: OffscreenFramebuffer
    /// What the panel shows and the session lays out for it: the HUD, the menu and notices.
    private let overlay: Overlay
    private let headset: Headset
    private let session: Session
    private let driver: SessionDriver
    private let launcher: Launcher
    private let context: WindowSurface
    /// Whether to print a line for each input handled and each change it made (tests wait on them).
    private let reportsInput: Bool
    /// Where to write each eye's last picture as a PNG (`PREFIX-left.png`, `PREFIX-right.png`).
    private let eyePictures: String?
    /// The last picture of each eye, read back from its swapchain image, when asked for.
    private var lastPictures: [[UInt8]] = []
    /// The hand that points: the one that last pressed select (0 left, 1 right).
    private var pointingHand = 1
    /// What was last reported, so only changes are.
    private var reported: (hover: String?, menu: Bool?, paused: Bool?, cursor: SIMD2<Int>?)
    /// The state of the runtime's OpenXR session (not the game ``Session``), as the runtime last said.
    private var runtimeState = XR_SESSION_STATE_UNKNOWN
    /// The ray the session was last told to point along.
    private var pointer: Ray?
    /// Where the panel of the HUD and the menu stands, once the head has been seen.
    private var panel: Panel?

    /// The viewport the session lays its HUD and menu out for: a 16:9 panel.
    static let panelSize = SIMD2<Int32>(1280, 720)

    init(
        session: Session, launcher: Launcher, reportsInput: Bool, eyePictures: String?
    ) throws(FrontEndError) {
        // A GLX context on a window no one sees: the headset shows the frames.
        context = try WindowSurface(size: [64, 64], fullscreen: false, vsync: false, visible: false)
        self.session = session
        self.launcher = launcher
        self.reportsInput = reportsInput
        self.eyePictures = eyePictures
        driver = SessionDriver(session: session, host: launcher.host)
        renderer = try Renderer(resources: launcher.resources, scale: 1)
        overlay = Overlay(painter: HUDPainter(text: renderer.text, title: renderer.title, scale: 1))
        panelPicture = try OffscreenFramebuffer(size: Self.panelSize, colourTexture: true)
        headset = try Headset()
        report("runtime \(headset.runtimeName), eyes \(headset.eyes.map { "\($0.size.x)x\($0.size.y)" }.joined(separator: " "))")
    }

    /// Whether each wall's blocks are drawn in a flat colour of their own (``Renderer/flatColours``).
    var flatColours: Bool {
        get { renderer.flatColours }
        set { renderer.flatColours = newValue }
    }

    /// Runs until the runtime ends its OpenXR session, the player quits, or a signal comes; the game in
    /// progress is kept at the end as after every move.
    func run() throws(FrontEndError) {
        defer {
            driver.finish()
            try? writeEyePictures()
        }
        var running = false
        var exitRequested = false
        var lastTime: XrTime?
        frames: while true {
            if QuitSignals.received != nil, !exitRequested {
                // A signal ends the runtime's OpenXR session its way; without one running, at once.
                guard running else { break }
                headset.requestExit()
                exitRequested = true
            }
            while let event = headset.pollEvent() {
                switch event.type {
                case XR_TYPE_EVENT_DATA_SESSION_STATE_CHANGED:
                    runtimeState = withUnsafeBytes(of: event) { $0.load(as: XrEventDataSessionStateChanged.self) }.state
                    report("state \(Self.name(of: runtimeState))")
                    switch runtimeState {
                    case XR_SESSION_STATE_READY:
                        do throws(XRFailure) { try headset.begin() } catch { throw FrontEndError("the headset's session did not start: \(error)") }
                        running = true
                    case XR_SESSION_STATE_STOPPING:
                        headset.end()
                        running = false
                        break frames
                    case XR_SESSION_STATE_EXITING, XR_SESSION_STATE_LOSS_PENDING:
                        break frames
                    default: break
                    }
                case XR_TYPE_EVENT_DATA_INSTANCE_LOSS_PENDING:
                    report("state INSTANCE_LOSS_PENDING")
                    break frames
                default: break
                }
            }
            guard running else {
                // No frames until the runtime says its OpenXR session is ready.
                usleep(10_000)
                continue
            }
            do throws(XRFailure) {
                let frame = try headset.waitFrame()
                // The step between displayed frames, as the window's is between drawn ones.
                let step = lastTime.map { Duration.nanoseconds(min(frame.displayTime - $0, 100_000_000)) } ?? .zero
                lastTime = frame.displayTime
                let focused = runtimeState == XR_SESSION_STATE_FOCUSED
                let gaze = headset.gaze(at: frame.displayTime)
                if let gaze { panel = Self.panel(picture: panelPicture, facing: gaze) }
                if focused { handleInput(at: frame.displayTime, gaze: gaze) }
                let viewport = SIMD2<Float>(Self.panelSize)
                reportClock(paused: !focused)
                let gameStep = focused ? max(step, .zero) : .zero
                let input = overlay.frameInput(for: session, elapsed: gameStep, viewport: viewport, panel: panel?.placement)
                for effect in driver.advance(input) {
                    if case .quit = effect, !exitRequested {
                        headset.requestExit()
                        exitRequested = true
                    }
                }
                let scene = session.scene()
                reportChanges(scene)
                let views = frame.shouldRender ? headset.views(at: frame.displayTime) : []
                if !views.isEmpty {
                    renderer.draw(overlay.layers(for: session, viewport: viewport), into: panelPicture)
                    try draw(scene, views: views)
                }
                try headset.endFrame(at: frame.displayTime, views: views)
            } catch {
                if error.result == XR_ERROR_INSTANCE_LOST || error.result == XR_ERROR_SESSION_LOST {
                    throw FrontEndError(
                        "the OpenXR runtime went away in the middle of the game (it stopped or crashed); every move you saw is kept: start it again and play on")
                }
                throw FrontEndError("the headset stopped taking frames: \(error)")
            }
        }
    }

    /// The panel standing before a head looking along `gaze`, in front of the wall it faces.
    private static func panel(picture: OffscreenFramebuffer, facing gaze: Ray) -> Panel {
        let yaw = atan2(gaze.direction.x, -gaze.direction.z) * 180 / .pi
        return Panel(picture: picture, eye: gaze.origin, turn: RoomLayout.rotation(ofWall: Head.wall(facing: yaw, walls: 4)))
    }

    /// Feeds the hands (or the gaze) to the session: where they point, select and menu presses.
    /// The session says what they meet: while the menu or a notice is up, pointing at the panel
    /// moves its cursor there and select clicks there, as the mouse does in the window.
    private func handleInput(at time: XrTime, gaze: Ray?) {
        let hands = headset.syncHands(at: time)
        if !hands[pointingHand].isActive || hands[pointingHand].aim == nil,
            let other = hands.indices.first(where: { hands[$0].aim != nil })
        {
            pointingHand = other
        }
        pointer = hands[pointingHand].aim ?? gaze
        session.point(along: pointer)
        if case .panel(let point, _) = session.pointerTarget {
            let pixel = SIMD2<Int>(Int(point.x), Int(point.y))
            if pixel != reported.cursor { report("cursor \(pixel.x) \(pixel.y)") }
            reported.cursor = pixel
        }
        for (index, hand) in hands.enumerated() {
            let name = ["left", "right", "gamepad"][index]
            if hand.menuPressed {
                session.perform(.menu)
                report("menu \(name)")
            }
            if hand.selectPressed {
                if hand.aim != nil { pointingHand = index }
                guard let ray = hand.aim ?? gaze else { continue }
                switch session.select(along: ray) {
                case .clickedPanel(let point): report("select \(name) panel \(Int(point.x)) \(Int(point.y))")
                case .tapped(let broke): report("select \(name)\(hand.aim == nil ? " gaze" : "") \(broke ? "broke" : "no break")")
                }
            }
        }
    }

    /// Draws each eye from where the runtime says it is, with the pointer's beam.
    private func draw(_ scene: SceneFrame, views: [Headset.View]) throws(XRFailure) {
        var instances = BlockInstances.packed(scene.blocks)
        if let beam = pointerBeam() { instances += beam }
        let pieces = BlockInstances.pieces(scene.pieces)
        lastPictures = []
        for (eye, view) in zip(headset.eyes, views) {
            let framebuffer = try headset.acquireImage(of: eye)
            let viewpoint = Viewpoint(eye: view.pose, fov: view.fov)
            let target = RenderTarget(framebuffer: framebuffer, size: eye.size)
            renderer.draw(scene, from: viewpoint, instances: instances, pieces: pieces, panel: panel, hud: [], into: target)
            if eyePictures != nil { lastPictures.append(renderer.readPixels(of: target)) }
            try headset.releaseImage(of: eye)
        }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
    }

    /// The pointer's beam, as a block instance: a thin white box from the pointing hand to what
    /// the session says it meets (the panel, a block it lights up), or a little way into the room.
    private func pointerBeam() -> [Float]? {
        guard let ray = pointer, ray.direction != .zero else { return nil }
        let direction = ray.direction / (ray.direction * ray.direction).sum().squareRoot()
        let length: Float =
            switch session.pointerTarget {
            case .panel(_, let distance), .block(_, let distance): distance
            case nil: 3
            }
        return BlockInstances.beam(from: ray.origin, direction: direction, length: length, width: 0.006)
    }

    /// Prints what changed this frame, when asked to: the hovered group, the menu.
    private func reportChanges(_ scene: SceneFrame) {
        guard reportsInput else { return }
        let hovered = scene.blocks.filter(\.isHovered)
        let hover = hovered.isEmpty ? "none" : "wall \(hovered[0].wall) blocks \(hovered.count)"
        if hover != reported.hover { report("hover \(hover)") }
        if session.isMenuOpen != reported.menu { report(session.isMenuOpen ? "menu open" : "menu closed") }
        (reported.hover, reported.menu) = (hover, session.isMenuOpen)
    }

    /// Prints whether the game clock stands or runs, and the session's time, when that changes.
    private func reportClock(paused: Bool) {
        guard paused != reported.paused else { return }
        reported.paused = paused
        report(paused ? "clock paused at \(session.time)" : "clock running at \(session.time)")
    }

    private func report(_ line: String) {
        guard reportsInput else { return }
        // Unbuffered: a test waiting for the line sees it at once.
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    private func writeEyePictures() throws(FrontEndError) {
        guard let eyePictures else { return }
        for (eye, (pixels, name)) in zip(headset.eyes, zip(lastPictures, ["left", "right"])) {
            let data = try pngData(rgba: pixels, width: Int(eye.size.x), height: Int(eye.size.y))
            do throws(HostError) { try writeUserFile(data, toPath: "\(eyePictures)-\(name).png") } catch {
                throw FrontEndError("cannot save the eye's picture: \(error)")
            }
        }
    }

    /// The state's name in the specification, without its prefix.
    private static func name(of state: XrSessionState) -> String {
        switch state {
        case XR_SESSION_STATE_IDLE: "IDLE"
        case XR_SESSION_STATE_READY: "READY"
        case XR_SESSION_STATE_SYNCHRONIZED: "SYNCHRONIZED"
        case XR_SESSION_STATE_VISIBLE: "VISIBLE"
        case XR_SESSION_STATE_FOCUSED: "FOCUSED"
        case XR_SESSION_STATE_STOPPING: "STOPPING"
        case XR_SESSION_STATE_LOSS_PENDING: "LOSS_PENDING"
        case XR_SESSION_STATE_EXITING: "EXITING"
        default: "UNKNOWN"
        }
    }
}
