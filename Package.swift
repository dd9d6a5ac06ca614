// swift-tools-version: 6.1
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
            name: "PrisonSpace", dependencies: [.product(name: "RealModule", package: "swift-numerics")],
            swiftSettings: [.swiftLanguageMode(.v5)]),
        .target(name: "PrisonSpaceTesting", dependencies: ["PrisonSpace"]),
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
            dependencies: ["PrisonSim", "PrisonRules", "PrisonFiles", "PrisonSpaceTesting"]
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
            dependencies: ["PrisonHost", "PrisonSession", "PrisonRules", "PrisonSpace", "PrisonWorld", "PrisonFiles", "SessionFixture"],
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
