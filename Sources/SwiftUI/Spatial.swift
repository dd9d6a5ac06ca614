// The Spatial framework's types and SwiftUI's `Angle`, as far as an immersive view's gestures
// need them: double-precision values, in metres and radians, in the space's world.
import Foundation
import PrisonSpace

/// An angle, as SwiftUI's `Angle`.
public struct Angle: Hashable, Comparable, Sendable {
    /// The angle in radians.
    public var radians: Double
    /// The angle in degrees.
    public var degrees: Double {
        get { radians * 180 / .pi }
        set { radians = newValue * .pi / 180 }
    }

    /// The angle of zero radians.
    public init() { radians = 0 }
    /// The angle of `radians`.
    public init(radians: Double) { self.radians = radians }
    /// The angle of `degrees`.
    public init(degrees: Double) { radians = degrees * .pi / 180 }

    /// The angle of `radians`.
    public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }
    /// The angle of `degrees`.
    public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }
    /// The angle of zero radians.
    public static let zero = Angle()

    /// Whether `a` is smaller than `b`.
    public static func < (a: Angle, b: Angle) -> Bool { a.radians < b.radians }
}

/// An angle, as the Spatial framework's `Angle2D`: what a ``Rotation3D`` turns by.
public struct Angle2D: Hashable, Comparable, Sendable {
    /// The angle in radians.
    public var radians: Double
    /// The angle in degrees.
    public var degrees: Double { radians * 180 / .pi }

    /// The angle of `radians`.
    public init(radians: Double) { self.radians = radians }
    /// The angle of `degrees`.
    public init(degrees: Double) { radians = degrees * .pi / 180 }
    /// The same angle as SwiftUI's `angle`.
    public init(_ angle: Angle) { radians = angle.radians }

    /// The angle of `radians`.
    public static func radians(_ radians: Double) -> Angle2D { Angle2D(radians: radians) }
    /// The angle of `degrees`.
    public static func degrees(_ degrees: Double) -> Angle2D { Angle2D(degrees: degrees) }
    /// The angle of zero radians.
    public static let zero = Angle2D(radians: 0)

    /// Whether `a` is smaller than `b`.
    public static func < (a: Angle2D, b: Angle2D) -> Bool { a.radians < b.radians }
}

/// An axis to turn about, as the Spatial framework's `RotationAxis3D`: a unit direction.
public struct RotationAxis3D: Hashable, Sendable {
    /// The direction, unit length.
    public var vector: SIMD3<Double>

    /// The axis along `(x, y, z)` (made unit length; zero gives +y).
    public init(x: Double = 0, y: Double = 0, z: Double = 0) { self.init(SIMD3(x, y, z)) }
    /// The axis along `vector` (made unit length; zero gives +y).
    public init(_ vector: SIMD3<Double>) {
        let length = (vector * vector).sum().squareRoot()
        self.vector = length > 0 && length.isFinite ? vector / length : [0, 1, 0]
    }

    /// The component along x.
    public var x: Double { vector.x }
    /// The component along y.
    public var y: Double { vector.y }
    /// The component along z.
    public var z: Double { vector.z }

    /// The x axis.
    public static let x = RotationAxis3D(x: 1)
    /// The y axis, up.
    public static let y = RotationAxis3D(y: 1)
    /// The z axis, toward the viewer.
    public static let z = RotationAxis3D(z: 1)
    /// The x and y axes at once: a rotation gesture constrained to it turns about one of them.
    public static let xy = RotationAxis3D(x: 1, y: 1)
    /// The y and z axes at once.
    public static let yz = RotationAxis3D(y: 1, z: 1)
    /// The x and z axes at once.
    public static let xz = RotationAxis3D(x: 1, z: 1)
}

/// A rotation in three dimensions, as the Spatial framework's `Rotation3D`: a unit quaternion of
/// doubles.
public struct Rotation3D: Hashable, Sendable {
    /// The rotation as a quaternion, in `simd_quatf`'s order (imaginary parts, then real).
    public var vector: SIMD4<Double>

    /// The rotation that changes nothing.
    public init() { vector = [0, 0, 0, 1] }
    /// A rotation by `angle` about `axis` (right-handed).
    public init(angle: Angle2D, axis: RotationAxis3D) {
        let half = angle.radians / 2
        vector = SIMD4(axis.vector * sin(half), cos(half))
    }
    /// A rotation by SwiftUI's `angle` about `axis` (right-handed). Disfavoured, so that
    /// `Rotation3D(angle: .degrees(45), axis: .y)` picks Apple's `Angle2D` form.
    @_disfavoredOverload
    public init(angle: Angle, axis: RotationAxis3D) { self.init(angle: Angle2D(angle), axis: axis) }
    /// The rotation of the quaternion `quaternion`.
    public init(_ quaternion: simd_quatf) { vector = SIMD4<Double>(quaternion.vector) }
    /// The rotation of the quaternion `quaternion`, as `Rotation3D(quaternion:)`.
    public init(quaternion: simd_quatf) { self.init(quaternion) }

    /// The rotation that changes nothing.
    public static let identity = Rotation3D()

    /// How far it turns, from 0 to 2π.
    public var angle: Angle2D { Angle2D(radians: 2 * acos(min(max(vector.w, -1), 1))) }
    /// What it turns about (+y for the rotation that changes nothing).
    public var axis: RotationAxis3D { RotationAxis3D(SIMD3(vector.x, vector.y, vector.z)) }
    /// The rotation as a `simd_quatf`.
    public var quaternion: simd_quatf { simd_quatf(vector: SIMD4<Float>(vector)) }
    /// The rotation that undoes this one, as Spatial's `inverse`.
    public var inverse: Rotation3D { Rotation3D(simd_quatf(vector: SIMD4<Float>(vector)).inverse) }
    /// The rotation that undoes this one: ``inverse``.
    public var inverted: Rotation3D { inverse }

    /// This rotation followed by `other`.
    public func rotated(by other: Rotation3D) -> Rotation3D { Rotation3D(other.quaternion * quaternion) }

    /// `a` after `b`.
    public static func * (a: Rotation3D, b: Rotation3D) -> Rotation3D { Rotation3D(a.quaternion * b.quaternion) }
}

extension simd_quatf {
    /// The rotation `rotation`, in floats.
    public init(_ rotation: Rotation3D) { self.init(vector: SIMD4<Float>(rotation.vector)) }
}

/// A size in three dimensions, as the Spatial framework's `Size3D`, in metres here.
public struct Size3D: Hashable, Sendable {
    /// The extent along x.
    public var width: Double
    /// The extent along y.
    public var height: Double
    /// The extent along z.
    public var depth: Double

    /// The size `width` by `height` by `depth`.
    public init(width: Double = 0, height: Double = 0, depth: Double = 0) {
        self.width = width
        self.height = height
        self.depth = depth
    }

    /// The size of the extents in `vector`.
    public init(_ vector: SIMD3<Float>) { self.init(width: Double(vector.x), height: Double(vector.y), depth: Double(vector.z)) }

    /// The size of nothing.
    public static let zero = Size3D()
    /// The size one unit along each axis.
    public static let one = Size3D(width: 1, height: 1, depth: 1)
    /// The extents as a vector.
    public var vector: SIMD3<Double> {
        get { SIMD3(width, height, depth) }
        set { (width, height, depth) = (newValue.x, newValue.y, newValue.z) }
    }
}

/// A position and an orientation, as the Spatial framework's `Pose3D`: where a hand is.
public struct Pose3D: Hashable, Sendable {
    /// Where it is.
    public var position: Point3D
    /// Which way it turns.
    public var rotation: Rotation3D

    /// The pose at `position` turned by `rotation`.
    public init(position: Point3D = Point3D(), rotation: Rotation3D = .identity) {
        self.position = position
        self.rotation = rotation
    }
}

/// A scale, a rotation and a translation, as the Spatial framework's `AffineTransform3D`.
public struct AffineTransform3D: Hashable, Sendable {
    /// The scale.
    public var scale: Size3D
    /// The rotation.
    public var rotation: Rotation3D?
    /// The translation.
    public var translation: Vector3D

    /// The transform that scales by `scale`, turns by `rotation`, then moves by `translation`.
    public init(scale: Size3D = Size3D(width: 1, height: 1, depth: 1), rotation: Rotation3D = .identity, translation: Vector3D = Vector3D()) {
        self.scale = scale
        self.rotation = rotation
        self.translation = translation
    }
}

extension Transform {
    /// The transform of the Spatial framework's `transform`.
    public init(_ transform: AffineTransform3D) {
        self.init(
            scale: SIMD3<Float>(transform.scale.vector), rotation: simd_quatf(transform.rotation ?? .identity),
            translation: SIMD3<Float>(transform.translation.vector))
    }
}

extension Point3D {
    /// The origin.
    public static let zero = Point3D()

    /// The point at `vector`.
    public init(_ vector: SIMD3<Double>) { self.init(x: vector.x, y: vector.y, z: vector.z) }

    /// The vector from `b` to `a`.
    public static func - (a: Point3D, b: Point3D) -> Vector3D { Vector3D(x: a.x - b.x, y: a.y - b.y, z: a.z - b.z) }
    /// `point` moved by `vector`.
    public static func + (point: Point3D, vector: Vector3D) -> Point3D { Point3D(point.vector + vector.vector) }
}

extension Vector3D {
    /// The vector of no length.
    public static let zero = Vector3D()

    /// The vector `vector`.
    public init(_ vector: SIMD3<Double>) { self.init(x: vector.x, y: vector.y, z: vector.z) }

    /// The vector's length.
    public var length: Double { (vector * vector).sum().squareRoot() }
    /// `vector` scaled by `factor`.
    public static func * (vector: Vector3D, factor: Double) -> Vector3D { Vector3D(vector.vector * factor) }
    /// The sum of `a` and `b`.
    public static func + (a: Vector3D, b: Vector3D) -> Vector3D { Vector3D(a.vector + b.vector) }
}

extension SIMD3 where Scalar == Float {
    /// The point `point` in floats.
    public init(_ point: Point3D) { self.init(Float(point.x), Float(point.y), Float(point.z)) }
    /// The vector `vector` in floats.
    public init(_ vector: Vector3D) { self.init(Float(vector.x), Float(vector.y), Float(vector.z)) }
}

/// A box in three dimensions, as the Spatial framework's `Rect3D`: an origin (its least corner)
/// and a size, in metres here.
public struct Rect3D: Hashable, Sendable {
    /// The least corner.
    public var origin: Point3D
    /// The extents from ``origin``.
    public var size: Size3D

    /// The empty box at the origin.
    public init() { self.init(origin: Point3D(), size: .zero) }
    /// The box whose least corner is `origin`, of size `size`.
    public init(origin: Point3D, size: Size3D) {
        self.origin = origin
        self.size = size
    }
    /// The box of size `size` centred on `center`.
    public init(center: Point3D, size: Size3D) {
        self.init(origin: Point3D(x: center.x - size.width / 2, y: center.y - size.height / 2, z: center.z - size.depth / 2), size: size)
    }

    /// The middle of the box.
    public var center: Point3D {
        Point3D(x: origin.x + size.width / 2, y: origin.y + size.height / 2, z: origin.z + size.depth / 2)
    }

    /// Whether `point` is in the box, its faces included.
    public func contains(_ point: Point3D) -> Bool {
        let low = SIMD3(Swift.min(origin.x, origin.x + size.width), Swift.min(origin.y, origin.y + size.height), Swift.min(origin.z, origin.z + size.depth))
        let high = SIMD3(Swift.max(origin.x, origin.x + size.width), Swift.max(origin.y, origin.y + size.height), Swift.max(origin.z, origin.z + size.depth))
        let p = point.vector
        return all(p .>= low) && all(p .<= high)
    }
}
