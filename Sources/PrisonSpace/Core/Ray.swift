/// A half-line: the point it starts from and the way it goes, in metres.
///
/// A tap, a gaze, a pinch and a mouse click are all rays: ``PerspectiveCamera/ray(through:viewport:)``
/// makes one from a screen point, ``Space/raycast(along:length:query:mask:relativeTo:)`` casts one
/// into a space, and the `intersection(with:)` functions test one against a single shape.
///
/// The direction need not be unit length; distances along a ray are always in metres.
public struct Ray: Hashable, Sendable {
    /// Where the ray starts.
    public var origin: SIMD3<Float>
    /// The way the ray goes; any length but zero.
    public var direction: SIMD3<Float>

    /// The ray from `origin` along `direction`.
    public init(origin: SIMD3<Float>, direction: SIMD3<Float>) {
        self.origin = origin
        self.direction = direction
    }

    /// The ray from `origin` through `target`.
    public init(from origin: SIMD3<Float>, through target: SIMD3<Float>) {
        self.init(origin: origin, direction: target - origin)
    }

    /// Whether the ray can hit anything: a finite origin and a finite, non-zero direction.
    public var isValid: Bool { origin.isFinite && direction.isFinite && direction.length > 0 }

    /// The point `distance` metres along the ray from its origin.
    public func point(atDistance distance: Float) -> SIMD3<Float> {
        origin + distance * direction.normalized
    }

    /// The ray with its direction scaled to unit length, or nil when it cannot hit anything.
    var unit: Ray? {
        guard isValid else { return nil }
        let unit = direction.normalized
        return unit.isFinite && unit.length > 0 ? Ray(origin: origin, direction: unit) : nil
    }
}

/// Where a ray meets a shape: the answer of the `intersection(with:)` functions of ``Ray``.
public struct RayIntersection: Hashable, Sendable {
    /// Metres from the ray's origin to the point.
    public var distance: Float
    /// The point where the ray meets the shape.
    public var position: SIMD3<Float>
    /// The unit normal of the surface at the point, facing the ray (out of the face it enters by).
    public var normal: SIMD3<Float>

    /// An intersection `distance` metres along a ray, at `position`, with the surface `normal`.
    public init(distance: Float, position: SIMD3<Float>, normal: SIMD3<Float>) {
        self.distance = distance
        self.position = position
        self.normal = normal
    }
}

/// A ball: every point within `radius` of `center`.
public struct Sphere: Hashable, Sendable {
    /// The centre of the ball.
    public var center: SIMD3<Float>
    /// The radius, in metres.
    public var radius: Float

    /// The ball of `radius` around `center`.
    public init(center: SIMD3<Float>, radius: Float) {
        self.center = center
        self.radius = radius
    }
}

/// An infinite plane through `point`, perpendicular to `normal`. Rays hit it from either side.
public struct Plane: Hashable, Sendable {
    /// A point of the plane.
    public var point: SIMD3<Float>
    /// A vector perpendicular to the plane; any length but zero.
    public var normal: SIMD3<Float>

    /// The plane through `point` perpendicular to `normal`.
    public init(point: SIMD3<Float>, normal: SIMD3<Float>) {
        self.point = point
        self.normal = normal
    }
}

/// A triangle with corners `a`, `b` and `c`. Rays hit it from either side.
public struct Triangle: Hashable, Sendable {
    /// The first corner.
    public var a: SIMD3<Float>
    /// The second corner.
    public var b: SIMD3<Float>
    /// The third corner.
    public var c: SIMD3<Float>

    /// The triangle with corners `a`, `b` and `c`.
    public init(_ a: SIMD3<Float>, _ b: SIMD3<Float>, _ c: SIMD3<Float>) {
        self.a = a
        self.b = b
        self.c = c
    }
}

// MARK: Ray against one shape

/// The pure tests of one ray against one shape. They follow the rules of the space's ray casts:
/// touching a face or an edge counts as a hit, a ray that starts inside a box or a sphere does
/// not hit it, and non-finite input hits nothing.
extension Ray {
    /// Where the ray enters `box`, or nil when it misses, when the box is behind, or when the ray
    /// starts strictly inside it.
    public func intersection(with box: BoundingBox) -> RayIntersection? {
        guard let ray = unit else { return nil }
        let inverse = SIMD3<Float>(repeating: 1) / ray.direction
        guard let entry = boxEntry(
            origin: ray.origin, direction: ray.direction, inverse: inverse, parallel: ray.direction .== 0,
            low: box.min, high: box.max)
        else { return nil }
        return ray.intersection(at: entry.t, normal: entry.normal)
    }

    /// Where the ray enters `sphere`, or nil when it misses, when the sphere is behind, or when
    /// the ray starts strictly inside it.
    public func intersection(with sphere: Sphere) -> RayIntersection? {
        guard let ray = unit, sphere.center.isFinite, sphere.radius.isFinite,
            let entry = sphereEntry(origin: ray.origin - sphere.center, direction: ray.direction, radius: Swift.abs(sphere.radius))
        else { return nil }
        return ray.intersection(at: entry.t, normal: entry.normal)
    }

    /// Where the ray crosses `plane`, or nil when it runs parallel to it or the plane is behind.
    /// A ray that starts on the plane meets it at distance 0.
    public func intersection(with plane: Plane) -> RayIntersection? {
        guard let ray = unit, plane.point.isFinite, plane.normal.isFinite else { return nil }
        let facing = plane.normal.dot(ray.direction)
        guard facing != 0, plane.normal.length > 0 else { return nil }
        let t = (plane.point - ray.origin).dot(plane.normal) / facing
        guard t >= 0, t.isFinite else { return nil }
        return ray.intersection(at: t, normal: facing > 0 ? -plane.normal : plane.normal)
    }

    /// Where the ray meets `triangle` (edges and corners included), or nil when it misses, runs
    /// in the triangle's plane, or the triangle is behind or has no area.
    public func intersection(with triangle: Triangle) -> RayIntersection? {
        // Möller and Trumbore: solve origin + t d = a + u (b - a) + v (c - a).
        guard let ray = unit, triangle.a.isFinite, triangle.b.isFinite, triangle.c.isFinite,
            let entry = triangleEntry(origin: ray.origin, direction: ray.direction, triangle.a, triangle.b, triangle.c)
        else { return nil }
        return ray.intersection(at: entry.t, normal: entry.normal)
    }

    /// The intersection `t` metres along this unit ray, with `normal` made unit length.
    private func intersection(at t: Float, normal: SIMD3<Float>) -> RayIntersection {
        RayIntersection(distance: t, position: origin + t * direction, normal: normal.normalized)
    }
}

/// Where the ray `origin + t * direction` enters the box `low...high` (axes of the same space):
/// `t` and the normal of the face entered, pointing against the ray. `inverse` is
/// `1 / direction`, and `parallel` marks its zero components. Nil when the ray misses, the box is
/// behind, or the origin is strictly inside. The space's casts call this with a precomputed
/// inverse for every box they test.
@inline(__always)
func boxEntry(
    origin: SIMD3<Float>, direction: SIMD3<Float>, inverse: SIMD3<Float>, parallel: SIMDMask<SIMD3<Int32>>,
    low: SIMD3<Float>, high: SIMD3<Float>
) -> (t: Float, normal: SIMD3<Float>)? {
    guard let (near, _, t0, _) = slabs(origin: origin, inverse: inverse, parallel: parallel, low: low, high: high),
        near >= 0, near.isFinite
    else { return nil }
    // The face entered is on the axis whose entry is last; its normal faces the ray.
    let axis = t0.x == near ? 0 : t0.y == near ? 1 : 2
    var normal = SIMD3<Float>.zero
    normal[axis] = direction[axis] > 0 ? -1 : 1
    return (near, normal)
}

/// Where the ray `origin + t * direction` enters the sphere of `radius` around the origin: `t`
/// and the outward normal there (of length 1 when `direction` is a unit vector, in general
/// `radius` times the point's distance from the centre over the radius). Nil when the ray
/// misses, the sphere is behind, or the origin is strictly inside.
@inline(__always)
func sphereEntry(origin o: SIMD3<Float>, direction d: SIMD3<Float>, radius: Float) -> (t: Float, normal: SIMD3<Float>)? {
    let a = d.dot(d)
    let b = o.dot(d)
    let c = o.dot(o) - radius * radius
    guard c >= 0, a > 0 else { return nil }
    let discriminant = b * b - a * c
    guard discriminant >= 0 else { return nil }
    let t = (-b - discriminant.squareRoot()) / a
    guard t >= 0, t.isFinite else { return nil }
    return (t, (o + t * d) / radius)
}

/// Where the ray `origin + t * direction` enters the capsule along y made of the segment from
/// `(0, -halfHeight, 0)` to `(0, halfHeight, 0)` grown by `radius`: `t` and the outward normal
/// there (not of unit length). Nil when the ray misses, the capsule is behind, or the origin is
/// strictly inside.
@inline(__always)
func capsuleEntry(origin o: SIMD3<Float>, direction d: SIMD3<Float>, halfHeight h: Float, radius r: Float)
    -> (t: Float, normal: SIMD3<Float>)?
{
    let nearestOnAxis = SIMD3<Float>(0, min(max(o.y, -h), h), 0)
    guard (o - nearestOnAxis).dot(o - nearestOnAxis) >= r * r else { return nil }
    var best: (t: Float, normal: SIMD3<Float>)?
    // The side of the cylinder.
    let a = d.x * d.x + d.z * d.z
    if a > 0 {
        let b = o.x * d.x + o.z * d.z
        let c = o.x * o.x + o.z * o.z - r * r
        let discriminant = b * b - a * c
        if discriminant >= 0 {
            let t = (-b - discriminant.squareRoot()) / a
            let y = o.y + t * d.y
            if t >= 0, t.isFinite, Swift.abs(y) <= h {
                let point = o + t * d
                best = (t, SIMD3(point.x, 0, point.z))
            }
        }
    }
    // The two caps.
    for cap in [SIMD3<Float>(0, h, 0), SIMD3<Float>(0, -h, 0)] {
        if let entry = sphereEntry(origin: o - cap, direction: d, radius: r), entry.t < (best?.t ?? .infinity) {
            best = entry
        }
    }
    return best
}

/// Where the ray `origin + t * direction` meets the triangle `a`, `b`, `c` (Möller and Trumbore:
/// solve origin + t d = a + u (b - a) + v (c - a)): `t` and the triangle's normal on the side the
/// ray comes from, not of unit length. Nil when it misses or the triangle is behind.
@inline(__always)
func triangleEntry(
    origin: SIMD3<Float>, direction: SIMD3<Float>, _ a: SIMD3<Float>, _ b: SIMD3<Float>, _ c: SIMD3<Float>
) -> (t: Float, normal: SIMD3<Float>)? {
    let edge1 = b - a, edge2 = c - a
    let p = direction.cross(edge2)
    let determinant = edge1.dot(p)
    guard determinant != 0, determinant.isFinite else { return nil }
    let inverse = 1 / determinant
    let s = origin - a
    let u = s.dot(p) * inverse
    guard u >= 0, u <= 1 else { return nil }
    let q = s.cross(edge1)
    let v = direction.dot(q) * inverse
    guard v >= 0, u + v <= 1 else { return nil }
    let t = edge2.dot(q) * inverse
    guard t >= 0, t.isFinite else { return nil }
    let normal = edge1.cross(edge2)
    return (t, normal.dot(direction) > 0 ? -normal : normal)
}

/// Where the ray `origin + t * direction` first meets one of the triangles whose corners are
/// `corners`, three by three: `t` and that triangle's normal toward the ray. Nil when it meets none.
@inline(__always)
func meshEntry(origin: SIMD3<Float>, direction: SIMD3<Float>, corners: [SIMD3<Float>]) -> (t: Float, normal: SIMD3<Float>)? {
    var nearest: (t: Float, normal: SIMD3<Float>)?
    for k in stride(from: 0, to: corners.count - 2, by: 3) {
        if let entry = triangleEntry(origin: origin, direction: direction, corners[k], corners[k + 1], corners[k + 2]),
            entry.t < nearest?.t ?? .infinity
        {
            nearest = entry
        }
    }
    return nearest
}

/// Where the ray `origin + t * direction` enters the convex hull bounded by `planes` (each
/// `(normal, d)` with `dot(normal, x) <= d` inside): `t` and the normal of the face entered. Nil
/// when the ray misses, the hull is behind or has no planes, or the origin is strictly inside.
@inline(__always)
func convexEntry(origin o: SIMD3<Float>, direction d: SIMD3<Float>, planes: [SIMD4<Float>]) -> (t: Float, normal: SIMD3<Float>)? {
    guard !planes.isEmpty else { return nil }
    var near = -Float.infinity, far = Float.infinity
    var normal = SIMD3<Float>.zero
    for plane in planes {
        let n = SIMD3(plane.x, plane.y, plane.z)
        let facing = n.dot(d)
        let room = plane.w - n.dot(o)
        if facing == 0 {
            if room < 0 { return nil }
            continue
        }
        let t = room / facing
        if facing < 0 {
            if t > near {
                near = t
                normal = n
            }
        } else {
            far = min(far, t)
        }
        if near > far { return nil }
    }
    guard near >= 0, near.isFinite else { return nil }
    return (near, normal)
}
