// swift-tools-version: 6.1
import PackageDescription

// Layers, bottom to top (each a folder under Sources/):
//   PrisonRules  the four-wall SameGame: boards, moves, scores, games as values. No graphics, no clock.
//   PrisonSim    `prison-sim`, the headless command-line front end.
// Later layers (space, world, window) sit beside these; rules never import them.
let package = Package(
    name: "PuzzlePrison",
    products: [
        .library(name: "PrisonRules", targets: ["PrisonRules"]),
        .executable(name: "prison-sim", targets: ["PrisonSim"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        .target(name: "PrisonRules"),
        .executableTarget(
            name: "PrisonSim",
            dependencies: [
                "PrisonRules",
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
            name: "PrisonSimTests",
            dependencies: ["PrisonSim", "PrisonRules"]
        ),
    ]
)
