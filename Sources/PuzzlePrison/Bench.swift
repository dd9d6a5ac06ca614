import Foundation
import PrisonSession
import PrisonFiles
import PrisonRules
import PrisonWorld

/// `--bench-frames N`: frame times of the default room with animations in flight, against a
/// baseline of the same frames with an empty room (the floor and the HUD only), in one run.
struct Bench {
    let frames: Int
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
    }

    func run() throws(FrontEndError) {
        let board: Board
        do throws(BoardError) { board = try Board.random(room: .standard, colours: 5, seed: 1) } catch { throw FrontEndError(error.description) }
        let session = launcher.keptSession(of: Game(start: board))
        // What went wrong loading the player's files shows over the benchmark's frames too.
        _ = launcher.host.serve(session)
        let loop = try FrameLoop(session: session, surface: surface, launcher: launcher, script: nil)
        let viewport = SIMD2<Float>(surface.framebufferSize)
        let step = Duration.seconds(1) / 60

        // The baseline: frames with no blocks.
        var baseline: [Double] = []
        for _ in 0..<frames {
            let start = monotonicSeconds()
            session.advance(by: step, viewport: viewport)
            let scene = session.scene()
            loop.renderer.draw(
                scene, from: Viewpoint(of: scene), instances: [], hud: loop.painter.layers(for: session.hudState, viewport: viewport),
                into: surface.renderTarget)
            surface.present()
            baseline.append((monotonicSeconds() - start) * 1000)
        }

        // The room: a group tapped every 0.2 s (so breaks, falls and slides overlap), the head turning.
        var frameTimes: [Double] = [], cpuTimes: [Double] = [], commitTimes: [Double] = []
        var generator = SeededGenerator(seed: 7)
        var taps = 0
        for frame in 0..<frames {
            let start = monotonicSeconds()
            let cpuStart = threadCPUSeconds()
            var tapped: Double?
            if frame % 12 == 0 {
                if session.world.game.isOver { session.perform(.restart) }
                let groups = session.world.game.availableGroups
                if let group = groups.randomElement(using: &generator), let cell = group.cells.randomElement(using: &generator) {
                    tapped = monotonicSeconds()
                    if session.play(cell) { taps += 1 }
                }
            }
            session.drag(by: [2, 0])
            session.advance(by: step, viewport: viewport)
            // The move is kept before its frame is drawn, as in the window.
            _ = launcher.host.serve(session)
            if let tapped { commitTimes.append((monotonicSeconds() - tapped) * 1000) }
            let scene = session.scene()
            let instances = BlockInstances.packed(scene.blocks)
            let layers = loop.painter.layers(for: session.hudState, viewport: viewport)
            cpuTimes.append((threadCPUSeconds() - cpuStart) * 1000)
            loop.renderer.draw(scene, from: Viewpoint(of: scene), instances: instances, hud: layers, into: surface.renderTarget)
            surface.present()
            frameTimes.append((monotonicSeconds() - start) * 1000)
        }
        let frameStatistics = Statistics(frameTimes)
        let baselineStatistics = Statistics(baseline)
        let report = Report(
            frames: frames, surface: surface.description, size: [surface.framebufferSize.x, surface.framebufferSize.y],
            blocks: board.blockCount, taps: taps, frameMilliseconds: frameStatistics,
            cpuOutsideGLMilliseconds: Statistics(cpuTimes), baselineFrameMilliseconds: baselineStatistics,
            frameRatioToBaseline: frameStatistics.median / baselineStatistics.median,
            tapToCommitMilliseconds: Statistics(commitTimes.isEmpty ? [0] : commitTimes))
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
