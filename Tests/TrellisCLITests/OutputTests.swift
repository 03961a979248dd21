import Foundation
import Testing
import TrellisTool

@Suite("trellis output files and the build plugin's stamp")
struct OutputTests {
    @Test("--output writes the graph to the file and nothing to standard output")
    func outputFile() throws {
        let folder = try ToolHarness.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = ToolHarness.run(
            ["graph", "\(ToolHarness.testsFolder)/Fixtures/Clean", "--format", "json", "--output", "graph.json"], in: folder)
        #expect(result.exitCode == 0)
        #expect(result.standardOutput == "")
        let written = try String(contentsOfFile: "\(folder)/graph.json", encoding: .utf8)
        #expect(written.hasPrefix("{\n  \"version\": 1,"))
    }

    @Test("PNG and SVG without Graphviz say how to install it and exit 2", arguments: ["graph.png", "graph.SVG"])
    func missingGraphviz(output: String) {
        let result = ToolHarness.run(["graph", "Fixtures/Clean", "--output", output], searchPath: [])
        #expect(result.exitCode == 2)
        #expect(
            result.standardError
                == "error: rendering PNG/SVG needs Graphviz's 'dot'; install it with 'apt-get install graphviz' (Debian/Ubuntu) or 'brew install graphviz' (macOS), or write --format dot\n"
        )
    }

    @Test(
        "SVG is rendered through Graphviz when it is installed",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/dot"), "Graphviz is not installed"))
    func svgThroughGraphviz() throws {
        let folder = try ToolHarness.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = ToolHarness.run(
            ["graph", "\(ToolHarness.testsFolder)/Fixtures/Clean", "--output", "graph.svg"], in: folder, searchPath: ["/usr/bin"])
        #expect(result.exitCode == 0, "\(result.standardError)")
        let svg = try String(contentsOfFile: "\(folder)/graph.svg", encoding: .utf8)
        #expect(svg.contains("<svg"))
        #expect(svg.contains("AppContainer"))
    }

    @Test("validate --stamp writes the stamp when clean and removes it on problems")
    func stamp() throws {
        let folder = try ToolHarness.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let stamp = "\(folder)/Target+TrellisValidated.swift"
        let clean = ToolHarness.run([
            "validate", "--stamp", stamp, "Fixtures/Clean/App.swift", "Fixtures/Clean/Features/Feature.swift",
        ])
        #expect(clean.exitCode == 0)
        #expect(FileManager.default.fileExists(atPath: stamp))

        let broken = ToolHarness.run(["validate", "--stamp", stamp, "Fixtures/Broken"])
        #expect(broken.exitCode == 1)
        #expect(!FileManager.default.fileExists(atPath: stamp))
    }
}
