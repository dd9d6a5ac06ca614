import Foundation
import PrisonUSD

extension Entity {
    /// Loads the scene file `name` (a base name such as `"Scene"` or `"Scene/Robot"`, with or
    /// without its extension) from `bundle` (the main bundle when nil), as RealityKit's
    /// `Entity(named:in:)`: the entity is named after the file, and its children are the scene's
    /// root prims. A bundle built from a `RealityKitContent` package, whose `.rkassets` folder is
    /// copied as a resource, is searched inside that folder as Xcode's compiled bundle would be.
    /// Throws a ``SceneLoadError`` naming the file (and the line, for a parse error).
    @MainActor @preconcurrency public convenience init(named name: String, in bundle: Bundle? = nil) async throws {
        try self.init(loading: try SceneFiles.url(named: name, in: bundle ?? .main))
    }

    /// Loads the scene file `name` from `bundle` at once, as the `async` initializer does.
    @MainActor @preconcurrency public convenience init(named name: String, in bundle: Bundle? = nil) throws {
        try self.init(loading: try SceneFiles.url(named: name, in: bundle ?? .main))
    }

    /// Loads the scene file at `url` (`.usda`, or a `.usdz` archive), as RealityKit's
    /// `Entity(contentsOf:withName:)`. `resourceName` is for network synchronization in
    /// RealityKit and is not used here.
    @MainActor @preconcurrency public convenience init(contentsOf url: URL, withName resourceName: String? = nil) async throws {
        try self.init(loading: url)
    }

    /// Loads the scene file at `url` at once, as the `async` initializer does.
    @MainActor @preconcurrency public convenience init(contentsOf url: URL, withName resourceName: String? = nil) throws {
        try self.init(loading: url)
    }

    /// The scene file `name` from `bundle`, loaded at once, as RealityKit's
    /// `Entity.load(named:in:)`.
    @MainActor @preconcurrency public static func load(named name: String, in bundle: Bundle? = nil) throws -> Entity {
        try Entity(named: name, in: bundle)
    }

    /// The scene file at `url`, loaded at once, as RealityKit's `Entity.load(contentsOf:withName:)`.
    @MainActor @preconcurrency public static func load(contentsOf url: URL, withName resourceName: String? = nil) throws -> Entity {
        try Entity(contentsOf: url, withName: resourceName)
    }

    /// The scene file `name` from `bundle` as a model entity, as RealityKit's
    /// `Entity.loadModel(named:in:)`: the file's entity, with the scene under it.
    @MainActor @preconcurrency public static func loadModel(named name: String, in bundle: Bundle? = nil) throws -> ModelEntity {
        try ModelEntity(named: name, in: bundle)
    }

    /// The scene file at `url` as a model entity, as RealityKit's
    /// `Entity.loadModel(contentsOf:withName:)`.
    @MainActor @preconcurrency public static func loadModel(contentsOf url: URL, withName resourceName: String? = nil) throws -> ModelEntity {
        try ModelEntity(contentsOf: url, withName: resourceName)
    }

    /// Makes this entity the scene at `url`: its name, then the scene's root prims as children.
    private convenience init(loading url: URL) throws {
        self.init()
        let stage: USDStage
        do {
            stage = try USDStage.open(USDLocation(file: url.standardizedFileURL.path))
        } catch {
            throw SceneLoadError(error)
        }
        try SceneBuilder(stage: stage).build(into: self, named: url.deletingPathExtension().lastPathComponent)
    }
}

/// Why a scene could not be loaded: RealityKit's loading errors, with the file and, for a parse
/// error, the line. Its description reads `file:line: reason`, as compilers write.
public struct SceneLoadError: Error, CustomStringConvertible, LocalizedError, Hashable, Sendable {
    /// The file: a path, or `archive.usdz[entry]` for a layer inside an archive.
    public var file: String
    /// The line in the file, 1 up, when the error is at one.
    public var line: Int?
    /// What is wrong.
    public var reason: String

    /// The error at `line` of `file`.
    public init(file: String, line: Int? = nil, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    init(_ error: USDError) { self.init(file: error.file, line: error.line, reason: error.reason) }

    /// `file:line: reason`.
    public var description: String { line.map { "\(file):\($0): \(reason)" } ?? "\(file): \(reason)" }

    /// The description, for `localizedDescription`.
    public var errorDescription: String? { description }
}

/// Finding scene files in bundles.
enum SceneFiles {
    /// The extensions tried for a name without one, in RealityKit's order of precedence.
    static let extensions = ["usdz", "usd", "usdc", "usda"]

    /// The URL of the scene file `name` in `bundle`: in its resources, or in a `.rkassets` folder
    /// among them (a `RealityKitContent` package's, copied as a resource).
    static func url(named name: String, in bundle: Bundle) throws -> URL {
        let resources = bundle.resourceURL ?? bundle.bundleURL
        var folders = [resources]
        let contents = (try? FileManager.default.contentsOfDirectory(atPath: resources.path)) ?? []
        for item in contents.sorted() where item.hasSuffix(".rkassets") {
            folders.append(resources.appendingPathComponent(item, isDirectory: true))
        }
        let given = (name as NSString).pathExtension.lowercased()
        let names = extensions.contains(given) ? [name] : extensions.map { "\(name).\($0)" }
        for folder in folders {
            for candidate in names {
                let url = folder.appendingPathComponent(candidate)
                if FileManager.default.fileExists(atPath: url.path) { return url }
            }
        }
        throw SceneLoadError(file: name, reason: "Failed to find resource with name \"\(name)\" in bundle \(bundle.bundlePath)")
    }
}
