import Foundation

/// What the tool reads from the process around it; tests pass their own.
public struct ToolEnvironment: Sendable {
    /// The folder relative paths are resolved against.
    public var currentDirectory: String
    /// The folders searched for Graphviz's `dot` (the `PATH`).
    public var executableSearchPath: [String]

    /// Creates an environment.
    public init(currentDirectory: String, executableSearchPath: [String]) {
        self.currentDirectory = currentDirectory
        self.executableSearchPath = executableSearchPath
    }

    /// The running process's folder and `PATH`.
    public static var process: ToolEnvironment {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return ToolEnvironment(
            currentDirectory: FileManager.default.currentDirectoryPath,
            executableSearchPath: path.split(separator: ":").map(String.init))
    }

    /// `path` made absolute against ``currentDirectory``.
    func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        if currentDirectory.hasSuffix("/") { return currentDirectory + path }
        return currentDirectory + "/" + path
    }

    /// The full path of an executable found on the search path, if any.
    func executable(named name: String) -> String? {
        for folder in executableSearchPath where !folder.isEmpty {
            let candidate = (folder.hasSuffix("/") ? folder : folder + "/") + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// What one run of the tool printed and how it ended.
public struct ToolResult: Sendable, Equatable {
    /// The process exit code (see ``ExitCode``).
    public var exitCode: Int32
    /// Text for standard output.
    public var standardOutput: String
    /// Text for standard error: problems, warnings and errors, one per line.
    public var standardError: String

    /// Creates a result.
    public init(exitCode: Int32, standardOutput: String, standardError: String) {
        self.exitCode = exitCode
        self.standardOutput = standardOutput
        self.standardError = standardError
    }
}

/// The exit codes of `trellis`, documented in the Tool article of the DocC catalog.
public enum ToolExitCode {
    /// Nothing wrong was found (warnings about single files may have been printed).
    public static let clean: Int32 = 0
    /// The sources have problems (errors printed as `path:line:column: error: [code] message`).
    public static let problemsFound: Int32 = 1
    /// Bad usage, a path that does not exist, an output that cannot be written, or a missing Graphviz.
    public static let usageOrInput: Int32 = 2
}
