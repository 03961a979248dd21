/// One source file as the whole-program rules see it: the containers it declares and the
/// extensions it writes. The `trellis` tool builds one per file it scans.
public struct ProgramFile: Hashable, Sendable {
    /// The file's path, as the tool prints it.
    public var path: String
    /// The `@DIContainer` declarations in source order, nested ones included.
    public var containers: [DeclaredContainer]
    /// The extensions in source order.
    public var extensions: [TypeExtension]
    /// The access level of each type and typealias the file declares at its top level, by name.
    public var typeAccess: [String: AccessLevel]

    /// Creates a file description.
    public init(
        path: String, containers: [DeclaredContainer] = [], extensions: [TypeExtension] = [],
        typeAccess: [String: AccessLevel] = [:]
    ) {
        self.path = path
        self.containers = containers
        self.extensions = extensions
        self.typeAccess = typeAccess
    }
}

/// A container together with the name it is known by in the whole program.
public struct DeclaredContainer: Hashable, Sendable {
    /// The name with its enclosing types (`Feature.Container`); equal to `container.name` at top level.
    public var qualifiedName: String
    /// The container; its `name` is the simple name, which its anchors use.
    public var container: Container

    /// Creates a declared container; the qualified name defaults to the container's name.
    public init(_ container: Container, qualifiedName: String? = nil) {
        self.qualifiedName = qualifiedName ?? container.name
        self.container = container
    }

    /// The enclosing types' qualified name (`Feature` for `Feature.Container`), or `nil` at top level.
    public var enclosingScope: String? {
        guard let dot = qualifiedName.lastIndex(of: ".") else { return nil }
        return String(qualifiedName[..<dot])
    }
}

/// An `extension` of a type, reduced to what the whole-program rules need.
public struct TypeExtension: Hashable, Sendable {
    /// The extended type as written (`AppContainer`, `Feature.Container`).
    public var typeName: String
    /// How many initializers the extension's body declares.
    public var initializerCount: Int

    /// Creates an extension description.
    public init(typeName: String, initializerCount: Int) {
        self.typeName = typeName
        self.initializerCount = initializerCount
    }
}

/// An issue together with the file its anchor is in.
public struct LocatedIssue: Hashable, Sendable {
    /// The path of the file, as in ``ProgramFile/path``.
    public var file: String
    /// The qualified name of the container whose declaration holds the anchor, or `nil` when the
    /// anchor is outside any container (an extension's initializer).
    public var container: String?
    /// The issue; its anchor names syntax in `file`.
    public var issue: Issue

    /// Creates a located issue.
    public init(file: String, container: String?, issue: Issue) {
        self.file = file
        self.container = container
        self.issue = issue
    }
}

extension Program {
    /// The program made of every container of `files`, in file order.
    public init(files: [ProgramFile]) {
        self.init(containers: files.flatMap { $0.containers.map(\.container) })
    }
}
