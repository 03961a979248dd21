/// Runs a validated graph: each node once, after its dependencies, at most `maximumConcurrency`
/// at a time. Both loaders use it; the serial loader with a bound of one.
enum LoadExecutor {
    private struct Completion: Sendable {
        let index: Int
        /// The entries the node's body added (or replaced) in the pool it received.
        let addedEntries: [PoolEntry]
        let timing: LoadReport.Timing
    }

    static func run(
        plan: LoadPlan,
        initialPool: Pool,
        maximumConcurrency: Int,
        handler: (any LoadingEventHandling)?
    ) async throws -> (pool: Pool, report: LoadReport) {
        try Task.checkCancellation()
        let clock = ContinuousClock()
        let loadStart = clock.now
        let nodeCount = plan.nodes.count
        var additions = Array(repeating: [PoolEntry](), count: nodeCount)
        var timings = Array(repeating: LoadReport.Timing?.none, count: nodeCount)

        try await withThrowingTaskGroup(of: Completion.self) { group in
            var remaining = plan.dependencies.map(\.count)
            var ready = remaining.indices.filter { remaining[$0] == 0 }
            var owners: [InstanceKey: Int] = [:]
            var running = 0
            var finished = 0
            while finished < nodeCount {
                while running < maximumConcurrency, !ready.isEmpty {
                    let index = ready.removeFirst()
                    let input = inputPool(for: index, plan: plan, initialPool: initialPool, additions: additions)
                    let node = plan.nodes[index]
                    group.addTask {
                        try await runNode(node, index: index, input: input, handler: handler, clock: clock, loadStart: loadStart)
                    }
                    running += 1
                }
                let next: Completion?
                do {
                    next = try await group.next()
                } catch {
                    group.cancelAll()
                    // The caller's cancellation wins over whatever error it caused in a node.
                    if Task.isCancelled { throw CancellationError() }
                    throw error
                }
                guard let completion = next else { break }
                running -= 1
                finished += 1
                if Task.isCancelled {
                    group.cancelAll()
                    throw CancellationError()
                }
                for entry in completion.addedEntries {
                    if let owner = owners[entry.key], owner != completion.index {
                        group.cancelAll()
                        let (first, second) = (min(owner, completion.index), max(owner, completion.index))
                        throw LoaderError.conflictingValues(
                            type: entry.key.description,
                            firstNode: plan.nodes[first].id,
                            secondNode: plan.nodes[second].id
                        )
                    }
                    owners[entry.key] = completion.index
                }
                additions[completion.index] = completion.addedEntries
                timings[completion.index] = completion.timing
                for dependent in plan.dependents[completion.index] {
                    remaining[dependent] -= 1
                    if remaining[dependent] == 0 {
                        ready.insert(dependent, at: ready.firstIndex { $0 > dependent } ?? ready.endIndex)
                    }
                }
            }
        }

        let totalDuration = clock.now - loadStart
        var entries = initialPool.storage.entries
        for index in plan.topologicalOrder {
            for entry in additions[index] { entries[entry.key] = entry }
        }
        let measured = timings.map { $0! }
        let path = LoadReport.criticalPath(
            durations: measured.map(\.duration),
            dependencies: plan.dependencies,
            topologicalOrder: plan.topologicalOrder
        )
        let ordered = measured.enumerated()
            .sorted { ($0.element.startOffset, $0.offset) < ($1.element.startOffset, $1.offset) }
            .map(\.element)
        let report = LoadReport(timings: ordered, totalDuration: totalDuration, criticalPath: path.map { plan.nodes[$0].id })
        return (Pool(entries: entries), report)
    }

    /// The initial pool plus everything the node's direct and transitive dependencies added.
    private static func inputPool(for index: Int, plan: LoadPlan, initialPool: Pool, additions: [[PoolEntry]]) -> Pool {
        let dependencies = plan.transitiveDependencies[index]
        guard !dependencies.isEmpty else { return initialPool }
        var entries = initialPool.storage.entries
        for dependency in dependencies {
            for entry in additions[dependency] { entries[entry.key] = entry }
        }
        return Pool(entries: entries)
    }

    private static func runNode(
        _ node: DependencyNode,
        index: Int,
        input: Pool,
        handler: (any LoadingEventHandling)?,
        clock: ContinuousClock,
        loadStart: ContinuousClock.Instant
    ) async throws -> Completion {
        try Task.checkCancellation()
        await handler?.willLoadDependency(node.id)
        let start = clock.now
        let output: Pool
        do {
            output = try await node.body(input)
        } catch let error as CancellationError {
            throw error
        } catch {
            throw LoaderError.nodeFailed(node.id, underlying: error)
        }
        let duration = clock.now - start
        let inputEntries = input.storage.entries
        let added = output.storage.entries.values
            .filter { inputEntries[$0.key] !== $0 }
            .sorted { $0.key.description < $1.key.description }
        await handler?.didLoadDependency(node.id, duration: duration)
        return Completion(
            index: index,
            addedEntries: added,
            timing: LoadReport.Timing(id: node.id, startOffset: start - loadStart, duration: duration)
        )
    }
}
