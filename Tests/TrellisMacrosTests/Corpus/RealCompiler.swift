import Foundation

/// Compiles Swift files against the `Trellis` module and macro plug-in that this test run was built
/// with, as a user's build would: the real compiler, the real plug-in process.
struct RealCompiler {
    /// One diagnostic the compiler printed (`path:line:column: severity: message`).
    struct Diagnostic: CustomStringConvertible {
        let path: String
        let line: Int
        /// The column, where the compiler printed one.
        var column: Int? = nil
        let severity: String
        let message: String
        var description: String { "\(path):\(line): \(severity): \(message)" }

        /// Whether the diagnostic is inside code a macro generated, in either of the compiler's
        /// forms: `macro expansion @DIContainer:40:111:` (Swift 6.3's default style) or a buffer
        /// named `@__swiftmacro_...` (the LLVM style).
        var isInGeneratedCode: Bool { path.hasPrefix("macro expansion ") || path.contains("@__swiftmacro_") }
    }

    /// How the compiler prints its diagnostics.
    enum Style: String {
        /// Swift 6.3's default, with excerpts; a diagnostic inside an expansion is `macro expansion @Name:L:C:`.
        case swift
        /// One line per diagnostic; an expansion is a buffer named `@__swiftmacro_...`.
        case llvm
    }

    /// The build folder holding `TrellisMacros-tool` and `Modules/Trellis.swiftmodule`.
    let binPath: String

    /// Finds the build folder from this test binary's own path (the test bundle lives in it).
    init() throws {
        let candidates = [
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "",
            CommandLine.arguments.first ?? "",
            Bundle.main.bundlePath,
        ]
        for candidate in candidates where !candidate.isEmpty {
            var folder = URL(fileURLWithPath: candidate).deletingLastPathComponent()
            while folder.path != "/" {
                if FileManager.default.fileExists(atPath: folder.appendingPathComponent("TrellisMacros-tool").path),
                    FileManager.default.fileExists(atPath: folder.appendingPathComponent("Modules/Trellis.swiftmodule").path)
                {
                    binPath = folder.path
                    return
                }
                folder.deleteLastPathComponent()
            }
        }
        throw HarnessError("no build folder with TrellisMacros-tool and Modules/Trellis.swiftmodule above \(candidates)")
    }

    /// The plug-in executable the compiler runs.
    var pluginPath: String { "\(binPath)/TrellisMacros-tool" }

    /// `swiftc` over `files` in one module: `-typecheck`, or `-emit-sil` for checks that run after
    /// type checking (definite initialization), with `plugin` (by default ``pluginPath``) serving
    /// the macros. With `separateJobs`, each file is compiled to an object in a frontend job of its
    /// own, every job run even after one fails, as a package's debug build on a machine with as many
    /// cores as files does. Returns every error and warning, with the output.
    func compile(
        _ files: [String], emitSIL: Bool, plugin: String? = nil, style: Style = .llvm, separateJobs: Bool = false
    ) throws -> (diagnostics: [Diagnostic], output: String, status: Int32) {
        // The scratch folder is two levels above `<triple>/<configuration>`; swift-atomics' C shim
        // module lives in its checkout.
        let scratch = URL(fileURLWithPath: binPath).deletingLastPathComponent().deletingLastPathComponent().path
        let shims = "\(scratch)/checkouts/swift-atomics/Sources/_AtomicsShims/include/module.modulemap"
        var arguments = ["swiftc"]
        // One frontend job for all files, which reports every file's errors (separate jobs stop at
        // the first file that fails).
        if separateJobs {
            arguments += ["-c", "-j", "2", "-disable-batch-mode", "-continue-building-after-errors"]
        } else {
            arguments += emitSIL ? ["-emit-sil", "-wmo", "-o", "/dev/null"] : ["-typecheck", "-wmo"]
        }
        arguments += [
            "-swift-version", "6", "-package-name", "Corpus", "-module-name", "Corpus", "-diagnostic-style", style.rawValue,
            "-I", "\(binPath)/Modules", "-Xcc", "-fmodule-map-file=\(shims)",
            "-load-plugin-executable", "\(plugin ?? pluginPath)#TrellisMacros",
        ]
        arguments += files
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        // Objects go to the working folder: the files' own.
        if separateJobs, let first = files.first {
            process.currentDirectoryURL = URL(fileURLWithPath: first).deletingLastPathComponent()
        }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let output = String(decoding: data, as: UTF8.self)
        return (Self.diagnostics(in: output), output, process.terminationStatus)
    }

    /// ``compile(_:emitSIL:plugin:style:)`` on a thread of its own: waiting for the compiler blocks
    /// that thread for seconds, and on Swift's cooperative pool (as wide as the machine has cores) it
    /// would hold back every other test meanwhile, timing-sensitive ones included.
    func compileOffThePool(
        _ files: [String], emitSIL: Bool, plugin: String? = nil, style: Style = .llvm, separateJobs: Bool = false
    ) async throws -> (diagnostics: [Diagnostic], output: String, status: Int32) {
        try await withCheckedThrowingContinuation { continuation in
            let compiler = self
            Thread.detachNewThread {
                continuation.resume(
                    with: Result {
                        try compiler.compile(files, emitSIL: emitSIL, plugin: plugin, style: style, separateJobs: separateJobs)
                    })
            }
        }
    }

    /// The errors and warnings in the compiler's output, in either style (notes are left out; so are
    /// the lines of the Swift style's excerpts, which repeat a diagnostic under its source line).
    /// The lines holding `text` that `output` (the compiler's default style) quotes under the
    /// diagnostics of each file: each excerpt belongs to the diagnostic above it.
    static func quotedLines(holding text: String, in output: String) -> [String: [String]] {
        var current: String?
        var files: [String: [String]] = [:]
        for line in output.split(separator: "\n") {
            if let diagnostic = diagnostics(in: String(line)).first {
                current = diagnostic.isInGeneratedCode ? current : diagnostic.path
            } else if line.contains(text), let current {
                files[current, default: []].append(String(line))
            }
        }
        return files
    }

    static func diagnostics(in output: String) -> [Diagnostic] {
        output.split(separator: "\n").compactMap { line in
            guard let first = line.first, first != " ", first != "`" else { return nil }
            guard let match = line.wholeMatch(of: /(.+?):(\d+)(?::(\d+))?: (error|warning): (.*)/) else { return nil }
            return Diagnostic(
                path: String(match.1), line: Int(match.2) ?? 0, column: match.3.flatMap { Int($0) },
                severity: String(match.4), message: String(match.5))
        }
    }
}

/// A failure of the harness itself, with what it was looking for.
struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
