// The Linux test harness of the app's GateSystem (Sources/RayHitApp): `Space()` and
// `advance(by:)` are PrisonSpace's stand-ins for a RealityView and the frame clock.
import PrisonSpace
import RayHitApp
import Testing

@MainActor
@Test func theGateCountsTheBallThatRollsThroughIt() {
    GateSystem.registerSystem()
    let scene = Space()
    let gate = GateComponent.makeGate(width: 1, at: [0, 1, -2])
    let ball = makeTappableSphere(at: [0, 1, 0])
    ball.components.set(RollingComponent(velocity: [0, 0, -1]))
    let miss = makeTappableSphere(at: [3, 1, 0])
    miss.components.set(RollingComponent(velocity: [0, 0, -1]))
    scene.add(gate)
    scene.add(ball)
    scene.add(miss)
    scene.advance(by: .seconds(1))
    #expect(gate.components[GateComponent.self]?.passes == 0, "the ball is still a metre away")
    scene.advance(by: .seconds(2))
    #expect(gate.components[GateComponent.self]?.passes == 1, "the ball passed, the other rolled by")
    #expect(ball.position.z < -2.9)
}
