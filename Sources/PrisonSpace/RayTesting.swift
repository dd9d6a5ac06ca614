/// Helpers that make unit tests of ray hits short: boxes in a line or two, casts from an eye
/// toward a target, and approximate comparisons.
extension Space {
    /// Adds a box entity with edge `size` at each of `centres` (world positions) and returns them,
    /// named `prefix 0`, `prefix 1`, … in order.
    @discardableResult
    public func addBoxes(
        at centres: [SIMD3<Float>], size: Float = 0.3, group: CollisionGroup = .default, named prefix: String = "box"
    ) -> [Entity] {
        centres.enumerated().map { index, centre in
            let box = Entity(
                name: "\(prefix) \(index)", transform: Transform(translation: centre),
                collision: CollisionComponent(shapes: [.box(size: SIMD3(repeating: size))], group: group))
            addChild(box)
            return box
        }
    }

    /// The nearest hit of a ray from `eye` through `target` (world points), or nil.
    public func firstHit(from eye: SIMD3<Float>, toward target: SIMD3<Float>, mask: CollisionGroup = .all) -> RaycastHit? {
        raycast(origin: eye, direction: target - eye, query: .nearest, mask: mask).first
    }

    /// Every hit of a ray from `eye` through `target` (world points), nearest first.
    public func allHits(from eye: SIMD3<Float>, toward target: SIMD3<Float>, mask: CollisionGroup = .all) -> [RaycastHit] {
        raycast(origin: eye, direction: target - eye, query: .all, mask: mask)
    }
}

extension RaycastHit {
    /// Whether the hit is at `position` with `normal`, within `tolerance` metres.
    public func isApproximately(at position: SIMD3<Float>, normal: SIMD3<Float>, tolerance: Float = 1e-4) -> Bool {
        self.position.isApproximatelyEqual(to: position, tolerance: tolerance)
            && self.normal.isApproximatelyEqual(to: normal, tolerance: tolerance)
    }
}
