#if canImport(RealityKit)
import RealityKit
#else
import PrisonSpace
#endif
import Testing

// Sources:
// https://developer.apple.com/documentation/realitykit/collisiongroup
// https://developer.apple.com/documentation/realitykit/collisiongroup/init(rawvalue:)
// https://developer.apple.com/documentation/realitykit/collisionfilter/init(group:mask:)
// https://developer.apple.com/documentation/realitykit/collisionfilter/default
// https://developer.apple.com/documentation/realitykit/collisionfilter/sensor
// https://developer.apple.com/documentation/realitykit/scene/raycast(origin:direction:length:query:mask:relativeto:)
// Groups are option-set bits; an entity belongs to the groups of its collision filter, and a
// ray cast's mask restricts hits to entities in the masked groups.
@MainActor
@Suite("CollisionFilter, CollisionGroup and ray-cast masks")
struct CollisionFilterMaskTests {
    private let red = CollisionGroup(rawValue: 1 << 0)
    private let blue = CollisionGroup(rawValue: 1 << 1)

    private func box(at z: Float, group: CollisionGroup?, in scene: Space) -> Entity {
        let e = Entity()
        e.position = [0, 0, z]
        var collision = CollisionComponent(shapes: [.generateBox(size: [0.2, 0.2, 0.2])])
        if let group {
            collision.filter = CollisionFilter(group: group, mask: .all)
        }
        e.components.set(collision)
        scene.add(e)
        return e
    }

    // The predefined filters: default is group .default with mask .all; sensor is all/all.
    @Test func predefinedFilters() {
        #expect(CollisionFilter.default.group == .default)
        #expect(CollisionFilter.default.mask == .all)
        #expect(CollisionFilter.sensor.group == .all)
        #expect(CollisionFilter.sensor.mask == .all)
        let f = CollisionFilter(group: red, mask: blue)
        #expect(f.group == red)
        #expect(f.mask == blue)
    }

    // Groups combine like option sets.
    @Test func groupsAreOptionSets() {
        let both = red.union(blue)
        #expect(both.contains(red))
        #expect(both.contains(blue))
        #expect(both.subtracting(red) == blue)
        #expect(both.intersection(red) == red)
        #expect(CollisionGroup.all.contains(both))
    }

    // The mask picks which boxes the ray can hit.
    @Test func maskSelectsGroups() {
        let scene = Space()
        let near = box(at: -1, group: red, in: scene)
        let far = box(at: -2, group: blue, in: scene)
        #expect(scene.raycast(origin: [0, 0, 0], direction: [0, 0, -1]).count == 2)
        let blueHits = scene.raycast(origin: [0, 0, 0], direction: [0, 0, -1], mask: blue)
        #expect(blueHits.count == 1)
        #expect(blueHits.first?.entity === far)
        let redHits = scene.raycast(origin: [0, 0, 0], direction: [0, 0, -1], mask: red)
        #expect(redHits.count == 1)
        #expect(redHits.first?.entity === near)
        #expect(scene.raycast(origin: [0, 0, 0], direction: [0, 0, -1], mask: red.union(blue)).count == 2)
        #expect(scene.raycast(origin: [0, 0, 0], direction: [0, 0, -1], mask: []).isEmpty)
    }

    // Without a filter an entity is in the .default group, so masking .default out skips it.
    @Test func unfilteredEntitiesAreInDefaultGroup() {
        let scene = Space()
        let plain = box(at: -1, group: nil, in: scene)
        let blueBox = box(at: -2, group: blue, in: scene)
        let withoutDefault = scene.raycast(origin: [0, 0, 0], direction: [0, 0, -1], mask: CollisionGroup.all.subtracting(.default))
        #expect(withoutDefault.count == 1)
        #expect(withoutDefault.first?.entity === blueBox)
        let onlyDefault = scene.raycast(origin: [0, 0, 0], direction: [0, 0, -1], mask: .default)
        #expect(onlyDefault.count == 1)
        #expect(onlyDefault.first?.entity === plain)
    }
}
