import Foundation
import PackagePlugin

/// `swift package trellis-graph [--target NAME]... [--format F] [--output FILE] [--validate-dag]`:
/// writes the dependency graph of the package's Swift targets (all of them unless some are named).
/// Every other argument goes to `trellis graph` unchanged; a relative --output is taken from the
/// package folder.
@main
struct TrellisGraphPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let selected = context.package.targets.filter { targetNames.isEmpty || targetNames.contains($0.name) }
        // Relative to the package folder (the tool's working folder), so the graph names files the
        // same way on every machine.
        let packageFolder = context.package.directoryURL.path + "/"
        let files = selected.compactMap { $0 as? SourceModuleTarget }
            .flatMap { $0.sourceFiles(withSuffix: "swift").map(\.url.path) }
            .map { $0.hasPrefix(packageFolder) ? String($0.dropFirst(packageFolder.count)) : $0 }
            .sorted()
        let tool = try context.tool(named: "TrellisCLI")

        let process = Process()
        process.executableURL = tool.url
        process.currentDirectoryURL = context.package.directoryURL
        process.arguments = ["graph"] + extractor.remainingArguments + files
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            Diagnostics.error("trellis graph exited with \(process.terminationStatus)")
            throw TrellisGraphPluginError.toolFailed(process.terminationStatus)
        }
    }
}

enum TrellisGraphPluginError: Error, CustomStringConvertible {
    case toolFailed(Int32)

    var description: String {
        switch self {
        case .toolFailed(let status): "trellis graph exited with \(status)"
        }
    }
}
