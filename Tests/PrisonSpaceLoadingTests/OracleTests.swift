import Foundation
import LoadingFixtureContent
import PrisonRules
import PrisonSpace
import Testing

// Every scene is loaded here and read by OpenUSD (usd-core, through scripts/usd-oracle.py):
// the same prims, each at the world transform UsdGeom.XformCache gives (within 1e-5), and a
// grid of rays hitting the same prims as a reference cast over the same colliders.

@MainActor
@Suite("Scenes against OpenUSD", .enabled(if: oracleUnavailable == nil, Comment(rawValue: oracleUnavailable ?? "")))
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

    /// The oracle's scenes: every xformOp, composition arc and shape in USD text; the same scene
    /// flattened, in a .usdz, as a binary crate and a .usdz of one (as usd-core packages it); the
    /// scene's layer as a crate with its arcs; a text layer referring to the crate and its
    /// archive; centimetres and +z up; a seeded random tree of 80 prims with random op stacks
    /// and colliders.
    @Test(
        "A scene read as OpenUSD reads it",
        arguments: [
            "Scene.usda", "Flat.usda", "Flat.usdz", "Flat.usdc", "SceneArcs.usdc", "FlatBinary.usdz", "RefersToBinary.usda",
            "Centimetres.usda", "Random.usda",
        ])
    func oracleScene(_ name: String) throws { try compare(oracleFolder().appendingPathComponent(name)) }

    @Test("An app's component of arrays reads as OpenUSD reads it, from text and from a binary crate", arguments: ["Flat.usda", "Flat.usdc"])
    func arrays(_ name: String) throws {
        SamplesComponent.registerComponent()
        let file = try oracleFolder().appendingPathComponent(name)
        let oracle = try truth(of: file).arrays
        let samples = try #require(try Entity(contentsOf: file).findEntity(named: "Samples")?.components[SamplesComponent.self])
        #expect(oracle.count == 5)
        #expect(samples.ids.map(Double.init) == oracle["ids"])
        #expect(samples.wholes == oracle["wholes"])
        #expect(samples.levels.map(Double.init) == oracle["levels"])
        #expect(samples.halves.map(Double.init) == oracle["halves"])
        #expect([samples.offset.x, samples.offset.y, samples.offset.z].map(Double.init) == oracle["offset"])
    }

    @Test("The Reality Composer Pro scenes of the fixture package")
    func realityComposerScenes() throws {
        let assets = try #require(realityKitContentBundle.resourceURL?.appendingPathComponent("LoadingFixtureContent.rkassets"))
        try compare(assets.appendingPathComponent("Immersive.usda"))
        try compare(assets.appendingPathComponent("Scene/Robot.usda"))
    }

    @Test("A damaged binary crate is refused naming it; a text layer referring to it loads without that part")
    func damagedBinary() throws {
        let folder = try scratchFolder()
        var crate = try [UInt8](Data(contentsOf: oracleFolder().appendingPathComponent("Flat.usdc")))
        crate.removeLast(crate.count / 3)
        try Data(crate).write(to: folder.appendingPathComponent("Flat.usdc"))
        let error = try #require(throws: SceneLoadError.self) { try Entity(contentsOf: folder.appendingPathComponent("Flat.usdc")) }
        #expect(error.file.hasSuffix("Flat.usdc"), "\(error)")
        for name in ["RefersToBinary.usda", "FlatBinary.usdz"] {
            try FileManager.default.copyItem(at: oracleFolder().appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        let scene = try Entity(contentsOf: folder.appendingPathComponent("RefersToBinary.usda"))
        #expect(scene.findEntity(named: "Text") != nil)
        #expect(scene.findEntity(named: "Binary")?.children.isEmpty == true)
    }

    @Test("Truncations, byte flips and a huge claimed count of a binary crate: loaded or refused, never a crash")
    func fuzzedBinary() throws {
        let folder = try scratchFolder()
        let original = try [UInt8](Data(contentsOf: oracleFolder().appendingPathComponent("Flat.usdc")))
        try FileManager.default.copyItem(at: oracleFolder().appendingPathComponent("Part.usda"), to: folder.appendingPathComponent("Part.usda"))
        func load(_ bytes: [UInt8]) throws -> SceneLoadError? {
            let file = folder.appendingPathComponent("Fuzzed.usdc")
            try Data(bytes).write(to: file)
            do {
                _ = try Entity(contentsOf: file)
                return nil
            } catch let error as SceneLoadError {
                #expect(error.file.hasSuffix("Fuzzed.usdc"), "\(error)")
                return error
            }
        }
        var random = SeededGenerator(seed: 52)
        var refused = 0
        var loaded = 0
        let clock = ContinuousClock()
        var slowest = Duration.zero
        func attempt(_ bytes: [UInt8]) throws {
            let start = clock.now
            if try load(bytes) == nil { loaded += 1 } else { refused += 1 }
            slowest = max(slowest, clock.now - start)
        }
        for cut in stride(from: 0, to: original.count, by: max(1, original.count / 300)) { try attempt(Array(original[..<cut])) }
        for _ in 0..<1_500 {
            var bytes = original
            for _ in 0..<(1 + random.next(below: 4)) { bytes[random.next(below: bytes.count)] = UInt8(truncatingIfNeeded: random.next()) }
            try attempt(bytes)
        }
        print("fuzz of a binary crate: \(loaded + refused) damaged files, \(loaded) loaded, \(refused) refused, slowest \(slowest)")
        #expect(refused > 0 && loaded > 0, "\(loaded) loaded, \(refused) refused")
        // The token count, the first number of the TOKENS section, claiming 2^40 tokens.
        let table = Int(UInt64(littleEndianBytes: original[16..<24]))
        let sections = Int(UInt64(littleEndianBytes: original[table..<table + 8]))
        var huge = original
        for index in 0..<sections {
            let entry = table + 8 + index * 32
            guard String(decoding: original[entry..<entry + 6], as: UTF8.self) == "TOKENS" else { continue }
            let start = Int(UInt64(littleEndianBytes: original[entry + 16..<entry + 24]))
            huge.replaceSubrange(start..<start + 8, with: [0, 0, 0, 0, 0, 1, 0, 0])
        }
        #expect(try load(huge)?.reason.contains("claims") == true)
    }
}

extension UInt64 {
    /// The number of the eight little-endian bytes `bytes`.
    init(littleEndianBytes bytes: ArraySlice<UInt8>) {
        self = bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }
}
