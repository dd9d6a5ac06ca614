// swift-tools-version: 6.1
// A package that depends on Puzzle Prison's libraries the way any other package does: by URL and
// version. Its tests are unit tests of ray hits, written as a user of the libraries writes them,
// and tests of a visionOS app's immersive view, unchanged, through the RealityKit and SwiftUI
// products.
//
// CI (scripts/test) builds and tests it against a tagged clone of this repository, naming the
// clone's file:// URL in PUZZLE_PRISON_URL. In your own package, write the URL you clone from.
import PackageDescription

let puzzlePrison = Context.environment["PUZZLE_PRISON_URL"] ?? "https://github.com/puzzle-prison/puzzle-prison.git"

let package = Package(
    name: "RayHitTests",
    dependencies: [
        .package(url: puzzlePrison, from: "3.0.0"),
    ],
    targets: [
        // The app's code, what an app target on Apple platforms (against RealityKit) and these
        // tests on Linux (against PrisonSpace) share: tap handlers and a system.
        // Its files import RealityKit where they can: on Linux, the RealityKit product (which
        // is PrisonSpace). Once a build has that product, `canImport(RealityKit)` holds for
        // every target in it, so the target names the products it then imports.
        .target(
            name: "RayHitApp",
            dependencies: [
                .product(name: "PrisonSpace", package: "puzzle-prison"),
                .product(name: "RealityKit", package: "puzzle-prison", condition: .when(platforms: [.linux])),
                .product(name: "SwiftUI", package: "puzzle-prison", condition: .when(platforms: [.linux])),
            ]
        ),
        // A visionOS app's immersive view, as written for Apple's frameworks: on Linux, the
        // package's RealityKit and SwiftUI modules stand in for them; on Apple platforms the
        // condition leaves them out and the same files build against Apple's.
        .target(
            name: "ImmersiveApp",
            dependencies: [
                .product(name: "RealityKit", package: "puzzle-prison", condition: .when(platforms: [.linux])),
                .product(name: "SwiftUI", package: "puzzle-prison", condition: .when(platforms: [.linux])),
            ]
        ),
        // Its tests: the view presented by RealityViewHarness, gestures performed on it.
        .testTarget(
            name: "ImmersiveAppTests",
            dependencies: [
                "ImmersiveApp",
                .product(name: "RealityKit", package: "puzzle-prison", condition: .when(platforms: [.linux])),
                .product(name: "SwiftUI", package: "puzzle-prison", condition: .when(platforms: [.linux])),
            ]
        ),
        // The Linux test harness: PrisonSpace's spaces, rays and clock drive the app's code.
        .testTarget(
            name: "RayHitTests",
            dependencies: [
                "RayHitApp",
                .product(name: "PrisonRules", package: "puzzle-prison"),
                .product(name: "PrisonSearch", package: "puzzle-prison"),
                .product(name: "PrisonSpace", package: "puzzle-prison"),
                .product(name: "PrisonSpaceTesting", package: "puzzle-prison"),
                .product(name: "PrisonWorld", package: "puzzle-prison"),
            ]
        ),
    ]
)
