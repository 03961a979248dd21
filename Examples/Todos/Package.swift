// swift-tools-version: 6.1
import PackageDescription

// A small Hummingbird app wired by Trellis, shaped like Hummingbird's own examples: a router that is
// not Sendable, an in-memory or PostgreSQL repository, a table created before the server starts, and
// tests that replace the repository. CI copies it to a fresh folder and builds it against Trellis by
// path, as a new user's package would be (TRELLIS_PATH names the clone; "../.." from this folder).
let trellisPath = Context.environment["TRELLIS_PATH"] ?? "../.."

let package = Package(
    name: "Todos",
    platforms: [.macOS(.v14)],
    products: [.executable(name: "todos", targets: ["todos"])],
    dependencies: [
        .package(name: "Trellis", path: trellisPath),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        .target(
            name: "Todos",
            dependencies: [
                .product(name: "Trellis", package: "Trellis"),
                .product(name: "TrellisServiceLifecycle", package: "Trellis"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        .executableTarget(name: "todos", dependencies: ["Todos"]),
        .testTarget(
            name: "TodosTests",
            dependencies: ["Todos", .product(name: "HummingbirdTesting", package: "hummingbird")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
