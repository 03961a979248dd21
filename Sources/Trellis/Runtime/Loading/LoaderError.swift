/// Why a ``SerialLoader`` or ``ConcurrentLoader`` failed.
///
/// Graph errors (``duplicateId(_:)``, ``unknownDependency(_:requiredBy:suggestions:)``,
/// ``cycle(_:)``) are found before any node runs. An error thrown by a node's body is not a
/// `LoaderError`: the load rethrows it unchanged (and tells the handler which node threw, see
/// ``LoadingEventHandling/didFailToLoadDependency(_:error:)``). A load cancelled by its caller
/// throws `CancellationError`.
///
/// Two errors are equal when they are the same case with the same values, so
/// `#expect(throws: LoaderError.cycle(["a", "b", "a"]))` checks the path. The one exception is a
/// cycle with an empty path, which no load throws: DIve's ``notDAG``, equal to every cycle.
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
        case .cycle(let path) where path.isEmpty:
            // DIve's `notDAG`, which stands for every cycle, in DIve's own words.
            return "Not a directed acyclic graph"
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

    /// Whether `lhs` and `rhs` are the same case with the same values, or both cycles one of which
    /// has an empty path (DIve's ``notDAG``, which stands for every cycle).
    public static func == (lhs: LoaderError, rhs: LoaderError) -> Bool {
        switch (lhs, rhs) {
        case (.duplicateId(let left), .duplicateId(let right)):
            return left == right
        case (
            .unknownDependency(let left, let leftRequiredBy, let leftSuggestions),
            .unknownDependency(let right, let rightRequiredBy, let rightSuggestions)
        ):
            return left == right && leftRequiredBy == rightRequiredBy && leftSuggestions == rightSuggestions
        case (.cycle(let left), .cycle(let right)):
            return left == right || left.isEmpty || right.isEmpty
        case (
            .conflictingValues(let leftType, let leftFirst, let leftSecond),
            .conflictingValues(let rightType, let rightFirst, let rightSecond)
        ):
            return leftType == rightType && leftFirst == rightFirst && leftSecond == rightSecond
        case (.asynchronousDependency(let left), .asynchronousDependency(let right)):
            return left == right
        case (.duplicateId, _), (.unknownDependency, _), (.cycle, _), (.conflictingValues, _), (.asynchronousDependency, _):
            return false
        }
    }
}
