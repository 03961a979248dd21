// swift-tools-version: 6.1
import PackageDescription

// The benchmarks are their own package so that Swinject, swift-dependencies and the harness never
// reach Trellis's users. `Benchmarks/run.sh` is the one entry point (see README.md).
let graphSizes = [10, 50, 100, 250, 1000]

let package = Package(
    name: "TrellisBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Trellis", path: ".."),
        .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),
        .package(url: "https://github.com/pointfreeco/swift-dependencies", exact: "1.17.1"),
        // The service example (#21), measured against the same service wired by hand.
        .package(name: "Service", path: "../Examples/Service"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // For the service's router answering in-process (HummingbirdTesting's `.router`); without default
        // traits, as the service itself declares it (so that this is the code it ships; tools 6.1 for `traits:`).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
    ],
    targets: [
        // Opaque sinks and the kernel/slot types shared by every generated graph. Exclusivity checks
        // are off in this module only: otherwise each sink's read of `sinkTrap` costs a
        // swift_beginAccess (~5 ns) that every measured iteration would carry. Contenders keep them.
        .target(
            name: "BenchmarkSupport",
            swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"])]
        ),
        // The release executable: calibrates, interleaves contenders, reports min and median.
        .executableTarget(
            name: "RuntimeBenchmarks",
            dependencies: graphSizes.map { .target(name: "Graph\($0)") }
        ),
        // The loader benchmark (issue 3): SerialLoader against ConcurrentLoader on a 200-node graph
        // of 10 ms nodes, with the LoadReport's critical path. Depends on Trellis (and the
        // command-line reader of BenchmarkSupport) only.
        // Creating and releasing a per-request scope container (issue 22's cost target: within 1.2x
        // of hand-written code doing the same). Depends on Trellis and BenchmarkSupport only.
        .executableTarget(
            name: "ScopeBenchmarks",
            dependencies: ["BenchmarkSupport", .product(name: "Trellis", package: "Trellis")]
        ),
        // The service example under load (wrk on loopback, Trellis-wired against hand-wired, interleaved)
        // and the cost of its request container. Only this product builds Hummingbird and the databases.
        .executableTarget(
            name: "ServiceBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "LibraryService", package: "Service"),
                .product(name: "HandWired", package: "Service"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
        // Many tasks loading from one runtime container at once against one thread doing the same
        // loads (issue 27), with hand-written code and Swinject in the same run.
        .executableTarget(
            name: "ConcurrentLoadBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Trellis", package: "Trellis"),
                .product(name: "Swinject", package: "Swinject"),
            ]
        ),
        // Providers, lazy values and collections (issue 23) against the same written by hand.
        .executableTarget(
            name: "ProviderCollectionBenchmarks",
            dependencies: ["BenchmarkSupport", .product(name: "Trellis", package: "Trellis")]
        ),
        .executableTarget(
            name: "LoaderBenchmarks",
            dependencies: ["BenchmarkSupport", .product(name: "Trellis", package: "Trellis")]
        ),
    ]
        + graphSizes.map { size in
            // One generated graph of `size` members, written once per contender, with its kernels.
            // Not committed: run.sh writes Sources/Graph<size> with Generator/generate.py first.
            .target(
                name: "Graph\(size)",
                dependencies: [
                    "BenchmarkSupport",
                    .product(name: "Trellis", package: "Trellis"),
                    .product(name: "Swinject", package: "Swinject"),
                    .product(name: "Dependencies", package: "swift-dependencies"),
                ]
            )
        },
    swiftLanguageModes: [.v6]
)
