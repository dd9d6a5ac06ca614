import PrisonSpace
import PrisonSpaceTesting
import Testing

@Suite("Rays against single shapes")
struct RayTests {
    @Test(
        "A ray meets each face of a box where it enters, with the face's normal",
        arguments: [SIMD3<Float>(1, 0, 0), [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]])
    func boxFaces(face: SIMD3<Float>) throws {
        let box = BoundingBox(center: [0, 1, -3], size: [1, 1, 1])
        let eye = SIMD3<Float>(0, 1, -3) + face * 4
        let hit = try #require(Ray(from: eye, through: [0, 1, -3]).intersection(with: box))
        #expect(isClose(hit.position, [0, 1, -3] + face * 0.5))
        #expect(hit.normal == face)
        #expect(abs(hit.distance - 3.5) < 1e-5)
    }

    @Test("The distance is in metres whatever the direction's length")
    func distanceInMetres() throws {
        let box = BoundingBox(min: [-1, -1, -6], max: [1, 1, -4])
        for scale: Float in [1e-3, 1, 250] {
            let hit = try #require(Ray(origin: .zero, direction: [0, 0, -scale]).intersection(with: box))
            #expect(abs(hit.distance - 4) < 1e-5)
            #expect(Ray(origin: .zero, direction: [0, 0, -scale]).point(atDistance: 4) == [0, 0, -4])
        }
    }

    @Test("Misses, shapes behind, rays from inside and bad input give no intersection")
    func misses() {
        let box = BoundingBox(min: [-1, -1, -1], max: [1, 1, 1])
        #expect(Ray(origin: [0, 3, 5], direction: [0, 0, -1]).intersection(with: box) == nil, "passes above")
        #expect(Ray(origin: [0, 0, 5], direction: [0, 0, 1]).intersection(with: box) == nil, "behind")
        #expect(Ray(origin: .zero, direction: [0, 0, -1]).intersection(with: box) == nil, "from inside")
        #expect(Ray(origin: [0, 0, 5], direction: .zero).intersection(with: box) == nil, "no direction")
        #expect(Ray(origin: [.nan, 0, 5], direction: [0, 0, -1]).intersection(with: box) == nil)
        #expect(Ray(origin: [0, 0, 5], direction: [0, .infinity, -1]).intersection(with: box) == nil)
        #expect(!Ray(origin: .zero, direction: .zero).isValid && Ray(origin: .zero, direction: [0, 0, 1e-3]).isValid)
        let sphere = Sphere(center: .zero, radius: 1)
        #expect(Ray(origin: [0, 0.5, 0], direction: [0, 0, -1]).intersection(with: sphere) == nil, "from inside")
        #expect(Ray(origin: [0, 1.01, 5], direction: [0, 0, -1]).intersection(with: sphere) == nil, "just above")
        #expect(Ray(origin: [0, 0, 5], direction: [0, 0, 1]).intersection(with: sphere) == nil, "behind")
    }

    @Test("A box is touched along a face or an edge")
    func grazing() throws {
        let box = BoundingBox(min: [-0.5, -0.5, -3.5], max: [0.5, 0.5, -2.5])
        let face = try #require(Ray(origin: [0, 0.5, 0], direction: [0, 0, -1]).intersection(with: box))
        #expect(isClose(face.position, [0, 0.5, -2.5]))
        #expect(Ray(origin: [0.5, 0.5, 0], direction: [0, 0, -1]).intersection(with: box) != nil)
        #expect(Ray(origin: [0, 0.5001, 0], direction: [0, 0, -1]).intersection(with: box) == nil)
    }

    @Test("A sphere is met on its surface, with the outward normal")
    func sphere() throws {
        let sphere = Sphere(center: [0, 1, -5], radius: 0.5)
        let hit = try #require(Ray(origin: [0, 1, 0], direction: [0, 0, -2]).intersection(with: sphere))
        #expect(isClose(hit.position, [0, 1, -4.5]) && isClose(hit.normal, [0, 0, 1]))
        #expect(abs(hit.distance - 4.5) < 1e-5)
        // Off centre: the normal points from the centre to the point.
        let side = try #require(Ray(origin: [0.3, 1, 0], direction: [0, 0, -1]).intersection(with: sphere))
        #expect(isClose(side.normal, (side.position - sphere.center) / 0.5))
        #expect(abs(side.position.z - (-5 + 0.4)) < 1e-5)
    }

    @Test("A plane is met from either side, with the normal facing the ray")
    func plane() throws {
        let floor = Plane(point: [0, 0, 0], normal: [0, 2, 0])
        let down = try #require(Ray(origin: [1, 2, 0], direction: [0, -1, 1]).intersection(with: floor))
        #expect(isClose(down.position, [1, 0, 2]) && down.normal == [0, 1, 0])
        #expect(abs(down.distance - 2 * Float(2).squareRoot()) < 1e-5)
        let up = try #require(Ray(origin: [0, -1, 0], direction: [0, 1, 0]).intersection(with: floor))
        #expect(up.normal == [0, -1, 0] && abs(up.distance - 1) < 1e-6)
        #expect(Ray(origin: [0, 1, 0], direction: [1, 0, 0]).intersection(with: floor) == nil, "parallel")
        #expect(Ray(origin: [0, 1, 0], direction: [0, 1, 0]).intersection(with: floor) == nil, "behind")
        #expect(Ray(origin: .zero, direction: [0, 1, 0]).intersection(with: floor)?.distance == 0, "on the plane")
        #expect(Ray(origin: [0, 1, 0], direction: [0, -1, 0]).intersection(with: Plane(point: .zero, normal: .zero)) == nil)
    }

    @Test("A triangle is met inside and on its edges, from either side, and missed outside")
    func triangle() throws {
        let triangle = Triangle([0, 0, -2], [1, 0, -2], [0, 1, -2])
        let inside = try #require(Ray(origin: [0.25, 0.25, 0], direction: [0, 0, -1]).intersection(with: triangle))
        #expect(isClose(inside.position, [0.25, 0.25, -2]) && inside.normal == [0, 0, 1])
        #expect(abs(inside.distance - 2) < 1e-6)
        let behind = try #require(Ray(origin: [0.25, 0.25, -4], direction: [0, 0, 1]).intersection(with: triangle))
        #expect(behind.normal == [0, 0, -1], "the normal faces the ray from the other side")
        #expect(Ray(origin: [0.5, 0.5, 0], direction: [0, 0, -1]).intersection(with: triangle) != nil, "on the long edge")
        #expect(Ray(origin: [0, 0, 0], direction: [0, 0, -1]).intersection(with: triangle) != nil, "at a corner")
        #expect(Ray(origin: [0.6, 0.6, 0], direction: [0, 0, -1]).intersection(with: triangle) == nil, "outside")
        #expect(Ray(origin: [0.25, 0.25, -3], direction: [0, 0, -1]).intersection(with: triangle) == nil, "behind")
        #expect(Ray(origin: [-1, 0.2, -2], direction: [1, 0, 0]).intersection(with: triangle) == nil, "in its plane")
        let flat = Triangle([0, 0, -2], [1, 0, -2], [2, 0, -2])
        #expect(Ray(origin: [0.5, 0, 0], direction: [0, 0, -1]).intersection(with: flat) == nil, "no area")
    }

    @Test("The space's casts agree with the pure functions, for boxes turned or not and for spheres")
    func castsAgreeWithPureFunctions() {
        var random = Lcg(seed: 5)
        var hits = 0
        for round in 0..<300 {
            let space = Space()
            let centre = SIMD3<Float>(random.next(-3, 3), random.next(0, 3), random.next(-6, -2))
            let size = SIMD3<Float>(random.next(0.1, 2), random.next(0.1, 2), random.next(0.1, 2))
            let radius = random.next(0.1, 1.5)
            let isSphere = round % 3 == 0
            let turned = round % 3 == 1
            let turn = simd_quatf(angle: random.next(0, 6), axis: [random.next(-1, 1), random.next(-1, 1), random.next(-1, 1)])
            space.addChild(
                Entity(
                    name: "shape", transform: Transform(rotation: turned ? turn : .identity, translation: centre),
                    collision: CollisionComponent(shapes: [isSphere ? .generateSphere(radius: radius) : .generateBox(size: size)])))
            let ray = Ray(
                origin: [random.next(-1, 1), random.next(0, 2), random.next(-1, 1)],
                direction: centre + [random.next(-1, 1), random.next(-1, 1), random.next(-1, 1)])
            let cast = space.raycast(along: ray).first
            let pure: RayIntersection?
            if isSphere {
                pure = ray.intersection(with: Sphere(center: centre, radius: radius))
            } else if turned {
                // The same ray in the box's own space, and its answer back in the world.
                let local = Ray(origin: turn.inverse.act(ray.origin - centre), direction: turn.inverse.act(ray.direction))
                pure = local.intersection(with: BoundingBox(center: .zero, size: size)).map {
                    RayIntersection(distance: $0.distance, position: turn.act($0.position) + centre, normal: turn.act($0.normal))
                }
            } else {
                pure = ray.intersection(with: BoundingBox(center: centre, size: size))
            }
            #expect((cast == nil) == (pure == nil), "round \(round)")
            if let cast, let pure {
                hits += 1
                #expect(abs(cast.distance - pure.distance) < 1e-3, "round \(round)")
                #expect(isClose(cast.position, pure.position, tolerance: 1e-3), "round \(round)")
                #expect(isClose(cast.normal, pure.normal, tolerance: 1e-3), "round \(round)")
            }
        }
        // Both casters hit often: agreeing on misses alone would prove nothing.
        #expect(hits > 50)
    }

    @Test("raycast(from:to:) sees what lies between the two points, in the reference's space")
    func fromTo() throws {
        let space = Space()
        let boxes = space.addBoxes(at: [[0, 0, -2], [0, 0, -4]], size: 1)
        #expect(space.raycast(from: .zero, to: [0, 0, -3], query: .all).map(\.entity.name) == ["box 0"])
        #expect(space.raycast(from: .zero, to: [0, 0, -10], query: .all).map(\.entity.name) == ["box 0", "box 1"])
        #expect(space.raycast(from: .zero, to: [0, 0, -1.4]).isEmpty, "stops short of the first face")
        #expect(space.raycast(from: .zero, to: .zero).isEmpty)
        // From box 0's space: its own (0, 0, 1) is the world's (0, 0, -1); looking down its -z.
        let hit = try #require(space.raycast(from: [0, 0, 1], to: [0, 0, -5], relativeTo: boxes[0]).first)
        #expect(hit.entity === boxes[0] && hit.isApproximately(at: [0, 0, 0.5], normal: [0, 0, 1]))
        #expect(space.raycast(along: Ray(origin: .zero, direction: [0, 0, -1]), length: 1.49).isEmpty)
        #expect(space.raycast(along: Ray(origin: .zero, direction: [0, 0, -1]), length: 1.5).count == 1)
    }
}
