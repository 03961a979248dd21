/// The identifier of a node of a dependency graph.
///
/// Create one from a string literal, and name the ones you use as static constants:
///
/// ```swift
/// extension DependencyId {
///     static let randomNumberGenerator: Self = "RandomNumberGenerator"
/// }
/// ```
public struct DependencyId: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The identifier's text.
    public let rawValue: String

    /// Creates an identifier from its text.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates an identifier from its text.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates an identifier from a string literal.
    public init(stringLiteral value: String) {
        rawValue = value
    }

    /// The identifier's text.
    public var description: String { rawValue }

    /// Orders identifiers by their text.
    public static func < (left: DependencyId, right: DependencyId) -> Bool {
        left.rawValue < right.rawValue
    }
}

/// A node of a dependency graph: an identifier, the identifiers it depends on, and the body that
/// adds its values to the pool.
///
/// ```swift
/// .dependency(id: .greetingProviding, dependencies: [.randomNumberGenerator, .stringsProviding]) { pool in
///     pool.appending(GreetingProviderFactory(pool: pool).make())
/// }
/// ```
///
/// The body receives the loader's initial pool plus the values added by the node's dependencies,
/// direct and transitive (and nothing from unrelated nodes, so the serial and the concurrent
/// loader behave the same), and returns that pool with its own values appended.
///
/// A body that does not `await` makes a synchronous node, which ``SerialLoader/load(_:)-(Pool)``
/// can also run without `await`. Nodes are equal, and hash, by their identifier, so a graph can be
/// written as a `Set` (loaders order a set's nodes by identifier).
public struct DependencyNode: Sendable, Hashable {
    /// The node's identifier, unique in its graph.
    public let id: DependencyId
    /// The identifiers of the nodes that must finish before this one starts, without repeats.
    public let dependencies: [DependencyId]
    /// Adds the node's values to the pool.
    public let body: @Sendable (Pool) async throws -> Pool
    /// The body of a synchronous node, created from a body that does not `await`; `nil` for an
    /// `async` body.
    public let synchronousBody: (@Sendable (Pool) throws -> Pool)?

    /// Creates a node whose body is `async`.
    public init(
        id: DependencyId,
        dependencies: [DependencyId] = [],
        _ body: @escaping @Sendable (Pool) async throws -> Pool
    ) {
        self.init(id: id, dependencies: dependencies, body: body, synchronousBody: nil)
    }

    /// Creates a synchronous node.
    public init(
        id: DependencyId,
        dependencies: [DependencyId] = [],
        _ body: @escaping @Sendable (Pool) throws -> Pool
    ) {
        self.init(id: id, dependencies: dependencies, body: { try body($0) }, synchronousBody: body)
    }

    private init(
        id: DependencyId,
        dependencies: [DependencyId],
        body: @escaping @Sendable (Pool) async throws -> Pool,
        synchronousBody: (@Sendable (Pool) throws -> Pool)?
    ) {
        self.id = id
        var seen = Set<DependencyId>()
        self.dependencies = dependencies.filter { seen.insert($0).inserted }
        self.body = body
        self.synchronousBody = synchronousBody
    }

    /// Creates a node whose body is `async`; the spelling used in lists:
    /// `[.dependency(id: "a", dependencies: []) { pool in ... }]`.
    public static func dependency(
        id: DependencyId,
        dependencies: [DependencyId] = [],
        _ body: @escaping @Sendable (Pool) async throws -> Pool
    ) -> DependencyNode {
        DependencyNode(id: id, dependencies: dependencies, body)
    }

    /// Creates a synchronous node; the spelling used in lists:
    /// `[.dependency(id: "a", dependencies: []) { pool in ... }]`.
    public static func dependency(
        id: DependencyId,
        dependencies: [DependencyId] = [],
        _ body: @escaping @Sendable (Pool) throws -> Pool
    ) -> DependencyNode {
        DependencyNode(id: id, dependencies: dependencies, body)
    }

    /// Whether the two nodes have the same identifier.
    public static func == (left: DependencyNode, right: DependencyNode) -> Bool {
        left.id == right.id
    }

    /// Hashes the identifier.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }
}
