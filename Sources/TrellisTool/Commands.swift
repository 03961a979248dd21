import ArgumentParser
import Foundation
import TrellisGraph

/// A `trellis` subcommand: its work as a function of the environment, so that tests run it
/// in-process, and `run()` as swift-argument-parser calls it.
protocol ToolSubcommand: ParsableCommand {
    /// Does the subcommand's work in `environment`.
    func execute(in environment: ToolEnvironment) -> ToolResult
}

extension ToolSubcommand {
    /// Runs in this process's environment, writes the output and exits with the tool's code.
    public func run() throws {
        let result = execute(in: .process)
        FileHandle.standardOutput.write(Data(result.standardOutput.utf8))
        FileHandle.standardError.write(Data(result.standardError.utf8))
        if result.exitCode != ToolExitCode.clean { throw ExitCode(result.exitCode) }
    }
}

/// `trellis`: shows and validates the dependency graph of a whole source tree.
public struct TrellisCommand: ParsableCommand {
    /// The command's name, help and subcommands (`graph` by default).
    public static let configuration = CommandConfiguration(
        commandName: "trellis",
        abstract: "Shows and validates the dependency graph of the @DIContainer types in Swift sources.",
        discussion: """
            Without a subcommand, runs 'graph', so the earlier spelling keeps working:
              trellis --root PATH --format dot --output graph.dot --validate-dag

            Exit codes: 0 nothing wrong found; 1 problems found (printed as
            'path:line:column: error: [code] message'), or for 'diff' the graphs differ; 2 bad
            usage, a path that does not exist, an output that cannot be written, Graphviz missing
            for PNG/SVG, or a 'diff' input that is not a graph document.
            """,
        subcommands: [GraphCommand.self, ValidateCommand.self, DiffCommand.self],
        defaultSubcommand: GraphCommand.self)

    /// Creates the command; swift-argument-parser fills it from the command line.
    public init() {}
}

/// The sources to scan, shared by every subcommand.
public struct SourceOptions: ParsableArguments {
    @Argument(help: "Swift files or folders to scan (default: the current folder). Build folders are skipped.")
    var paths: [String] = []

    @Option(help: "A folder to scan, as in earlier releases; may be repeated.")
    var root: [String] = []

    /// Creates the options; swift-argument-parser fills them from the command line.
    public init() {}

    /// Every path named, the current folder when none is.
    var allPaths: [String] {
        let all = root + paths
        return all.isEmpty ? ["."] : all
    }
}

/// `trellis graph`: writes the graph in one of the formats.
public struct GraphCommand: ToolSubcommand {
    /// The subcommand's name and help.
    public static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Writes the dependency graph: containers, their members, and the containers they build.")

    @OptionGroup var sources: SourceOptions

    @Option(help: "mermaid, dot, ascii or json (default: mermaid). An --output ending in .png or .svg is rendered by Graphviz.")
    var format: String = GraphFormat.mermaid.rawValue

    @Option(help: "The file to write (default: standard output); .png and .svg are rendered with Graphviz's 'dot'.")
    var output: String?

    @Flag(name: .customLong("validate-dag"), help: "Also validate the whole program and exit with 1 on problems.")
    var validateDAG = false

    /// Creates the command; swift-argument-parser fills it from the command line.
    public init() {}

    /// Rejects an unknown `--format` before anything is scanned.
    public func validate() throws {
        guard GraphFormat(rawValue: format) != nil else {
            throw ValidationError(
                "unknown format '\(format)'; use one of: \(GraphFormat.allCases.map(\.rawValue).joined(separator: ", "))")
        }
    }

    var graphFormat: GraphFormat { GraphFormat(rawValue: format) ?? .mermaid }
}

/// `trellis validate`: the whole-program checks, printed the way compilers print errors.
public struct ValidateCommand: ToolSubcommand {
    /// The subcommand's name and help.
    public static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract:
            "Checks every container and the whole program: cycles between containers, names declared twice, initializers in extensions."
    )

    @OptionGroup var sources: SourceOptions

    @Option(help: "A file written when nothing is wrong and removed otherwise (for the build plugin).")
    var stamp: String?

    @Flag(
        help: """
            Only the rules that need the whole program (cycles between containers, names declared \
            twice, initializers in extensions, what children need): the compiler already reports \
            each container's own. The build plugin passes it.
            """)
    var wholeProgramOnly = false

    @Flag(
        help: """
            Also report members nothing reads (no other member, child container, service group or \
            scanned source) as warnings [trellis.unused-member]. Scan every module that uses the \
            containers: a member read only from sources left out is reported.
            """)
    var unused = false

    @Flag(help: "Like --unused, with the unused members reported as errors (exit code 1).")
    var unusedAsErrors = false

    /// Whether the unused-member rule runs, and how severe its issues are.
    var unusedSeverity: Severity? { unusedAsErrors ? .error : unused ? .warning : nil }

    /// Creates the command; swift-argument-parser fills it from the command line.
    public init() {}
}

/// `trellis diff`: what changed between two graph documents, for a code review and for CI.
public struct DiffCommand: ToolSubcommand {
    /// The subcommand's name and help.
    public static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract:
            "Compares two graphs written by 'trellis graph --format json': containers, members, reads and builds added, removed or changed.",
        discussion: """
            Prints one line per change ('+' added, '-' removed, '~' changed), then a count.
            Exit codes: 0 the graphs are the same; 1 they differ; 2 a file cannot be read or is not
            a graph document of a version this trellis reads.
            """)

    @Argument(help: "The graph before the change (a JSON file).")
    var old: String

    @Argument(help: "The graph after the change (a JSON file).")
    var new: String

    /// Creates the command; swift-argument-parser fills it from the command line.
    public init() {}
}
