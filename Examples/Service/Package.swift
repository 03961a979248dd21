// swift-tools-version: 6.2
import PackageDescription

// A real HTTP JSON service wired by Trellis: Hummingbird 2, SQLite or PostgreSQL through SQLKit,
// swift-service-lifecycle. Its own package, so that none of these dependencies reach Trellis's users.
let package = Package(
    name: "Service",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "library-service", targets: ["library-service"]),
        // For the benchmarks (Benchmarks/Sources/ServiceBenchmarks), which measure the one against the other.
        .library(name: "LibraryService", targets: ["LibraryService"]),
        .library(name: "HandWired", targets: ["HandWired"]),
    ],
    dependencies: [
        // Named explicitly: a path dependency's identity is otherwise its folder name, which differs between clones.
        .package(name: "Trellis", path: "../.."),
        // No default traits: the service reads its configuration from the environment itself.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/vapor/sql-kit", from: "3.36.0"),
        .package(url: "https://github.com/vapor/sqlite-kit", from: "4.5.2"),
        .package(url: "https://github.com/vapor/postgres-kit", from: "2.17.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
    ],
    targets: [
        // Everything but `main`: containers, HTTP, repositories, databases, background work.
        .target(
            name: "LibraryService",
            dependencies: [
                .product(name: "Trellis", package: "Trellis"),
                .product(name: "TrellisServiceLifecycle", package: "Trellis"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "SQLiteKit", package: "sqlite-kit"),
                .product(name: "PostgresKit", package: "postgres-kit"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // The same service wired by hand, without Trellis: the benchmarks' reference. It reaches the
        // service's internals through `package` access.
        .target(
            name: "HandWired",
            dependencies: [
                "LibraryService",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The program: configuration from the environment, the container, a ServiceGroup.
        .executableTarget(name: "library-service", dependencies: ["LibraryService"]),
        .testTarget(
            name: "LibraryServiceTests",
            dependencies: [
                "LibraryService",
                // Built for the process tests, which start the real binary and signal it.
                "library-service",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                // The loopback proxy that makes the database unreachable, and raw HTTP clients.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
