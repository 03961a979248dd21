import Dispatch
import Foundation
import SwiftParser
import SwiftSyntax
import TrellisGraph
import TrellisHostSupport
import TrellisSyntax

/// What the scan keeps of one file: the model, the problems found while reading it, and where
/// its anchors are. The syntax tree is dropped as soon as the file is scanned (the trees of 2,000
/// files fill most of a gigabyte).
struct ScannedFile {
    var location: SourceFileLocation
    var programFile: ProgramFile
    /// Shape problems: `@Provide` outside a container, and what the extractor could not read.
    var problems: [LocatedIssue]
    /// Where the anchors of every problem, found now or later, are.
    var places: SourcePlaces
    /// The names the file reads, when the scan was asked for them (`validate --unused`).
    var references = NameReferences()

    /// Whether the file declares a container whose initializer is more visible than `internal`.
    var declaresVisibleContainer: Bool {
        programFile.containers.contains {
            DeclarationRules.initializerLevel(of: $0.container).visibility > AccessLevel.internal.visibility
        }
    }
}

/// A parsed file with what the scanner found in it; its anchors name nodes of `tree`.
struct ParsedFile {
    var tree: SourceFileSyntax
    var scan: SourceFileScan
    var places: SourcePlaces
}

/// The outcome of reading one file.
enum FileReadOutcome {
    case scanned(ScannedFile)
    /// The file cannot hold anything the scan reports, so it was not parsed.
    case irrelevant
    /// The file was left out; the message says why, as a warning line.
    case skipped(warning: String)
}

/// Every file of a program, read and parsed in parallel.
struct ScannedProgram {
    var files: [ScannedFile]
    /// Warning lines about files that were left out, in path order.
    var warnings: [String]

    var programFiles: [ProgramFile] { files.map(\.programFile) }

    /// The names every file reads (empty unless the scan collected them).
    var references: NameReferences {
        files.reduce(into: NameReferences()) { $0.formUnion($1.references) }
    }
}

/// Reads, parses and scans files, spread over every core.
enum ProgramScanner {
    /// Scans `locations`; with `collectingReferences`, also reads which names each file reads,
    /// which means parsing every file rather than only those that can declare a container.
    static func scan(_ locations: [SourceFileLocation], collectingReferences: Bool = false) -> ScannedProgram {
        let results = ResultSlots<FileReadOutcome>(count: locations.count)
        // Each worker takes every n-th file; parsing dominates and files are of similar size.
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, locations.count))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: locations.count, by: workers) {
                results.store(read(locations[index], collectingReferences: collectingReferences), at: index)
            }
        }
        var outcomes = results.values()
        // A public or package container's initializer takes its members' types, which the rest of
        // the files declare: read their top-level types too (a file that does not parse declares
        // none this rule can use, and the compiler reports it).
        let visible = outcomes.contains { if case .scanned(let file) = $0 { file.declaresVisibleContainer } else { false } }
        for index in outcomes.indices where visible {
            guard case .irrelevant = outcomes[index],
                case .scanned(let file) = read(locations[index], collectingReferences: false, everyFile: true)
            else { continue }
            outcomes[index] = .scanned(file)
        }
        var files: [ScannedFile] = []
        var warnings: [String] = []
        for outcome in outcomes {
            switch outcome {
            case .scanned(let file): files.append(file)
            case .skipped(let warning): warnings.append(warning)
            case .irrelevant, nil: continue
            }
        }
        return ScannedProgram(files: files, warnings: warnings)
    }

    static func read(_ location: SourceFileLocation, collectingReferences: Bool, everyFile: Bool = false)
        -> FileReadOutcome
    {
        switch parse(location, everyFile: collectingReferences || everyFile) {
        case .parsed(let parsed):
            let path = location.displayPath
            var problems = parsed.scan.problems.map { LocatedIssue(file: path, container: nil, issue: $0) }
            for container in parsed.scan.containers {
                problems += container.extraction.problems.map {
                    LocatedIssue(file: path, container: container.qualifiedName, issue: $0)
                }
            }
            var file = ScannedFile(
                location: location, programFile: parsed.scan.programFile(path: path), problems: problems,
                places: parsed.places)
            if collectingReferences { file.references = NameReferenceCollector.references(in: parsed.tree) }
            return .scanned(file)
        case .irrelevant:
            return .irrelevant
        case .skipped(let warning):
            return .skipped(warning: warning)
        }
    }

    /// The outcome of parsing one file.
    enum ParseOutcome {
        case parsed(ParsedFile)
        case irrelevant
        case skipped(warning: String)
    }

    /// Reads, parses and scans one file, keeping its tree; unless `everyFile`, a file that cannot
    /// declare a container is not parsed.
    static func parse(_ location: SourceFileLocation, everyFile: Bool = false) -> ParseOutcome {
        let path = location.displayPath
        guard let data = FileManager.default.contents(atPath: location.absolutePath) else {
            return .skipped(warning: "\(path): warning: cannot read the file; it was skipped")
        }
        let source = String(decoding: data, as: UTF8.self)
        guard source.utf8.elementsEqual(data) else {
            return .skipped(warning: "\(path): warning: the file is not valid UTF-8; it was skipped")
        }
        guard everyFile || mayMatter(data) else { return .irrelevant }
        let tree = Parser.parse(source: source)
        if tree.hasError {
            let converter = SourceLocationConverter(fileName: path, tree: tree)
            let position = firstErrorPosition(in: tree) ?? tree.position
            let location = converter.location(for: position)
            return .skipped(
                warning:
                    "\(path):\(location.line):\(location.column): warning: the file does not parse; it was skipped (the compiler reports the syntax error)"
            )
        }
        let scan = SourceFileScanner.scan(tree)
        return .parsed(ParsedFile(tree: tree, scan: scan, places: SourcePlaces(scan, tree: tree, source: data)))
    }

    /// Whether a file can hold anything the scan reports: a container or a `@Provide` (their names
    /// appear in the text), or an extension with an initializer. Most files of a project hold none,
    /// and a byte search costs far less than parsing them.
    static func mayMatter(_ data: Data) -> Bool {
        contains(data, "DIContainer") || contains(data, "Provide") || (contains(data, "extension") && contains(data, "init"))
    }

    private static func contains(_ data: Data, _ word: StaticString) -> Bool {
        let needle = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard let first = needle.first else { return true }
        return data.withUnsafeBytes { bytes in
            var index = 0
            let last = bytes.count - needle.count
            while index <= last {
                if bytes[index] == first {
                    var offset = 1
                    while offset < needle.count && bytes[index + offset] == needle[offset] { offset += 1 }
                    if offset == needle.count { return true }
                }
                index += 1
            }
            return false
        }
    }

    /// Where the first missing or unexpected token is, to point the warning at it.
    private static func firstErrorPosition(in tree: SourceFileSyntax) -> AbsolutePosition? {
        for token in tree.tokens(viewMode: .all) {
            if token.presence == .missing { return token.position }
            if token.parent?.is(UnexpectedNodesSyntax.self) == true { return token.positionAfterSkippingLeadingTrivia }
        }
        return nil
    }
}

/// Fixed slots that parallel workers fill, each slot written once.
private final class ResultSlots<Value: Sendable>: Sendable {
    private let slots: Locked<[Value?]>

    init(count: Int) { slots = Locked(Array(repeating: nil, count: count)) }

    func store(_ value: Value, at index: Int) {
        slots.withLock { $0[index] = value }
    }

    func values() -> [Value?] {
        slots.withLock { $0 }
    }
}
