// swift-tools-version: 6.1
import PackageDescription

// Layers, bottom to top (each a folder under Sources/):
//   PrisonRules  the four-wall SameGame: boards, moves, scores, games as values. No graphics, no clock.
//   PrisonSearch search for strong games on the rules alone: nested Monte-Carlo, beam search.
//   PrisonSpace  the immersive-space core: entities, transforms, ray casts, camera, animated moves.
//                It knows nothing of SameGame.
//   PrisonWorld  the rules bound to the space: the game's blocks as entities on the walls, taps by
//                ray cast, animated moves, combos, danger; simulated players and simulations.
//   PrisonSim    `prison-sim`, the headless command-line front end over the world.
//   PrisonDesktop what the desktop window knows without drawing: key bindings, head turns, scripts,
//                the HUD's text, palettes, sounds as samples, saved games and best scores on disk.
//   PuzzlePrison `puzzle-prison`, the desktop window: GLFW, OpenGL 3.3 core (or EGL offscreen), OpenAL.
// C libraries come from Debian packages through system library targets: CGLFW, CGL, CEGL, COpenAL,
// CSTB (stb_truetype for the HUD's font, stb_image_write for screenshots).
let package = Package(
    name: "PuzzlePrison",
    products: [
        .library(name: "PrisonRules", targets: ["PrisonRules"]),
        .library(name: "PrisonSearch", targets: ["PrisonSearch"]),
        .library(name: "PrisonSpace", targets: ["PrisonSpace"]),
        .library(name: "PrisonWorld", targets: ["PrisonWorld"]),
        .executable(name: "prison-sim", targets: ["PrisonSim"]),
        .executable(name: "puzzle-prison", targets: ["PuzzlePrison"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        .target(name: "PrisonRules"),
        // Reading inputs with a size limit, writing outputs atomically or straight through; the
        // command-line tool and the desktop front end share it.
        .target(name: "PrisonFiles"),
        .target(name: "PrisonSearch", dependencies: ["PrisonRules"]),
        .target(
            name: "PrisonSpace",
            dependencies: [.product(name: "RealModule", package: "swift-numerics")],
            // Entities are classes owned by one space and used from one thread. Swift's run-time
            // exclusivity checks on their properties cost about 40 % of an update of 10,000
            // moving entities (1.5 ms against 0.87 ms, measured with `prison-sim bench space`).
            swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"])]
        ),
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
        .systemLibrary(name: "CGLFW", pkgConfig: "glfw3", providers: [.apt(["libglfw3-dev"])]),
        .systemLibrary(name: "CGL", providers: [.apt(["libgl-dev"])]),
        .systemLibrary(name: "CEGL", providers: [.apt(["libegl-dev"])]),
        .systemLibrary(name: "COpenAL", pkgConfig: "openal", providers: [.apt(["libopenal-dev"])]),
        .systemLibrary(name: "CSTB", pkgConfig: "stb", providers: [.apt(["libstb-dev"])]),
        .target(name: "PrisonDesktop", dependencies: ["PrisonRules", "PrisonSpace", "PrisonWorld", "PrisonFiles"]),
        .executableTarget(
            name: "PuzzlePrison",
            dependencies: [
                "PrisonDesktop", "PrisonRules", "PrisonSpace", "PrisonWorld", "PrisonFiles",
                "CGLFW", "CGL", "CEGL", "COpenAL", "CSTB",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
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
            dependencies: ["PrisonSpace"]
        ),
        .testTarget(
            name: "PrisonWorldTests",
            dependencies: [
                "PrisonWorld", "PrisonRules", "PrisonSearch", "PrisonSpace",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "PrisonSimTests",
            dependencies: ["PrisonSim", "PrisonRules", "PrisonFiles"]
        ),
        .testTarget(
            name: "PrisonDesktopTests",
            dependencies: ["PrisonDesktop", "PrisonRules", "PrisonSpace", "PrisonWorld", "PrisonFiles"]
        ),
        .testTarget(
            name: "PuzzlePrisonTests",
            dependencies: ["PuzzlePrison", "PrisonRules", "CSTB"]
        ),
    ]
)
