import Foundation
import LoadingFixtureContent
import PrisonRules
import PrisonSpace
import Testing

// Damaged and hostile files: every one is loaded or refused with an error naming the file (and
// the line, for a parse error); none crashes, hangs or exhausts memory.

/// A folder of its own for one test's files.
func scratchFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("prison-usd-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

extension SeededGenerator {
    /// A number in `0..<bound`: the same damaged files on every run.
    mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

@MainActor
@Suite("Damaged and hostile scene files")
struct DamagedFileTests {
    /// Loads `text` written as `name` in `folder`, returning the error it throws, if any.
    func load(_ bytes: [UInt8], as name: String = "Damaged.usda", in folder: URL) throws -> SceneLoadError? {
        let file = folder.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        do {
            _ = try Entity(contentsOf: file)
            return nil
        } catch let error as SceneLoadError {
            #expect(error.file.hasSuffix(name) || error.description.contains(name), "the error names the file: \(error)")
            return error
        }
    }

    @Test("A parse error names the file and its line")
    func parseErrorLine() throws {
        let folder = try scratchFolder()
        let text = """
            #usda 1.0
            (
                defaultPrim = "Root"
            )

            def Xform "Root"
            {
                float3 xformOp:translate = (0, 1, 0
                uniform token[] xformOpOrder = ["xformOp:translate"]
            }
            """
        let error = try #require(try load(Array(text.utf8), in: folder))
        #expect(error.line == 9, "\(error)")
        let unclosed = "#usda 1.0\n\ndef Xform \"Root\"\n{\n    string label = \"never closed\n}\n"
        #expect(try load(Array(unclosed.utf8), in: folder)?.line == 5)
    }

    @Test("References that loop, directly or through another file, are refused")
    func loops() throws {
        let folder = try scratchFolder()
        let a = "#usda 1.0\n(\n    defaultPrim = \"A\"\n)\n\ndef \"A\" (\n    references = @B.usda@\n)\n{\n}\n"
        let b = "#usda 1.0\n(\n    defaultPrim = \"B\"\n)\n\ndef \"B\" (\n    references = @A.usda@\n)\n{\n}\n"
        try Data(b.utf8).write(to: folder.appendingPathComponent("B.usda"))
        let error = try #require(try load(Array(a.utf8), as: "A.usda", in: folder))
        #expect(error.reason.contains("loop"), "\(error)")
        let inside = "#usda 1.0\n\ndef \"X\" (\n    references = </Y>\n)\n{\n}\n\ndef \"Y\" (\n    inherits = </X>\n)\n{\n}\n"
        #expect(try load(Array(inside.utf8), as: "Inside.usda", in: folder)?.reason.contains("loop") == true)
    }

    @Test("Nesting thousands deep is refused, in prims and in values")
    func deepNesting() throws {
        let folder = try scratchFolder()
        let depth = 5_000
        var prims = "#usda 1.0\n"
        for level in 0..<depth { prims += "def Xform \"P\(level)\" {\n" }
        prims += String(repeating: "}\n", count: depth)
        #expect(try load(Array(prims.utf8), in: folder)?.reason.contains("deeper") == true)
        let values = "#usda 1.0\ndef \"P\" {\n    custom float[] x = " + String(repeating: "[", count: depth) + "\n}\n"
        #expect(try load(Array(values.utf8), in: folder)?.reason.contains("deeper") == true)
        // References nested through many files: each is fine, the chain is too deep.
        for level in 0..<300 {
            let next = level == 299 ? "" : "(\n    references = @L\(level + 1).usda@\n)"
            try Data("#usda 1.0\n(\n    defaultPrim = \"L\"\n)\ndef \"L\" \(next)\n{\n}\n".utf8)
                .write(to: folder.appendingPathComponent("L\(level).usda"))
        }
        let deep = try #require(throws: SceneLoadError.self) { try Entity(contentsOf: folder.appendingPathComponent("L0.usda")) }
        #expect(deep.reason.contains("deeper"), "\(deep)")
    }

    @Test("A mesh whose faces ask for more indices or points than it has is refused")
    func meshCounts() throws {
        let folder = try scratchFolder()
        let mesh = """
            #usda 1.0
            def Mesh "M"
            {
                point3f[] points = [(0, 0, 0), (1, 0, 0), (0, 1, 0)]
                int[] faceVertexCounts = [3, 1000000000]
                int[] faceVertexIndices = [0, 1, 2]
            }
            """
        #expect(try load(Array(mesh.utf8), in: folder)?.reason.contains("faceVertexCounts") == true)
        let badIndex = mesh.replacingOccurrences(of: "[3, 1000000000]", with: "[3]").replacingOccurrences(of: "[0, 1, 2]", with: "[0, 1, 7]")
        #expect(try load(Array(badIndex.utf8), in: folder)?.reason.contains("point 7") == true)
    }

    @Test("Truncations and byte flips of a Reality Composer Pro scene: loaded or refused, never a crash")
    func fuzz() throws {
        let folder = try scratchFolder()
        let source = try #require(realityKitContentBundle.resourceURL?.appendingPathComponent("LoadingFixtureContent.rkassets"))
        try FileManager.default.copyItem(
            at: source.appendingPathComponent("Assets"), to: folder.appendingPathComponent("Assets"))
        let original = try [UInt8](Data(contentsOf: source.appendingPathComponent("Immersive.usda")))
        var random = SeededGenerator(seed: 52)
        var refused = 0
        var loaded = 0
        var slowest = Duration.zero
        let clock = ContinuousClock()
        func attempt(_ bytes: [UInt8]) throws {
            let start = clock.now
            if try load(bytes, in: folder) == nil { loaded += 1 } else { refused += 1 }
            slowest = max(slowest, clock.now - start)
        }
        for cut in stride(from: 0, to: original.count, by: max(1, original.count / 400)) {
            try attempt(Array(original[..<cut]))
        }
        for _ in 0..<1_500 {
            var bytes = original
            for _ in 0..<(1 + random.next(below: 4)) {
                bytes[random.next(below: bytes.count)] = UInt8(truncatingIfNeeded: random.next())
            }
            try attempt(bytes)
        }
        // Figures for the record, not a test of speed.
        print("fuzz: \(loaded + refused) damaged files, \(loaded) loaded, \(refused) refused, slowest \(slowest)")
        // The whole file loads; most damage is caught.
        #expect(try load(original, in: folder) == nil)
        #expect(refused > 0 && loaded > 0, "\(loaded) loaded, \(refused) refused")
    }

    @Test("Damaged archives are refused with the archive named")
    func damagedArchives() throws {
        let folder = try scratchFolder()
        // A stored zip of one layer, made by hand: local header, data, directory, end record.
        let layer = Array("#usda 1.0\ndef Xform \"Root\"\n{\n}\n".utf8)
        let name = Array("Scene.usda".utf8)
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16 & 0xFFFF) }
        let local = le32(0x0403_4B50) + le16(20) + le16(0) + le16(0) + le32(0) + le32(0) + le32(layer.count) + le32(layer.count)
            + le16(name.count) + le16(0) + name
        let central = le32(0x0201_4B50) + le16(20) + le16(20) + le16(0) + le16(0) + le32(0) + le32(0) + le32(layer.count)
            + le32(layer.count) + le16(name.count) + le16(0) + le16(0) + le16(0) + le16(0) + le32(0) + le32(0) + name
        let end = le32(0x0605_4B50) + le16(0) + le16(0) + le16(1) + le16(1) + le32(central.count)
            + le32(local.count + layer.count) + le16(0)
        let archive = local + layer + central + end
        #expect(try load(archive, as: "Good.usdz", in: folder) == nil)
        var random = SeededGenerator(seed: 7)
        var refused = 0
        for cut in 4..<archive.count where try load(Array(archive[..<cut]), as: "Cut.usdz", in: folder) != nil { refused += 1 }
        #expect(refused > 0)
        for _ in 0..<300 {
            var bytes = archive
            bytes[random.next(below: bytes.count)] ^= UInt8(1 + random.next(below: 255))
            _ = try load(bytes, as: "Flipped.usdz", in: folder)
        }
    }
}
