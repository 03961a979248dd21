// swift-tools-version: 6.0
import PackageDescription

// A small program wired by a Trellis container; CI builds and runs it.
let package = Package(
    name: "Quickstart",
    platforms: [.macOS(.v13)],
    // Named explicitly: a path dependency's identity is otherwise its folder name, which differs between clones.
    dependencies: [.package(name: "Trellis", path: "../..")],
    targets: [
        .executableTarget(name: "Quickstart", dependencies: [.product(name: "Trellis", package: "Trellis")])
    ],
    swiftLanguageModes: [.v6]
)
