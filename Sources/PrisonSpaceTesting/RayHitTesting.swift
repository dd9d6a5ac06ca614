import PrisonSpace

/// Helpers that make unit tests of ray hits short: boxes in a line or two, casts from an eye
/// toward a target, and approximate comparisons of hits.
///
/// ```swift
/// let blocks = space.addBoxes(at: [[0, 1.6, -2], [0, 1.6, -3]])
/// let hit = try #require(space.firstHit(from: [0, 1.6, 0], toward: [0, 1.6, -3]))
/// #expect(hit.entity === blocks[0])
/// ```
extension Space {
    /// Adds a box entity with edge `size` at each of `centres` (world positions) and returns them,
    /// named `prefix 0`, `prefix 1`, … in order, in the collision groups `group`.
    @discardableResult
    public func addBoxes(
        at centres: [SIMD3<Float>], size: Float = 0.3, group: CollisionGroup = .default, named prefix: String = "box"
    ) -> [Entity] {
        centres.enumerated().map { index, centre in
            let box = Entity(
                name: "\(prefix) \(index)", transform: Transform(translation: centre),
                collision: CollisionComponent(
                    shapes: [.generateBox(size: SIMD3(repeating: size))], filter: CollisionFilter(group: group, mask: .all)))
            addChild(box)
            return box
        }
    }

    /// The nearest hit of a ray from `eye` through `target` (world points) and up to 100 m on,
    /// among the entities whose group meets `mask`; nil when it hits nothing.
    public func firstHit(from eye: SIMD3<Float>, toward target: SIMD3<Float>, mask: CollisionGroup = .all) -> CollisionCastHit? {
        raycast(along: Ray(from: eye, through: target), query: .nearest, mask: mask).first
    }

    /// Every hit of a ray from `eye` through `target` (world points) and up to 100 m on, nearest
    /// first, among the entities whose group meets `mask`.
    public func allHits(from eye: SIMD3<Float>, toward target: SIMD3<Float>, mask: CollisionGroup = .all) -> [CollisionCastHit] {
        raycast(along: Ray(from: eye, through: target), query: .all, mask: mask)
    }
}

extension CollisionCastHit {
    /// Whether the hit is within `tolerance` metres of `position` and, when `normal` is given,
    /// its normal within `tolerance` of `normal`.
    public func isApproximately(at position: SIMD3<Float>, normal: SIMD3<Float>? = nil, tolerance: Float = 1e-4) -> Bool {
        isClose(self.position, position, tolerance: tolerance)
            && (normal.map { isClose(self.normal, $0, tolerance: tolerance) } ?? true)
    }
}
