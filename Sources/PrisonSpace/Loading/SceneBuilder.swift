import Foundation
import PrisonUSD
import Synchronization

/// Turns a composed USD scene into entities, as RealityKit does: one entity for each active,
/// defined prim that is not a class, a material or a component; geometry prims become
/// ``ModelEntity``s with a ``ModelComponent``; `RealityKitComponent` and
/// `RealityKitCustomComponent` children become the components of their prim's entity.
struct SceneBuilder {
    let stage: USDStage

    /// Prim types that are not entities: materials and their parts, skeletal animation data,
    /// and what RealityKit reads as data of another prim (types named `RealityKit…`, such as
    /// components, audio files and timelines, and Reality Composer's `Preliminary_…` behaviours).
    static let dataTypes: Set<String> = ["Material", "Shader", "NodeGraph", "GeomSubset", "SkelAnimation", "BlendShape"]

    /// Names `entity` `name` and gives it the scene's root prims as children, converting the
    /// scene's units and up axis to RealityKit's (metres, +y up).
    func build(into entity: Entity, named name: String) throws(SceneLoadError) {
        entity.name = name
        for warning in stage.warnings { SceneWarnings.report(warning) }
        var conversion = DoubleMatrix.scale(Array(repeating: stage.metersPerUnit, count: 3))
        if stage.upAxis == "Z" { conversion = DoubleMatrix.rotation(degrees: -90, axis: 0) * conversion }
        entity.transform = Transform(matrix: conversion.float4x4)
        for prim in stage.rootPrims {
            if let child = try makeEntity(prim, parentWorld: .identity) { entity.addChild(child) }
        }
    }

    /// Whether `prim` becomes an entity.
    static func isEntity(_ prim: USDPrim) -> Bool {
        prim.isDefined && !prim.isAbstract && prim.isActive && !dataTypes.contains(prim.typeName)
            && !prim.typeName.hasPrefix("RealityKit") && !prim.typeName.hasPrefix("Preliminary_")
    }

    /// The entity of `prim` and its subtree, or nil when it is not one. `parentWorld` is the
    /// parent's transform relative to the scene, for ops that reset the transform stack.
    private func makeEntity(_ prim: USDPrim, parentWorld: DoubleMatrix) throws(SceneLoadError) -> Entity? {
        guard Self.isEntity(prim) else { return nil }
        let mesh = try SceneGeometry.mesh(of: prim)
        let entity: Entity = mesh == nil ? Entity(name: prim.name) : ModelEntity(name: prim.name)
        if let mesh { entity.components.set(ModelComponent(mesh: mesh, materials: [SimpleMaterial()])) }
        // A scope, or a prim of no type, is not transformable in USD: its ops are ignored.
        var (local, resets) = ["Scope", ""].contains(prim.typeName) ? (DoubleMatrix.identity, false) : try prim.localTransform()
        if resets { local = (parentWorld.affineInverse ?? .identity) * local }
        entity.transform = Transform(matrix: local.float4x4)
        if case .string("invisible")? = prim.value("visibility") { entity.isEnabled = false }
        let world = parentWorld * local
        for child in prim.children {
            if child.typeName == "RealityKitComponent" || child.typeName == "RealityKitCustomComponent" {
                guard child.isActive else { continue }
                try ComponentReader(prim: child, entity: entity).apply()
            } else if let childEntity = try makeEntity(child, parentWorld: world) {
                entity.addChild(childEntity)
            }
        }
        return entity
    }
}

/// Says once, on standard error, what a load left out or changed.
enum SceneWarnings {
    private static let said = Mutex<Set<String>>([])

    /// Writes `warning` to standard error unless it was written before in this process.
    static func report(_ warning: String) {
        let isNew = said.withLock { $0.insert(warning).inserted }
        if isNew { FileHandle.standardError.write(Data("warning: \(warning)\n".utf8)) }
    }
}
