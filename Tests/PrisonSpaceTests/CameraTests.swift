import PrisonSpace
import PrisonSpaceTesting
import Testing

/// The distance from `point` to the line through `origin` along `direction`.
private func distance(from point: SIMD3<Float>, toLineFrom origin: SIMD3<Float>, along direction: SIMD3<Float>) -> Float {
    let unit = direction.normalized
    let offset = point - origin
    return (offset - offset.dot(unit) * unit).length
}

private let eye: SIMD3<Float> = [0, 1.6, 0]
private let viewport: SIMD2<Float> = [800, 600]

/// Where the camera looks from the eye: ahead, to the right, behind, to the left, down and to
/// the left, up, and straight down at the floor.
private let targets: [SIMD3<Float>] = [
    [0, 1.6, -5], [3, 1.6, 0], [0, 1.6, 5], [-2, 1.6, 0], [-2, 0.5, -2], [1, 3, -1], [0.5, 1, 2], [0, 0, 0],
]

/// A camera at the eye looking at `target`, in a fresh space.
private func camera(lookingAt target: SIMD3<Float>, in space: Space) -> PerspectiveCamera {
    let camera = PerspectiveCamera(name: "camera")
    space.addChild(camera)
    camera.look(at: target, from: eye, relativeTo: nil)
    return camera
}

@Suite("CameraTests")
struct CameraTests {
    @Test("A projected point casts back to a ray through it", arguments: targets)
    func projectAndCastBack(target: SIMD3<Float>) throws {
        let space = Space()
        let camera = camera(lookingAt: target, in: space)
        var random = SpaceTestRandom(seed: 30)
        for _ in 0..<50 {
            // A point in the view, in the camera's space (half angles 30° up, 40.9° across).
            let depth = random.float(in: 0.5...20)
            let local = SIMD3<Float>(
                random.float(in: -0.75...0.75) * depth, random.float(in: -0.55...0.55) * depth, -depth)
            let world = camera.convert(position: local, to: nil)
            let pixel = try #require(camera.project(world, viewport: viewport), "\(local)")
            #expect(pixel.x >= 0 && pixel.x <= viewport.x && pixel.y >= 0 && pixel.y <= viewport.y, "\(local) -> \(pixel)")
            let ray = try #require(camera.ray(through: pixel, viewport: viewport))
            #expect(isClose(ray.origin, eye, tolerance: 1e-5))
            #expect(abs(ray.direction.length - 1) < 1e-4)
            #expect(distance(from: world, toLineFrom: ray.origin, along: ray.direction) < 1e-3, "\(local) -> \(pixel)")
            // In front, not behind.
            #expect((world - ray.origin).dot(ray.direction) > 0)
        }
    }

    @Test("Rays through the corners and the centre hit boxes put there", arguments: targets)
    func cornersAndCentre(target: SIMD3<Float>) throws {
        let space = Space()
        let camera = camera(lookingAt: target, in: space)
        let pixels: [SIMD2<Float>] = [[0, 0], [viewport.x, 0], [0, viewport.y], viewport, viewport / 2]
        let rays = try pixels.map { try #require(camera.ray(through: $0, viewport: viewport)) }
        let reach: Float = 4
        let boxes = space.addBoxes(at: rays.map { $0.origin + reach * $0.direction }, size: 0.2)
        for (index, ray) in rays.enumerated() {
            let hit = try #require(
                space.raycast(origin: ray.origin, direction: ray.direction, query: .nearest).first,
                "pixel \(pixels[index]) looking at \(target)")
            #expect(hit.entity === boxes[index], "pixel \(pixels[index]) hit \(hit.entity.name)")
            // The ray meets the box between its near face and its centre.
            #expect(hit.distance > reach - 0.18 && hit.distance <= reach - 0.1 + 1e-4, "\(hit.distance)")
            #expect(distance(from: hit.position, toLineFrom: ray.origin, along: ray.direction) < 1e-4)
            // And the box projects back onto the pixel.
            let pixel = try #require(camera.project(boxes[index].position(relativeTo: nil), viewport: viewport))
            #expect(abs(pixel.x - pixels[index].x) < 0.05 && abs(pixel.y - pixels[index].y) < 0.05, "\(pixel)")
        }
        // The corners are where the field of view says (60° high, 4:3 wide): at depth 1 along the
        // centre line, a corner is tan 30° up or down and 4/3 tan 30° across.
        let centre = rays[4].direction
        let halfHeight = Float.tan(.pi / 6), halfWidth = halfHeight * viewport.x / viewport.y
        for corner in rays[0..<4] {
            let depth = corner.direction.dot(centre)
            let offAxis = (corner.direction / depth - centre).length
            #expect(abs(offAxis - (halfWidth * halfWidth + halfHeight * halfHeight).squareRoot()) < 1e-3)
        }
    }

    @Test("The ray through the centre pixel is the camera's forward", arguments: targets)
    func centreIsForward(target: SIMD3<Float>) throws {
        let space = Space()
        let camera = camera(lookingAt: target, in: space)
        let ray = try #require(camera.ray(through: viewport / 2, viewport: viewport))
        #expect(isClose(ray.origin, eye, tolerance: 1e-5))
        #expect(isClose(ray.direction, (target - eye).normalized, tolerance: 1e-4), "\(ray.direction)")
        let forward = camera.convert(position: [0, 0, -1], to: nil) - eye
        #expect(isClose(ray.direction, forward.normalized, tolerance: 1e-4))
        // And the target appears in the middle of the picture.
        let pixel = try #require(camera.project(target, viewport: viewport))
        #expect(abs(pixel.x - 400) < 0.05 && abs(pixel.y - 300) < 0.05, "\(pixel)")
    }

    @Test("Up is the top of the picture and right its right")
    func screenAxes() throws {
        let space = Space()
        let camera = camera(lookingAt: [0, 1.6, -5], in: space)
        let up = try #require(camera.project([0, 2.6, -5], viewport: viewport))
        let right = try #require(camera.project([1, 1.6, -5], viewport: viewport))
        #expect(up.y < 300 && abs(up.x - 400) < 0.01)
        #expect(right.x > 400 && abs(right.y - 300) < 0.01)
        // The top edge of the picture is 30° above the centre line: at 5 m, 5 tan 30° higher.
        let top = try #require(camera.project([0, 1.6 + 5 * Float.tan(.pi / 6), -5], viewport: viewport))
        #expect(abs(top.y) < 0.05 && abs(top.x - 400) < 0.05)
    }

    @Test("Points behind the camera do not project", arguments: targets)
    func behind(target: SIMD3<Float>) {
        let space = Space()
        let camera = camera(lookingAt: target, in: space)
        for local: SIMD3<Float> in [[0, 0, 1], [0, 0, 5], [3, -2, 0.5], [-10, 10, 0.01], [0.1, 0.1, 50]] {
            let world = camera.convert(position: local, to: nil)
            #expect(camera.project(world, viewport: viewport) == nil, "\(local) behind the camera looking at \(target)")
        }
        // The point opposite the target, too.
        #expect(camera.project(eye - (target - eye), viewport: viewport) == nil)
    }

    @Test("An empty viewport or a non-finite pixel gives nil")
    func emptyViewport() {
        let space = Space()
        let camera = camera(lookingAt: [0, 1.6, -5], in: space)
        for empty: SIMD2<Float> in [[0, 600], [800, 0], [0, 0], [-800, 600]] {
            #expect(camera.ray(through: [0, 0], viewport: empty) == nil, "\(empty)")
            #expect(camera.project([0, 1.6, -5], viewport: empty) == nil, "\(empty)")
        }
        #expect(camera.ray(through: [.nan, 300], viewport: viewport) == nil)
        #expect(camera.ray(through: [400, .infinity], viewport: viewport) == nil)
    }
}
