import PrisonUSD

/// A 4 x 4 matrix of doubles for points as columns: the local transforms of USD's `xformOp`s
/// are composed in double precision, as OpenUSD composes them, then stored as floats.
struct DoubleMatrix: Equatable {
    /// Column-major: `m[column * 4 + row]`.
    var m: [Double]

    static let identity = DoubleMatrix(m: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])

    subscript(row: Int, column: Int) -> Double {
        get { m[column * 4 + row] }
        set { m[column * 4 + row] = newValue }
    }

    static func * (a: DoubleMatrix, b: DoubleMatrix) -> DoubleMatrix {
        var result = DoubleMatrix(m: Array(repeating: 0, count: 16))
        for column in 0..<4 {
            for row in 0..<4 {
                var sum = 0.0
                for k in 0..<4 { sum += a[row, k] * b[k, column] }
                result[row, column] = sum
            }
        }
        return result
    }

    static func translation(_ t: [Double]) -> DoubleMatrix {
        var matrix = identity
        (matrix[0, 3], matrix[1, 3], matrix[2, 3]) = (t[0], t[1], t[2])
        return matrix
    }

    static func scale(_ s: [Double]) -> DoubleMatrix {
        var matrix = identity
        (matrix[0, 0], matrix[1, 1], matrix[2, 2]) = (s[0], s[1], s[2])
        return matrix
    }

    /// The rotation by `degrees` about axis 0 (x), 1 (y) or 2 (z).
    static func rotation(degrees: Double, axis: Int) -> DoubleMatrix {
        let radians = degrees * .pi / 180
        let (c, s) = (cos(radians), sin(radians))
        let (i, j) = ((axis + 1) % 3, (axis + 2) % 3)
        var matrix = identity
        (matrix[i, i], matrix[i, j], matrix[j, i], matrix[j, j]) = (c, -s, s, c)
        return matrix
    }

    /// The rotation of the quaternion `(w, x, y, z)` (normalized first).
    static func rotation(quaternion q: [Double]) -> DoubleMatrix {
        let length = (q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]).squareRoot()
        guard length > 0, length.isFinite else { return identity }
        let (w, x, y, z) = (q[0] / length, q[1] / length, q[2] / length, q[3] / length)
        var matrix = identity
        matrix[0, 0] = 1 - 2 * (y * y + z * z)
        matrix[0, 1] = 2 * (x * y - w * z)
        matrix[0, 2] = 2 * (x * z + w * y)
        matrix[1, 0] = 2 * (x * y + w * z)
        matrix[1, 1] = 1 - 2 * (x * x + z * z)
        matrix[1, 2] = 2 * (y * z - w * x)
        matrix[2, 0] = 2 * (x * z - w * y)
        matrix[2, 1] = 2 * (y * z + w * x)
        matrix[2, 2] = 1 - 2 * (x * x + y * y)
        return matrix
    }

    /// The inverse of an affine matrix, or nil when it is singular.
    var affineInverse: DoubleMatrix? {
        let a = self
        let det =
            a[0, 0] * (a[1, 1] * a[2, 2] - a[1, 2] * a[2, 1]) - a[0, 1] * (a[1, 0] * a[2, 2] - a[1, 2] * a[2, 0])
            + a[0, 2] * (a[1, 0] * a[2, 1] - a[1, 1] * a[2, 0])
        guard det != 0, det.isFinite else { return nil }
        var inverse = DoubleMatrix.identity
        inverse[0, 0] = (a[1, 1] * a[2, 2] - a[1, 2] * a[2, 1]) / det
        inverse[0, 1] = (a[0, 2] * a[2, 1] - a[0, 1] * a[2, 2]) / det
        inverse[0, 2] = (a[0, 1] * a[1, 2] - a[0, 2] * a[1, 1]) / det
        inverse[1, 0] = (a[1, 2] * a[2, 0] - a[1, 0] * a[2, 2]) / det
        inverse[1, 1] = (a[0, 0] * a[2, 2] - a[0, 2] * a[2, 0]) / det
        inverse[1, 2] = (a[0, 2] * a[1, 0] - a[0, 0] * a[1, 2]) / det
        inverse[2, 0] = (a[1, 0] * a[2, 1] - a[1, 1] * a[2, 0]) / det
        inverse[2, 1] = (a[0, 1] * a[2, 0] - a[0, 0] * a[2, 1]) / det
        inverse[2, 2] = (a[0, 0] * a[1, 1] - a[0, 1] * a[1, 0]) / det
        for row in 0..<3 {
            inverse[row, 3] = -(inverse[row, 0] * a[0, 3] + inverse[row, 1] * a[1, 3] + inverse[row, 2] * a[2, 3])
        }
        return inverse
    }

    /// The matrix in floats.
    var float4x4: simd_float4x4 {
        simd_float4x4(
            SIMD4(Float(m[0]), Float(m[1]), Float(m[2]), Float(m[3])), SIMD4(Float(m[4]), Float(m[5]), Float(m[6]), Float(m[7])),
            SIMD4(Float(m[8]), Float(m[9]), Float(m[10]), Float(m[11])),
            SIMD4(Float(m[12]), Float(m[13]), Float(m[14]), Float(m[15])))
    }
}

extension USDPrim {
    /// The prim's local transform from its `xformOpOrder`, the first op outermost, and whether
    /// it resets the transform stack (ignores its parents'). Throws when an op named in the
    /// order has no value of the right size.
    func localTransform() throws(SceneLoadError) -> (matrix: DoubleMatrix, resetsStack: Bool) {
        guard let order = value("xformOpOrder")?.elements?.compactMap(\.string) else { return (.identity, false) }
        var matrix = DoubleMatrix.identity
        var resetsStack = false
        for var op in order {
            if op == "!resetXformStack!" {
                resetsStack = true
                matrix = .identity
                continue
            }
            let inverts = op.hasPrefix("!invert!")
            if inverts { op.removeFirst("!invert!".count) }
            var opMatrix = try self.opMatrix(op)
            if inverts {
                guard let inverse = opMatrix.affineInverse else {
                    throw error("the inverted op \(op) is singular")
                }
                opMatrix = inverse
            }
            matrix = matrix * opMatrix
        }
        return (matrix, resetsStack)
    }

    private func error(_ reason: String) -> SceneLoadError {
        SceneLoadError(file: "\(location)", line: textLine, reason: "<\(path)>: \(reason)")
    }

    /// The matrix of the op attribute `name` (`xformOp:rotateXYZ`, `xformOp:translate:pivot`).
    private func opMatrix(_ name: String) throws(SceneLoadError) -> DoubleMatrix {
        let parts = name.split(separator: ":")
        guard parts.count >= 2, parts[0] == "xformOp" else { throw error("'\(name)' in xformOpOrder is not an xformOp") }
        let kind = String(parts[1])
        // Reality Composer Pro lists translate, orient and scale whether or not it writes them; an
        // op without a value changes nothing, as in OpenUSD.
        guard let value = value(name) else { return .identity }
        let numbers = value.numbers ?? []
        func need(_ count: Int) throws(SceneLoadError) {
            guard numbers.count == count, numbers.allSatisfy(\.isFinite) else {
                throw error("\(name) needs \(count) finite numbers, has \(numbers.count)")
            }
        }
        switch kind {
        case "translate":
            try need(3)
            return .translation(numbers)
        case "scale":
            if numbers.count == 1 { return .scale([numbers[0], numbers[0], numbers[0]]) }
            try need(3)
            return .scale(numbers)
        case "orient":
            try need(4)
            return .rotation(quaternion: numbers)
        case "rotateX", "rotateY", "rotateZ":
            try need(1)
            return .rotation(degrees: numbers[0], axis: ["rotateX", "rotateY", "rotateZ"].firstIndex(of: kind) ?? 0)
        case "transform":
            try need(16)
            // USD writes rows for points as rows: its rows are our columns.
            return DoubleMatrix(m: numbers)
        default:
            guard kind.hasPrefix("rotate"), kind.count == 9 else { throw error("\(name): an unknown xformOp") }
            try need(3)
            // rotateXYZ turns about x first, then y, then z: Rz * Ry * Rx for points as columns.
            var matrix = DoubleMatrix.identity
            for axisName in kind.dropFirst(6) {
                guard let axis = ["X", "Y", "Z"].firstIndex(of: axisName) else {
                    throw error("\(name): an unknown rotation order")
                }
                matrix = .rotation(degrees: numbers[axis], axis: axis) * matrix
            }
            return matrix
        }
    }
}
