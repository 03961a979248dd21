import Foundation
import Testing
import TrellisGraph
import TrellisTool

@Suite("trellis diff")
struct DiffTests {
    /// The JSON graph of one fixture folder, written by the tool run inside it so that both
    /// graphs name their files alike (`App.swift`), as two checkouts of one repository do.
    static func graph(of fixture: String, into folder: String) throws -> String {
        let output = "\(folder)/\(fixture).json"
        let result = ToolHarness.run(
            ["graph", ".", "--format", "json", "--output", output], in: "\(ToolHarness.testsFolder)/Fixtures/\(fixture)")
        #expect(result.exitCode == 0)
        return output
    }

    @Test("the change from the clean fixture to the changed one, line by line, exits 1")
    func changes() throws {
        let folder = try ToolHarness.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let old = try Self.graph(of: "Clean", into: folder)
        let new = try Self.graph(of: "Changed", into: folder)
        let result = ToolHarness.run(["diff", old, new])
        #expect(result.exitCode == 1)
        #expect(result.standardError == "")
        try ToolHarness.expectGolden(result.standardOutput, named: "Clean-Changed.diff.txt")
    }

    @Test("a graph against itself: no changes, exit 0")
    func same() {
        let result = ToolHarness.run(["diff", "Golden/Clean.json", "Golden/Clean.json"])
        #expect(result == ToolResult(exitCode: 0, standardOutput: "no changes\n", standardError: ""))
    }

    @Test("a golden graph reads back and renders to the same bytes", arguments: ["Clean.json", "Broken.json"])
    func readsBack(name: String) throws {
        let text = try String(contentsOfFile: "\(ToolHarness.testsFolder)/Golden/\(name)", encoding: .utf8)
        let graph = try JSONDecoder().decode(ProgramGraph.self, from: Data(text.utf8))
        #expect(JSONRenderer.render(graph) == text)
    }

    @Test(
        "a file that is missing, not JSON, not a graph or of another version exits 2 naming the file and the reason",
        arguments: [
            (nil, "error: cannot read 'Fixtures/absent.json'"),
            ("{ not json", "error: 'bad.json' is not a graph document: it is not valid JSON"),
            (
                #"{"version": 1, "containers": [{"id": "A"}], "memberEdges": [], "containerEdges": []}"#,
                "error: 'bad.json' is not a graph document: 'name' is missing at containers[0]"
            ),
            (
                #"{"version": 1, "containers": [], "memberEdges": [{"container": 3, "from": "a", "to": "b"}], "containerEdges": []}"#,
                "error: 'bad.json' is not a graph document: expected a string at memberEdges[0].container"
            ),
            (
                #"{"version": 3, "containers": [], "memberEdges": [], "containerEdges": []}"#,
                "error: 'bad.json': the graph document has format version 3; this trellis reads version 1"
            ),
        ] as [(String?, String)])
    func badInput(document: String?, message: String) throws {
        let folder = try ToolHarness.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path: String
        if let document {
            try document.write(toFile: "\(folder)/bad.json", atomically: true, encoding: .utf8)
            path = "bad.json"
        } else {
            path = "Fixtures/absent.json"
        }
        let result = ToolHarness.run(
            ["diff", "\(ToolHarness.testsFolder)/Golden/Clean.json", path], in: document == nil ? ToolHarness.testsFolder : folder
        )
        #expect(result.exitCode == 2)
        #expect(result.standardOutput == "")
        #expect(result.standardError == message + "\n")
    }

    @Test("diff needs exactly two files")
    func usage() {
        let result = ToolHarness.run(["diff", "Golden/Clean.json"])
        #expect(result.exitCode == 2)
        #expect(result.standardError.contains("Missing expected argument '<new>'"))
    }
}
