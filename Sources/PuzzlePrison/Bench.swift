import CGL
import COpenXR
import Foundation
import PrisonSession
import PrisonSpace
import PrisonFiles
import PrisonRules
import PrisonWorld

/// `--bench-frames N`: frame times of the default room with animations in flight, against a
/// baseline of the same frames with an empty room (the floor and the HUD only), in one run; then
/// three large groups breaking at once in a combo, each frame drawn with and without their pieces.
struct Bench {
    let frames: Int
    /// Whether to draw the frames for a headset's two eyes too.
    let stereo: Bool
    let surface: any Surface
    let launcher: Launcher

    struct Statistics: Encodable {
        let median: Double
        let p95: Double
        let p99: Double
        let mean: Double
        let max: Double

        init(_ samples: [Double]) {
            let sorted = samples.sorted()
            median = sorted[sorted.count / 2]
            p95 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.95))]
            p99 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
            mean = samples.reduce(0, +) / Double(samples.count)
            max = sorted.last ?? 0
        }
    }

    struct Report: Encodable {
        let frames: Int
        let surface: String
        let size: [Int32]
        let blocks: Int
        let taps: Int
        /// Milliseconds from frame to frame, the GL work finished (swap or glFinish).
        let frameMilliseconds: Statistics
        /// Milliseconds of the program's own CPU time a frame outside GL: the world's update,
        /// the block instances and the HUD's layout.
        let cpuOutsideGLMilliseconds: Statistics
        /// The same frames drawing an empty room: the floor, the HUD and the driver's own cost.
        let baselineFrameMilliseconds: Statistics
        /// Median frame time over the baseline's.
        let frameRatioToBaseline: Double
        /// Milliseconds from a tap to the commit of its move in the player's database (the
        /// benchmark's own), which is before the frame that shows the move is drawn.
        let tapToCommitMilliseconds: Statistics
        /// The same frames drawn for a headset's two eyes, when asked for (`--stereo`).
        let stereo: StereoReport?
        /// Three large groups breaking at once in a combo.
        let combo: ComboReport
    }

    /// Frames of three large groups breaking in a combo, each drawn with its pieces and points
    /// and, just before, without them: the pieces' own cost, measured in the same run.
    struct ComboReport: Encodable {
        /// The sizes of the three groups broken, 0.1 s apart, every second.
        let groups: [Int]
        /// The most pieces drawn in a frame.
        let pieces: Int
        /// Milliseconds a frame with the pieces and points, the GL work finished.
        let frameMilliseconds: Statistics
        /// Milliseconds the same frame without them.
        let withoutPiecesFrameMilliseconds: Statistics
        /// Median frame time over the median without pieces.
        let frameRatioToWithoutPieces: Double
        /// Milliseconds of CPU time a frame outside GL: the world's update, the scene (pieces
        /// included), the instances and the HUD's layout.
        let cpuOutsideGLMilliseconds: Statistics
        /// Of which the pieces and points: the breaks read from the game, the pieces' paths and
        /// their instances.
        let piecesCPUMilliseconds: Statistics
    }

    /// Frames of the room drawn for both eyes of a headset, offscreen.
    struct StereoReport: Encodable {
        /// Each eye's size in pixels.
        let eyeSize: [Int32]
        /// Milliseconds from frame to frame, both eyes drawn and finished (glFinish).
        let frameMilliseconds: Statistics
        /// Milliseconds of CPU time a frame outside GL: the world's update, the block instances,
        /// the eyes' matrices.
        let cpuOutsideGLMilliseconds: Statistics
        /// The median frame over the single view's median, in the same run.
        let frameRatioToSingleView: Double
    }

    /// A headset's eye as the benchmark draws it: 1832 x 1920 pixels, what a Quest 2 asks for.
    static let eyeSize = SIMD2<Int32>(1832, 1920)
    /// The benchmark's eyes: 63 mm apart, 1.6 m up, each seeing 100 degrees across, a little
    /// more to its own side, as a headset's do.
    static let eyes: [(offset: Float, fov: XrFovf)] = [
        (-0.0315, XrFovf(angleLeft: -0.96, angleRight: 0.79, angleUp: 0.96, angleDown: -0.96)),
        (0.0315, XrFovf(angleLeft: -0.79, angleRight: 0.96, angleUp: 0.96, angleDown: -0.96)),
    ]

    /// Plays the room's frames (a group tapped every 0.2 s, the head turning) on `session`, each
    /// drawn by what `prepare` makes of its scene and block instances (the making counted as CPU
    /// time, the drawing not); the times.
    private func measureRoom(
        session: Session, frameInput: FrameInput, prepare: (SceneFrame, [Float], [Float]) -> () -> Void
    ) -> (frameTimes: [Double], cpuTimes: [Double], commitTimes: [Double], taps: Int) {
        var frameTimes: [Double] = [], cpuTimes: [Double] = [], commitTimes: [Double] = []
        var generator = SeededGenerator(seed: 7)
        var taps = 0
        for frame in 0..<frames {
            let start = monotonicSeconds()
            let cpuStart = threadCPUSeconds()
            var tapped: Double?
            if frame % 12 == 0 {
                if session.game.isOver { session.perform(.restart) }
                let groups = session.game.availableGroups
                if let group = groups.randomElement(using: &generator), let cell = group.cells.randomElement(using: &generator) {
                    tapped = monotonicSeconds()
                    if session.play(cell) { taps += 1 }
                }
            }
            session.drag(by: [2, 0])
            session.advance(frameInput)
            // The move is kept before its frame is drawn, as in the window.
            _ = launcher.host.serve(session)
            if let tapped { commitTimes.append((monotonicSeconds() - tapped) * 1000) }
            let scene = session.scene()
            let draw = prepare(scene, BlockInstances.packed(scene.blocks), BlockInstances.pieces(scene.pieces))
            cpuTimes.append((threadCPUSeconds() - cpuStart) * 1000)
            draw()
            frameTimes.append((monotonicSeconds() - start) * 1000)
        }
        return (frameTimes, cpuTimes, commitTimes, taps)
    }

    /// The room's frames again from the start of its board, drawn for both eyes at ``eyeSize``,
    /// from a head that turns as the window's camera does.
    private func measureStereo(
        session: Session, frameInput: FrameInput, renderer: Renderer, singleViewMedian: Double
    ) throws(FrontEndError) -> StereoReport {
        let targets = try Self.eyes.map { _ throws(FrontEndError) in try OffscreenFramebuffer(size: Self.eyeSize) }
        session.perform(.restart)
        var yaw: Float = 0
        let times = measureRoom(session: session, frameInput: frameInput) { scene, instances, pieces in
            yaw += 2 * 0.15 * .pi / 180
            let turn = simd_quatf(angle: -yaw, axis: [0, 1, 0])
            let viewpoints = Self.eyes.map { eye in
                let position = SIMD3<Float>(0, 1.6, 0) + turn.act([eye.offset, 0, 0])
                let pose = XrPosef(
                    orientation: XrQuaternionf(x: turn.vector.x, y: turn.vector.y, z: turn.vector.z, w: turn.vector.w),
                    position: XrVector3f(x: position.x, y: position.y, z: position.z))
                return Viewpoint(eye: pose, fov: eye.fov)
            }
            return {
                for (viewpoint, target) in zip(viewpoints, targets) {
                    renderer.draw(scene, from: viewpoint, instances: instances, pieces: pieces, hud: [], into: target.renderTarget)
                }
                glFinish()
            }
        }
        let frame = Statistics(times.frameTimes)
        return StereoReport(
            eyeSize: [Self.eyeSize.x, Self.eyeSize.y], frameMilliseconds: frame, cpuOutsideGLMilliseconds: Statistics(times.cpuTimes),
            frameRatioToSingleView: frame.median / singleViewMedian)
    }

    /// Three large groups of a board of 3 colours broken 0.1 s apart (a combo to x3), again from
    /// the start every second, for ``frames`` frames: each frame drawn without the pieces and
    /// points, then with them.
    private func measureCombo(loop: FrameLoop, frameInput: FrameInput, viewport: SIMD2<Float>) throws(FrontEndError) -> ComboReport {
        let board: Board
        do throws(BoardError) { board = try Board.random(room: .standard, colours: 3, seed: 1) } catch { throw FrontEndError(error.description) }
        let session = launcher.keptSession(of: Game(start: board))
        _ = launcher.host.serve(session)
        var with: [Double] = [], without: [Double] = [], cpu: [Double] = [], piecesCPU: [Double] = []
        var groups: [Int] = [], pieces = 0
        for frame in 0..<frames {
            let cpuStart = threadCPUSeconds()
            let step = frame % 60
            if step == 0 { session.perform(.restart) }
            if step % 6 == 0, step < 18, let group = session.game.availableGroups.max(by: { $0.size < $1.size }) {
                if session.play(group.cells[0]), frame < 60 { groups.append(group.size) }
            }
            session.advance(frameInput)
            _ = launcher.host.serve(session)
            let scene = session.scene()
            let pieceInstances = BlockInstances.pieces(scene.pieces)
            let instances = BlockInstances.packed(scene.blocks)
            let layers = loop.overlay.painter.layers(for: session.hudState, viewport: viewport)
            cpu.append((threadCPUSeconds() - cpuStart) * 1000)
            // The pieces' share of that, worked out again on its own.
            let piecesStart = threadCPUSeconds()
            var again: [ScenePiece] = []
            for (block, age) in session.breaks().blocks { Shatter.pieces(of: block, at: age, reducesMotion: false, into: &again) }
            _ = BlockInstances.pieces(again)
            piecesCPU.append((threadCPUSeconds() - piecesStart) * 1000)
            pieces = max(pieces, scene.pieces.count)
            var withoutBreaks = scene
            withoutBreaks.pieces = []
            withoutBreaks.points = []
            var start = monotonicSeconds()
            loop.renderer.draw(withoutBreaks, from: Viewpoint(of: scene), instances: instances, hud: layers, into: surface.renderTarget)
            surface.present()
            without.append((monotonicSeconds() - start) * 1000)
            start = monotonicSeconds()
            loop.renderer.draw(
                scene, from: Viewpoint(of: scene), instances: instances, pieces: pieceInstances, hud: layers, into: surface.renderTarget)
            surface.present()
            with.append((monotonicSeconds() - start) * 1000)
        }
        let frame = Statistics(with), bare = Statistics(without)
        return ComboReport(
            groups: groups, pieces: pieces, frameMilliseconds: frame, withoutPiecesFrameMilliseconds: bare,
            frameRatioToWithoutPieces: frame.median / bare.median, cpuOutsideGLMilliseconds: Statistics(cpu),
            piecesCPUMilliseconds: Statistics(piecesCPU))
    }

    func run() throws(FrontEndError) {
        let board: Board
        do throws(BoardError) { board = try Board.random(room: .standard, colours: 5, seed: 1) } catch { throw FrontEndError(error.description) }
        let session = launcher.keptSession(of: Game(start: board))
        // What went wrong loading the player's files shows over the benchmark's frames too.
        _ = launcher.host.serve(session)
        let loop = try FrameLoop(session: session, surface: surface, launcher: launcher, script: nil)
        let viewport = SIMD2<Float>(surface.framebufferSize)
        // Every frame a 60th of a second, in the same window.
        let frameInput = loop.frameInput(elapsed: .seconds(1) / 60)

        // The baseline: frames with no blocks.
        var baseline: [Double] = []
        for _ in 0..<frames {
            let start = monotonicSeconds()
            session.advance(frameInput)
            let scene = session.scene()
            loop.renderer.draw(
                scene, from: Viewpoint(of: scene), instances: [], hud: loop.overlay.painter.layers(for: session.hudState, viewport: viewport),
                into: surface.renderTarget)
            surface.present()
            baseline.append((monotonicSeconds() - start) * 1000)
        }

        // The room: a group tapped every 0.2 s (so breaks, falls and slides overlap), the head turning.
        let room = measureRoom(session: session, frameInput: frameInput) { scene, instances, pieces in
            let layers = loop.overlay.painter.layers(for: session.hudState, viewport: viewport)
            return {
                loop.renderer.draw(
                    scene, from: Viewpoint(of: scene), instances: instances, pieces: pieces, hud: layers, into: surface.renderTarget)
                surface.present()
            }
        }
        let frameStatistics = Statistics(room.frameTimes)
        let stereo = try self.stereo ? measureStereo(
                session: session, frameInput: frameInput, renderer: loop.renderer, singleViewMedian: frameStatistics.median) : nil
        let baselineStatistics = Statistics(baseline)
        let combo = try measureCombo(loop: loop, frameInput: frameInput, viewport: viewport)
        let report = Report(
            frames: frames, surface: surface.description, size: [surface.framebufferSize.x, surface.framebufferSize.y],
            blocks: board.blockCount, taps: room.taps, frameMilliseconds: frameStatistics,
            cpuOutsideGLMilliseconds: Statistics(room.cpuTimes), baselineFrameMilliseconds: baselineStatistics,
            frameRatioToBaseline: frameStatistics.median / baselineStatistics.median,
            tapToCommitMilliseconds: Statistics(room.commitTimes.isEmpty ? [0] : room.commitTimes), stereo: stereo, combo: combo)
        let json: Data
        do throws(EncodingError) { json = try jsonData(report) } catch {
            throw FrontEndError("cannot write the figures as JSON: \(error)")
        }
        do throws(FileError) { try writeStandardOutput(json) } catch { throw FrontEndError(error.description) }
    }
}

/// CPU seconds this thread has used.
func threadCPUSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
