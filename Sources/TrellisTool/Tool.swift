import ArgumentParser
import Foundation
import TrellisGraph

/// The `trellis` tool as a function: arguments in, output and exit code out. The executable is a
/// thin `main` over it, and tests call it in-process.
public enum Tool {
    /// Runs the tool with `arguments` (without the program name).
    public static func run(_ arguments: [String], environment: ToolEnvironment = .process) -> ToolResult {
        do {
            var command = try TrellisCommand.parseAsRoot(arguments)
            if let subcommand = command as? any ToolSubcommand {
                return subcommand.execute(in: environment)
            }
            // Argument Parser's own `help` subcommand: its `run()` reports the help it was asked
            // for as an error, which the lines below print like `--help`.
            try command.run()
            return ToolResult(exitCode: ToolExitCode.clean, standardOutput: "", standardError: "")
        } catch {
            let message = TrellisCommand.fullMessage(for: error)
            if TrellisCommand.exitCode(for: error) == .success {
                return ToolResult(exitCode: ToolExitCode.clean, standardOutput: message + "\n", standardError: "")
            }
            return ToolResult(exitCode: ToolExitCode.usageOrInput, standardOutput: "", standardError: message + "\n")
        }
    }

}

extension ValidateCommand {
    /// Validates the sources and prints every problem; writes or removes the stamp.
    func execute(in environment: ToolEnvironment) -> ToolResult {
        var log = ToolLog()
        let severity = unusedSeverity
        let program = Tool.load(sources, environment: environment, log: &log, collectingReferences: severity != nil)
        let unused = severity.map {
            UnusedMemberRule.issues(program.programFiles, references: program.references, severity: $0)
        }
        let problems = ProblemReport.problems(of: program, more: unused ?? [], wholeProgramOnly: wholeProgramOnly)
        log.errors += problems.map(\.text)
        let hasErrors = problems.contains { $0.issue.isError }
        if let stamp = stamp {
            let path = environment.absolute(stamp)
            if hasErrors || log.inputFailed {
                try? FileManager.default.removeItem(atPath: path)
            } else {
                let text = "// Written by 'trellis validate': the dependency graph of these sources is valid.\n"
                do {
                    try text.write(toFile: path, atomically: true, encoding: .utf8)
                } catch {
                    log.fail("error: cannot write the stamp file '\(stamp)': \(error.localizedDescription)")
                }
            }
        }
        return log.result(standardOutput: "", problemsFound: hasErrors)
    }

}

extension DiffCommand {
    /// Prints what changed between the two graph documents.
    func execute(in environment: ToolEnvironment) -> ToolResult {
        var log = ToolLog()
        var graphs: [ProgramGraph] = []
        for path in [old, new] {
            switch GraphDocumentReader.read(path, absolute: environment.absolute(path)) {
            case .success(let graph): graphs.append(graph)
            case .failure(let error): log.fail(error.message)
            }
        }
        guard graphs.count == 2 else { return log.result(standardOutput: "", problemsFound: false) }
        let diff = GraphDiff(old: graphs[0], new: graphs[1])
        return log.result(standardOutput: diff.text, problemsFound: !diff.isEmpty)
    }

}

extension GraphCommand {
    /// Writes the graph in the format asked for; with `--validate-dag`, also prints the problems.
    func execute(in environment: ToolEnvironment) -> ToolResult {
        var log = ToolLog()
        let program = Tool.load(sources, environment: environment, log: &log)
        var hasErrors = false
        if validateDAG {
            let problems = ProblemReport.problems(of: program)
            log.errors += problems.map(\.text)
            hasErrors = problems.contains { $0.issue.isError }
        }
        let graph = ProgramGraph(files: program.programFiles)
        var standardOutput = ""
        if let output = output {
            let path = environment.absolute(output)
            let lowered = output.lowercased()
            if lowered.hasSuffix(".png") || lowered.hasSuffix(".svg") {
                if let failure = GraphvizRenderer.render(
                    graph, to: path, format: lowered.hasSuffix(".png") ? "png" : "svg", environment: environment)
                {
                    log.fail(failure)
                }
            } else {
                do {
                    try graphFormat.render(graph).write(toFile: path, atomically: true, encoding: .utf8)
                } catch {
                    log.fail("error: cannot write '\(output)': \(error.localizedDescription)")
                }
            }
        } else {
            standardOutput = graphFormat.render(graph)
        }
        return log.result(standardOutput: standardOutput, problemsFound: hasErrors)
    }

}

extension Tool {
    /// Finds, reads and scans the sources; reports missing paths as errors and skipped files as warnings.
    static func load(
        _ sources: SourceOptions, environment: ToolEnvironment, log: inout ToolLog, collectingReferences: Bool = false
    ) -> ScannedProgram {
        let discovery = SourceDiscovery.discover(sources.allPaths, in: environment)
        for path in discovery.missing {
            log.fail("error: no such file or folder: '\(path)'")
        }
        let program = ProgramScanner.scan(discovery.files, collectingReferences: collectingReferences)
        log.errors += program.warnings
        return program
    }
}

/// Lines for standard error, and whether the input or environment failed (exit code 2).
struct ToolLog {
    var errors: [String] = []
    var inputFailed = false

    mutating func fail(_ message: String) {
        errors.append(message)
        inputFailed = true
    }

    func result(standardOutput: String, problemsFound: Bool) -> ToolResult {
        let code = inputFailed ? ToolExitCode.usageOrInput : problemsFound ? ToolExitCode.problemsFound : ToolExitCode.clean
        let standardError = errors.isEmpty ? "" : errors.joined(separator: "\n") + "\n"
        return ToolResult(exitCode: code, standardOutput: standardOutput, standardError: standardError)
    }
}
