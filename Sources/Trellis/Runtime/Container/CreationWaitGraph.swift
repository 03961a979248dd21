import TrellisSupport

/// Which asynchronous singleton creations are waiting for which, to catch cross-task cycles.
///
/// A cycle between asynchronous singletons resolved by one task is caught by the task-local path.
/// When two tasks start the two ends of the cycle at the same time, each waits for the other's
/// creation task and neither path contains the cycle. Recording "the creation of X waits for the
/// creation of Y" as an edge, and refusing an edge that closes a loop, turns that deadlock into a
/// ``ResolutionError/cycle(path:)``. Edges exist only while a task is joining a creation started
/// by another task, which is rare, so a simple locked list is enough.
final class CreationWaitGraph: Sendable {
    private struct Edge: Sendable {
        let identifier: Int
        let target: InstanceKey
        /// The resolution path from the waiting creation to `target`, both included.
        let segment: [InstanceKey]
        var waiter: InstanceKey { segment[0] }
    }

    private struct State: Sendable {
        var nextIdentifier = 0
        var edges: [Edge] = []
    }

    private let state = Locked(State())

    /// Records that the innermost singleton creation in `steps` waits for `target`'s creation.
    ///
    /// Returns the identifier to pass to ``endWaiting(_:)``, or `nil` when `steps` creates no
    /// singleton (then nobody can be waiting for the caller). Throws the cycle if `target`'s
    /// creation already waits, directly or not, for the caller's.
    func beginWaiting(steps: [AsynchronousResolutionStep], target: InstanceKey) throws(ResolutionError) -> Int? {
        guard let waiterIndex = steps.lastIndex(where: \.isSingletonCreation) else { return nil }
        let segment = steps[waiterIndex...].map(\.key) + [target]
        return try state.withLock { state throws(ResolutionError) -> Int in
            if let chain = Self.chain(from: target, to: segment[0], in: state.edges) {
                let path = segment + chain.flatMap { $0.segment.dropFirst() }
                throw .cycle(path: path.map(\.description))
            }
            let identifier = state.nextIdentifier
            state.nextIdentifier += 1
            state.edges.append(Edge(identifier: identifier, target: target, segment: segment))
            return identifier
        }
    }

    /// Removes the edge recorded by ``beginWaiting(steps:target:)``.
    func endWaiting(_ identifier: Int) {
        state.withLock { state in
            state.edges.removeAll { $0.identifier == identifier }
        }
    }

    /// The edges leading from `start` to `end`, found breadth first, or `nil`.
    private static func chain(from start: InstanceKey, to end: InstanceKey, in edges: [Edge]) -> [Edge]? {
        var arrivedBy: [InstanceKey: Edge] = [:]
        var visited: Set<InstanceKey> = [start]
        var frontier = [start]
        while !frontier.isEmpty {
            var next: [InstanceKey] = []
            for key in frontier {
                for edge in edges where edge.waiter == key && !visited.contains(edge.target) {
                    visited.insert(edge.target)
                    arrivedBy[edge.target] = edge
                    if edge.target == end {
                        var chain: [Edge] = []
                        var current = end
                        while current != start, let edge = arrivedBy[current] {
                            chain.insert(edge, at: 0)
                            current = edge.waiter
                        }
                        return chain
                    }
                    next.append(edge.target)
                }
            }
            frontier = next
        }
        return nil
    }
}
