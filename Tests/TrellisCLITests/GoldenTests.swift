import Foundation
import Testing
import TrellisGraph
import TrellisSyntax
import TrellisTool

@Suite("trellis output compared whole with golden files")
struct GoldenTests {
    @Test("graph of the clean fixture matches its golden file in every format", arguments: GraphFormat.allCases)
    func graphFormats(format: GraphFormat) throws {
        let result = ToolHarness.run(["graph", "Fixtures/Clean", "--format", format.rawValue])
        #expect(result.exitCode == 0)
        #expect(result.standardError == "")
        try ToolHarness.expectGolden(result.standardOutput, named: "Clean.\(fileExtension(format))")
    }

    private func fileExtension(_ format: GraphFormat) -> String {
        switch format {
        case .mermaid: "mmd"
        case .dot: "dot"
        case .ascii: "txt"
        case .json: "json"
        }
    }

    @Test(
        "graph of the changed fixture: provider and lazy reads, a collection and its contributions, in every format",
        arguments: GraphFormat.allCases)
    func changedFormats(format: GraphFormat) throws {
        let result = ToolHarness.run(["graph", "Fixtures/Changed", "--format", format.rawValue])
        #expect(result.exitCode == 0)
        #expect(result.standardError == "")
        try ToolHarness.expectGolden(result.standardOutput, named: "Changed.\(fileExtension(format))")
    }

    @Test("the changed fixture, with its providers and collection, is a valid program")
    func changedValidates() {
        #expect(
            ToolHarness.run(["validate", "Fixtures/Changed"]) == ToolResult(exitCode: 0, standardOutput: "", standardError: ""))
    }

    @Test("graph of the broken fixture in json shows duplicates and the cycle's edges")
    func brokenJSON() throws {
        let result = ToolHarness.run(["graph", "Fixtures/Broken", "--format", "json"])
        #expect(result.exitCode == 0)
        try ToolHarness.expectGolden(result.standardOutput, named: "Broken.json")
    }

    @Test("validate of the broken fixture prints every whole-program problem")
    func brokenValidate() throws {
        let result = ToolHarness.run(["validate", "Fixtures/Broken"])
        #expect(result.exitCode == 1)
        #expect(result.standardOutput == "")
        try ToolHarness.expectGolden(result.standardError, named: "Broken.validate.txt")
    }

    @Test("validate of the every-issue fixture prints one problem per rule")
    func everyIssueValidate() throws {
        let result = ToolHarness.run(["validate", "Fixtures/EveryIssue"])
        #expect(result.exitCode == 1)
        try ToolHarness.expectGolden(result.standardError, named: "EveryIssue.validate.txt")
    }

    @Test("validate --whole-program-only prints exactly the whole-program lines of the every-issue fixture")
    func wholeProgramOnly() throws {
        let everything = ToolHarness.run(["validate", "Fixtures/EveryIssue"])
        let program = ToolHarness.run(["validate", "--whole-program-only", "Fixtures/EveryIssue"])
        #expect(program.exitCode == 1)
        let lines = program.standardError.split(separator: "\n")
        // Every line it prints is one the full run prints, and each is a whole-program rule's.
        let folder = "\(ToolHarness.testsFolder)/Fixtures/EveryIssue"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map { name in
            SourceFileScanner.scan(source: try String(contentsOfFile: "\(folder)/\(name)", encoding: .utf8)).scan
                .programFile(path: "Fixtures/EveryIssue/\(name)")
        }
        let wholeProgramCodes = Set(ProgramValidator.wholeProgramIssues(files).map(\.issue.code.rawValue))
        #expect(!lines.isEmpty)
        #expect(Set(lines).isSubset(of: Set(everything.standardError.split(separator: "\n"))))
        for line in lines {
            #expect(wholeProgramCodes.contains { line.contains("[\($0)]") }, "\(line)")
        }
        #expect(lines.count < everything.standardError.split(separator: "\n").count)
    }

    @Test("the seed's spelling writes the same dot as the graph subcommand")
    func seedSpelling() throws {
        let seed = ToolHarness.run(["--root", "Fixtures/Clean", "--format", "dot"])
        let modern = ToolHarness.run(["graph", "Fixtures/Clean", "--format", "dot"])
        #expect(seed == modern)
        try ToolHarness.expectGolden(seed.standardOutput, named: "Clean.dot")
    }

    @Test("graph output does not depend on the order paths are given in")
    func orderIndependent() {
        let forward = ToolHarness.run(["graph", "--format", "json", "Fixtures/Clean/App.swift", "Fixtures/Clean/Features"])
        let backward = ToolHarness.run(["graph", "--format", "json", "Fixtures/Clean/Features", "Fixtures/Clean/App.swift"])
        #expect(forward == backward)
    }
}
