import Foundation
import Testing
import TrellisTool

@Suite("trellis on bad input and build folders")
struct InputTests {
    private let container = """
        @DIContainer
        struct GoodContainer {
            @Provide(.input)
            var name: String
        }

        """

    @Test("a file that is not UTF-8 and a file that does not parse are warned about; the rest is processed")
    func badFiles() throws {
        let folder = try ToolHarness.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try container.write(toFile: "\(folder)/Good.swift", atomically: true, encoding: .utf8)
        try Data([0x73, 0x74, 0xFF, 0xFE, 0x0A]).write(to: URL(fileURLWithPath: "\(folder)/Latin.swift"))
        try "struct Broken {\n    @Provide var x: = \n".write(toFile: "\(folder)/Broken.swift", atomically: true, encoding: .utf8)
        // Mentions neither containers, @Provide nor extensions: not even parsed, so not warned about.
        try "struct Unrelated {\n    var x: = \n".write(toFile: "\(folder)/Unrelated.swift", atomically: true, encoding: .utf8)

        let result = ToolHarness.run(["graph", ".", "--format", "ascii"], in: folder)
        #expect(result.exitCode == 0)
        #expect(
            ToolHarness.lines(result.standardError) == [
                "Broken.swift:2:21: warning: the file does not parse; it was skipped (the compiler reports the syntax error)",
                "Latin.swift: warning: the file is not valid UTF-8; it was skipped",
            ])
        #expect(result.standardOutput.hasPrefix("GoodContainer  [Good.swift]\n"))
    }

    @Test("build folders and hidden folders are skipped")
    func buildFolders() throws {
        let folder = try ToolHarness.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let broken = "@DIContainer\nstruct GoodContainer {}\n"
        for skipped in [".build/checkouts", ".build-cli", ".swiftpm", "DerivedData", "Pods"] {
            try FileManager.default.createDirectory(atPath: "\(folder)/\(skipped)", withIntermediateDirectories: true)
            try broken.write(toFile: "\(folder)/\(skipped)/Copy.swift", atomically: true, encoding: .utf8)
        }
        try FileManager.default.createDirectory(atPath: "\(folder)/Sources", withIntermediateDirectories: true)
        try container.write(toFile: "\(folder)/Sources/Good.swift", atomically: true, encoding: .utf8)

        let result = ToolHarness.run(["validate"], in: folder)
        #expect(result == ToolResult(exitCode: 0, standardOutput: "", standardError: ""))
    }

    @Test("an empty folder has an empty graph")
    func emptyFolder() throws {
        let folder = try ToolHarness.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = ToolHarness.run(["graph", "--format", "json"], in: folder)
        #expect(
            result.standardOutput
                == "{\n  \"version\": 1,\n  \"containers\": [],\n  \"memberEdges\": [],\n  \"containerEdges\": []\n}\n")
    }
}
