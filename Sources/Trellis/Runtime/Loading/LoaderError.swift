/// Why a ``SerialLoader`` or ``ConcurrentLoader`` failed.
///
/// Graph errors (``duplicateId(_:)``, ``unknownDependency(_:requiredBy:suggestions:)``,
/// ``cycle(_:)``) are found before any node runs. An error thrown by a node's body is not a
/// `LoaderError`: the load rethrows it unchanged (and tells the handler which node threw, see
/// ``LoadingEventHandling/didFailToLoadDependency(_:error:)``). A load cancelled by its caller
/// throws `CancellationError`.
public enum LoaderError: Error, CustomStringConvertible, Sendable, Equatable {
    /// Two nodes have this identifier.
    case duplicateId(DependencyId)
    /// `requiredBy` depends on an identifier no node has; `suggestions` are similar identifiers.
    case unknownDependency(DependencyId, requiredBy: DependencyId, suggestions: [DependencyId])
    /// The nodes depend on each other in a loop; the path starts and ends with the same node,
    /// following "depends on" edges: `[a, b, a]` means a depends on b, which depends on a.
    case cycle([DependencyId])
    /// Two nodes, neither of which depends on the other, added a value for the same type and name
    /// (or key path), so which one the pool keeps would depend on timing; `firstNode` is the one
    /// declared first. A node may replace a value added by a node it depends on.
    case conflictingValues(type: String, firstNode: DependencyId, secondNode: DependencyId)
    /// The synchronous ``SerialLoader/load(_:)-(Pool)`` met a node whose body is `async`; load the
    /// graph with `try await loader.load(pool)`.
    case asynchronousDependency(DependencyId)

    /// A message that says what went wrong and how to fix it.
    public var description: String {
        switch self {
        case .duplicateId(let id):
            return "duplicate dependency id '\(id)'; every node needs its own id"
        case .unknownDependency(let id, let requiredBy, let suggestions):
            var message = "'\(requiredBy)' depends on unknown id '\(id)'"
            if !suggestions.isEmpty {
                message += "; did you mean \(suggestions.map { "'\($0)'" }.joined(separator: ", "))?"
            }
            return message
        case .cycle(let path):
            return "dependency cycle: \(path.map(\.rawValue).joined(separator: " -> ")); remove one of these dependencies"
        case .conflictingValues(let type, let firstNode, let secondNode):
            return "dependencies '\(firstNode)' and '\(secondNode)' both added a value for '\(type)'; "
                + "let one of them add it, make one depend on the other, or use different names"
        case .asynchronousDependency(let id):
            return "dependency '\(id)' has an async body, so the graph cannot load synchronously; "
                + "load it with 'try await loader.load(pool)'"
        }
    }
}
