/// A convex shape placed in the world, described by its support function (its farthest point in
/// any direction): what the overlap test between two shapes needs.
struct ConvexSupport {
    let geometry: ShapeResource.Geometry
    /// From the shape's space to the world.
    let world: simd_float4x4

    /// `resource` placed by `world` (the matrix of the space its pose is given in); nil for a
    /// hull that encloses no volume.
    init?(_ resource: ShapeResource, at world: simd_float4x4) {
        if case .convex(_, let planes) = resource.geometry, planes.isEmpty { return nil }
        geometry = resource.geometry
        self.world = resource.pose.isIdentity ? world : world * resource.pose.matrix
    }

    /// Shape number `shape` of `entity`'s collision component, where the entity is now.
    init?(_ entity: Entity, shape: Int) {
        guard let resource = entity.collision?.shapes[shape] else { return nil }
        self.init(resource, at: entity.worldMatrix)
    }

    /// The shape's centre in the world.
    var centre: SIMD3<Float> {
        switch geometry {
        case .convex(let points, _) where !points.isEmpty, .mesh(let points) where !points.isEmpty:
            world.transformPoint(points.reduce(.zero, +) / Float(points.count))
        default:
            world.transformPoint(.zero)
        }
    }

    /// The point of the shape farthest along `direction` (world axes).
    func support(_ direction: SIMD3<Float>) -> SIMD3<Float> {
        let x = SIMD3(world.columns.0.x, world.columns.0.y, world.columns.0.z)
        let y = SIMD3(world.columns.1.x, world.columns.1.y, world.columns.1.z)
        let z = SIMD3(world.columns.2.x, world.columns.2.y, world.columns.2.z)
        let local = SIMD3((x * direction).sum(), (y * direction).sum(), (z * direction).sum())
        let point: SIMD3<Float>
        switch geometry {
        case .box(let half):
            point = half.replacing(with: -half, where: local .< 0)
        case .sphere(let radius):
            point = radius * Self.unit(local)
        case .capsule(let halfHeight, let radius):
            point = SIMD3(0, local.y < 0 ? -halfHeight : halfHeight, 0) + radius * Self.unit(local)
        case .convex(let points, _), .mesh(let points):
            // A mesh is taken as the convex hull of its corners.
            point = points.max { ($0 * local).sum() < ($1 * local).sum() } ?? .zero
        }
        return world.transformPoint(point)
    }

    private static func unit(_ v: SIMD3<Float>) -> SIMD3<Float> {
        let length = (v * v).sum().squareRoot()
        return length > 0 ? v / length : SIMD3(1, 0, 0)
    }

    /// Whether this shape and `other` share a point inside both (touching surfaces do not
    /// count): the Gilbert–Johnson–Keerthi test on their Minkowski difference.
    func overlaps(_ other: ConvexSupport) -> Bool {
        func difference(_ d: SIMD3<Float>) -> SIMD3<Float> { support(d) - other.support(-d) }
        var direction = centre - other.centre
        if (direction * direction).sum() == 0 { direction = [1, 0, 0] }
        var simplex = [difference(direction)]
        direction = -simplex[0]
        for _ in 0..<64 {
            if (direction * direction).sum() == 0 { return true }
            let point = difference(direction)
            if (point * direction).sum() <= 0 { return false }
            simplex.append(point)
            if Self.containsOrigin(&simplex, &direction) { return true }
        }
        return false
    }

    /// Reduces `simplex` (its newest point last) to the part nearest the origin and points
    /// `direction` from there toward the origin; true when the simplex holds the origin.
    private static func containsOrigin(_ simplex: inout [SIMD3<Float>], _ direction: inout SIMD3<Float>) -> Bool {
        func dot(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> Float { (a * b).sum() }
        func cross(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> SIMD3<Float> {
            SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
        }
        func line(_ a: SIMD3<Float>, _ b: SIMD3<Float>) {
            let ab = b - a, ao = -a
            if dot(ab, ao) > 0 {
                simplex = [b, a]
                direction = cross(cross(ab, ao), ab)
                if dot(direction, direction) == 0 { direction = .zero }
            } else {
                simplex = [a]
                direction = ao
            }
        }
        func triangle(_ a: SIMD3<Float>, _ b: SIMD3<Float>, _ c: SIMD3<Float>) {
            // a newest; b and c older.
            let ab = b - a, ac = c - a, ao = -a
            let normal = cross(ab, ac)
            if dot(cross(normal, ac), ao) > 0 {
                if dot(ac, ao) > 0 {
                    simplex = [c, a]
                    direction = cross(cross(ac, ao), ac)
                } else {
                    line(a, b)
                }
            } else if dot(cross(ab, normal), ao) > 0 {
                line(a, b)
            } else if dot(normal, ao) > 0 {
                simplex = [c, b, a]
                direction = normal
            } else {
                simplex = [b, c, a]
                direction = -normal
            }
        }
        switch simplex.count {
        case 2:
            line(simplex[1], simplex[0])
            return dot(direction, direction) == 0
        case 3:
            triangle(simplex[2], simplex[1], simplex[0])
            return false
        default:
            let a = simplex[3], b = simplex[2], c = simplex[1], d = simplex[0]
            let ao = -a
            let abc = cross(b - a, c - a), acd = cross(c - a, d - a), adb = cross(d - a, b - a)
            if dot(abc, ao) > 0 {
                triangle(a, b, c)
                return false
            }
            if dot(acd, ao) > 0 {
                triangle(a, c, d)
                return false
            }
            if dot(adb, ao) > 0 {
                triangle(a, d, b)
                return false
            }
            return true
        }
    }
}
