// swift-tools-version: 6.0
import PackageDescription

// Applies Trellis's build-tool plugin to one target; IntegrationTests/run.sh builds it.
let package = Package(
    name: "PluginClean",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "Trellis", path: "../..")],
    targets: [
        .executableTarget(
            name: "CleanApp",
            dependencies: [.product(name: "Trellis", package: "Trellis")],
            plugins: [.plugin(name: "TrellisValidationPlugin", package: "Trellis")]
        )
    ],
    swiftLanguageModes: [.v6]
)
