import Foundation
import Testing
import TrellisTool

@Suite("trellis validate --unused")
struct UnusedTests {
    @Test("members read by nothing in the scanned sources are warnings; the exit code stays 0")
    func warnings() throws {
        let result = ToolHarness.run(["validate", "--unused", "Fixtures/Unused"])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput == "")
        try ToolHarness.expectGolden(result.standardError, named: "Unused.validate.txt")
    }

    @Test("--unused-as-errors reports the same members as errors and exits 1")
    func errors() {
        let warnings = ToolHarness.run(["validate", "--unused", "Fixtures/Unused"])
        let errors = ToolHarness.run(["validate", "--unused-as-errors", "Fixtures/Unused"])
        #expect(errors.exitCode == 1)
        #expect(errors.standardError == warnings.standardError.replacingOccurrences(of: ": warning: [", with: ": error: ["))
    }

    @Test("without --unused nothing is reported, and files that cannot declare a container are not read")
    func offByDefault() {
        #expect(
            ToolHarness.run(["validate", "Fixtures/Unused"]) == ToolResult(exitCode: 0, standardOutput: "", standardError: ""))
    }

    @Test("a member read only from a file left out of the scan is reported: scan every module")
    func partialScan() {
        let result = ToolHarness.run(["validate", "--unused", "Fixtures/Unused/Server.swift"])
        let members = ToolHarness.lines(result.standardError).compactMap { line in
            line.split(separator: "'").dropFirst().first.map(String.init)
        }
        #expect(members == ["verbose", "metrics", "jobs", "handler", "`default`", "report(id:)", "runner"])
    }

    @Test("in a program without code outside its containers, only what members, children, scopes and services read is used")
    func cleanFixture() {
        let result = ToolHarness.run(["validate", "--unused", "Fixtures/Clean"])
        #expect(result.exitCode == 0)
        let members = ToolHarness.lines(result.standardError).compactMap { line in
            line.split(separator: "'").dropFirst().first.map(String.init)
        }
        #expect(members == ["catalog", "loginBuilder", "settings", "request(id:)", "loginViewModel", "requestID", "login"])
    }

    @Test("key paths, members of nested containers read in their own extension, and backticked names count as reads")
    func readsBySyntax() throws {
        let folder = try ToolHarness.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = """
            enum Feature {
                @DIContainer
                struct Container {
                    @Provide(.input) var a: Int
                    @Provide(.input) var b: Int
                    @Provide(.input) var `class`: Int
                    @Provide(.input) var d: Int
                    @Provide(.input) var e: Int
                }
            }
            extension Feature.Container {
                var sum: Int { b + `class` }
            }
            struct Elsewhere {
                let e = 1
                var total: Int { e }
            }
            let path = \\Feature.Container.a
            """
        try source.write(toFile: "\(folder)/Feature.swift", atomically: true, encoding: .utf8)
        let result = ToolHarness.run(["validate", "--unused", "."], in: folder)
        #expect(
            ToolHarness.lines(result.standardError).map { $0.split(separator: "'").dropFirst().first.map(String.init) } == [
                "d", "e",
            ])
    }
}
