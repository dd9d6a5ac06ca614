import Foundation
import PrisonUSD
import Synchronization

/// A component whose declared defaults a scene file may leave out. Reality Composer Pro writes
/// only the fields that differ from a component's defaults, and Swift's synthesized `Decodable`
/// throws on a missing field even when the property has a default (and Swift gives a library no
/// way to run an initializer it cannot see): a component that adopts this protocol is decoded
/// over ``defaultValue``, so the fields the file leaves out keep their declared defaults.
///
/// One extension in the component's own module adopts it, on Linux only (`#if os(Linux)`, not
/// `#if !canImport(RealityKit)`: a Linux build that has this package's `RealityKit` product can
/// import RealityKit); the body may call an `init()` that is not public, such as the one Swift
/// makes for a struct whose properties all have defaults:
///
/// ```swift
/// #if os(Linux)
/// extension GestureComponent: DefaultValueComponent {
///     public static var defaultValue: Self { Self() }
/// }
/// #endif
/// ```
///
/// A component that decodes missing fields itself (`decodeIfPresent(…) ?? default` in its own
/// `init(from:)`) needs nothing.
public protocol DefaultValueComponent: Component, Decodable {
    /// The component with every field at its declared default.
    static var defaultValue: Self { get }
}

extension Component where Self: Decodable {
    /// Registers the type so that scenes that name it (`info:id = "Module.TypeName"`) decode it
    /// from the fields they write, as RealityKit's `registerComponent()` does.
    public static func registerComponent() { ComponentRegistry.register(Self.self) }
}

/// The custom component types registered for loading, by their scene identifier.
enum ComponentRegistry {
    private static let types = Mutex<[String: any (Component & Decodable).Type]>([:])

    /// Registers `type` under `Module.TypeName`, the identifier Reality Composer Pro writes.
    static func register(_ type: any (Component & Decodable).Type) {
        let identifier = String(reflecting: type)
        types.withLock { $0[identifier] = type }
    }

    /// The type registered under `identifier`, if any.
    static func type(for identifier: String) -> (any (Component & Decodable).Type)? {
        types.withLock { $0[identifier] }
    }
}

/// Reads one `RealityKitComponent` or `RealityKitCustomComponent` prim onto its entity.
struct ComponentReader {
    let prim: USDPrim
    let entity: Entity

    private var identifier: String { prim.value("info:id")?.string ?? "" }


    private func error(_ reason: String) -> SceneLoadError {
        SceneLoadError(file: "\(prim.location)", line: prim.textLine, reason: "<\(prim.path)>: \(reason)")
    }

    func apply() throws(SceneLoadError) {
        switch identifier {
        case "RealityKit.Collider": try applyCollider()
        case "RealityKit.InputTarget":
            // Reality Composer Pro writes `enabled`, `allowsDirectInput` and `allowsIndirectInput`
            // when they differ from the defaults (enabled, all input).
            var target = InputTargetComponent()
            if let enabled = prim.value("enabled")?.number { target.isEnabled = enabled != 0 }
            if prim.value("allowsDirectInput")?.number == 0 { target.allowedInputTypes.remove(.direct) }
            if prim.value("allowsIndirectInput")?.number == 0 { target.allowedInputTypes.remove(.indirect) }
            entity.components.set(target)
        case "RealityKit.HierarchicalFade", "RealityKit.Opacity":
            entity.components.set(OpacityComponent(opacity: Float(prim.value("opacity")?.number ?? 1)))
        case "RealityKit.HoverEffect":
            entity.components.set(HoverEffectComponent())
        default:
            if prim.typeName == "RealityKitCustomComponent" || ComponentRegistry.type(for: identifier) != nil {
                applyCustom()
            }
        // Other built-in components (lights, audio, physics bodies, …) have no counterpart here.
        }
    }

    // MARK: Collider

    private func applyCollider() throws(SceneLoadError) {
        let group = prim.value("group")?.number ?? 1
        let mask = prim.value("mask")?.number ?? Double(UInt32.max)
        guard let groupBits = UInt32(exactly: group), let maskBits = UInt32(exactly: mask) else {
            throw error("the collider's group and mask must be whole numbers from 0 to 4294967295")
        }
        var collision = CollisionComponent(
            shapes: [], mode: prim.value("type")?.string == "Trigger" ? .trigger : .default,
            filter: CollisionFilter(group: CollisionGroup(rawValue: groupBits), mask: CollisionGroup(rawValue: maskBits)))
        guard let shape = prim.child(named: "Shape") else {
            throw error("a collider without a Shape")
        }
        collision.shapes = [try self.shape(shape)]
        entity.collision = collision
    }

    /// The shape a collider's `Shape` struct describes, placed by its `pose`.
    private func shape(_ shape: USDPrim) throws(SceneLoadError) -> ShapeResource {
        func numbers(_ name: String, count: Int) throws(SceneLoadError) -> [Float]? {
            guard let value = shape.value(name) else { return nil }
            guard let numbers = value.numbers, numbers.count == count, numbers.allSatisfy(\.isFinite) else {
                throw error("the collider's \(name) needs \(count) finite numbers")
            }
            return numbers.map { Float($0) }
        }
        let extent = try numbers("extent", count: 3).map { SIMD3($0[0], $0[1], $0[2]) }
        let radius = try numbers("radius", count: 1)?[0]
        let height = try numbers("height", count: 1)?[0]
        let kind = shape.value("shapeType")?.string ?? "Box"
        var resource: ShapeResource
        switch kind {
        case "Box":
            resource = .generateBox(size: extent ?? fallbackExtent(kind))
        case "Sphere":
            resource = .generateSphere(radius: radius ?? (extent ?? fallbackExtent(kind)).max() / 2)
        case "Capsule":
            if let radius, let height {
                resource = .generateCapsule(height: height, radius: radius)
            } else {
                let size = extent ?? fallbackExtent(kind)
                resource = .generateCapsule(height: height ?? size.y, radius: radius ?? max(size.x, size.z) / 2)
            }
        default:
            // A mesh or convex collider: the hull of the entity's model where it has one, else
            // the box of its bounds; never no shape at all.
            SceneWarnings.report(
                "\(shape.reference): a \(kind) collider is read as the convex hull of the entity's mesh (or its bounds)")
            if let model = entity.components[ModelComponent.self] {
                resource = .generateConvex(from: model.mesh)
            } else {
                resource = .generateBox(size: fallbackExtent(kind))
            }
        }
        if let pose = shape.child(named: "pose") {
            let position = pose.value("position")?.numbers ?? [0, 0, 0]
            let orientation = pose.value("orientation")?.numbers ?? [1, 0, 0, 0]
            guard position.count == 3, orientation.count == 4, (position + orientation).allSatisfy(\.isFinite) else {
                throw error("the collider's pose needs a position of 3 numbers and an orientation of 4")
            }
            let rotation = simd_quatf(
                ix: Float(orientation[1]), iy: Float(orientation[2]), iz: Float(orientation[3]), r: Float(orientation[0]))
            resource = resource.offsetBy(
                rotation: rotation.normalized, translation: SIMD3(Float(position[0]), Float(position[1]), Float(position[2])))
        }
        return resource
    }

    /// The size of a collider that gives none: the bounds of the entity's model, said once.
    private func fallbackExtent(_ kind: String) -> SIMD3<Float> {
        let bounds = entity.components[ModelComponent.self]?.mesh.bounds ?? .empty
        SceneWarnings.report("\(prim.reference): a \(kind) collider without a size takes the size of the entity's model")
        return bounds.isEmpty ? SIMD3(repeating: 0.1) : bounds.extents
    }

    // MARK: Custom components

    /// Decodes the app's own component through its `Decodable` conformance, from the fields
    /// the scene writes (nested structs are child prims). A type that was not registered, or
    /// fields that cannot be decoded, leave the component out with a warning.
    private func applyCustom() {
        guard let type = ComponentRegistry.type(for: identifier) else {
            SceneWarnings.report(
                "\(prim.reference): the component \(identifier) is not registered (call \(identifier.split(separator: ".").last ?? "").registerComponent() before loading); left out")
            return
        }
        do {
            entity.components.set(try Self.decode(type, from: prim))
        } catch {
            let advice =
                type is any DefaultValueComponent.Type
                ? "" : " (for the fields the scene leaves out to keep their defaults, adopt DefaultValueComponent)"
            SceneWarnings.report("\(prim.reference): the component \(identifier) cannot be decoded: \(error)\(advice); left out")
        }
    }

    /// `type` decoded from `prim`'s fields over its default instance when it has one.
    private static func decode<T: Component & Decodable>(_ type: T.Type, from prim: USDPrim) throws -> T {
        var fields = jsonObject(of: prim)
        if let defaults = type as? any DefaultValueComponent.Type {
            let instance = defaults.defaultValue
            if let encodable = instance as? any Encodable,
                let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(encodable)) as? [String: Any]
            {
                fields = merge(fields, over: object)
            } else if let instance = instance as? T, fields.isEmpty {
                return instance
            }
        }
        let data = try JSONSerialization.data(withJSONObject: fields)
        return try JSONDecoder().decode(T.self, from: data)
    }

    /// `fields` laid over `defaults`, nested dictionaries merged field by field.
    private static func merge(_ fields: [String: Any], over defaults: [String: Any]) -> [String: Any] {
        var result = defaults
        for (key, value) in fields {
            if let nested = value as? [String: Any], let base = defaults[key] as? [String: Any] {
                result[key] = merge(nested, over: base)
            } else {
                result[key] = value
            }
        }
        return result
    }

    /// The prim's fields as JSON values: its attributes and its child structs.
    private static func jsonObject(of prim: USDPrim) -> [String: Any] {
        var object: [String: Any] = [:]
        for (name, property) in prim.properties where name != "info:id" {
            guard let value = property.value else { continue }
            // USD writes a bool as 0 or 1.
            let isBool = property.typeName == "bool" || property.typeName == "bool[]"
            if let json = isBool ? boolValue(value) : jsonValue(value) { object[name] = json }
        }
        for child in prim.children where child.isActive { object[child.name] = jsonObject(of: child) }
        return object
    }

    private static func boolValue(_ value: USDValue) -> Any? {
        if let number = value.number { return number != 0 }
        return value.elements.map { $0.compactMap { $0.number.map { $0 != 0 } } }
    }

    private static func jsonValue(_ value: USDValue) -> Any? {
        switch value {
        case .bool(let bool): bool
        case .number(let number): number.isFinite ? number : nil
        case .string(let string), .asset(let string), .path(let string): string
        case .reference(let asset, let path): asset + path
        case .tuple(let values), .array(let values): values.compactMap(jsonValue)
        case .numbers(let numbers): numbers
        case .vectors(let numbers, let width):
            stride(from: 0, to: numbers.count, by: width).map { Array(numbers[$0..<$0 + width]) }
        case .dictionary(let entries): entries.compactMapValues(jsonValue)
        case .none: nil
        }
    }
}
