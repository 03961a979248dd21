import Foundation
import TrellisGraph

/// Renders the DOT text to PNG or SVG with Graphviz's `dot`, when it is installed.
enum GraphvizRenderer {
    static let missingMessage =
        "error: rendering PNG/SVG needs Graphviz's 'dot'; install it with 'apt-get install graphviz' (Debian/Ubuntu) or 'brew install graphviz' (macOS), or write --format dot"

    /// Writes `graph` to `path` as `format` (`png` or `svg`); returns an error line on failure.
    static func render(_ graph: ProgramGraph, to path: String, format: String, environment: ToolEnvironment) -> String? {
        guard let dot = environment.executable(named: "dot") else { return missingMessage }
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-\(UUID().uuidString).dot")
        defer { try? FileManager.default.removeItem(at: input) }
        do {
            try DotRenderer.render(graph).write(to: input, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: dot)
            process.arguments = ["-T\(format)", "-o", path, input.path]
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            let message = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                return
                    "error: Graphviz's 'dot' failed (exit \(process.terminationStatus)): \(String(decoding: message, as: UTF8.self))"
            }
            return nil
        } catch {
            return "error: cannot run Graphviz's 'dot': \(error.localizedDescription)"
        }
    }
}
