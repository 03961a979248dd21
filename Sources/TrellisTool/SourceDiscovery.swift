import Foundation

/// A Swift file to scan: where it is on disk and how the tool names it in its output.
struct SourceFileLocation: Hashable, Sendable {
    /// The absolute path, to read it.
    var absolutePath: String
    /// The path as the user wrote it (their argument joined with the file's place under it).
    var displayPath: String
}

/// Finds the Swift files under the paths the user names.
enum SourceDiscovery {
    /// Folders never scanned: hidden ones (`.build`, `.git`, `.swiftpm`, `.build-*`) and those other
    /// build systems and package managers fill with generated or third-party code.
    static let skippedFolderNames: Set<String> = ["DerivedData", "Pods", "Carthage", "node_modules"]

    /// The files under `paths` (files are taken as they are; folders are walked), sorted by display
    /// path and without repeats, and the paths that do not exist.
    static func discover(_ paths: [String], in environment: ToolEnvironment) -> (files: [SourceFileLocation], missing: [String]) {
        var files: [SourceFileLocation] = []
        var missing: [String] = []
        var seen = Set<String>()
        for path in paths {
            let absolute = standardized(environment.absolute(path))
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory) else {
                missing.append(path)
                continue
            }
            let found =
                isDirectory.boolValue
                ? walk(absolute, displayPrefix: displayPrefix(path))
                : [SourceFileLocation(absolutePath: absolute, displayPath: path)]
            for file in found where seen.insert(file.absolutePath).inserted { files.append(file) }
        }
        return (files.sorted { $0.displayPath < $1.displayPath }, missing)
    }

    private static func walk(_ folder: String, displayPrefix: String) -> [SourceFileLocation] {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: folder) else { return [] }
        var files: [SourceFileLocation] = []
        for name in names.sorted() {
            let absolute = folder + "/" + name
            let display = displayPrefix + name
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: absolute, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                // Symbolic links to folders are not followed, so a link cycle cannot loop forever.
                let isLink = (try? manager.destinationOfSymbolicLink(atPath: absolute)) != nil
                guard !name.hasPrefix("."), !skippedFolderNames.contains(name), !isLink else { continue }
                files += walk(absolute, displayPrefix: display + "/")
            } else if name.hasSuffix(".swift") {
                files.append(SourceFileLocation(absolutePath: absolute, displayPath: display))
            }
        }
        return files
    }

    /// The prefix of display paths under a folder argument: none for `.`, else the argument and a slash.
    private static func displayPrefix(_ path: String) -> String {
        var trimmed = path
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        if trimmed == "." || trimmed == "./" { return "" }
        return trimmed.hasSuffix("/") ? trimmed : trimmed + "/"
    }

    private static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
