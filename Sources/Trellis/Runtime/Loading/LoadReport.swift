/// How long each node of a load took, and which chain of nodes decided the total.
///
/// Returned by `loadWithReport` on ``SerialLoader`` and ``ConcurrentLoader``. Offsets are
/// measured with `ContinuousClock` from the start of the load.
public struct LoadReport: Sendable, CustomStringConvertible {
    /// When one node ran.
    public struct Timing: Sendable, Hashable {
        /// The node.
        public let id: DependencyId
        /// When its body started, from the start of the load.
        public let startOffset: Duration
        /// How long its body ran.
        public let duration: Duration

        /// When its body returned, from the start of the load.
        public var endOffset: Duration { startOffset + duration }

        /// Creates a timing.
        public init(id: DependencyId, startOffset: Duration, duration: Duration) {
            self.id = id
            self.startOffset = startOffset
            self.duration = duration
        }
    }

    /// One timing per node, by start offset (ties by declaration order).
    public let timings: [Timing]
    /// From the start of the load to the end of the last node.
    public let totalDuration: Duration
    /// The chain of nodes, each depending on the previous one, whose measured durations add up to
    /// the most: the nodes to make faster to shorten the load. With unlimited concurrency the total
    /// is at least ``criticalPathDuration``; with a lower `maximumConcurrency` it can be longer,
    /// because nodes also wait for a free slot.
    public let criticalPath: [DependencyId]

    /// Creates a report.
    public init(timings: [Timing], totalDuration: Duration, criticalPath: [DependencyId]) {
        self.timings = timings
        self.totalDuration = totalDuration
        self.criticalPath = criticalPath
    }

    /// The sum of the durations of the nodes on the critical path.
    public var criticalPathDuration: Duration {
        criticalPath.reduce(Duration.zero) { total, id in total + (timing(for: id)?.duration ?? .zero) }
    }

    /// The timing of the node `id`, if it ran.
    public func timing(for id: DependencyId) -> Timing? {
        timings.first { $0.id == id }
    }

    /// One line per node, then the total and the critical path.
    public var description: String {
        var lines = timings.map { "\($0.id): started at \($0.startOffset), took \($0.duration)" }
        lines.append("total: \(totalDuration)")
        lines.append("critical path: \(criticalPath.map(\.rawValue).joined(separator: " -> ")) (\(criticalPathDuration))")
        return lines.joined(separator: "\n")
    }

    /// The heaviest chain through `dependencies` weighted by `durations`, as node indices from the
    /// first dependency to the last dependent. Ties go to the lower index.
    static func criticalPath(durations: [Duration], dependencies: [[Int]], topologicalOrder: [Int]) -> [Int] {
        guard !durations.isEmpty else { return [] }
        var longest = Array(repeating: Duration.zero, count: durations.count)
        var previous = Array(repeating: Int?.none, count: durations.count)
        for index in topologicalOrder {
            var best: Int?
            for dependency in dependencies[index] {
                guard let current = best else {
                    best = dependency
                    continue
                }
                if longest[dependency] > longest[current]
                    || (longest[dependency] == longest[current] && dependency < current)
                {
                    best = dependency
                }
            }
            previous[index] = best
            longest[index] = durations[index] + (best.map { longest[$0] } ?? .zero)
        }
        var end = 0
        for index in longest.indices where longest[index] > longest[end] { end = index }
        var path = [end]
        while let before = previous[path[0]] { path.insert(before, at: 0) }
        return path
    }
}
