/// Told when each node of a graph starts and finishes loading, to drive a progress bar or record
/// analytics.
///
/// Every method has an empty default, so implement only what you need. Calls come from the
/// loader's child tasks, possibly at the same time for different nodes (an `actor` is a natural
/// handler), and are awaited: a node's body starts after `willLoadDependency` returns.
///
/// ```swift
/// actor LoadingEventHandler: LoadingEventHandling {
///     func willLoadDependency(_ dependencyId: DependencyId) async { /* update UI */ }
///     func didLoadDependency(_ dependencyId: DependencyId, duration: Duration) async { /* update UI */ }
/// }
/// ```
public protocol LoadingEventHandling: Sendable {
    /// Called just before the node's body starts.
    func willLoadDependency(_ dependencyId: DependencyId) async
    /// Called when the node's body has returned, with how long it ran. The default calls
    /// ``didLoadDependency(_:)``.
    func didLoadDependency(_ dependencyId: DependencyId, duration: Duration) async
    /// Called when the node's body has returned, unless ``didLoadDependency(_:duration:)`` is
    /// implemented.
    func didLoadDependency(_ dependencyId: DependencyId) async
    /// Called when the node's body threw `error`, before the load rethrows it. Not called for a
    /// node cancelled because another one failed or the caller was cancelled.
    func didFailToLoadDependency(_ dependencyId: DependencyId, error: any Error) async
}

extension LoadingEventHandling {
    /// Does nothing.
    public func willLoadDependency(_ dependencyId: DependencyId) async {}

    /// Calls ``didLoadDependency(_:)``.
    public func didLoadDependency(_ dependencyId: DependencyId, duration: Duration) async {
        await didLoadDependency(dependencyId)
    }

    /// Does nothing.
    public func didLoadDependency(_ dependencyId: DependencyId) async {}

    /// Does nothing.
    public func didFailToLoadDependency(_ dependencyId: DependencyId, error: any Error) async {}
}

/// The name seed code uses for ``LoadingEventHandling``.
public typealias ConcurrentLoadingEventHandling = LoadingEventHandling
