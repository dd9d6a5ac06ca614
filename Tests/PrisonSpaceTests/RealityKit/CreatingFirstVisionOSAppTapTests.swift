#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import PrisonSpaceTesting
import Testing

// Source: https://developer.apple.com/documentation/visionos/creating-your-first-visionos-app
// The sample's SpatialTapGesture().targetedToAnyEntity().onEnded handler nudges the tapped
// entity 10 cm along +x and 10 cm along -z, animating over 3 seconds with ease-in-out.
// Move documentation: https://developer.apple.com/documentation/realitykit/hastransform/move(to:relativeto:duration:timingfunction:)

/// The body of the sample's tap handler, with `value.entity` passed in directly.
@MainActor
private func handleTap(on entity: Entity) {
    var transform = entity.transform
    transform.translation += SIMD3(0.1, 0, -0.1)
    entity.move(to: transform, relativeTo: nil, duration: 3, timingFunction: .easeInOut)
}

@MainActor
@Suite("Creating your first visionOS app: the tap handler")
struct CreatingFirstVisionOSAppTapTests {
    private let start: SIMD3<Float> = [0, 1.5, -1.5]
    private let target: SIMD3<Float> = [0.1, 1.5, -1.6]

    private func tappedBox(in scene: Space) -> ModelEntity {
        let box = ModelEntity(mesh: .generateBox(size: 0.2), materials: [SimpleMaterial()])
        box.position = start
        box.components.set(CollisionComponent(shapes: [.generateBox(size: [0.2, 0.2, 0.2])]))
        box.components.set(InputTargetComponent())
        scene.add(box)
        return box
    }

    /// Fraction of the way from `start` to `target` that the entity has covered.
    private func progress(of box: Entity) -> Float {
        let delta = target - start
        return ((box.position(relativeTo: nil) - start) * delta).sum() / (delta * delta).sum()
    }

    // The animation lasts the 3 seconds passed as `duration`, then rests on the target.
    @Test func reachesTargetAfterThreeSeconds() {
        let scene = Space()
        let box = tappedBox(in: scene)
        handleTap(on: box)
        scene.advance(by: .seconds(3))
        #expect(isClose(box.position(relativeTo: nil), target))
        scene.advance(by: .seconds(1))
        #expect(isClose(box.position, target))
    }

    // Nothing moves at the instant of the tap: the animation starts from the current place.
    @Test func startsWhereTheEntityWas() {
        let scene = Space()
        let box = tappedBox(in: scene)
        handleTap(on: box)
        #expect(isClose(box.position, start))
    }

    // Ease-in-out is symmetric in time, so half the duration covers half the distance.
    @Test func isHalfwayAtHalfTime() {
        let scene = Space()
        let box = tappedBox(in: scene)
        handleTap(on: box)
        scene.advance(by: .seconds(1.5))
        #expect(isClose(box.position, [0.05, 1.5, -1.55]))
    }

    // Ease-in starts slowly: a quarter of the time covers less than a quarter of the way.
    @Test func startsSlowly() {
        let scene = Space()
        let box = tappedBox(in: scene)
        handleTap(on: box)
        scene.advance(by: .seconds(0.75))
        let p = progress(of: box)
        #expect(p > 0)
        #expect(p < 0.25)
    }
}
