import TrellisGraph

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

/// Validates a scanned program with the shared rules and places every issue where the scan saw
/// its syntax.
enum ProblemReport {
    /// Every problem of `program`, sorted by place: shape problems the extractor found, each
    /// container's rules, the whole-program rules, and `more` (the rules a flag asks for). With
    /// `wholeProgramOnly`, only the whole-program rules and `more`: what the compiler cannot report.
    static func problems(of program: ScannedProgram, more: [LocatedIssue] = [], wholeProgramOnly: Bool = false)
        -> [PlacedProblem]
    {
        let located =
            wholeProgramOnly
            ? ProgramValidator.wholeProgramIssues(program.programFiles) + more
            : program.files.flatMap(\.problems) + ProgramValidator.validate(program.programFiles) + more
        let places = Dictionary(
            program.files.map { ($0.location.displayPath, $0.places) }, uniquingKeysWith: { first, _ in first })
        return located.map { issue in
            let place = places[issue.file]?.place(of: issue) ?? (line: 1, column: 1)
            return PlacedProblem(path: issue.file, line: place.line, column: place.column, issue: issue.issue)
        }.sorted()
    }
}
