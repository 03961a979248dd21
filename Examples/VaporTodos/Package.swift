// swift-tools-version: 6.1
import PackageDescription

// A small Vapor 4 app wired by Trellis: the application's container lives beside `Application`, each
// request gets a scope whose `.argument` is Vapor's `Request`, and a test replaces a member built from
// the request. CI copies it to a fresh folder and builds it against Trellis by path, as a new user's
// package would be (TRELLIS_PATH names the clone; "../.." from this folder).
let trellisPath = Context.environment["TRELLIS_PATH"] ?? "../.."

let package = Package(
    name: "VaporTodos",
    platforms: [.macOS(.v14)],
    products: [.executable(name: "vapor-todos", targets: ["vapor-todos"])],
    dependencies: [
        .package(name: "Trellis", path: trellisPath),
        .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),
    ],
    targets: [
        .target(
            name: "VaporTodos",
            dependencies: [
                .product(name: "Trellis", package: "Trellis"),
                .product(name: "Vapor", package: "vapor"),
            ]
        ),
        .executableTarget(name: "vapor-todos", dependencies: ["VaporTodos"]),
        .testTarget(
            name: "VaporTodosTests",
            dependencies: ["VaporTodos", .product(name: "VaporTesting", package: "vapor")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
