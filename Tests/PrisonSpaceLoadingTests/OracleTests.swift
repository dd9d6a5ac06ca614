import Foundation
import LoadingFixtureContent
import PrisonSpace
import Testing

// Every scene is loaded here and read by OpenUSD (usd-core, through scripts/usd-oracle.py):
// the same prims, each at the world transform UsdGeom.XformCache gives (within 1e-5), and a
// grid of rays hitting the same prims as a reference cast over the same colliders.

@MainActor
@Suite("Scenes against OpenUSD")
struct OracleTests {
    /// Loads `file` and compares it with what OpenUSD reads from it.
    func compare(_ file: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let oracle = try truth(of: file)
        let scene = try Entity(contentsOf: file)
        #expect(scene.name == file.deletingPathExtension().lastPathComponent, sourceLocation: sourceLocation)
        let loaded = scene.primPaths()
        let dataPaths = oracle.prims.filter { isData($0.type) }.map(\.path)
        let expected = oracle.prims.filter { prim in !isData(prim.type) && !dataPaths.contains { prim.path.hasPrefix($0 + "/") } }
        // Names and hierarchy, in USD's order.
        #expect(loaded.map(\.path) == expected.map(\.path), sourceLocation: sourceLocation)
        // World transforms: the file's entity holds the unit and up-axis conversion, so each
        // prim's transform relative to it is USD's.
        for prim in expected {
            guard let entity = loaded.first(where: { $0.path == prim.path })?.entity else { continue }
            let ours = entity.transformMatrix(relativeTo: scene)
            for row in 0..<4 {
                for column in 0..<4 {
                    // USD's row `column` is our column `column`.
                    let theirs = prim.matrix[column * 4 + row]
                    let mine = Double(ours[column][row])
                    #expect(
                        abs(mine - theirs) <= 1e-5 * max(1, abs(theirs)),
                        "\(prim.path) [\(row), \(column)]: \(mine) against OpenUSD's \(theirs)", sourceLocation: sourceLocation)
                }
            }
        }
        // Rays: the nearest collider hit is the oracle's, wherever it found one.
        let space = Space()
        space.add(scene)
        let paths = Dictionary(uniqueKeysWithValues: loaded.map { (ObjectIdentifier($0.entity), $0.path) })
        var disagreements: [String] = []
        for ray in oracle.rays {
            let origin = SIMD3(ray.origin[0], ray.origin[1], ray.origin[2])
            let direction = SIMD3(ray.direction[0], ray.direction[1], ray.direction[2])
            let hit = space.raycast(origin: origin, direction: direction, length: 1000, query: .nearest).first
            let ours = hit.flatMap { paths[ObjectIdentifier($0.entity)] }
            if ours != ray.hit { disagreements.append("\(origin) toward \(direction): \(ours ?? "nothing") against \(ray.hit ?? "nothing")") }
        }
        #expect(oracle.rays.contains { $0.hit != nil } || oracle.colliders.isEmpty, sourceLocation: sourceLocation)
        #expect(disagreements.isEmpty, "\(disagreements.count) rays of \(oracle.rays.count): \(disagreements.prefix(5))", sourceLocation: sourceLocation)
    }

    @Test("A scene of every xformOp, composition arc and shape, in USD text")
    func text() throws { try compare(oracleFolder().appendingPathComponent("Scene.usda")) }

    @Test("The same scene flattened into one layer")
    func flattened() throws { try compare(oracleFolder().appendingPathComponent("Flat.usda")) }

    @Test("The same scene in a .usdz archive")
    func archive() throws { try compare(oracleFolder().appendingPathComponent("Flat.usdz")) }

    @Test("The Reality Composer Pro scenes of the fixture package")
    func realityComposerScenes() throws {
        let assets = try #require(realityKitContentBundle.resourceURL?.appendingPathComponent("LoadingFixtureContent.rkassets"))
        try compare(assets.appendingPathComponent("Immersive.usda"))
        try compare(assets.appendingPathComponent("Scene/Robot.usda"))
    }

    @Test("The same scene as a binary crate")
    func binary() throws { try compare(oracleFolder().appendingPathComponent("Flat.usdc")) }

    @Test("The binary crate in a .usdz archive, as usd-core packages it")
    func binaryArchive() throws { try compare(oracleFolder().appendingPathComponent("FlatBinary.usdz")) }

    @Test("A text layer referring to a binary crate")
    func textReferringToBinary() throws { try compare(oracleFolder().appendingPathComponent("RefersToBinary.usda")) }

    @Test("Centimetres and +z up, converted to metres and +y up")
    func units() throws { try compare(oracleFolder().appendingPathComponent("Centimetres.usda")) }

    @Test("A damaged binary crate is refused naming it; a text layer referring to it loads without that part")
    func damagedBinary() throws {
        let folder = try scratchFolder()
        var crate = try [UInt8](Data(contentsOf: oracleFolder().appendingPathComponent("Flat.usdc")))
        crate.removeLast(crate.count / 3)
        try Data(crate).write(to: folder.appendingPathComponent("Flat.usdc"))
        let error = try #require(throws: SceneLoadError.self) { try Entity(contentsOf: folder.appendingPathComponent("Flat.usdc")) }
        #expect(error.file.hasSuffix("Flat.usdc"), "\(error)")
        try FileManager.default.copyItem(
            at: oracleFolder().appendingPathComponent("RefersToBinary.usda"), to: folder.appendingPathComponent("RefersToBinary.usda"))
        let scene = try Entity(contentsOf: folder.appendingPathComponent("RefersToBinary.usda"))
        #expect(scene.findEntity(named: "Text") != nil)
        #expect(scene.findEntity(named: "Binary")?.children.isEmpty == true)
    }
}
