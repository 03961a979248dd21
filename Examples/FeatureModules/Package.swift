// swift-tools-version: 6.0
import PackageDescription

// An app split into modules: each feature has its own container, which the app's root container owns.
// Services (SharedServices) never import Trellis; only containers do. CI builds and runs it.
let package = Package(
    name: "FeatureModules",
    platforms: [.macOS(.v13)],
    // Named explicitly: a path dependency's identity is otherwise its folder name, which differs between clones.
    dependencies: [.package(name: "Trellis", path: "../..")],
    targets: [
        .target(name: "SharedServices"),
        .target(
            name: "ProfileFeature",
            dependencies: ["SharedServices", .product(name: "Trellis", package: "Trellis")]
        ),
        .target(
            name: "SettingsFeature",
            dependencies: ["SharedServices", .product(name: "Trellis", package: "Trellis")]
        ),
        .executableTarget(
            name: "App",
            dependencies: ["ProfileFeature", "SettingsFeature", "SharedServices", .product(name: "Trellis", package: "Trellis")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
