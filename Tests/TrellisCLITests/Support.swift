import Foundation
import Testing
import TrellisTool

/// Where the fixtures and golden files are, and how to run the tool in-process against them.
enum ToolHarness {
    /// This test target's folder: the tool runs here, so the paths it prints are `Fixtures/...`.
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path

    /// An environment rooted at `folder` (the tests folder by default) with the given search path.
    static func environment(in folder: String = testsFolder, searchPath: [String] = []) -> ToolEnvironment {
        ToolEnvironment(currentDirectory: folder, executableSearchPath: searchPath)
    }

    /// Runs `trellis` with `arguments` from the tests folder, with nothing on the search path.
    static func run(_ arguments: [String], in folder: String = testsFolder, searchPath: [String] = []) -> ToolResult {
        Tool.run(arguments, environment: environment(in: folder, searchPath: searchPath))
    }

    /// Compares `actual` with the whole of `Golden/<name>`; with `TRELLIS_UPDATE_GOLDEN=1` in the
    /// environment, rewrites the golden file instead.
    static func expectGolden(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = "\(testsFolder)/Golden/\(name)"
        if ProcessInfo.processInfo.environment["TRELLIS_UPDATE_GOLDEN"] == "1" {
            try actual.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            actual == expected, "differs from Golden/\(name); rerun with TRELLIS_UPDATE_GOLDEN=1 to accept",
            sourceLocation: sourceLocation)
    }

    /// A fresh temporary folder, removed by the caller.
    static func temporaryFolder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The error lines of standard error.
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init)
    }
}
