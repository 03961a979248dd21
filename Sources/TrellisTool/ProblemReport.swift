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
    /// container's rules and the whole-program rules.
    static func problems(of program: ScannedProgram) -> [PlacedProblem] {
        var located: [LocatedIssue] = []
        for file in program.files {
            let path = file.location.displayPath
            located += file.scan.problems.map { LocatedIssue(file: path, container: nil, issue: $0) }
            for container in file.scan.containers {
                located += container.extraction.problems.map { LocatedIssue(file: path, container: container.qualifiedName, issue: $0) }
            }
        }
        located += ProgramValidator.validate(program.programFiles)

        let filesByPath = Dictionary(program.files.map { ($0.location.displayPath, $0) }, uniquingKeysWith: { first, _ in first })
        var converters: [String: SourceLocationConverter] = [:]
        var problems: [PlacedProblem] = []
        for issue in located {
            guard let file = filesByPath[issue.file] else { continue }
            let converter = converters[issue.file] ?? SourceLocationConverter(fileName: issue.file, tree: file.tree)
            converters[issue.file] = converter
            let node = self.node(for: issue, in: file) ?? Syntax(file.tree)
            let location = converter.location(for: node.positionAfterSkippingLeadingTrivia)
            problems.append(PlacedProblem(path: issue.file, line: location.line, column: location.column, issue: issue.issue))
        }
        return problems.sorted()
    }

    /// The syntax an issue's anchor names: in its container's declaration, or at file level.
    private static func node(for issue: LocatedIssue, in file: ScannedFile) -> Syntax? {
        if let name = issue.container,
            let container = file.scan.containers.first(where: { $0.qualifiedName == name })
        {
            return container.extraction.node(for: issue.issue.anchor)
        }
        return file.scan.anchors[issue.issue.anchor]
    }
}
