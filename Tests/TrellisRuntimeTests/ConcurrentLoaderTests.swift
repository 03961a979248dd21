import Testing

@testable import Trellis

@Suite("Concurrent loader")
struct ConcurrentLoaderTests {
    @Test("nodes whose dependencies are ready run at the same time")
    func independentNodesOverlap() async throws {
        // Each node waits for the other to start: only possible if both run at once.
        let leftStarted = Gate("left started")
        let rightStarted = Gate("right started")
        let nodes: [DependencyNode] = [
            .dependency(id: "left") { pool in
                await leftStarted.open()
                try await rightStarted.wait()
                return pool.appending(Example1(value: 1))
            },
            .dependency(id: "right") { pool in
                await rightStarted.open()
                try await leftStarted.wait()
                return pool.appending(Example2(name: "right"))
            },
        ]
        let pool = try await ConcurrentLoader(dependencies: nodes, maximumConcurrency: 2).load()
        #expect(pool.count == 2)
    }

    @Test("no more than maximumConcurrency nodes run at once")
    func concurrencyIsBounded() async throws {
        let running = Counter()
        let nodes = (0..<12).map { index in
            DependencyNode.dependency(id: DependencyId("n\(index)")) { pool in
                running.increment()
                for _ in 0..<20 { await Task.yield() }
                running.decrement()
                return pool
            }
        }
        _ = try await ConcurrentLoader(dependencies: nodes, maximumConcurrency: 3).load()
        #expect(running.maximum <= 3)
        #expect(running.maximum >= 1)
    }

    @Test("every node starts after all of its dependencies finished")
    func dependenciesFinishFirst() async throws {
        let log = EventLog()
        let graph: [(String, [String])] = [
            ("a", []), ("b", ["a"]), ("c", ["a"]), ("d", ["b", "c"]), ("e", []), ("f", ["e", "d"]),
        ]
        let nodes = graph.map { id, dependencies in
            DependencyNode.dependency(id: DependencyId(id), dependencies: dependencies.map { DependencyId($0) }) { pool in
                log.record("start \(id)")
                await Task.yield()
                log.record("end \(id)")
                return pool
            }
        }
        _ = try await ConcurrentLoader(dependencies: nodes).load()
        let events = log.all
        for (id, dependencies) in graph {
            let start = try #require(events.firstIndex(of: "start \(id)"))
            for dependency in dependencies {
                #expect(try #require(events.firstIndex(of: "end \(dependency)")) < start)
            }
        }
    }

    @Test("the first failure cancels the nodes still running and skips the ones not started")
    func failureCancelsRunningNodes() async throws {
        let log = EventLog()
        let slowStarted = Gate("slow started")
        let nodes: [DependencyNode] = [
            .dependency(id: "slow") { pool in
                await slowStarted.open()
                do {
                    // Only a cancellation ends it: on a loaded machine, a deadline could pass first.
                    try await Task.sleep(for: .seconds(3_600))
                } catch {
                    log.record("slow cancelled")
                    throw error
                }
                return pool
            },
            .dependency(id: "fails") { _ in
                try await slowStarted.wait()
                throw Boom()
            },
            node("after slow", ["slow"], log: log),
        ]
        await #expect(throws: Boom()) {
            try await ConcurrentLoader(dependencies: nodes).load()
        }
        #expect(log.all == ["slow cancelled"])
    }

    @Test("cancelling the calling task cancels the nodes and throws CancellationError")
    func callerCancellation() async throws {
        let log = EventLog()
        let started = Gate("node started")
        let nodes: [DependencyNode] = [
            .dependency(id: "waits") { pool in
                await started.open()
                do {
                    try await Task.sleep(for: .seconds(3_600))
                } catch {
                    log.record("saw cancellation: \(Task.isCancelled)")
                    throw error
                }
                return pool
            },
            node("after", ["waits"], log: log),
        ]
        let load = Task { try await ConcurrentLoader(dependencies: nodes).load() }
        try await started.wait()
        load.cancel()
        let result = await load.result
        guard case .failure(let error) = result else {
            Issue.record("expected the load to fail, got \(result)")
            return
        }
        #expect(error is CancellationError)
        #expect(log.all == ["saw cancellation: true"])
    }

    @Test("a load started from an already cancelled task runs no node")
    func alreadyCancelled() async {
        let log = EventLog()
        let load = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await ConcurrentLoader(dependencies: [node("a", log: log)]).load()
        }
        await #expect(throws: CancellationError.self) { try await load.value }
        #expect(log.all.isEmpty)
    }
}

@Suite("Load report")
struct LoadReportTests {
    @Test("the critical path is the chain with the largest sum of durations")
    func criticalPathFromDurations() {
        // a(5) -> b(1) -> d(1); a -> c(4) -> d; e(9) alone. Heaviest chain: a, c, d = 10 > e = 9.
        let dependencies = [[], [0], [0], [1, 2], []]
        let durations: [Duration] = [.seconds(5), .seconds(1), .seconds(4), .seconds(1), .seconds(9)]
        let path = LoadReport.criticalPath(durations: durations, dependencies: dependencies, topologicalOrder: [0, 1, 2, 3, 4])
        #expect(path == [0, 2, 3])
        let lonely: [Duration] = [.seconds(1), .seconds(1), .seconds(1), .seconds(1), .seconds(9)]
        #expect(LoadReport.criticalPath(durations: lonely, dependencies: dependencies, topologicalOrder: [0, 1, 2, 3, 4]) == [4])
    }

    @Test("the reported critical path of a real load is a dependency chain no other chain outweighs")
    func criticalPathOfRealLoad() async throws {
        let graph: [(String, [String])] = [("a", []), ("b", ["a"]), ("c", ["a"]), ("d", ["b", "c"]), ("e", [])]
        let nodes = graph.map { id, dependencies in
            DependencyNode.dependency(id: DependencyId(id), dependencies: dependencies.map { DependencyId($0) }) { pool in
                for _ in 0..<(id == "c" ? 200 : 10) { await Task.yield() }
                return pool
            }
        }
        let (_, report) = try await ConcurrentLoader(dependencies: nodes).loadWithReport()
        let dependenciesById = Dictionary(uniqueKeysWithValues: graph.map { (DependencyId($0.0), $0.1.map { DependencyId($0) }) })
        let path = report.criticalPath
        #expect(!path.isEmpty)
        for (earlier, later) in zip(path, path.dropFirst()) {
            #expect(dependenciesById[later]!.contains(earlier))
        }
        // Every chain, enumerated by brute force, weighs at most the reported one.
        func heaviest(endingAt id: DependencyId) -> Duration {
            report.timing(for: id)!.duration + (dependenciesById[id]!.map(heaviest).max() ?? .zero)
        }
        let best = dependenciesById.keys.map(heaviest).max()!
        #expect(report.criticalPathDuration == best)
        #expect(report.description.contains("critical path: \(path.map(\.rawValue).joined(separator: " -> "))"))
    }
}
