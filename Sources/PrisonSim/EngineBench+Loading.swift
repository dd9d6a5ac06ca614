import Foundation
import PrisonSpace

extension EngineBench {
    /// The figures of loading a Reality Composer Pro scene, beside building its entities in code.
    struct LoadingFigures: Encodable {
        /// The scene file's size.
        let bytes: Int
        /// Its entities, once loaded.
        let entities: Int
        /// A load of the file: `Entity(contentsOf:)`.
        let millisecondsPerLoad: Double
        /// The same in this thread's processor time: the figure to compare on a shared machine.
        let processorMillisecondsPerLoad: Double
        /// The same entities, colliders and input targets made in code.
        let millisecondsInCode: Double
    }

    /// Loads a scene of about 1 MB in the form Reality Composer Pro writes (spheres with
    /// materials, colliders, input targets and a component each, under a few groups, and a mesh)
    /// against making the same entities in code.
    @MainActor func measureLoading() throws -> LoadingFigures {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("prison-sim-bench-\(getpid()).usda")
        defer { try? FileManager.default.removeItem(at: file) }
        let (text, count) = Self.benchScene()
        try Data(text.utf8).write(to: file)
        var loaded = Entity()
        let processorStart = threadProcessorSeconds()
        let load = repeatFor(seconds: seconds, rounds: playouts) { _ in loaded = try! Entity(contentsOf: file) }
        let processorSeconds = threadProcessorSeconds() - processorStart
        let inCode = repeatFor(seconds: seconds, rounds: playouts) { _ in
            let root = Entity(name: "Root")
            for k in 0..<count {
                let group = k % 20 == 0 || root.children.isEmpty ? Entity(name: "Group\(k / 20)") : root.children[root.children.count - 1]
                if group.parent == nil { root.addChild(group) }
                let sphere = ModelEntity(mesh: .generateSphere(radius: 0.05))
                sphere.name = "Ball\(k)"
                sphere.position = [Float(k % 20) * 0.1, 1, -Float(k / 20) * 0.1]
                sphere.collision = CollisionComponent(shapes: [.generateSphere(radius: 0.05)])
                sphere.components.set(InputTargetComponent())
                group.addChild(sphere)
            }
            loaded = root
        }
        return LoadingFigures(
            bytes: text.utf8.count, entities: loaded.subtree.count, millisecondsPerLoad: 1000 / load.rate,
            processorMillisecondsPerLoad: 1000 * processorSeconds / Double(load.rounds),
            millisecondsInCode: 1000 / inCode.rate)
    }

    /// The bench's scene text and how many spheres it has.
    private static func benchScene() -> (String, Int) {
        var text = "#usda 1.0\n(\n    defaultPrim = \"Root\"\n    metersPerUnit = 1\n    upAxis = \"Y\"\n)\n\ndef Xform \"Root\"\n{\n"
        let count = 620
        for k in 0..<count {
            if k % 20 == 0 { text += (k == 0 ? "" : "    }\n") + "    def Xform \"Group\(k / 20)\"\n    {\n" }
            text += """
                        def Sphere "Ball\(k)" (
                            active = true
                            prepend apiSchemas = ["MaterialBindingAPI"]
                        )
                        {
                            rel material:binding = </Root/Group\(k / 20)/Ball\(k)/DefaultMaterial>
                            double radius = 0.05
                            quatf xformOp:orient = (1, 0, 0, 0)
                            float3 xformOp:scale = (1, 1, 1)
                            float3 xformOp:translate = (\(Float(k % 20) * 0.1), 1, \(-Float(k / 20) * 0.1))
                            uniform token[] xformOpOrder = ["xformOp:translate", "xformOp:orient", "xformOp:scale"]

                            def Material "DefaultMaterial"
                            {
                                token outputs:surface.connect = </Root/Group\(k / 20)/Ball\(k)/DefaultMaterial/Surface.outputs:surface>

                                def Shader "Surface"
                                {
                                    uniform token info:id = "UsdPreviewSurface"
                                    color3f inputs:diffuseColor = (0.2, 0.6, 0.9)
                                    token outputs:surface
                                }
                            }

                            def RealityKitComponent "Collider"
                            {
                                uint group = 1
                                uniform token info:id = "RealityKit.Collider"
                                uint mask = 4294967295
                                token type = "Default"

                                def RealityKitStruct "Shape"
                                {
                                    float3 extent = (0.1, 0.1, 0.1)
                                    float radius = 0.05
                                    token shapeType = "Sphere"
                                }
                            }

                            def RealityKitComponent "InputTarget"
                            {
                                uniform token info:id = "RealityKit.InputTarget"
                            }
                        }

                """
        }
        text += "    }\n"
        // A mesh of a 40 x 40 grid of points.
        let points = (0..<1_600).map { "(\(Float($0 % 40) * 0.05), 0, \(Float($0 / 40) * 0.05))" }.joined(separator: ", ")
        let faces = (0..<39 * 39).map { cell -> String in
            let (x, z) = (cell % 39, cell / 39)
            let a = z * 40 + x
            return "\(a), \(a + 1), \(a + 41), \(a + 40)"
        }.joined(separator: ", ")
        text += """
                def Mesh "Ground"
                {
                    int[] faceVertexCounts = [\(Array(repeating: "4", count: 39 * 39).joined(separator: ", "))]
                    int[] faceVertexIndices = [\(faces)]
                    point3f[] points = [\(points)]
                }
            }

            """
        return (text, count)
    }
}
