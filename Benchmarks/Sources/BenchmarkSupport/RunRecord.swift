import Foundation

/// What every harness records about its run and how it writes its JSON report, in one place.
public enum RunRecord {
    /// How the harness was built: `release`, or `debug` (whose figures mean nothing).
    public static var configuration: String {
        #if DEBUG
            "debug"
        #else
            "release"
        #endif
    }

    /// Prints a warning when the harness was built in debug.
    public static func warnIfDebug(_ harness: String) {
        if configuration == "debug" {
            print("warning: \(harness) was built in debug; figures are meaningless. Use -c release.")
        }
    }

    /// The current date and time, ISO 8601.
    public static var now: String { ISO8601DateFormatter().string(from: Date()) }

    /// The first three fields of `/proc/loadavg` (1, 5 and 15 minutes), or `?` where there is none.
    public static func loadAverage() -> String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "?" }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    /// The commit the harness measures: `git rev-parse --short HEAD` in the working directory, with
    /// `-dirty` when tracked files differ from it; `?` outside a repository.
    public static var commit: String {
        func git(_ arguments: [String]) -> String? {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git"] + arguments
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return nil }
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { return nil }
            return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard let head = git(["rev-parse", "--short", "HEAD"]) else { return "?" }
        let changes = git(["status", "--porcelain", "--untracked-files=no"]) ?? ""
        return changes.isEmpty ? head : "\(head)-dirty"
    }

    /// `report` as pretty-printed JSON with sorted keys, as `Scripts/report.py` reads it, with the
    /// ``commit`` measured added as `commit`.
    public static func json(_ report: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let encoded = try encoder.encode(report)
        guard var object = try JSONSerialization.jsonObject(with: encoded) as? [String: Any] else { return encoded }
        object["commit"] = commit
        return try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    }

    /// Writes `report` to `path` (see ``json(_:)``) and says so.
    public static func write(_ report: some Encodable, to path: String) throws {
        try json(report).write(to: URL(fileURLWithPath: path))
        print("wrote \(path)")
    }
}

/// `text` followed by spaces up to `width` characters, for the harnesses' aligned lines.
public func padded(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}
