import COpenXR
import Foundation
import PrisonSpace

// Small helpers over the OpenXR C API: results as thrown errors with the runtime's words,
// strings in and out of its fixed-size character arrays, and its poses and fields of view as the
// space's matrices.

/// An OpenXR call that failed, with the result's name.
struct XRFailure: Error, CustomStringConvertible {
    let call: String
    let result: XrResult

    var description: String { "\(call) failed: \(result.name)" }
}

extension XrResult {
    /// Whether the call succeeded (success codes are zero or positive).
    var succeeded: Bool { rawValue >= 0 }

    /// The result's name in the specification, as the loader spells it.
    var name: String {
        var buffer = [CChar](repeating: 0, count: Int(XR_MAX_RESULT_STRING_SIZE))
        guard xrResultToString(nil, self, &buffer).rawValue >= 0 else { return "XrResult \(rawValue)" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Throws when `result` is a failure, naming `call`.
func check(_ result: XrResult, _ call: String) throws(XRFailure) {
    guard result.succeeded else { throw XRFailure(call: call, result: result) }
}

/// Writes `string` into a C character array (a tuple the size of the array), cut to fit with its
/// terminating zero.
func setCString<T>(_ tuple: inout T, _ string: String) {
    withUnsafeMutableBytes(of: &tuple) { bytes in
        bytes.initializeMemory(as: UInt8.self, repeating: 0)
        let utf8 = Array(string.utf8.prefix(bytes.count - 1))
        bytes.copyBytes(from: utf8)
    }
}

/// The string in a C character array (a tuple), up to its terminating zero.
func cString<T>(_ tuple: T) -> String {
    withUnsafeBytes(of: tuple) { bytes in String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self) }
}

extension XrPosef {
    /// The pose as a transform from its space to the reference space.
    var matrix: simd_float4x4 { simd_float4x4(translation: position.vector) * simd_float4x4(rotation) }

    /// The pose's turn.
    var rotation: simd_quatf { simd_quatf(ix: orientation.x, iy: orientation.y, iz: orientation.z, r: orientation.w) }

    /// The way the pose points: its -z (OpenXR's forward), in the reference space.
    var forward: SIMD3<Float> { rotation.act([0, 0, -1]) }

    /// The identity pose: the reference space itself.
    static var identity: XrPosef {
        XrPosef(orientation: XrQuaternionf(x: 0, y: 0, z: 0, w: 1), position: XrVector3f(x: 0, y: 0, z: 0))
    }
}

extension XrVector3f {
    var vector: SIMD3<Float> { SIMD3(x, y, z) }
}

extension XrFovf {
    /// An OpenGL projection (clip z from -1 to 1) of this field of view, whose four angles may
    /// differ (a headset's eye sees more to the outside than to the nose), from `near` to `far`
    /// metres.
    func projection(near: Float, far: Float) -> simd_float4x4 {
        let left = tan(angleLeft), right = tan(angleRight)
        let up = tan(angleUp), down = tan(angleDown)
        let width = right - left, height = up - down
        return simd_float4x4(rows: [
            [2 / width, 0, (right + left) / width, 0],
            [0, 2 / height, (up + down) / height, 0],
            [0, 0, -(far + near) / (far - near), -2 * far * near / (far - near)],
            [0, 0, -1, 0],
        ])
    }
}

/// Calls an OpenXR "two-call" enumeration: first for the count, then for the elements, each made
/// by `empty` (with its structure type set) before the runtime fills it.
func enumerate<Element>(
    _ call: String, empty: Element, _ body: (UInt32, UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<Element>?) -> XrResult
) throws(XRFailure) -> [Element] {
    var count: UInt32 = 0
    try check(body(0, &count, nil), call)
    var elements = [Element](repeating: empty, count: Int(count))
    try check(elements.withUnsafeMutableBufferPointer { body(count, &count, $0.baseAddress) }, call)
    return Array(elements.prefix(Int(count)))
}

extension Viewpoint {
    /// The nearest and farthest distances a headset's eye sees, in metres.
    static let eyeDepthRange: (near: Float, far: Float) = (0.05, 100)

    /// A headset's eye at `pose` in the room seeing `fov`: nothing is cut away, the player
    /// stands inside the room.
    init(eye pose: XrPosef, fov: XrFovf) {
        self.init(
            viewProjection: fov.projection(near: Self.eyeDepthRange.near, far: Self.eyeDepthRange.far) * pose.matrix.inverse,
            eye: pose.position.vector, cutaway: nil)
    }
}
