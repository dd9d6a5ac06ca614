// The harness: presents an immersive view as its RealityView's space, moves the space's clock,
// and performs gestures as a person would (look at an entity, pinch, move the hand, release).
import Foundation
import PrisonSpace

/// Why the harness could not present a view or perform a gesture.
public struct RealityViewHarnessError: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String
}

/// A gesture a person performs, for ``RealityViewHarness/perform(_:at:)``: a tap, a drag, a
/// two-handed rotation or magnification, or a long press. Each runs over frames of the space's
/// clock, and the gestures of the view whose type and target fit take part.
public struct PerformedGesture: Sendable {
    let kind: GestureKind
    let end: SIMD3<Double>?
    let rotation: Rotation3D
    let magnification: Double
    let frames: Int

    /// A pinch and release: taps and spatial taps of one tap end.
    public static let tap = PerformedGesture(kind: .tap(count: 1), end: nil, rotation: .identity, magnification: 1, frames: 1)
    /// Two taps in a row: taps and spatial taps of count 2 end.
    public static let doubleTap = PerformedGesture(kind: .tap(count: 2), end: nil, rotation: .identity, magnification: 1, frames: 2)

    /// A pinch at the target, the hand moving steadily over `frames` frames until the drag's
    /// location is `point` (in the world), then release.
    public static func drag(to point: SIMD3<Float>, frames: Int = 10) -> PerformedGesture {
        PerformedGesture(kind: .drag, end: SIMD3<Double>(point), rotation: .identity, magnification: 1, frames: max(frames, 1))
    }

    /// Two hands turning steadily by `angle` about `axis` over `frames` frames, then release.
    public static func rotate(angle: Angle, axis: RotationAxis3D, frames: Int = 10) -> PerformedGesture {
        PerformedGesture(
            kind: .rotate, end: nil, rotation: Rotation3D(angle: angle, axis: axis), magnification: 1, frames: max(frames, 1))
    }

    /// Two hands moving apart (or together) steadily until their distance changed by `factor`
    /// over `frames` frames, then release.
    public static func magnify(by factor: Double, frames: Int = 10) -> PerformedGesture {
        PerformedGesture(kind: .magnify, end: nil, rotation: .identity, magnification: factor, frames: max(frames, 1))
    }

    /// A pinch held for `duration`, then released: long presses of a minimum duration up to it
    /// end when held that long; those of a longer one change and never end.
    public static func longPress(duration: Duration = .seconds(1)) -> PerformedGesture {
        PerformedGesture(
            kind: .longPress(seconds: duration.seconds), end: nil, rotation: .identity, magnification: 1, frames: 1)
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double { inSeconds }
}

/// An immersive view presented as a person wearing the headset sees it: its `RealityView`'s
/// content in a `Space`, the eyes at ``eyes``, the clock moved by ``advance(by:)``, gestures
/// performed with ``perform(_:at:)`` and ``perform(_:along:)``.
///
/// `present` evaluates the view's body, finds its `RealityView` (inside stacks too), awaits its
/// `make` and runs its `update`; when state the body or update read changes, they run again at
/// the end of the call or frame that changed it.
@MainActor @preconcurrency public final class RealityViewHarness {
    /// The space of the `RealityView`'s content: the immersive space, origin on the floor.
    public let scene: Space
    /// Where the eyes are, in the world: a gaze starts here.
    public var eyes: SIMD3<Float> = [0, 1.6, 0]
    /// Where the hand is when a gesture starts, in the world: `inputDevicePose3D` moves from it.
    public var hand: SIMD3<Float> = [0.2, 1.2, -0.3]
    /// The entities of the `RealityView`'s attachments.
    public private(set) var attachments = RealityViewAttachments(entities: [:])

    private let graph: ViewGraph
    private var content: RealityViewContent
    private var started: [Task<Void, Never>] = []

    private init(graph: ViewGraph) {
        self.graph = graph
        scene = Space()
        content = RealityViewContent(scene: scene)
    }

    deinit {
        for task in started { task.cancel() }
    }

    /// Presents `view`: evaluates its body, awaits its `RealityView`'s `make`, runs `update`,
    /// starts its tasks, and runs everything due. Throws when the body holds no `RealityView`.
    public static func present<V: View>(_ view: V) async throws -> RealityViewHarness {
        let harness = RealityViewHarness(graph: ViewGraph(root: view))
        harness.graph.walk()
        guard let realityView = harness.graph.realityView else {
            throw RealityViewHarnessError(description: "the body of \(V.self) holds no RealityView")
        }
        harness.makeAttachments(realityView)
        harness.runDue()
        var content = harness.content
        await realityView.make(&content, harness.attachments)
        harness.runUpdate()
        harness.settle()
        // Lets the tasks started run up to where they wait.
        for _ in 0..<8 { await Task.yield() }
        harness.settle()
        return harness
    }

    /// The entities under the space's root, in the order they were added.
    public var entities: Entity.ChildCollection { scene.entities }

    /// Space time so far.
    public var time: Duration { scene.time }

    /// The first entity named `name` in the space.
    public func findEntity(named name: String) -> Entity? { scene.findEntity(named: name) }

    /// Advances the space's clock by `step`, frame by frame (the space's `frameInterval`); after each
    /// frame, the body and update run again if state they read changed.
    public func advance(by step: Duration) {
        for update in scene.updates(of: step) {
            scene.advance(by: update)
            settle()
        }
    }

    /// Performs `gesture` looking at `entity`: the gaze goes from ``eyes`` to the centre of the
    /// entity's visual bounds, and the gesture targets the nearest input target it meets. Throws
    /// when the entity is not in the space, when the gaze meets no input target, or when the
    /// target it meets is another entity's (the entity is hidden behind it).
    public func perform(_ gesture: PerformedGesture, at entity: Entity) throws {
        guard entity.scene === scene else {
            throw RealityViewHarnessError(description: "\(entity) is not in the presented view's space")
        }
        let bounds = entity.visualBounds(relativeTo: nil)
        let centre = bounds.isEmpty ? entity.position(relativeTo: nil) : bounds.center
        let ray = Ray(origin: eyes, direction: centre - eyes)
        guard let hit = scene.tap(along: ray) else {
            throw RealityViewHarnessError(
                description: "the gaze at \(entity) meets no input target: give it (or an ancestor) an InputTargetComponent, "
                    + "and it a CollisionComponent")
        }
        guard hit.entity === entity || entity.isAncestor(of: hit.entity) || hit.entity.isAncestor(of: entity) else {
            throw RealityViewHarnessError(description: "\(entity) is hidden behind \(hit.entity)")
        }
        play(gesture, on: hit.entity, at: SIMD3<Double>(hit.location3D.vector))
    }

    /// Performs `gesture` along `ray` (in the world): at the nearest input target it meets;
    /// nothing happens when it meets none.
    public func perform(_ gesture: PerformedGesture, along ray: Ray) throws {
        guard let hit = scene.tap(along: ray) else { return }
        play(gesture, on: hit.entity, at: SIMD3<Double>(hit.location3D.vector))
    }

    /// Plays `gesture` on the input target `entity`, hit at `point`, frame by frame.
    private func play(_ gesture: PerformedGesture, on entity: Entity, at point: SIMD3<Double>) {
        let end = gesture.end ?? point
        let input = GestureInput(kind: gesture.kind, entity: entity, hitPoint: point, distance: ((end - point) * (end - point)).sum().squareRoot())
        var runs = graph.gestures.compactMap { entry in entry.gesture.run(input).map { (run: $0, priority: entry.priority) } }
        if runs.contains(where: { $0.priority == .high }) { runs.removeAll { $0.priority == .normal } }
        let seconds = scene.frameInterval.seconds * Double(gesture.frames)
        let handStart = SIMD3<Double>(hand)
        func frame(_ index: Int) -> GestureFrame {
            let share = Double(index) / Double(gesture.frames)
            var rotation = Rotation3D.identity
            rotation.vector = simd_slerp(simd_quatf.identity, gesture.rotation.quaternion, Float(share)).vector.double
            return GestureFrame(
                location: point + (end - point) * share, start: point, end: end, handStart: handStart, rotation: rotation,
                magnification: 1 + (gesture.magnification - 1) * share, velocity: (end - point) / seconds,
                magnificationVelocity: (gesture.magnification - 1) / seconds,
                time: Date(timeIntervalSinceReferenceDate: scene.time.seconds))
        }
        switch gesture.kind {
        case .tap:
            advance(by: scene.frameInterval * gesture.frames)
        case .longPress(let held):
            for run in runs where run.run.reportsChanges { run.run.changed(frame(0)) }
            settle()
            // Each long press ends on its own once held its minimum duration.
            let start = scene.time
            var waiting = runs
            while !waiting.isEmpty, scene.time - start < .seconds(held) {
                advance(by: min(scene.frameInterval, .seconds(held) - (scene.time - start)))
                let elapsed = (scene.time - start).seconds
                for run in waiting where run.run.endsAfter.map({ elapsed >= $0 - 1e-9 }) ?? false {
                    run.run.ended(frame(gesture.frames))
                    run.run.reset()
                }
                waiting.removeAll { $0.run.endsAfter.map { elapsed >= $0 - 1e-9 } ?? false }
                settle()
            }
            for run in waiting { run.run.reset() }
            if scene.time - start < .seconds(held) { advance(by: .seconds(held) - (scene.time - start)) }
            settle()
            return
        case .drag, .rotate, .magnify:
            for index in 1...gesture.frames {
                advance(by: scene.frameInterval)
                for run in runs where run.run.reportsChanges { run.run.changed(frame(index)) }
                settle()
            }
        }
        let last = frame(gesture.frames)
        for run in runs {
            run.run.ended(last)
            run.run.reset()
        }
        settle()
    }

    /// Runs the body and update again while state they read changed, and what came due.
    private func settle() {
        var rounds = 0
        while graph.isDirty || !graph.due.isEmpty || !graph.tasks.isEmpty, rounds < 100 {
            rounds += 1
            if graph.isDirty {
                graph.isDirty = false
                graph.walk()
                if let realityView = graph.realityView { makeAttachments(realityView) }
                runUpdate()
            }
            runDue()
        }
    }

    /// Runs the actions due and starts the tasks found.
    private func runDue() {
        let due = graph.due, tasks = graph.tasks
        graph.due = []
        graph.tasks = []
        for action in due { action() }
        for task in tasks { started.append(Task(operation: task)) }
    }

    /// Runs the `RealityView`'s update, noting the state it reads.
    private func runUpdate() {
        guard let update = graph.realityView?.update else { return }
        var content = self.content
        let attachments = self.attachments
        graph.track { update(&content, attachments) }
    }

    /// Makes an entity for each attachment given, keeping those made before by id.
    private func makeAttachments(_ realityView: AnyRealityView) {
        var entities: [AnyHashable: ViewAttachmentEntity] = [:]
        for attachment in realityView.attachments() {
            let entity = attachments.entity(for: attachment.id) ?? ViewAttachmentEntity()
            entity.attachmentID = attachment.id
            entities[attachment.id] = entity
        }
        attachments = RealityViewAttachments(entities: entities)
    }
}

extension SIMD4 where Scalar == Float {
    /// The vector in doubles.
    var double: SIMD4<Double> { SIMD4<Double>(self) }
}
