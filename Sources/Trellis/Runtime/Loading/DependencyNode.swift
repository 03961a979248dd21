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
public struct DependencyNode: Sendable {
    /// The node's identifier, unique in its graph.
    public let id: DependencyId
    /// The identifiers of the nodes that must finish before this one starts, without repeats.
    public let dependencies: [DependencyId]
    /// Adds the node's values to the pool it receives.
    public let body: @Sendable (Pool) async throws -> Pool

    /// Creates a node.
    public init(
        id: DependencyId,
        dependencies: [DependencyId] = [],
        _ body: @escaping @Sendable (Pool) async throws -> Pool
    ) {
        self.id = id
        var seen = Set<DependencyId>()
        self.dependencies = dependencies.filter { seen.insert($0).inserted }
        self.body = body
    }

    /// Creates a node; the spelling used in lists: `[.dependency(id: "a", dependencies: []) { pool in ... }]`.
    public static func dependency(
        id: DependencyId,
        dependencies: [DependencyId] = [],
        _ body: @escaping @Sendable (Pool) async throws -> Pool
    ) -> DependencyNode {
        DependencyNode(id: id, dependencies: dependencies, body)
    }
}
