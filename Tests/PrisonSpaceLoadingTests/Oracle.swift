import Foundation
import PrisonSpace
import Testing

/// The repository's folder, found from this file's place in the checkout.
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// What OpenUSD reads from a scene file (`scripts/usd-oracle.py truth`).
struct OracleTruth: Decodable {
    struct Prim: Decodable {
        let path: String
        let type: String
        /// USD's matrix, rows for points as rows: row-major, translation in the last row.
        let matrix: [Double]
    }

    struct RayHit: Decodable {
        let origin: [Float]
        let direction: [Float]
        let hit: String?
    }

    /// The arrays of the scene's `SamplesComponent`, by field, as OpenUSD reads them.
    let arrays: [String: [Double]]
    let prims: [Prim]
    let colliders: [String]
    let rays: [RayHit]
    let metersPerUnit: Double
    let upAxis: String
}

/// Runs `scripts/usd-oracle.py` with `arguments`, returning what it prints; the test is
/// cancelled as skipped (never passed) when Python or usd-core is missing.
func runOracle(_ arguments: [String]) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", repository.appendingPathComponent("scripts/usd-oracle.py").path] + arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    do { try process.run() } catch { try Test.cancel(Comment(rawValue: "skipped: python3 cannot be run: \(error)")) }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    if process.terminationStatus == 3 || process.terminationStatus == 127 {
        try Test.cancel(Comment(rawValue: "skipped: usd-core is not installed (scripts/test installs it): \(said)"))
    }
    guard process.terminationStatus == 0 else {
        throw OracleFailure(description: "usd-oracle.py \(arguments.joined(separator: " ")) failed: \(said)")
    }
    return data
}

/// Why OpenUSD cannot serve as the oracle here ("skipped: …"), or nil when it can: the oracle's
/// tests are then reported as skipped, each of them, parameterized ones included.
let oracleUnavailable: String? = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", "import pxr"]
    process.standardOutput = FileHandle.nullDevice
    let errors = Pipe()
    process.standardError = errors
    do { try process.run() } catch { return "skipped: python3 cannot be run: \(error)" }
    let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        return "skipped: usd-core is not installed (scripts/test installs it): \(said.split(separator: "\n").last ?? "")"
    }
    return nil
}()

struct OracleFailure: Error, CustomStringConvertible {
    let description: String
}

/// The oracle's scenes, written once per test run into a folder of their own.
let oracleScenes: Result<URL, any Error> = Result {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("prison-usd-oracle-\(UUID().uuidString)")
    _ = try runOracle(["make", folder.path])
    return folder
}

/// The folder of the oracle's scenes (skipping the test when usd-core is missing).
func oracleFolder() throws -> URL {
    switch oracleScenes {
    case .success(let folder): return folder
    case .failure(let error): throw error
    }
}

/// What OpenUSD reads from `file`.
func truth(of file: URL) throws -> OracleTruth {
    try JSONDecoder().decode(OracleTruth.self, from: runOracle(["truth", file.path]))
}

/// Whether a prim of type `type` is data of another prim rather than an entity.
func isData(_ type: String) -> Bool {
    type.hasPrefix("RealityKit") || type.hasPrefix("Preliminary_")
        || ["Material", "Shader", "NodeGraph", "GeomSubset", "SkelAnimation", "BlendShape"].contains(type)
}

extension Entity {
    /// The USD path of each entity under `self` (a loaded file's entity), by entity.
    func primPaths() -> [(path: String, entity: Entity)] {
        var result: [(String, Entity)] = []
        func walk(_ entity: Entity, _ path: String) {
            for child in entity.children {
                let childPath = path + "/" + child.name
                result.append((childPath, child))
                walk(child, childPath)
            }
        }
        walk(self, "")
        return result
    }
}
