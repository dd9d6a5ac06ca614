import Foundation
import PrisonSpace
import SwiftUI

/// Boxes in a row ahead of the eyes, each an input target, with a drag that moves what it
/// targets to the hand: an immersive view as an app writes one, for the bench.
private struct BenchDragView: View {
    let boxes: Int

    var body: some View {
        RealityView { content in
            for index in 0..<boxes {
                let box = Entity(name: "box \(index)", collision: CollisionComponent(shapes: [.generateBox(size: [0.2, 0.2, 0.2])]))
                box.position = [Float(index % 10) * 0.3 - 1.35, 1 + Float(index / 10) * 0.3, -2]
                box.components.set(InputTargetComponent())
                content.add(box)
            }
        }
        .gesture(DragGesture().targetedToAnyEntity().onChanged { value in
            value.entity.position = value.convert(value.location3D, from: .local, to: value.entity.parent!)
        })
    }
}

extension EngineBench {
    /// The cost of a gesture a frame, beside a frame without one.
    struct GestureFigures: Encodable {
        let boxes: Int
        /// A frame of a drag performed by the harness: the frame's update, the gesture's value and
        /// its handler, and the view's state checked.
        let dragMicrosecondsPerFrame: Double
        /// A frame of the same view with no gesture under way.
        let frameMicroseconds: Double
    }

    /// Measures a frame of a drag in a presented view of 100 boxes against a frame of the same
    /// view without one. The harness is the main actor's, and presenting waits: the main run
    /// loop turns until the measurement, started as a task, is done.
    @MainActor func measureGestures() -> GestureFigures {
        final class Outcome { var figures: GestureFigures? }
        let outcome = Outcome()
        let boxes = 100, frames = 90
        Task { @MainActor in
            do {
                let space = try await RealityViewHarness.present(BenchDragView(boxes: boxes))
                guard let box = space.findEntity(named: "box 55") else { preconditionFailure("the bench's view has its boxes") }
                var failure: (any Error)?
                var forward = true
                let drags = repeatFor(seconds: seconds, rounds: playouts) { _ in
                    do {
                        try space.perform(.drag(to: forward ? [0.3, 2.5, -1.5] : [0.15, 2.5, -2], frames: frames), at: box)
                    } catch {
                        failure = error
                    }
                    forward.toggle()
                }
                if let failure { throw failure }
                let plain = repeatFor(seconds: seconds, rounds: playouts.map { $0 * frames }) { _ in space.advance(by: .seconds(1) / 90) }
                outcome.figures = GestureFigures(
                    boxes: boxes, dragMicrosecondsPerFrame: 1e6 / (drags.rate * Double(frames)), frameMicroseconds: 1e6 / plain.rate)
            } catch {
                preconditionFailure("the bench's drag failed: \(error)")
            }
        }
        while outcome.figures == nil { RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.001)) }
        return outcome.figures!
    }

    /// The line of `figures`.
    func line(of figures: GestureFigures) -> String {
        String(
            format: "a drag among %d input targets: %.1f us a frame; a frame without it: %.1f us (%.2fx)", figures.boxes,
            figures.dragMicrosecondsPerFrame, figures.frameMicroseconds, figures.dragMicrosecondsPerFrame / figures.frameMicroseconds)
    }
}
