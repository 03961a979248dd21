import Foundation
import Testing
import TrellisTool

@Suite("trellis exit codes")
struct ExitCodeTests {
    @Test("validate exits 0 with no output when the sources are clean")
    func clean() {
        let result = ToolHarness.run(["validate", "Fixtures/Clean"])
        #expect(result == ToolResult(exitCode: 0, standardOutput: "", standardError: ""))
    }

    @Test("validate exits 1 when problems are found")
    func problems() {
        #expect(ToolHarness.run(["validate", "Fixtures/Broken"]).exitCode == 1)
    }

    @Test("graph --validate-dag still writes the graph and exits 1 on problems")
    func graphValidateDAG() {
        let result = ToolHarness.run(["--root", "Fixtures/Broken", "--validate-dag", "--format", "ascii"])
        #expect(result.exitCode == 1)
        #expect(result.standardOutput.hasPrefix("CheckoutContainer"))
        #expect(result.standardError.contains("error: [trellis.container-cycle]"))
    }

    @Test("graph without --validate-dag exits 0 on a broken program")
    func graphWithoutValidation() {
        #expect(ToolHarness.run(["graph", "Fixtures/Broken"]).exitCode == 0)
    }

    @Test("a missing root exits 2 with an error, and the other paths are still processed")
    func missingRoot() {
        let result = ToolHarness.run(["validate", "Fixtures/Nowhere", "Fixtures/Broken"])
        #expect(result.exitCode == 2)
        let lines = ToolHarness.lines(result.standardError)
        #expect(lines.first == "error: no such file or folder: 'Fixtures/Nowhere'")
        #expect(lines.contains { $0.contains("[trellis.container-cycle]") })
    }

    @Test("an unknown format exits 2 with the usage", arguments: [["graph", "--format", "png"], ["--format", "svg"]])
    func unknownFormat(arguments: [String]) {
        let result = ToolHarness.run(arguments)
        #expect(result.exitCode == 2)
        #expect(result.standardError.hasPrefix("Error: unknown format"))
    }

    @Test("an unknown option exits 2")
    func unknownOption() {
        let result = ToolHarness.run(["validate", "--colour"])
        #expect(result.exitCode == 2)
        #expect(result.standardError.contains("--colour"))
    }

    @Test("--help exits 0 and documents the exit codes")
    func help() {
        let result = ToolHarness.run(["--help"])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.contains("Exit codes: 0 nothing wrong found; 1 problems found"))
    }

    @Test("an output that cannot be written exits 2")
    func unwritableOutput() {
        let result = ToolHarness.run(["graph", "Fixtures/Clean", "--output", "Fixtures/Nowhere/graph.json"])
        #expect(result.exitCode == 2)
        #expect(result.standardError.hasPrefix("error: cannot write 'Fixtures/Nowhere/graph.json'"))
    }
}

@Suite("trellis help")
struct HelpTests {
    @Test("help of a subcommand exits 0", arguments: [["help", "validate"], ["validate", "--help"]])
    func subcommandHelp(arguments: [String]) {
        let result = ToolHarness.run(arguments)
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.contains("--stamp"))
    }
}
