// swift-tools-version: 6.0
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "Trellis",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .macCatalyst(.v16)],
    products: [
        .library(name: "Trellis", targets: ["Trellis"]),
        .library(name: "TrellisGraph", targets: ["TrellisGraph"]),
        // A container's `service: true` members in a swift-service-lifecycle `ServiceGroup`, in graph
        // order. A product of its own, so that programs that do not use ServiceLifecycle never build it.
        .library(name: "TrellisServiceLifecycle", targets: ["TrellisServiceLifecycle"]),
        .executable(name: "trellis", targets: ["TrellisCLI"]),
        .plugin(name: "TrellisValidationPlugin", targets: ["TrellisValidationPlugin"]),
        .plugin(name: "TrellisGraphPlugin", targets: ["TrellisGraphPlugin"]),
    ],
    dependencies: [
        // Macro libraries accept a wide swift-syntax range so users never hit a version conflict.
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"700.0.0"),
        .package(url: "https://github.com/apple/swift-atomics", from: "1.2.0"),
        .package(url: "https://github.com/pointfreeco/swift-macro-testing", from: "0.6.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
    ],
    targets: [
        // What users import: macro declarations, DIScope and the small runtime. No swift-syntax here.
        .target(
            name: "Trellis",
            dependencies: [
                "TrellisMacros",
                // The runtime's loaders and errors share the model's graph algorithms and name suggester,
                // which live below both (the model compiles the same files as TrellisHostAlgorithms), so
                // that apps do not link the model.
                "TrellisAlgorithms",
                "TrellisSupport",
                .product(name: "Atomics", package: "swift-atomics"),
            ]
        ),
        // ServiceLifecycle's `Service` meets `ServiceStartOrder`: only this target imports ServiceLifecycle.
        .target(
            name: "TrellisServiceLifecycle",
            dependencies: [
                "Trellis",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The one lock every other target uses (runtime, plug-in, tool), visible only inside the package.
        .target(name: "TrellisSupport"),
        // The algorithms the model and the runtime share (cycles, topological order, near-miss names), over
        // numbered nodes and plain strings, visible only inside the package. Imports nothing; tested through
        // TrellisGraph's CycleFinder, TopologicalOrder and NameSuggester.
        .target(name: "TrellisAlgorithms"),
        // The same two, compiled again as modules of their own for the plug-in and the tool: each file in
        // these folders is a symbolic link to the one above. SwiftPM gives a macro the prebuilt swift-syntax
        // (what it downloads by default) only when no module the macro uses is also used by code built for
        // the app; a module used by both made every user compile swift-syntax from source, and broke the
        // build of a package whose targets reach Trellis outside any product ("no such module").
        .target(name: "TrellisHostSupport"),
        .target(name: "TrellisHostAlgorithms"),
        // The pure graph model: nodes, edges, scopes, every rule about a graph and its declaration, the issue
        // catalog. Imports only the host copy of TrellisAlgorithms.
        .target(name: "TrellisGraph", dependencies: ["TrellisHostAlgorithms"]),
        // swift-syntax -> TrellisGraph: the one place the attribute grammar is read. Records facts for the rules,
        // returns what the grammar does not accept (shape problems), emits nothing itself.
        .target(
            name: "TrellisSyntax",
            dependencies: [
                "TrellisGraph",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        // The compiler plug-in: extract -> validate -> generate, issues mapped to diagnostics and fix-its.
        .macro(
            name: "TrellisMacros",
            dependencies: [
                "TrellisGraph",
                "TrellisSyntax",
                "TrellisHostSupport",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ],
            exclude: ["FastPath/README.md"]
        ),
        // The `trellis` tool's logic (scan, validate, render, write), callable in-process by tests.
        .target(
            name: "TrellisTool",
            dependencies: [
                "TrellisGraph",
                "TrellisSyntax",
                "TrellisHostSupport",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The `trellis` executable: a thin `main` over TrellisTool.
        .executableTarget(name: "TrellisCLI", dependencies: ["TrellisTool"]),
        // Build-tool plugin: runs `trellis validate` on a target's sources and fails the build on problems.
        .plugin(name: "TrellisValidationPlugin", capability: .buildTool(), dependencies: ["TrellisCLI"]),
        // Command plugin: `swift package trellis-graph` prints the package's dependency graph. It declares
        // no permission, so printing asks for none; writing --output into the package takes SwiftPM's
        // --allow-writing-to-package-directory, which grants the write whether or not a plugin declares it.
        .plugin(
            name: "TrellisGraphPlugin",
            capability: .command(
                intent: .custom(
                    verb: "trellis-graph",
                    description: "Prints the dependency graph of the package's @DIContainer types, or writes it with --output")
            ),
            dependencies: ["TrellisCLI"]
        ),
        .testTarget(name: "TrellisGraphTests", dependencies: ["TrellisGraph"]),
        .testTarget(
            name: "TrellisMacrosTests",
            dependencies: [
                "TrellisMacros",
                "TrellisSyntax",
                "TrellisGraph",
                .product(name: "MacroTesting", package: "swift-macro-testing"),
                .product(name: "SwiftSyntaxMacrosTestSupport", package: "swift-syntax"),
                // swift-syntax's own plug-in message handler: the reference the fast path is checked against.
                .product(name: "_SwiftCompilerPluginMessageHandling", package: "swift-syntax"),
            ]
        ),
        // Integration: real @DIContainer types compiled by the real plug-in and run.
        .testTarget(
            name: "TrellisTests",
            dependencies: ["Trellis", "TrellisGraph", .product(name: "Atomics", package: "swift-atomics")]
        ),
        // Containers with services run by a real ServiceGroup: start and stop order, failures.
        .testTarget(
            name: "TrellisServiceLifecycleTests",
            dependencies: [
                "Trellis", "TrellisServiceLifecycle",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The runtime container, pool and loaders (no macros involved).
        .testTarget(name: "TrellisRuntimeTests", dependencies: ["Trellis", "TrellisSupport"]),
        // Code written against DIC and DIve, compiled with Trellis: the seed documents' samples verbatim
        // and each of their spellings. In the Swift 5 language mode, as that code is (both are Swift 5
        // packages); XCTest, because its test methods can be marked deprecated without a warning.
        .testTarget(
            name: "TrellisCompatibilityTests",
            dependencies: ["Trellis", "TrellisSupport"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // The `trellis` tool in-process: golden files of every format, exit codes, error lines.
        .testTarget(
            name: "TrellisCLITests",
            dependencies: ["TrellisTool", "TrellisGraph", "TrellisSyntax"],
            exclude: ["Fixtures", "Golden"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
