/// The look of a surface, as RealityKit's `Material`. The space draws nothing, so materials are
/// kept only for the code that sets them.
public protocol Material {}

/// A number a material takes, as RealityKit's `MaterialScalarParameter`: write it as a literal.
public struct MaterialScalarParameter: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, Hashable, Sendable {
    /// The number.
    public var value: Float

    /// The parameter `value`.
    public static func float(_ value: Float) -> MaterialScalarParameter { MaterialScalarParameter(value: value) }

    private init(value: Float) { self.value = value }
    /// The parameter of a literal such as `0.5`.
    public init(floatLiteral value: Float) { self.value = value }
    /// The parameter of a literal such as `1`.
    public init(integerLiteral value: Int) { self.value = Float(value) }
}

/// A colour with red, green, blue and alpha from 0 to 1, standing in for the platform colour
/// that RealityKit's materials take.
public struct MaterialColor: Hashable, Sendable {
    /// Red, green, blue and alpha, 0 to 1.
    public var components: SIMD4<Float>

    /// The colour of `red`, `green`, `blue` and `alpha`, 0 to 1, in any floating-point type
    /// (`CGFloat` as UIKit's takes, `Float`, `Double`).
    public init<Value: BinaryFloatingPoint>(red: Value, green: Value, blue: Value, alpha: Value = 1) {
        components = [Float(red), Float(green), Float(blue), Float(alpha)]
    }
    /// The grey of brightness `white` and `alpha`, 0 to 1.
    public init(white: Float, alpha: Float = 1) { self.init(red: white, green: white, blue: white, alpha: alpha) }

    /// The same colour with `alpha`, 0 to 1.
    public func withAlphaComponent(_ alpha: Float) -> MaterialColor {
        MaterialColor(red: components.x, green: components.y, blue: components.z, alpha: alpha)
    }

    /// Black.
    public static let black = MaterialColor(white: 0)
    /// White.
    public static let white = MaterialColor(white: 1)
    /// Grey, half way.
    public static let gray = MaterialColor(white: 0.5)
    /// Red.
    public static let red = MaterialColor(red: 1, green: 0, blue: 0)
    /// Green.
    public static let green = MaterialColor(red: 0, green: 1, blue: 0)
    /// Blue.
    public static let blue = MaterialColor(red: 0, green: 0, blue: 1)
    /// Yellow.
    public static let yellow = MaterialColor(red: 1, green: 1, blue: 0)
    /// Orange.
    public static let orange = MaterialColor(red: 1, green: 0.5, blue: 0)
    /// Purple.
    public static let purple = MaterialColor(red: 0.5, green: 0, blue: 0.5)
    /// Cyan.
    public static let cyan = MaterialColor(red: 0, green: 1, blue: 1)
    /// Magenta.
    public static let magenta = MaterialColor(red: 1, green: 0, blue: 1)
    /// Brown.
    public static let brown = MaterialColor(red: 0.6, green: 0.4, blue: 0.2)
    /// No colour at all: transparent.
    public static let clear = MaterialColor(white: 0, alpha: 0)

    /// The system's red.
    public static let systemRed = MaterialColor(red: 1, green: 0.231, blue: 0.188)
    /// The system's orange.
    public static let systemOrange = MaterialColor(red: 1, green: 0.584, blue: 0)
    /// The system's yellow.
    public static let systemYellow = MaterialColor(red: 1, green: 0.8, blue: 0)
    /// The system's green.
    public static let systemGreen = MaterialColor(red: 0.204, green: 0.780, blue: 0.349)
    /// The system's teal.
    public static let systemTeal = MaterialColor(red: 0.188, green: 0.690, blue: 0.780)
    /// The system's blue.
    public static let systemBlue = MaterialColor(red: 0, green: 0.478, blue: 1)
    /// The system's indigo.
    public static let systemIndigo = MaterialColor(red: 0.345, green: 0.337, blue: 0.839)
    /// The system's purple.
    public static let systemPurple = MaterialColor(red: 0.686, green: 0.322, blue: 0.871)
    /// The system's pink.
    public static let systemPink = MaterialColor(red: 1, green: 0.176, blue: 0.333)
    /// The system's grey.
    public static let systemGray = MaterialColor(red: 0.557, green: 0.557, blue: 0.576)
}

#if !canImport(UIKit)
/// The colour type RealityKit's materials take on iOS and visionOS, where UIKit does not exist.
public typealias UIColor = MaterialColor
#endif

/// A plain material of one colour, as RealityKit's `SimpleMaterial`.
public struct SimpleMaterial: Material, Hashable, Sendable {
    /// The colour type the material takes.
    public typealias Color = MaterialColor

    /// The base colour of a material.
    public struct BaseColor: Hashable, Sendable {
        /// The colour.
        public var tint: Color
        /// The base colour `tint`.
        public init(tint: Color = .white) { self.tint = tint }
    }

    /// The base colour.
    public var color: BaseColor
    /// How rough the surface is, 0 (mirror) to 1.
    public var roughness: MaterialScalarParameter
    /// How metallic the surface is, 0 or 1.
    public var metallic: MaterialScalarParameter

    /// A white, non-metallic material.
    public init() { self.init(color: .white, isMetallic: false) }

    /// A material of `color`, `roughness` and metal when `isMetallic`.
    public init(color: Color, roughness: MaterialScalarParameter = 0.0, isMetallic: Bool) {
        self.color = BaseColor(tint: color)
        self.roughness = roughness
        metallic = isMetallic ? 1 : 0
    }
}

/// A material of one colour that ignores light, as RealityKit's `UnlitMaterial`.
public struct UnlitMaterial: Material, Hashable, Sendable {
    /// The base colour.
    public var color: SimpleMaterial.BaseColor

    /// A white material.
    public init() { self.init(color: .white) }
    /// A material of `color`.
    public init(color: MaterialColor) { self.color = SimpleMaterial.BaseColor(tint: color) }
}

/// The geometry of a model, as RealityKit's `MeshResource`: here only its size, from the
/// generators, as the space draws nothing.
public final class MeshResource: @unchecked Sendable {
    /// The box along the mesh's axes that holds it, in its own space.
    public let bounds: BoundingBox
    /// The corners of the mesh's triangles, for a mesh read from a file; empty for a generated one.
    let positions: [SIMD3<Float>]
    /// The triangles, three indices into ``positions`` each.
    let triangleIndices: [UInt32]

    init(bounds: BoundingBox, positions: [SIMD3<Float>] = [], triangleIndices: [UInt32] = []) {
        self.bounds = bounds
        self.positions = positions
        self.triangleIndices = triangleIndices
    }

    /// A cube of edge `size` centred on the origin; the corner radius is kept to half the edge.
    public static func generateBox(size: Float, cornerRadius: Float = 0) -> MeshResource {
        generateBox(size: SIMD3(repeating: size), cornerRadius: cornerRadius)
    }

    /// A box of `size` (edge lengths along x, y and z) centred on the origin.
    public static func generateBox(size: SIMD3<Float>, cornerRadius: Float = 0) -> MeshResource {
        MeshResource(bounds: BoundingBox(center: .zero, size: size))
    }

    /// A box `width` along x, `height` along y and `depth` along z, centred on the origin.
    public static func generateBox(
        width: Float, height: Float, depth: Float, cornerRadius: Float = 0, splitFaces: Bool = false
    ) -> MeshResource {
        generateBox(size: [width, height, depth], cornerRadius: cornerRadius)
    }

    /// A ball of `radius` centred on the origin.
    public static func generateSphere(radius: Float) -> MeshResource {
        MeshResource(bounds: BoundingBox(center: .zero, size: SIMD3(repeating: 2 * Swift.abs(radius))))
    }

    /// A rectangle in the xz plane (facing +y), `width` along x and `depth` along z.
    public static func generatePlane(width: Float, depth: Float, cornerRadius: Float = 0) -> MeshResource {
        MeshResource(bounds: BoundingBox(center: .zero, size: [width, 0, depth]))
    }

    /// A rectangle in the xy plane (facing +z), `width` along x and `height` along y.
    public static func generatePlane(width: Float, height: Float, cornerRadius: Float = 0) -> MeshResource {
        MeshResource(bounds: BoundingBox(center: .zero, size: [width, height, 0]))
    }

    /// A cylinder along y, `height` tall and `radius` round, centred on the origin.
    public static func generateCylinder(height: Float, radius: Float) -> MeshResource {
        MeshResource(bounds: BoundingBox(center: .zero, size: [2 * Swift.abs(radius), height, 2 * Swift.abs(radius)]))
    }

    /// A capsule along y, `height` tall from end to end (the caps included) and `radius` round,
    /// centred on the origin. Apple's documentation lists a capsule for `ShapeResource` only;
    /// code in public visionOS projects calls this one, so it is here.
    public static func generateCapsule(height: Float, radius: Float) -> MeshResource {
        generateCylinder(height: max(Swift.abs(height), 2 * Swift.abs(radius)), radius: radius)
    }

    /// A cone along y, `height` tall with a base of `radius`, centred on the origin.
    public static func generateCone(height: Float, radius: Float) -> MeshResource {
        generateCylinder(height: height, radius: radius)
    }
}

/// What an entity looks like: a mesh and its materials, as RealityKit's `ModelComponent`.
public struct ModelComponent: Component {
    /// The geometry.
    public var mesh: MeshResource
    /// The materials, one for each part of the mesh.
    public var materials: [any Material]

    /// A model of `mesh` with `materials`.
    public init(mesh: MeshResource, materials: [any Material]) {
        self.mesh = mesh
        self.materials = materials
    }
}

/// An entity that can have a model, as RealityKit's `HasModel`: an entity class that adopts it
/// gets ``model``.
public protocol HasModel: HasTransform {}

extension HasModel {
    /// The entity's model component: `components[ModelComponent.self]`.
    public var model: ModelComponent? {
        get { components[ModelComponent.self] }
        set { components[ModelComponent.self] = newValue }
    }
}

/// An entity that can have collision shapes, as RealityKit's `HasCollision`. Every ``Entity``
/// here has ``Entity/collision``, the component ray casts hit.
public protocol HasCollision: HasTransform {}

/// An entity with a model and collision shapes, as RealityKit's `ModelEntity`.
open class ModelEntity: Entity, HasModel, HasCollision {
    /// An entity showing `mesh` with `materials`, with no collision shapes.
    public convenience init(mesh: MeshResource, materials: [any Material] = []) {
        self.init()
        model = ModelComponent(mesh: mesh, materials: materials)
    }

    /// An entity showing `mesh` with `materials`, hit by rays on `collisionShapes`. The space has
    /// no physics, so `mass` is not used.
    public convenience init(mesh: MeshResource, materials: [any Material] = [], collisionShapes: [ShapeResource], mass: Float) {
        self.init(mesh: mesh, materials: materials)
        collision = CollisionComponent(shapes: collisionShapes)
    }

    /// An entity showing `mesh` with `materials`, hit by rays on `collisionShape`. The space has
    /// no physics, so `mass` is not used.
    public convenience init(mesh: MeshResource, materials: [any Material] = [], collisionShape: ShapeResource, mass: Float) {
        self.init(mesh: mesh, materials: materials, collisionShapes: [collisionShape], mass: mass)
    }
}

extension Entity {
    /// Gives the entity (and with `recursive`, each of its descendants) that has a model a
    /// collision component of one box: the bounds of its mesh. Entities without a model are left
    /// as they are.
    public func generateCollisionShapes(recursive: Bool) {
        if let model = components[ModelComponent.self], !model.mesh.bounds.isEmpty {
            let bounds = model.mesh.bounds
            collision = CollisionComponent(shapes: [
                ShapeResource.generateBox(size: bounds.extents).offsetBy(translation: bounds.center)
            ])
        }
        if recursive {
            for child in childList { child.generateCollisionShapes(recursive: true) }
        }
    }

    /// Gives entities with models collision shapes as ``generateCollisionShapes(recursive:)``
    /// does, marked static when `isStatic`.
    public func generateCollisionShapes(recursive: Bool, static isStatic: Bool) {
        for entity in recursive ? subtree : [self] where entity.components.has(ModelComponent.self) {
            entity.generateCollisionShapes(recursive: false)
            entity.collision?.isStatic = isStatic
        }
    }

    /// The box along `reference`'s axes (the world's when nil) that holds the meshes of the
    /// entity's model and, with `recursive`, of its descendants' models; with
    /// `excludeInactive`, entities that are not active are left out. Empty when no model counts.
    public func visualBounds(
        recursive: Bool = true, relativeTo reference: Entity?, excludeInactive: Bool = false
    ) -> BoundingBox {
        var bounds = BoundingBox.empty
        for entity in recursive ? subtree : [self] where !excludeInactive || entity.isActive {
            guard let model = entity.components[ModelComponent.self] else { continue }
            bounds.formUnion(model.mesh.bounds.transformed(by: entity.matrix(relativeTo: reference)))
        }
        return bounds
    }
}
