// Every gesture type's values, frame by frame, as the handlers of an immersive view receive
// them: the view keeps what its handlers saw in an @Observable model it reads from the
// environment, as apps keep their state.
import RealityKit
import SwiftUI
import Testing

@MainActor @Observable final class GestureLog {
    var drags: [EntityTargetValue<DragGesture.Value>] = []
    var endedDrag: EntityTargetValue<DragGesture.Value>?
    var rotations: [Rotation3D] = []
    var endedRotation: Rotation3D?
    var magnifications: [Double] = []
    var endedMagnification: Double?
    var presses: [Bool] = []
    var endedPress: Bool?
    var spatialTaps: [Point3D] = []
    var times: [Date] = []
}

/// A box a metre and a half ahead at eye height that takes every gesture, each moving it as the
/// sample code of Apple's gesture articles does.
struct GestureBoxView: View {
    @Environment(GestureLog.self) private var log
    @State private var startTransform: Transform?

    var body: some View {
        RealityView { content in
            let box = ModelEntity(mesh: .generateBox(size: 0.2), materials: [SimpleMaterial()])
            box.name = "Box"
            box.position = [0, 1.6, -1.5]
            box.components.set(InputTargetComponent(allowedInputTypes: [.indirect, .direct]))
            box.collision = CollisionComponent(shapes: [.generateBox(size: [0.2, 0.2, 0.2])])
            content.add(box)
        }
        .gesture(dragGesture)
        .simultaneousGesture(rotateGesture)
        .simultaneousGesture(magnifyGesture)
        .simultaneousGesture(LongPressGesture(minimumDuration: 0.5).targetedToAnyEntity()
            .onChanged { value in log.presses.append(value.gestureValue) }
            .onEnded { value in log.endedPress = value.gestureValue })
        .simultaneousGesture(SpatialTapGesture().targetedToAnyEntity().onEnded { value in
            log.spatialTaps.append(value.location3D)
        })
    }

    var dragGesture: some Gesture {
        DragGesture()
            .targetedToAnyEntity()
            .onChanged { value in
                log.drags.append(value)
                log.times.append(value.time)
                value.entity.position = value.convert(value.location3D, from: .local, to: value.entity.parent!)
            }
            .onEnded { value in log.endedDrag = value }
    }

    var rotateGesture: some Gesture {
        RotateGesture3D(constrainedToAxis: .y)
            .targetedToAnyEntity()
            .onChanged { value in
                if startTransform == nil { startTransform = value.entity.transform }
                log.rotations.append(value.rotation)
                value.entity.transform.rotation = startTransform!.rotation * simd_quatf(value.rotation)
            }
            .onEnded { value in
                log.endedRotation = value.rotation
                startTransform = nil
            }
    }

    var magnifyGesture: some Gesture {
        MagnifyGesture()
            .targetedToAnyEntity()
            .onChanged { value in
                if startTransform == nil { startTransform = value.entity.transform }
                log.magnifications.append(value.magnification)
                value.entity.scale = startTransform!.scale * Float(value.magnification)
            }
            .onEnded { value in
                log.endedMagnification = value.magnification
                startTransform = nil
            }
    }
}

@MainActor
private func presentBox() async throws -> (RealityViewHarness, GestureLog, Entity) {
    let log = GestureLog()
    let space = try await RealityViewHarness.present(GestureBoxView().environment(log))
    return (space, log, try #require(space.findEntity(named: "Box")))
}

private func distance(_ a: Point3D, _ b: SIMD3<Double>) -> Double { ((a.vector - b) * (a.vector - b)).sum().squareRoot() }

@MainActor
@Test func aDragStartsWhereTheGazeMeetsTheEntityAndMovesSteadilyToTheGivenPoint() async throws {
    let (space, log, box) = try await presentBox()
    try space.perform(.drag(to: SIMD3<Float>(0.2, 1.5, -1), frames: 10), at: box)
    #expect(log.drags.count == 10, "one change a frame")
    let start = SIMD3<Double>(0, 1.6, -1.4)  // the gaze from the eyes meets the box's front face
    let end = SIMD3<Double>(0.2, 1.5, -1)
    for (index, value) in log.drags.enumerated() {
        let share = Double(index + 1) / 10
        #expect(distance(value.startLocation3D, start) < 1e-5)
        #expect(distance(value.location3D, start + (end - start) * share) < 1e-5, "frame \(index + 1)")
        #expect(abs(value.translation3D.x - (value.location3D.x - value.startLocation3D.x)) < 1e-9)
        #expect(distance(value.predictedEndLocation3D, end) < 1e-5)
        #expect(value.entity === box)
    }
    let last = try #require(log.endedDrag)
    #expect(distance(last.location3D, end) < 1e-5 && distance(last.startLocation3D, start) < 1e-5)
    #expect(abs(last.predictedEndTranslation3D.x - last.translation3D.x) < 1e-9)
    #expect(simd_distance(box.position, SIMD3<Float>(0.2, 1.5, -1)) < 1e-4, "the handler put the box at the hand")
    #expect(log.rotations.isEmpty && log.magnifications.isEmpty && log.spatialTaps.isEmpty, "only gestures that fit take part")
}

@MainActor
@Test func aDragRunsOnTheSpacesClockAndTheHandMovesAsFarWithoutTurning() async throws {
    let (space, log, box) = try await presentBox()
    let before = space.time
    try space.perform(.drag(to: SIMD3<Float>(0, 1.6, -1), frames: 6), at: box)
    #expect(space.time == before + space.scene.frameInterval * 6)
    let times = log.times.map(\.timeIntervalSinceReferenceDate)
    #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "each change comes a frame later")
    let last = try #require(log.endedDrag)
    let start = try #require(last.startInputDevicePose3D), now = try #require(last.inputDevicePose3D)
    #expect(abs((now.position - start.position).z - last.translation3D.z) < 1e-9)
    #expect(now.rotation == start.rotation)
}

@MainActor
@Test func aRotationTurnsSteadilyToTheGivenAngleAndStartsAfreshEachTime() async throws {
    let (space, log, box) = try await presentBox()
    try space.perform(.rotate(angle: .degrees(30), axis: .y), at: box)
    #expect(log.rotations.count == 10)
    for (index, rotation) in log.rotations.enumerated() {
        #expect(abs(rotation.angle.degrees - 3 * Double(index + 1)) < 1e-3, "frame \(index + 1)")
        #expect(abs(rotation.axis.y - 1) < 1e-6)
    }
    let ended = try #require(log.endedRotation)
    #expect(abs(ended.angle.degrees - 30) < 1e-3)
    #expect(abs(box.orientation.angle - .pi / 6) < 1e-4)
    try space.perform(.rotate(angle: .degrees(30), axis: .y), at: box)
    #expect(abs(log.rotations[10].angle.degrees - 3) < 1e-3, "a new rotation starts from none")
    #expect(abs(box.orientation.angle - .pi / 3) < 1e-4)
}

@MainActor
@Test func aRotationHeldToAnAxisReportsOnlyItsTurnAboutThatAxis() async throws {
    let (space, log, box) = try await presentBox()
    try space.perform(.rotate(angle: .degrees(40), axis: .x), at: box)
    #expect(log.endedRotation.map { abs($0.angle.degrees) < 1e-6 } == true, "no turn about y")
}

@MainActor
@Test func aMagnificationGrowsSteadilyToTheGivenFactor() async throws {
    let (space, log, box) = try await presentBox()
    try space.perform(.magnify(by: 1.5), at: box)
    #expect(log.magnifications.count == 10)
    for (index, factor) in log.magnifications.enumerated() {
        #expect(abs(factor - (1 + 0.05 * Double(index + 1))) < 1e-9, "frame \(index + 1)")
    }
    #expect(log.endedMagnification == 1.5)
    #expect(abs(box.scale.x - 1.5) < 1e-5)
    try space.perform(.magnify(by: 0.5), at: box)
    #expect(abs(box.scale.x - 0.75) < 1e-5, "each magnification starts from 1")
}

@MainActor
@Test func aLongPressChangesWhenThePinchStartsAndEndsOnceHeldLongEnough() async throws {
    let (space, log, box) = try await presentBox()
    let before = space.time
    try space.perform(.longPress(duration: .seconds(1)), at: box)
    #expect(log.presses == [true])
    #expect(log.endedPress == true)
    #expect(space.time == before + .seconds(1))
    log.endedPress = nil
    try space.perform(.longPress(duration: .seconds(0.25)), at: box)
    #expect(log.endedPress == nil, "released too soon")
    #expect(log.presses == [true, true], "but it changed when the pinch started")
}

@MainActor
@Test func aSpatialTapSaysWhereTheGazeMetTheEntity() async throws {
    let (space, log, box) = try await presentBox()
    try space.perform(.tap, along: Ray(origin: [0.05, 1.6, 0], direction: [0, 0, -1]))
    try space.perform(.tap, at: box)
    #expect(log.spatialTaps.count == 2)
    #expect(distance(log.spatialTaps[0], [0.05, 1.6, -1.4]) < 1e-5)
    #expect(distance(log.spatialTaps[1], [0, 1.6, -1.4]) < 1e-5)
    #expect(log.drags.isEmpty && log.presses.isEmpty, "a tap is neither a drag nor a long press")
}

/// A modifier in the idiom of visionOS apps: it keeps the rotation an entity had when a
/// two-handed turn began, in its own state, and turns the entity by the gesture's rotation.
struct RotatableModifier: ViewModifier {
    @State private var baseRotation: simd_quatf?
    let target: Entity

    func body(content: Content) -> some View {
        content.gesture(
            RotateGesture3D()
                .targetedToEntity(target)
                .onChanged { value in
                    if baseRotation == nil { baseRotation = value.entity.transform.rotation }
                    value.entity.transform.rotation = baseRotation! * simd_quatf(value.rotation)
                }
                .onEnded { _ in baseRotation = nil })
    }
}

struct RotatableView: View {
    let cube: ModelEntity

    var body: some View {
        RealityView { content in
            content.add(cube)
        }
        .modifier(RotatableModifier(target: cube))
    }
}

@MainActor
@Test func aModifiersGestureAndStateTurnTheEntityFromWhereEachTurnStarts() async throws {
    let cube = ModelEntity(mesh: .generateBox(size: 0.2), materials: [])
    cube.position = [0, 1.6, -1]
    cube.components.set(InputTargetComponent())
    cube.generateCollisionShapes(recursive: false)
    let space = try await RealityViewHarness.present(RotatableView(cube: cube))
    try space.perform(.rotate(angle: .degrees(20), axis: .y), at: cube)
    try space.perform(.rotate(angle: .degrees(25), axis: .y), at: cube)
    #expect(abs(cube.orientation.angle - 45 * .pi / 180) < 1e-4)
}
