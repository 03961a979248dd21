import Foundation
import Testing
import TrellisGraph
import TrellisTool

@Suite("trellis problem lines")
struct ProblemLineTests {
    @Test("every problem line has the compiler form path:line:column: error: [code] message (or warning:)")
    func compilerForm() throws {
        let result = ToolHarness.run(["validate", "Fixtures/EveryIssue", "Fixtures/Broken"])
        let pattern = try Regex(
            #"^Fixtures/[A-Za-z]+/[A-Za-z]+\.swift:[1-9][0-9]*:[1-9][0-9]*: (error|warning): \[trellis\.[a-z-]+\] \S.*$"#)
        let lines = ToolHarness.lines(result.standardError)
        #expect(lines.count > 28)
        for line in lines {
            #expect(line.wholeMatch(of: pattern) != nil, "\(line)")
        }
    }

    @Test("a cross-file initializer is placed on its init keyword")
    func crossFilePlacement() {
        let result = ToolHarness.run(["validate", "Fixtures/Broken/Cycle.swift", "Fixtures/Broken/Duplicate.swift"])
        #expect(
            ToolHarness.lines(result.standardError).contains(
                "Fixtures/Broken/Duplicate.swift:10:5: error: [trellis.cross-file-initializer] @DIContainer generates the initializer of 'ShopContainer', declared in Fixtures/Broken/Cycle.swift; remove this init from the extension and pass overrides to the generated one, or make it a static function that calls it ('static func make(...) -> ShopContainer')"
            ))
    }

    @Test("a public container's member of an internal type declared in another file is reported on the member, once")
    func memberTypesAcrossFiles() {
        let expected = [
            ("environment", 6, 39, "AppEnvironment"), ("downloads", 9, 20, "DownloadController"),
            ("byEnvironment", 11, 24, "DownloadController"), ("checks", 12, 34, "Checks"),
        ].map { member, line, column, type in
            "Fixtures/Visibility/PublicContainer.swift:\(line):\(column): error: [trellis.member-type-less-visible] '\(member)' has the type '\(type)', which is internal, but the initializer @DIContainer generates for 'PublicContainer' is public and takes every member; declare '\(type)' public"
        }
        // What the build plugin runs, and what a user runs by hand.
        for arguments in [["validate", "--whole-program-only"], ["validate"]] {
            let result = ToolHarness.run(arguments + ["Fixtures/Visibility"])
            #expect(ToolHarness.lines(result.standardError) == expected, "\(arguments)")
            #expect(result.exitCode == ToolExitCode.problemsFound, "\(arguments)")
        }
    }

    @Test("the tool reports every rule of the catalog, so tool and macro share all of them")
    func parityWithCatalog() {
        let result = ToolHarness.run(["validate", "--unused", "Fixtures/EveryIssue"])
        let reported = Set(IssueCode.allCases.filter { result.standardError.contains("[\($0.rawValue)]") })
        #expect(reported == Set(IssueCode.allCases))
    }
}
