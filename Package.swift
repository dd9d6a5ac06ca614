// swift-tools-version: 6.1
import PackageDescription

// Layers, bottom to top (each a folder under Sources/):
//   PrisonRules  the four-wall SameGame: boards, moves, scores, games as values. No graphics, no clock.
//   PrisonSearch search for strong games on the rules alone: nested Monte-Carlo, beam search.
//   PrisonSpace  the immersive-space core: entities, transforms, rays, ray casts, camera, animated
//                moves. It knows nothing of SameGame.
//   PrisonSpaceTesting  helpers for unit tests of ray hits over PrisonSpace (boxes in a line, first
//                hit, approximate comparisons), a product of its own so the core API stays lean.
//   PrisonWorld  the rules bound to the space: the room's geometry, the game's blocks as entities on
//                the walls, taps by ray cast, animated moves, combos, danger; simulated players and
//                simulations.
//   PrisonSim    `prison-sim`, the headless command-line front end over the world.
//   PrisonSession the midend every front end shares, as a deterministic state machine: actions and
//                time in; the scene, the HUD's state and wording, and effects (sounds, files to keep,
//                hints to search, boards to build) out. No files, clocks, threads or environment.
//   PrisonHost   what a desktop front end does for the session: the player's database and settings
//                under XDG folders (SQLite through GRDB),
//                threads for hints and boards, sounds read from WAV files, the game's resources.
//   PuzzlePrison `puzzle-prison`, the desktop window: GLFW, OpenGL 3.3 core (or EGL offscreen), OpenAL.
//   SoundMaker   a tool that synthesises the game's sounds into Assets/sounds (run when a sound changes).
//   BuildStamp   (Plugins/) a build-tool plugin that stamps the window with the commit it was built from.
// C libraries come from Debian packages through system library targets: CGLFW, CGL, CEGL, COpenAL,
// CSTB (stb_truetype for the HUD's font, stb_image_write for screenshots), COpenXR (the OpenXR
// loader, for playing in a headset). Only the window uses
// them: a package that depends on the libraries builds without them.
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
        .executableTarget(
            name: "PrisonSim",
            dependencies: [
                "PrisonRules",
                "PrisonSearch",
                "PrisonSpace",
                "PrisonWorld",
                "PrisonFiles",
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
            dependencies: ["PrisonSim", "PrisonRules", "PrisonFiles"]
        ),
        .testTarget(
            name: "PrisonSessionTests",
            dependencies: [
                "PrisonSession", "PrisonHost", "PrisonRules", "PrisonSearch", "PrisonSpace", "PrisonWorld", "PrisonFiles", "WorldChecks",
            ],
            // The files puzzle-prison 2.4.0 wrote, which the first start of this version imports.
            exclude: ["Release2.4.0"]
        ),
        .testTarget(
            name: "PrisonHostTests",
            dependencies: ["PrisonHost", "PrisonSession", "PrisonRules", "PrisonSpace", "PrisonWorld", "PrisonFiles"]
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
