// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

// The layers, what each target holds and how they depend on each other: docs/ARCHITECTURE.md.
// The library targets take no unsafe flags, so other packages can depend on a version of ours.
let package = Package(
    name: "PuzzlePrison",
    products: [
        .library(name: "PrisonRules", targets: ["PrisonRules"]),
        .library(name: "PrisonSearch", targets: ["PrisonSearch"]),
        .library(name: "PrisonSpace", targets: ["PrisonSpace"]),
        .library(name: "PrisonSpaceTesting", targets: ["PrisonSpaceTesting"]),
        .library(name: "PrisonWorld", targets: ["PrisonWorld"]),
        .library(name: "PrisonSession", targets: ["PrisonSession"]),
        .library(name: "PrisonReports", targets: ["PrisonReports"]),
        // A visionOS app's immersive views, unchanged, on Linux: PrisonSpace under RealityKit's
        // name, and the part of SwiftUI that an immersive view's RealityKit code touches. A test
        // target depends on them with `condition: .when(platforms: [.linux])` (docs/LIBRARIES.md).
        .library(name: "RealityKit", targets: ["RealityKit"]),
        .library(name: "SwiftUI", targets: ["SwiftUI"]),
        .executable(name: "prison-sim", targets: ["PrisonSim"]),
        .executable(name: "puzzle-prison", targets: ["PuzzlePrison"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // The player's database (PrisonHost only: the libraries never depend on it). On Linux it
        // uses the system's SQLite, Debian's libsqlite3-dev (scripts/packages).
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // `swift package generate-documentation` for the libraries' DocC catalogs.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // The compiler plugin of the SwiftUI module's `#Preview` (view files end with one).
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "602.0.0"),
    ],
    targets: [
        .target(name: "PrisonRules"),
        // Reading inputs with a size limit, writing outputs atomically or straight through; the
        // command-line tool and the desktop front end share it.
        .target(name: "PrisonFiles"),
        .target(name: "PrisonSearch", dependencies: ["PrisonRules"]),
        // Entities are classes owned by one space and used from one thread: their hot stored
        // properties are marked `@exclusivity(unchecked)` in the source, which keeps an update of
        // many moving entities as fast as the unsafe `-enforce-exclusivity=unchecked` flag did.
        // Swift 5 language mode: the space calls what RealityKit declares `@MainActor
        // @preconcurrency` (an entity's `init()`, a system's `init(scene:)` and `update(context:)`)
        // from whatever thread owns it, which Swift 6 would refuse; app code that uses it stays
        // in Swift 6.
        .target(
            name: "PrisonSpace",
            dependencies: ["PrisonUSD", .product(name: "RealModule", package: "swift-numerics")],
            swiftSettings: [.swiftLanguageMode(.v5)]),
        // Reading USD scenes (`.usda` text, `.usdz` archives) into composed prims, for
        // PrisonSpace's `Entity(named:in:)`; its API is package-only. It reads `.usdz` archives
        // itself (USDZ stores its files uncompressed): ZIPFoundation on Linux needs a zlib system
        // library target with a pkg-config name, which would warn every consumer.
        .target(name: "PrisonUSD"),
        .target(name: "PrisonSpaceTesting", dependencies: ["PrisonSpace"]),
        .target(name: "RealityKit", dependencies: ["PrisonSpace"]),
        // Swift 5 language mode, as PrisonSpace: it runs the handlers SwiftUI declares
        // `@MainActor` from the harness, which is itself `@MainActor @preconcurrency`.
        .target(name: "SwiftUI", dependencies: ["PrisonSpace", "SwiftUIMacros"], swiftSettings: [.swiftLanguageMode(.v5)]),
        .macro(
            name: "SwiftUIMacros",
            dependencies: [
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ]
        ),
        .target(name: "PrisonWorld", dependencies: ["PrisonRules", "PrisonSearch", "PrisonSpace"]),
        .target(name: "PrisonReports", dependencies: ["PrisonRules", "PrisonSearch", "PrisonWorld", "PrisonFiles"]),
        .executableTarget(
            name: "PrisonSim",
            dependencies: [
                "PrisonRules",
                "PrisonSearch",
                "PrisonSpace",
                "PrisonWorld",
                "PrisonFiles",
                "PrisonReports",
                // `bench space` measures a gesture performed on a presented immersive view.
                "SwiftUI",
                // The package's version, for --version (About.packageVersion).
                "PrisonSession",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The window's C libraries: Debian's libglfw3-dev, libgl-dev, libegl-dev, libopenal-dev,
        // libstb-dev and libopenxr-dev (scripts/packages; scripts/play and scripts/test install them). Their headers
        // and libraries are in the compiler's default paths, so these targets name no pkg-config
        // package: SwiftPM looks up the pkg-config package of every system library target of a
        // dependency, used or not, and warns where it is missing, which would reach packages that
        // use only our libraries (scripts/test-consumer checks that it does not).
        .systemLibrary(name: "CGLFW"),
        .systemLibrary(name: "CGL"),
        .systemLibrary(name: "CEGL"),
        .systemLibrary(name: "COpenAL"),
        .systemLibrary(name: "CSTB"),
        // The OpenXR loader, for `puzzle-prison --xr` (Debian's libopenxr-dev, libx11-dev).
        .systemLibrary(name: "COpenXR"),
        .target(name: "PrisonSession", dependencies: ["PrisonRules", "PrisonSearch", "PrisonSpace", "PrisonWorld", "PrisonFiles"]),
        .target(
            name: "PrisonHost",
            dependencies: [
                "PrisonSession", "PrisonRules", "PrisonWorld", "PrisonFiles", .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .executableTarget(
            name: "PuzzlePrison",
            dependencies: [
                "PrisonSession", "PrisonHost", "PrisonRules", "PrisonSpace", "PrisonWorld", "PrisonFiles",
                "CGLFW", "CGL", "CEGL", "COpenAL", "CSTB", "COpenXR",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            plugins: ["BuildStamp"]
        ),
        // `swift run SoundMaker Assets/sounds`: synthesises the game's sounds into WAV files.
        .executableTarget(name: "SoundMaker", dependencies: ["PrisonSession", "PrisonHost", "PrisonRules"]),
        // The commit the window was built from, for its About page and --version.
        .plugin(name: "BuildStamp", capability: .buildTool()),
        .testTarget(
            name: "PrisonRulesTests",
            dependencies: [
                "PrisonRules",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "PrisonSearchTests",
            dependencies: ["PrisonSearch", "PrisonRules"]
        ),
        .testTarget(
            name: "PrisonSpaceTests",
            dependencies: ["PrisonSpace", "PrisonSpaceTesting"]
        ),
        // Immersive views written for visionOS, presented and tapped by the harness; in Swift 5
        // and 6 modes (ImmersiveViewSwift5Tests holds the files that leave isolation unsaid).
        .testTarget(name: "ImmersiveViewTests", dependencies: ["RealityKit", "SwiftUI"]),
        .testTarget(
            name: "ImmersiveViewSwift5Tests", dependencies: ["RealityKit", "SwiftUI"],
            swiftSettings: [.swiftLanguageMode(.v5)]),
        // A Reality Composer Pro content package as a visionOS project has one (its scenes in an
        // .rkassets folder copied as a resource, its bundle, its own components), for the tests.
        .target(
            name: "LoadingFixtureContent",
            dependencies: ["PrisonSpace"],
            path: "Tests/LoadingFixtureContent",
            resources: [.copy("LoadingFixtureContent.rkassets")]
        ),
        // Loading scenes, against Pixar's OpenUSD (usd-core, scripts/usd-oracle.py) as the oracle.
        .testTarget(
            name: "PrisonSpaceLoadingTests",
            dependencies: ["PrisonSpace", "PrisonRules", "LoadingFixtureContent"]
        ),
        // What must hold of a world's drawn blocks: shared by the world's and the session's tests.
        .target(
            name: "WorldChecks",
            dependencies: ["PrisonWorld", "PrisonRules", "PrisonSpace"],
            path: "Tests/WorldChecks"
        ),
        .testTarget(
            name: "PrisonWorldTests",
            dependencies: [
                "PrisonWorld", "PrisonRules", "PrisonSearch", "PrisonSpace", "PrisonSpaceTesting", "WorldChecks",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "PrisonSimTests",
            dependencies: ["PrisonSim", "PrisonRules", "PrisonFiles", "PrisonSession", "PrisonSpaceTesting"]
        ),
        .testTarget(
            name: "PrisonReportsTests",
            dependencies: ["PrisonReports", "PrisonWorld", "PrisonFiles", "PrisonSpaceTesting"]
        ),
        .testTarget(name: "PrisonFilesTests", dependencies: ["PrisonFiles"]),
        // A session served as a desktop front end serves it (``Fixture``): shared by the session's
        // and the host's tests.
        .target(
            name: "SessionFixture",
            dependencies: ["PrisonSession", "PrisonHost", "PrisonRules", "PrisonSpace", "PrisonWorld"],
            path: "Tests/SessionFixture"
        ),
        .testTarget(
            name: "PrisonSessionTests",
            dependencies: [
                "PrisonSession", "PrisonHost", "PrisonRules", "PrisonSearch", "PrisonSpace", "PrisonWorld", "PrisonFiles", "WorldChecks",
                "PrisonSpaceTesting", "SessionFixture",
            ]
        ),
        .testTarget(
            name: "PrisonHostTests",
            dependencies: [
                "PrisonHost", "PrisonSession", "PrisonRules", "PrisonSpace", "PrisonWorld", "PrisonFiles", "SessionFixture",
                // The database tests damage rows as other programs can.
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            // The files puzzle-prison 2.4.0 wrote, which the first start of this version imports.
            exclude: ["Release2.4.0"]
        ),
        .testTarget(
            name: "SoundMakerTests",
            dependencies: ["SoundMaker", "PrisonSession", "PrisonHost"]
        ),
        .testTarget(
            name: "PuzzlePrisonTests",
            dependencies: ["PuzzlePrison", "PrisonSession", "PrisonHost", "PrisonRules", "PrisonWorld", "PrisonSpace", "CSTB"]
        ),
    ]
)
