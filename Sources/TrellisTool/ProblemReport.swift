import SwiftSyntax
import TrellisGraph
import TrellisSyntax

/// One problem placed in the source: the line compilers print, so editors and SwiftPM show it in place.
struct PlacedProblem: Comparable {
    var path: String
    var line: Int
    var column: Int
    var issue: Issue

    /// `path:line:column: error: [code] message`.
    var text: String {
        "\(path):\(line):\(column): \(issue.severity.rawValue): [\(issue.code.rawValue)] \(issue.message)"
    }

    static func < (left: PlacedProblem, right: PlacedProblem) -> Bool {
        (left.path, left.line, left.column, left.issue.code.rawValue, left.issue.message)
            < (right.path, right.line, right.column, right.issue.code.rawValue, right.issue.message)
    }
}

/// Validates a scanned program with the shared rules and places every issue at its syntax.
enum ProblemReport {
    /// Every problem of `program`, sorted by place: shape problems the extractor found, each
    /// container's rules, the whole-program rules, and `more` (the rules a flag asks for).
    static func problems(of program: ScannedProgram, more: [LocatedIssue] = []) -> [PlacedProblem] {
        let located = program.files.flatMap(\.problems) + ProgramValidator.validate(program.programFiles) + more
        let issuesByPath = Dictionary(grouping: located, by: \.file)
        let locations = Dictionary(
            program.files.map { ($0.location.displayPath, $0.location) }, uniquingKeysWith: { first, _ in first })
        var problems: [PlacedProblem] = []
        for (path, issues) in issuesByPath {
            // Parsed again: the scan kept no tree. Should the file have changed since into one that
            // does not parse, its problems are placed at its start.
            guard let location = locations[path], case .parsed(let file) = ProgramScanner.parse(location) else {
                problems += issues.map { PlacedProblem(path: path, line: 1, column: 1, issue: $0.issue) }
                continue
            }
            let converter = SourceLocationConverter(fileName: path, tree: file.tree)
            for issue in issues {
                let node = self.node(for: issue, in: file) ?? Syntax(file.tree)
                let place = converter.location(for: node.positionAfterSkippingLeadingTrivia)
                problems.append(PlacedProblem(path: path, line: place.line, column: place.column, issue: issue.issue))
            }
        }
        return problems.sorted()
    }

    /// The syntax an issue's anchor names: in its container's declaration, or at file level.
    private static func node(for issue: LocatedIssue, in file: ParsedFile) -> Syntax? {
        if let name = issue.container,
            let container = file.scan.containers.first(where: { $0.qualifiedName == name })
        {
            return container.extraction.node(for: issue.issue.anchor)
        }
        return file.scan.anchors[issue.issue.anchor]
    }
}
