import Foundation
import PackagePlugin

/// Runs `trellis validate` over a target's Swift files before they compile, and fails the build with
/// the problems placed at their source lines. A `.buildCommand` (not a prebuild command, which
/// SwiftPM refuses for a tool built from source) whose declared inputs are the target's Swift files,
/// so it runs again only when one of them changes.
@main
struct TrellisValidationPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let sources = module.sourceFiles(withSuffix: "swift").map(\.url).sorted { $0.path < $1.path }
        guard !sources.isEmpty else { return [] }
        let tool = try context.tool(named: "TrellisCLI")
        // The stamp is a Swift file holding only a comment: the target compiles it, so SwiftPM must
        // run the command (and have it succeed) before compiling, on every change of the inputs.
        let stamp = context.pluginWorkDirectoryURL.appendingPathComponent("\(target.name)+TrellisValidated.swift")
        return [
            .buildCommand(
                displayName: "Validating the dependency graph of \(target.name)",
                executable: tool.url,
                // Each container's own rules are the compiler's (the macro reports them in place).
                arguments: ["validate", "--whole-program-only", "--stamp", stamp.path] + sources.map(\.path),
                inputFiles: sources,
                outputFiles: [stamp])
        ]
    }
}
