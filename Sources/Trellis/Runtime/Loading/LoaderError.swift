/// Why a ``SerialLoader`` or ``ConcurrentLoader`` failed.
///
/// Graph errors (``duplicateId(_:)``, ``unknownDependency(_:requiredBy:suggestions:)``,
/// ``cycle(_:)``) are found before any node runs. A load cancelled by its caller throws
/// `CancellationError` instead.
public enum LoaderError: Error, CustomStringConvertible, Sendable {
    /// Two nodes have this identifier.
    case duplicateId(DependencyId)
    /// `requiredBy` depends on an identifier no node has; `suggestions` are similar identifiers.
    case unknownDependency(DependencyId, requiredBy: DependencyId, suggestions: [DependencyId])
    /// The nodes depend on each other in a loop; the path starts and ends with the same node,
    /// following "depends on" edges: `[a, b, a]` means a depends on b, which depends on a.
    case cycle([DependencyId])
    /// The node's body threw `underlying`; the nodes still running were cancelled.
    case nodeFailed(DependencyId, underlying: any Error)
    /// Two nodes added a value for the same type and name; `firstNode` is the one declared first.
    case conflictingValues(type: String, firstNode: DependencyId, secondNode: DependencyId)

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
        case .nodeFailed(let id, let underlying):
            return "dependency '\(id)' failed: \(underlying)"
        case .conflictingValues(let type, let firstNode, let secondNode):
            return "dependencies '\(firstNode)' and '\(secondNode)' both added a value for '\(type)'; "
                + "let one of them add it, or use different names"
        }
    }
}
