/// Loads a dependency graph one node at a time, dependencies first (ties broken by declaration
/// order).
///
/// ```swift
/// let loader = SerialLoader(dependencies: [
///     .dependency(id: "RandomNumberGenerator", dependencies: []) { pool in
///         pool.appending(SystemRandomNumberGenerator())
///     }
/// ])
/// let pool = try loader.load(Pool())
/// ```
///
/// The graph is validated when the loader is created; an invalid graph makes every load throw
/// the ``LoaderError`` before any node runs (call ``validate()`` to check earlier). A graph of
/// synchronous nodes (bodies that do not `await`) loads with or without `await`; one with an
/// `async` body loads with `try await loader.load(pool)`. A node's error is rethrown unchanged.
public struct SerialLoader: Sendable {
    /// The graph's nodes, in declaration order.
    public let dependencies: [DependencyNode]
    private let plan: Result<LoadPlan, LoaderError>

    /// Creates a loader for the graph `dependencies` and validates it.
    public init(dependencies: [DependencyNode]) {
        self.dependencies = dependencies
        plan = Result { () throws(LoaderError) in try LoadPlan(nodes: dependencies) }
    }

    /// Creates a loader for the graph `dependencies`, taken in the order of their identifiers, and
    /// validates it.
    public init(dependencies: Set<DependencyNode>) {
        self.init(dependencies: dependencies.sorted { $0.id < $1.id })
    }

    /// Throws the first problem of the graph: a duplicate id, an unknown dependency or a cycle.
    public func validate() throws(LoaderError) {
        _ = try plan.get()
    }

    /// The order the nodes run in, or the graph's problem.
    public func executionOrder() throws(LoaderError) -> [DependencyId] {
        let plan = try plan.get()
        return plan.topologicalOrder.map { plan.nodes[$0].id }
    }

    /// Runs every node and returns `pool` with all their values.
    ///
    /// - Throws: a ``LoaderError``, the error a node threw, or `CancellationError` when the calling
    ///   task is cancelled.
    public func load(_ pool: Pool = Pool(), _ handler: (any LoadingEventHandling)? = nil) async throws -> Pool {
        try await loadWithReport(pool, handler).pool
    }

    /// Runs every node, on the calling thread, and returns `pool` with all their values; chosen
    /// where the call has no `await`. Every node must be synchronous.
    ///
    /// - Throws: a ``LoaderError`` (``LoaderError/asynchronousDependency(_:)`` for a node with an
    ///   `async` body, before any node runs), or the error a node threw.
    public func load(_ pool: Pool = Pool()) throws -> Pool {
        try LoadExecutor.runSynchronously(plan: plan.get(), initialPool: pool)
    }

    /// Runs every node and returns `pool` with all their values, plus how long each node took.
    ///
    /// - Throws: a ``LoaderError``, the error a node threw, or `CancellationError` when the calling
    ///   task is cancelled.
    public func loadWithReport(
        _ pool: Pool = Pool(),
        _ handler: (any LoadingEventHandling)? = nil
    ) async throws -> (pool: Pool, report: LoadReport) {
        try await LoadExecutor.run(plan: plan.get(), initialPool: pool, maximumConcurrency: 1, handler: handler)
    }
}

/// Loads a dependency graph concurrently: every node whose dependencies have finished runs, up to
/// `maximumConcurrency` at a time.
///
/// ```swift
/// let loader = ConcurrentLoader(dependencies: .dependencies, maximumConcurrency: 4)
/// let (pool, report) = try await loader.loadWithReport(Pool(), LoadingEventHandler())
/// ```
///
/// Each node receives the initial pool plus the values of its direct and transitive
/// dependencies; the loader merges what every node adds. Two nodes adding a value for the same
/// type and name, unless one depends on the other, is a
/// ``LoaderError/conflictingValues(type:firstNode:secondNode:)``. The first node that throws
/// cancels the nodes still running, and the load rethrows its error; cancelling the calling task
/// cancels the nodes and the load throws `CancellationError`.
public struct ConcurrentLoader: Sendable {
    /// The graph's nodes, in declaration order.
    public let dependencies: [DependencyNode]
    /// The most nodes that run at the same time.
    public let maximumConcurrency: Int
    private let plan: Result<LoadPlan, LoaderError>

    /// Creates a loader for the graph `dependencies` and validates it.
    ///
    /// - Parameters:
    ///   - dependencies: The graph's nodes, each naming the nodes it depends on.
    ///   - maximumConcurrency: The most nodes that run at the same time; at least 1. By default
    ///     there is no bound beyond the Swift concurrency thread pool's.
    public init(dependencies: [DependencyNode], maximumConcurrency: Int = .max) {
        precondition(maximumConcurrency > 0, "maximumConcurrency must be at least 1")
        self.dependencies = dependencies
        self.maximumConcurrency = maximumConcurrency
        plan = Result { () throws(LoaderError) in try LoadPlan(nodes: dependencies) }
    }

    /// Creates a loader for the graph `dependencies`, taken in the order of their identifiers, and
    /// validates it.
    public init(dependencies: Set<DependencyNode>, maximumConcurrency: Int = .max) {
        self.init(dependencies: dependencies.sorted { $0.id < $1.id }, maximumConcurrency: maximumConcurrency)
    }

    /// Throws the first problem of the graph: a duplicate id, an unknown dependency or a cycle.
    public func validate() throws(LoaderError) {
        _ = try plan.get()
    }

    /// Runs every node and returns `pool` with all their values.
    ///
    /// - Throws: a ``LoaderError``, the error a node threw, or `CancellationError` when the calling
    ///   task is cancelled.
    public func load(_ pool: Pool = Pool(), _ handler: (any LoadingEventHandling)? = nil) async throws -> Pool {
        try await loadWithReport(pool, handler).pool
    }

    /// Runs every node and returns `pool` with all their values, plus how long each node took.
    ///
    /// - Throws: a ``LoaderError``, the error a node threw, or `CancellationError` when the calling
    ///   task is cancelled.
    public func loadWithReport(
        _ pool: Pool = Pool(),
        _ handler: (any LoadingEventHandling)? = nil
    ) async throws -> (pool: Pool, report: LoadReport) {
        try await LoadExecutor.run(
            plan: plan.get(),
            initialPool: pool,
            maximumConcurrency: maximumConcurrency,
            handler: handler
        )
    }
}
