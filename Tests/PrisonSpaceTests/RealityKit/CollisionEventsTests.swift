#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import Testing

// Sources: https://developer.apple.com/documentation/realitykit/collisionevents,
// https://developer.apple.com/documentation/realitykit/collisionevents/began,
// https://developer.apple.com/documentation/realitykit/collisionevents/ended,
// https://developer.apple.com/documentation/realitykit/collisioncomponent/mode-swift.enum/trigger,
// https://developer.apple.com/documentation/realitykit/collisionfilter
// Entities whose collision shapes start to overlap report Began, go on with Updated, and report
// Ended when they separate, whatever moved them; a trigger volume reports as well; filters must
// accept each other both ways.

/// A ball of 10 cm radius at `position`.
private func ball(at position: SIMD3<Float>, filter: CollisionFilter = .default) -> Entity {
    Entity(
        name: "ball", transform: Transform(translation: position),
        collision: CollisionComponent(shapes: [.generateSphere(radius: 0.1)], filter: filter))
}

/// A gate 1 m wide and 10 cm deep at the origin, as a trigger volume.
private func gate() -> Entity {
    Entity(name: "gate", collision: CollisionComponent(shapes: [.generateBox(size: [1, 1, 0.1])], mode: .trigger))
}

@MainActor
@Suite("Collision events")
struct CollisionEventsTests {
    @Test func aBallMovedThroughATriggerBeginsUpdatesAndEnds() {
        let scene = Space()
        let gate = gate()
        let ball = ball(at: [0, 0, 1])
        scene.add(gate)
        scene.add(ball)
        var events: [String] = []
        _ = scene.subscribe(to: CollisionEvents.Began.self, on: gate) { event in
            events.append("began \(event.entityA.name)-\(event.entityB.name)")
        }
        _ = scene.subscribe(to: CollisionEvents.Updated.self, on: gate) { _ in
            if events.last != "updated" { events.append("updated") }
        }
        _ = scene.subscribe(to: CollisionEvents.Ended.self, on: gate) { _ in events.append("ended") }
        ball.move(to: Transform(translation: [0, 0, -1]), relativeTo: nil, duration: 2, timingFunction: .linear)
        scene.advance(by: .seconds(0.5))
        #expect(events.isEmpty, "the ball is still 50 cm from the gate")
        scene.advance(by: .seconds(0.5))
        #expect(events == ["began gate-ball", "updated"], "the ball is in the gate")
        scene.advance(by: .seconds(1))
        #expect(events == ["began gate-ball", "updated", "ended"])
    }

    @Test func shapesThatOverlapOnlyByTheirBoundsAreNotInContact() {
        let scene = Space()
        var began = 0
        _ = scene.subscribe(to: CollisionEvents.Began.self) { _ in began += 1 }
        let a = ball(at: [0, 0, 0])
        let b = ball(at: [0.17, 0.17, 0])
        scene.add(a)
        scene.add(b)
        scene.advance(by: .seconds(1) / 90)
        #expect(began == 0, "the balls' boxes overlap at the corner, the balls do not")
        b.position = [0.1, 0.1, 0]
        scene.advance(by: .seconds(1) / 90)
        #expect(began == 1, "a position set is seen at the next update")
    }

    @Test func filtersMustAcceptEachOtherBothWays() {
        let scene = Space()
        let players = CollisionGroup(rawValue: 2), walls = CollisionGroup(rawValue: 4)
        var began = 0
        _ = scene.subscribe(to: CollisionEvents.Began.self) { _ in began += 1 }
        scene.add(ball(at: .zero, filter: CollisionFilter(group: players, mask: walls)))
        scene.add(ball(at: [0.1, 0, 0], filter: CollisionFilter(group: walls, mask: .all.subtracting(players))))
        scene.add(ball(at: [0, 0.1, 0], filter: CollisionFilter(group: walls, mask: players)))
        scene.advance(by: .seconds(1) / 90)
        #expect(began == 1, "only the wall whose mask takes players meets the player, and that wall takes no walls")
    }

    @Test func removingAnEntityEndsItsContacts() {
        let scene = Space()
        let gate = gate()
        let ball = ball(at: .zero)
        scene.add(gate)
        scene.add(ball)
        var ended: [String] = []
        _ = scene.subscribe(to: CollisionEvents.Ended.self, on: ball) { event in ended.append(event.entityB.name) }
        scene.advance(by: .seconds(1) / 90)
        ball.removeFromParent()
        scene.advance(by: .seconds(1) / 90)
        #expect(ended == ["ball"])
    }
}
