/// What both executors track while a validated graph loads: what each finished node added, and
/// which node owns each key, to build a node's input pool and to find conflicting values.
struct LoadState {
    let plan: LoadPlan
    let initialPool: Pool
    /// The entries each finished node added (or replaced) in the pool it received.
    private var additions: [[PoolEntry]]
    /// The nodes that added a value under each key, in the order they finished.
    private var owners: [PoolKey: [Int]] = [:]

    init(plan: LoadPlan, initialPool: Pool) {
        self.plan = plan
        self.initialPool = initialPool
        additions = Array(repeating: [], count: plan.nodes.count)
    }

    /// Whether one of the two nodes depends on the other, directly or not. Asked only when two
    /// nodes add the same key, which is rare, so the plan's lists are searched rather than indexed.
    private func related(_ first: Int, _ second: Int) -> Bool {
        plan.transitiveDependencies[first].contains(second) || plan.transitiveDependencies[second].contains(first)
    }

    /// The initial pool plus everything the node's direct and transitive dependencies added.
    func inputPool(for index: Int) -> Pool {
        let dependencies = plan.transitiveDependencies[index]
        guard !dependencies.isEmpty else { return initialPool }
        var entries = initialPool.storage.entries
        for dependency in dependencies {
            for entry in additions[dependency] { entries[entry.key] = entry }
        }
        return Pool(entries: entries)
    }

    /// The entries of `output` that the node's body added or replaced in `input`, sorted.
    static func addedEntries(input: Pool, output: Pool) -> [PoolEntry] {
        let inputEntries = input.storage.entries
        return output.storage.entries.values
            .filter { inputEntries[$0.key] !== $0 }
            .sorted { $0.key.description < $1.key.description }
    }

    /// Records what node `index` added; two nodes that add the same key conflict unless one of them
    /// depends on the other (the dependent's value then wins, as it was built after the other's).
    mutating func record(_ index: Int, added: [PoolEntry]) throws(LoaderError) {
        for entry in added {
            let previous = owners[entry.key, default: []]
            if let other = previous.first(where: { !related($0, index) }) {
                let (first, second) = (min(other, index), max(other, index))
                throw .conflictingValues(
                    type: entry.key.description,
                    firstNode: plan.nodes[first].id,
                    secondNode: plan.nodes[second].id
                )
            }
            owners[entry.key] = previous + [index]
        }
        additions[index] = added
    }

    /// The initial pool plus every node's values, applied in topological order so that a
    /// dependent's replacement wins over its dependency's value.
    var finalPool: Pool {
        var entries = initialPool.storage.entries
        for index in plan.topologicalOrder {
            for entry in additions[index] { entries[entry.key] = entry }
        }
        return Pool(entries: entries)
    }
}

/// Runs a validated graph: each node once, after its dependencies, at most `maximumConcurrency`
/// at a time. Both loaders use it; the serial loader with a bound of one.
enum LoadExecutor {
    private struct Completion: Sendable {
        let index: Int
        /// The entries the node's body added (or replaced) in the pool it received.
        let addedEntries: [PoolEntry]
        let timing: LoadReport.Timing
    }

    /// Runs every node of a graph of synchronous nodes in topological order, on the caller's
    /// thread; a node's error is rethrown unchanged.
    static func runSynchronously(plan: LoadPlan, initialPool: Pool) throws -> Pool {
        if let index = plan.topologicalOrder.first(where: { plan.nodes[$0].synchronousBody == nil }) {
            throw LoaderError.asynchronousDependency(plan.nodes[index].id)
        }
        var state = LoadState(plan: plan, initialPool: initialPool)
        for index in plan.topologicalOrder {
            let input = state.inputPool(for: index)
            // Checked above: every node has a synchronous body.
            let output = try plan.nodes[index].synchronousBody!(input)
            try state.record(index, added: LoadState.addedEntries(input: input, output: output))
        }
        return state.finalPool
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
        var state = LoadState(plan: plan, initialPool: initialPool)
        var timings = Array(repeating: LoadReport.Timing?.none, count: nodeCount)

        try await withThrowingTaskGroup(of: Completion.self) { group in
            var remaining = plan.dependencies.map(\.count)
            var ready = remaining.indices.filter { remaining[$0] == 0 }
            var running = 0
            var finished = 0
            while finished < nodeCount {
                while running < maximumConcurrency, !ready.isEmpty {
                    let index = ready.removeFirst()
                    let input = state.inputPool(for: index)
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
                do {
                    try state.record(completion.index, added: completion.addedEntries)
                } catch {
                    group.cancelAll()
                    throw error
                }
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
        return (state.finalPool, report)
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
        } catch {
            // A node cancelled because another one failed, or the caller was cancelled, did not fail.
            if !(error is CancellationError) && !Task.isCancelled {
                await handler?.didFailToLoadDependency(node.id, error: error)
            }
            throw error
        }
        let duration = clock.now - start
        let added = LoadState.addedEntries(input: input, output: output)
        await handler?.didLoadDependency(node.id, duration: duration)
        return Completion(
            index: index,
            addedEntries: added,
            timing: LoadReport.Timing(id: node.id, startOffset: start - loadStart, duration: duration)
        )
    }
}
