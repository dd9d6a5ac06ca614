import PrisonSpace
import PrisonSpaceTesting
import Testing

/// A small, fast, deterministic generator (SplitMix64) so that "random" cases are the same on
/// every run and every platform.
struct SpaceTestRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func float(in range: ClosedRange<Float>) -> Float { Float.random(in: range, using: &self) }

    mutating func vector(in range: ClosedRange<Float>) -> SIMD3<Float> {
        SIMD3(float(in: range), float(in: range), float(in: range))
    }

    /// A non-zero vector, for axes and directions.
    mutating func direction() -> SIMD3<Float> {
        while true {
            let v = vector(in: -1...1)
            if v.length > 0.1 { return v }
        }
    }

    mutating func rotation() -> simd_quatf {
        simd_quatf(angle: float(in: 0...(2 * .pi)), axis: direction())
    }

    /// A transform with a positive scale of `0.2...3` on each axis.
    mutating func transform() -> Transform {
        Transform(scale: vector(in: 0.2...3), rotation: rotation(), translation: vector(in: -5...5))
    }
}

@Suite("MathTests")
struct MathTests {
    // MARK: Quaternions

    @Test("Axis and angle read back what made the rotation")
    func axisAngleRoundTrip() {
        let axes: [SIMD3<Float>] = [[1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 2, 3], [-0.3, 0.5, -2], [0, 0, -4]]
        let angles: [Float] = [0.01, 0.3, 1, .pi / 2, 2.5, .pi, 4, 6]
        for axis in axes {
            for angle in angles {
                let q = simd_quatf(angle: angle, axis: axis)
                #expect(abs(q.angle - angle) < 1e-4, "angle \(angle) about \(axis) read back as \(q.angle)")
                #expect(
                    isClose(q.axis, axis.normalized, tolerance: 1e-4),
                    "axis \(axis) at \(angle) read back as \(q.axis)")
                let unitLength = (q.vector * q.vector).sum().squareRoot()
                #expect(abs(unitLength - 1) < 1e-5)
            }
        }
    }

    @Test("A zero axis or a non-finite angle gives the identity")
    func degenerateAxisAngle() {
        #expect(simd_quatf(angle: 1, axis: .zero) == .identity)
        #expect(simd_quatf(angle: .nan, axis: [0, 1, 0]) == .identity)
        #expect(simd_quatf(angle: 1, axis: [.infinity, 0, 0]) == .identity)
        #expect(simd_quatf.identity.angle == 0)
        #expect(simd_quatf.identity.axis == [1, 0, 0])
    }

    @Test("A rotation times its inverse is the identity")
    func inverse() {
        var random = SpaceTestRandom(seed: 1)
        for _ in 0..<200 {
            let q = random.rotation()
            #expect((q * q.inverse).isApproximatelyEqual(to: .identity, tolerance: 1e-5))
            #expect((q.inverse * q).isApproximatelyEqual(to: .identity, tolerance: 1e-5))
            let v = random.vector(in: -3...3)
            #expect(isClose(q.inverse.act(q.act(v)), v, tolerance: 1e-4))
        }
    }

    @Test("Rotations follow the right-hand rule")
    func rightHandRule() {
        let quarter = Float.pi / 2
        let aboutY = simd_quatf(angle: quarter, axis: [0, 1, 0])
        // Counter-clockwise seen from above: forward (-z) turns to the left (-x), right (+x) to forward.
        #expect(isClose(aboutY.act([0, 0, -1]), [-1, 0, 0], tolerance: 1e-6))
        #expect(isClose(aboutY.act([1, 0, 0]), [0, 0, -1], tolerance: 1e-6))
        #expect(isClose(aboutY.act([0, 1, 0]), [0, 1, 0], tolerance: 1e-6))
        let aboutZ = simd_quatf(angle: quarter, axis: [0, 0, 1])
        #expect(isClose(aboutZ.act([1, 0, 0]), [0, 1, 0], tolerance: 1e-6))
        #expect(isClose(aboutZ.act([0, 1, 0]), [-1, 0, 0], tolerance: 1e-6))
        let aboutX = simd_quatf(angle: quarter, axis: [1, 0, 0])
        #expect(isClose(aboutX.act([0, 1, 0]), [0, 0, 1], tolerance: 1e-6))
        #expect(isClose(aboutX.act([0, 0, 1]), [0, -1, 0], tolerance: 1e-6))
        // A negative angle turns the other way; so does a negated axis.
        let back = simd_quatf(angle: -quarter, axis: [0, 1, 0])
        #expect(isClose(back.act([0, 0, -1]), [1, 0, 0], tolerance: 1e-6))
        let flipped = simd_quatf(angle: quarter, axis: [0, -1, 0])
        #expect(isClose(flipped.act([0, 0, -1]), [1, 0, 0], tolerance: 1e-6))
        // Rotations keep lengths.
        let odd = simd_quatf(angle: 0.7, axis: [1, -2, 0.5])
        #expect(abs(odd.act([3, -4, 12]).length - 13) < 1e-4)
    }

    @Test("a * b applies b first, then a")
    func compositionOrder() {
        let a = simd_quatf(angle: .pi / 2, axis: [1, 0, 0])
        let b = simd_quatf(angle: .pi / 2, axis: [0, 1, 0])
        // b turns +x to -z, then a turns -z to +y.
        #expect(isClose((a * b).act([1, 0, 0]), [0, 1, 0], tolerance: 1e-6))
        // The other order: a leaves +x alone, then b turns it to -z.
        #expect(isClose((b * a).act([1, 0, 0]), [0, 0, -1], tolerance: 1e-6))

        var random = SpaceTestRandom(seed: 2)
        for _ in 0..<100 {
            let p = random.rotation(), q = random.rotation()
            let v = random.vector(in: -2...2)
            #expect(isClose((p * q).act(v), p.act(q.act(v)), tolerance: 1e-4))
        }
    }

    @Test("init(from:to:) turns one direction onto the other along the shortest arc")
    func fromTo() {
        var random = SpaceTestRandom(seed: 3)
        for _ in 0..<200 {
            let from = random.direction() * random.float(in: 0.5...4)
            let to = random.direction() * random.float(in: 0.5...4)
            let q = simd_quatf(from: from, to: to)
            #expect(isClose(q.act(from.normalized), to.normalized, tolerance: 1e-4), "\(from) -> \(to)")
            // Shortest arc: the angle is the angle between the vectors, about their cross product.
            let between = Float.acos(max(-1, min(1, from.normalized.dot(to.normalized))))
            #expect(abs(q.angle - between) < 1e-3, "\(from) -> \(to): angle \(q.angle), expected \(between)")
        }
        // The same direction: no turn.
        #expect(simd_quatf(from: [1, 2, 3], to: [2, 4, 6]).isApproximatelyEqual(to: .identity))
    }

    static let opposites: [(SIMD3<Float>, SIMD3<Float>)] = [
        ([1, 0, 0], [-1, 0, 0]),
        ([0, 1, 0], [0, -1, 0]),
        ([0, 0, 2], [0, 0, -3]),
        ([1, 2, 3], [-1, -2, -3]),
        ([-0.95, 0.1, 0.2], [0.95, -0.1, -0.2]),
    ]

    @Test("init(from:to:) turns half a circle for opposite vectors", arguments: opposites)
    func fromToOpposite(from: SIMD3<Float>, to: SIMD3<Float>) {
        let q = simd_quatf(from: from, to: to)
        #expect(isClose(q.act(from.normalized), to.normalized, tolerance: 1e-4), "\(q)")
        #expect(abs(q.angle - .pi) < 1e-3)
        // The axis of a half turn is perpendicular to the vectors.
        #expect(abs(q.axis.dot(from.normalized)) < 1e-4)
        #expect(q.vector.x.isFinite && q.vector.y.isFinite && q.vector.z.isFinite && q.vector.w.isFinite)
    }

    @Test("init(lookingToward:up:) turns -z onto the direction and keeps +y up")
    func lookingToward() {
        var random = SpaceTestRandom(seed: 4)
        var cases: [(forward: SIMD3<Float>, up: SIMD3<Float>)] = [
            ([0, 0, -1], [0, 1, 0]), ([1, 0, 0], [0, 1, 0]), ([0, 0, 1], [0, 1, 0]), ([-1, 0, 0], [0, 1, 0]),
            ([1, -1, -1], [0, 1, 0]), ([0, 0, -1], [1, 0, 0]), ([0, 2, 0], [0, 0, -1]),
        ]
        for _ in 0..<100 { cases.append((random.direction() * 3, random.direction())) }
        for (forward, up) in cases where forward.normalized.cross(up.normalized).length > 0.05 {
            let q = simd_quatf(lookingToward: forward, up: up)
            #expect(isClose(q.act([0, 0, -1]), forward.normalized, tolerance: 1e-4), "\(forward) \(up)")
            let newUp = q.act([0, 1, 0]), newRight = q.act([1, 0, 0])
            // Up stays in the plane of the direction and `up`, on `up`'s side: right is level.
            #expect(abs(newRight.dot(up.normalized)) < 1e-4, "\(forward) \(up): right \(newRight)")
            #expect(newUp.dot(up) > 0, "\(forward) \(up): up \(newUp)")
            #expect(abs(newUp.dot(forward.normalized)) < 1e-4)
        }
        // Looking along +x with +y up: right is +z (behind the player's starting view).
        let east = simd_quatf(lookingToward: [1, 0, 0])
        #expect(isClose(east.act([1, 0, 0]), [0, 0, 1], tolerance: 1e-5))
        #expect(isClose(east.act([0, 1, 0]), [0, 1, 0], tolerance: 1e-5))
        // The default direction is no turn at all.
        #expect(simd_quatf(lookingToward: [0, 0, -1]).isApproximatelyEqual(to: .identity))
    }

    @Test("init(lookingToward:up:) still looks the right way straight along up")
    func lookingAlongUp() {
        for forward: SIMD3<Float> in [[0, 1, 0], [0, -1, 0], [0, -5, 0]] {
            let q = simd_quatf(lookingToward: forward, up: [0, 1, 0])
            #expect(isClose(q.act([0, 0, -1]), forward.normalized, tolerance: 1e-4))
            let unitLength = (q.vector * q.vector).sum().squareRoot()
            #expect(abs(unitLength - 1) < 1e-5)
        }
    }

    @Test("slerp gives the ends at 0 and 1 and half the angle at 0.5")
    func slerpEndsAndMiddle() {
        var random = SpaceTestRandom(seed: 5)
        for _ in 0..<100 {
            let a = random.rotation(), b = random.rotation()
            #expect(simd_slerp(a, b, 0).isApproximatelyEqual(to: a, tolerance: 1e-5))
            #expect(simd_slerp(a, b, 1).isApproximatelyEqual(to: b, tolerance: 1e-5))
            // The middle is equally far from both ends.
            let middle = simd_slerp(a, b, 0.5)
            let toA = (middle.inverse * a).angle, toB = (middle.inverse * b).angle
            let shortA = min(toA, 2 * .pi - toA), shortB = min(toB, 2 * .pi - toB)
            #expect(abs(shortA - shortB) < 1e-3)
        }
        for angle: Float in [0.01, 0.4, 1.5, 2.5, 3.1] {
            let b = simd_quatf(angle: angle, axis: [1, 1, 0])
            let half = simd_slerp(.identity, b, 0.5)
            #expect(half.isApproximatelyEqual(to: simd_quatf(angle: angle / 2, axis: [1, 1, 0]), tolerance: 1e-5))
            let quarter = simd_slerp(.identity, b, 0.25)
            #expect(quarter.isApproximatelyEqual(to: simd_quatf(angle: angle / 4, axis: [1, 1, 0]), tolerance: 1e-5))
        }
    }

    @Test("slerp takes the shorter arc")
    func slerpShorterArc() {
        // 270° about +y is -90° about +y: the middle is -45°, not 135°.
        let long = simd_quatf(angle: 3 * .pi / 2, axis: [0, 1, 0])
        let middle = simd_slerp(.identity, long, 0.5)
        #expect(middle.isApproximatelyEqual(to: simd_quatf(angle: -.pi / 4, axis: [0, 1, 0]), tolerance: 1e-5))
        #expect(isClose(middle.act([0, 0, -1]), [0.7071068, 0, -0.7071068], tolerance: 1e-5))
        // The negated quaternion is the same rotation: the path is the same.
        let turn = simd_quatf(angle: 1, axis: [0, 0, 1])
        let negated = simd_quatf(vector: -turn.vector)
        for t: Float in [0.1, 0.5, 0.9] {
            #expect(
                simd_slerp(.identity, negated, t).isApproximatelyEqual(
                    to: simd_quatf(angle: t, axis: [0, 0, 1]), tolerance: 1e-5))
        }
    }

    // MARK: Matrices

    @Test("A TRS matrix times its inverse is the identity")
    func matrixInverse() throws {
        var random = SpaceTestRandom(seed: 6)
        for _ in 0..<200 {
            var transform = random.transform()
            if random.float(in: 0...1) < 0.3 { transform.scale.y = -transform.scale.y }
            let m = transform.matrix
            let inverse = m.inverse
            #expect((m * inverse).isApproximatelyEqual(to: matrix_identity_float4x4, tolerance: 1e-4), "\(transform)")
            #expect((inverse * m).isApproximatelyEqual(to: matrix_identity_float4x4, tolerance: 1e-4), "\(transform)")
            let p = random.vector(in: -4...4)
            #expect(isClose(inverse.transformPoint(m.transformPoint(p)), p, tolerance: 1e-3))
        }
        #expect(matrix_identity_float4x4.inverse == matrix_identity_float4x4)
        let translation = simd_float4x4(translation: [1, -2, 3]).inverse
        #expect(translation.isApproximatelyEqual(to: simd_float4x4(translation: [-1, 2, -3]), tolerance: 1e-6))
    }

    @Test("A singular or non-finite matrix has an inverse of no finite number, as in Apple's simd")
    func singular() {
        func hasNoFiniteInverse(_ m: simd_float4x4) -> Bool {
            let c = m.inverse.columns
            return [c.0, c.1, c.2, c.3].contains { column in (0..<4).contains { !column[$0].isFinite } }
        }
        #expect(hasNoFiniteInverse(simd_float4x4(scale: [1, 0, 1])))
        #expect(hasNoFiniteInverse(simd_float4x4(columns: ([0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]))))
        // Two equal columns.
        #expect(hasNoFiniteInverse(simd_float4x4(columns: ([1, 2, 3, 0], [1, 2, 3, 0], [0, 0, 1, 0], [4, 5, 6, 1]))))
        // A column that is the sum of two others.
        #expect(hasNoFiniteInverse(simd_float4x4(columns: ([1, 0, 2, 0], [0, 1, 3, 0], [1, 1, 5, 0], [0, 0, 0, 1]))))
        var nan = matrix_identity_float4x4
        nan.columns.1.y = .nan
        #expect(hasNoFiniteInverse(nan))
        var infinite = matrix_identity_float4x4
        infinite.columns.3.x = .infinity
        #expect(hasNoFiniteInverse(infinite))
        #expect(simd_float4x4(scale: [2, 4, 8]).inverse == simd_float4x4(scale: [0.5, 0.25, 0.125]))
    }

    @Test("Transposing twice gives the matrix back, and transposing swaps rows and columns")
    func transpose() {
        var random = SpaceTestRandom(seed: 7)
        for _ in 0..<50 {
            let m = simd_float4x4(columns: (
                SIMD4(random.vector(in: -9...9), random.float(in: -9...9)),
                SIMD4(random.vector(in: -9...9), random.float(in: -9...9)),
                SIMD4(random.vector(in: -9...9), random.float(in: -9...9)),
                SIMD4(random.vector(in: -9...9), random.float(in: -9...9))))
            #expect(m.transpose.transpose == m)
            let t = m.transpose
            for row in 0..<4 {
                for column in 0..<4 {
                    #expect(t[column][row] == m[row][column])
                }
            }
        }
    }

    @Test("The perspective projection maps the near plane to z = -1 and the far plane to z = +1")
    func perspective() {
        let fieldOfView = Float.pi / 3, aspect: Float = 1.5, near: Float = 0.1, far: Float = 50
        let m = simd_float4x4(perspectiveFieldOfView: fieldOfView, aspectRatio: aspect, near: near, far: far)
        #expect(isClose(m.transformPoint([0, 0, -near]), [0, 0, -1], tolerance: 1e-5))
        #expect(isClose(m.transformPoint([0, 0, -far]), [0, 0, 1], tolerance: 1e-4))
        // The edges of the view on the near plane go to the edges of clip space.
        let top = near * Float.tan(fieldOfView / 2)
        #expect(isClose(m.transformPoint([0, top, -near]), [0, 1, -1], tolerance: 1e-5))
        #expect(isClose(m.transformPoint([top * aspect, 0, -near]), [1, 0, -1], tolerance: 1e-5))
        #expect(
            isClose(
                m.transformPoint([-top * aspect * far / near, -top * far / near, -far]), [-1, -1, 1], tolerance: 1e-3))
        // Depth grows with distance.
        #expect(m.transformPoint([0, 0, -1]).z < m.transformPoint([0, 0, -2]).z)
        // The camera looks down -z: w is the distance in front of it.
        #expect((m * SIMD4<Float>(0, 0, -3, 1)).w == 3)
    }

    // MARK: Transforms

    @Test("A transform read back from its matrix is the same transform")
    func transformRoundTrip() {
        var random = SpaceTestRandom(seed: 8)
        for _ in 0..<300 {
            let t = random.transform()
            #expect(Transform(matrix: t.matrix).isApproximatelyEqual(to: t, tolerance: 1e-4), "\(t)")
        }
        // A mirror (one negative scale, read back on x).
        for _ in 0..<100 {
            var t = random.transform()
            t.scale.x = -t.scale.x
            let back = Transform(matrix: t.matrix)
            #expect(back.isApproximatelyEqual(to: t, tolerance: 1e-4), "\(t) read back as \(back)")
        }
        // A negative scale on another axis is the same matrix as a negative x with a half turn:
        // the matrix survives the round trip even when the parts differ.
        for _ in 0..<100 {
            var t = random.transform()
            t.scale.z = -t.scale.z
            let back = Transform(matrix: t.matrix)
            #expect(back.matrix.isApproximatelyEqual(to: t.matrix, tolerance: 1e-4), "\(t) read back as \(back)")
            #expect(back.scale.x < 0 && back.scale.y > 0 && back.scale.z > 0)
        }
        #expect(Transform(matrix: matrix_identity_float4x4) == .identity)
    }

    @Test("A transform's matrix scales, then rotates, then translates")
    func transformOrder() {
        let t = Transform(
            scale: [2, 1, 1], rotation: simd_quatf(angle: .pi / 2, axis: [0, 0, 1]), translation: [0, 0, 5])
        // (1,0,0) scaled to (2,0,0), turned to (0,2,0), moved to (0,2,5).
        #expect(isClose(t.matrix.transformPoint([1, 0, 0]), [0, 2, 5], tolerance: 1e-5))
        // (0,1,0) is not stretched: the scale applies before the turn.
        #expect(isClose(t.matrix.transformPoint([0, 1, 0]), [-1, 0, 5], tolerance: 1e-5))
        // Directions are not moved.
        #expect(isClose(t.matrix.transformDirection([1, 0, 0]), [0, 2, 0], tolerance: 1e-5))

        var random = SpaceTestRandom(seed: 9)
        for _ in 0..<100 {
            let t = random.transform()
            let composed =
                simd_float4x4(translation: t.translation) * simd_float4x4(t.rotation) * simd_float4x4(scale: t.scale)
            #expect(t.matrix.isApproximatelyEqual(to: composed, tolerance: 1e-5))
            let p = random.vector(in: -2...2)
            let expected = t.rotation.act(t.scale * p) + t.translation
            #expect(isClose(t.matrix.transformPoint(p), expected, tolerance: 1e-4))
        }
    }
}
