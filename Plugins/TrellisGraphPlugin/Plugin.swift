import Foundation
import PackagePlugin

/// `swift package trellis-graph [--target NAME]... [--format F] [--output FILE] [--validate-dag]`:
/// prints the dependency graph of the package's Swift targets (all of them unless some are named),
/// or writes it to FILE. Every other argument goes to `trellis graph` unchanged; a relative --output
/// is taken from the package folder.
///
/// The plugin declares no permission, so printing asks for none. Where SwiftPM sandboxes plugins
/// (macOS), writing FILE into the package takes `swift package --allow-writing-to-package-directory
/// trellis-graph ...`, which grants the write whether or not a plugin declares it.
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
        let writesFile = extractor.remainingArguments.contains { $0 == "--output" || $0.hasPrefix("--output=") }

        let process = Process()
        process.executableURL = tool.url
        process.currentDirectoryURL = context.package.directoryURL
        process.arguments = ["graph"] + extractor.remainingArguments + files
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            // SwiftPM prints the thrown error's description, once.
            throw TrellisGraphPluginError.toolFailed(process.terminationStatus, writesFile: writesFile)
        }
    }
}

enum TrellisGraphPluginError: Error, CustomStringConvertible {
    /// The tool exited with this status; `writesFile` when it was given --output.
    case toolFailed(Int32, writesFile: Bool)

    var description: String {
        switch self {
        case .toolFailed(let status, let writesFile):
            var message = "trellis graph exited with \(status)"
            if writesFile && status == 2 {
                // 2 is the tool's status for an output it cannot write, among others: the sandbox of
                // a plugin that declares no permission keeps the package read-only.
                message +=
                    "; if it could not write --output, allow the write: "
                    + "swift package --allow-writing-to-package-directory trellis-graph ..."
            }
            return message
        }
    }
}
