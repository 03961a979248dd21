import Testing
import Trellis

struct Boom: Error, Equatable {}

/// Records every event, in the order the loader reports them.
actor RecordingHandler: LoadingEventHandling {
    private(set) var events: [String] = []
    private(set) var durations: [DependencyId: Duration] = [:]

    func willLoadDependency(_ dependencyId: DependencyId) async {
        events.append("will \(dependencyId)")
    }

    func didLoadDependency(_ dependencyId: DependencyId, duration: Duration) async {
        events.append("did \(dependencyId)")
        durations[dependencyId] = duration
    }

    func didFailToLoadDependency(_ dependencyId: DependencyId, error: any Error) async {
        events.append("failed \(dependencyId): \(error)")
    }
}

/// Implements only the seed's spelling, without durations.
actor SeedSpellingHandler: ConcurrentLoadingEventHandling {
    private(set) var loaded: [DependencyId] = []

    func didLoadDependency(_ dependencyId: DependencyId) async {
        loaded.append(dependencyId)
    }
}

/// Both loaders, so behaviour they share is tested on each.
enum LoaderKind: String, CaseIterable, CustomTestStringConvertible {
    case serial, concurrent

    var testDescription: String { rawValue }

    func load(
        _ nodes: [DependencyNode],
        _ pool: Pool = Pool(),
        _ handler: (any LoadingEventHandling)? = nil
    ) async throws -> (pool: Pool, report: LoadReport) {
        switch self {
        case .serial: try await SerialLoader(dependencies: nodes).loadWithReport(pool, handler)
        case .concurrent: try await ConcurrentLoader(dependencies: nodes, maximumConcurrency: 4).loadWithReport(pool, handler)
        }
    }

    func load(_ nodes: Set<DependencyNode>) async throws -> Pool {
        switch self {
        case .serial: try await SerialLoader(dependencies: nodes).load()
        case .concurrent: try await ConcurrentLoader(dependencies: nodes).load()
        }
    }
}

/// Reads its properties from the values a pool stores under their key paths.
final class KeyedGreeting: Injectee<Pool> {
    @Injected var full: String
    @Injected var tail: String = "default tail"
}

@Suite("Loader execution")
struct LoaderExecutionTests {
    @Suite("Shared behaviour")
    struct SharedBehaviour {
        @Test("the returned pool holds every node's values and the initial pool's", arguments: LoaderKind.allCases)
        func resultPool(kind: LoaderKind) async throws {
            let nodes: [DependencyNode] = [
                .dependency(id: "random", dependencies: []) { $0.appending(SystemRandomNumberGenerator()) },
                .dependency(id: "example", dependencies: ["random"]) { $0.appending(Example1(value: 1)) },
            ]
            let (pool, _) = try await kind.load(nodes, Pool().appending(Example2(name: "initial")))
            #expect(pool.count == 3)
            #expect(pool.contains((any RandomNumberGenerator).self))
            #expect(pool[Example2.self].name == "initial")
        }

        @Test("a node sees its transitive dependencies' values and not unrelated nodes'", arguments: LoaderKind.allCases)
        func nodeSeesTransitiveDependencies(kind: LoaderKind) async throws {
            let log = EventLog()
            let nodes: [DependencyNode] = [
                .dependency(id: "a") { $0.appending(Example1(value: 1)) },
                .dependency(id: "unrelated") { $0.appending(Hello()) },
                .dependency(id: "b", dependencies: ["a"]) { $0.appending(Example2(name: "b")) },
                .dependency(id: "c", dependencies: ["b"]) { pool in
                    log.record(
                        "c sees a: \(pool.contains(Example1.self)), b: \(pool.contains(Example2.self)), unrelated: \(pool.contains(Hello.self))"
                    )
                    return pool
                },
            ]
            _ = try await kind.load(nodes)
            #expect(log.all == ["c sees a: true, b: true, unrelated: false"])
        }

        @Test("two nodes adding a value of the same type is a conflict naming both", arguments: LoaderKind.allCases)
        func conflictingValues(kind: LoaderKind) async throws {
            let nodes: [DependencyNode] = [
                .dependency(id: "first") { $0.appending(Example1(value: 1)) },
                .dependency(id: "second") { $0.appending(Example1(value: 2)) },
            ]
            let error = try await #require(throws: LoaderError.self) { try await kind.load(nodes) }
            guard case .conflictingValues(let type, let firstNode, let secondNode) = error else {
                Issue.record("expected conflictingValues, got \(error)")
                return
            }
            #expect(type == String(reflecting: Example1.self))
            #expect([firstNode, secondNode] == ["first", "second"])
        }

        @Test("a node may replace a value of the initial pool", arguments: LoaderKind.allCases)
        func replacingInitialValue(kind: LoaderKind) async throws {
            let nodes: [DependencyNode] = [.dependency(id: "override") { $0.appending(Example1(value: 2)) }]
            let (pool, _) = try await kind.load(nodes, Pool().appending(Example1(value: 1)))
            #expect(pool[Example1.self].value == 2)
        }

        @Test("the handler hears will then did for every node, and the report times every node", arguments: LoaderKind.allCases)
        func handlerAndReport(kind: LoaderKind) async throws {
            let handler = RecordingHandler()
            let nodes = [node("a"), node("b", ["a"]), node("c", ["a"]), node("d", ["b", "c"])]
            let (_, report) = try await kind.load(nodes, Pool(), handler)
            let events = await handler.events
            for id in ["a", "b", "c", "d"] {
                let will = try #require(events.firstIndex(of: "will \(id)"))
                let did = try #require(events.firstIndex(of: "did \(id)"))
                #expect(will < did)
                #expect(await handler.durations[DependencyId(id)] == report.timing(for: DependencyId(id))?.duration)
            }
            #expect(events.count == 8)
            #expect(Set(report.timings.map(\.id)) == ["a", "b", "c", "d"])
            for node in nodes {
                let timing = try #require(report.timing(for: node.id))
                #expect(timing.endOffset <= report.totalDuration)
                for dependency in node.dependencies {
                    #expect(try #require(report.timing(for: dependency)).endOffset <= timing.startOffset)
                }
            }
        }

        @Test("a handler implementing only the seed's didLoadDependency(_:) is called", arguments: LoaderKind.allCases)
        func seedSpellingHandler(kind: LoaderKind) async throws {
            let handler = SeedSpellingHandler()
            _ = try await kind.load([node("a"), node("b", ["a"])], Pool(), handler)
            #expect(await handler.loaded == ["a", "b"])
        }

        @Test("a failing node's own error is rethrown, and the handler hears which node threw it", arguments: LoaderKind.allCases)
        func failingNode(kind: LoaderKind) async throws {
            let log = EventLog()
            let handler = RecordingHandler()
            let nodes: [DependencyNode] = [
                .dependency(id: "fails") { _ in throw Boom() },
                node("after", ["fails"], log: log),
            ]
            await #expect(throws: Boom()) { try await kind.load(nodes, Pool(), handler) }
            #expect(log.all.isEmpty)
            #expect(await handler.events == ["will fails", "failed fails: Boom()"])
        }

        @Test("a node may replace a value added by a node it depends on", arguments: LoaderKind.allCases)
        func replacingDependencyValue(kind: LoaderKind) async throws {
            let nodes: [DependencyNode] = [
                .dependency(id: "a", dependencies: ["b"]) { pool in pool.appending("a" + pool[String.self]) },
                .dependency(id: "b", dependencies: ["c"]) { pool in pool.appending("b" + pool[String.self]) },
                .dependency(id: "c") { pool in pool.appending("c") },
            ]
            let (pool, _) = try await kind.load(nodes)
            #expect(pool[String.self] == "abc")
        }

        @Test("two unrelated nodes replacing a dependency's value conflict", arguments: LoaderKind.allCases)
        func unrelatedReplacementsConflict(kind: LoaderKind) async throws {
            let nodes: [DependencyNode] = [
                .dependency(id: "base") { $0.appending("base") },
                .dependency(id: "left", dependencies: ["base"]) { $0.appending("left") },
                .dependency(id: "right", dependencies: ["base"]) { $0.appending("right") },
            ]
            await #expect(throws: LoaderError.conflictingValues(type: "Swift.String", firstNode: "left", secondNode: "right")) {
                try await kind.load(nodes)
            }
        }

        @Test("values stored under key paths travel through the graph", arguments: LoaderKind.allCases)
        func keyPathValues(kind: LoaderKind) async throws {
            let nodes: [DependencyNode] = [
                .dependency(id: "a", dependencies: ["b"]) { pool in
                    pool.appending(\KeyedGreeting.full, "a" + pool[\KeyedGreeting.tail])
                },
                .dependency(id: "b") { pool in pool.appending(\KeyedGreeting.tail, "b") },
            ]
            let (pool, _) = try await kind.load(nodes)
            #expect(pool[\KeyedGreeting.full] == "ab")
            #expect(KeyedGreeting(pool: pool).full == "ab")
        }

        @Test("a graph given as a set loads its nodes by identifier", arguments: LoaderKind.allCases)
        func setOfNodes(kind: LoaderKind) async throws {
            let log = EventLog()
            let nodes: Set<DependencyNode> = [node("b", log: log), node("a", log: log), node("c", ["b"], log: log)]
            let pool = try await kind.load(Set(nodes))
            #expect(pool.isEmpty)
            if kind == .serial { #expect(log.all == ["a", "b", "c"]) }
        }

        @Test("an empty graph returns the initial pool", arguments: LoaderKind.allCases)
        func emptyGraph(kind: LoaderKind) async throws {
            let (pool, report) = try await kind.load([], Pool().appending(Example1(value: 1)))
            #expect(pool[Example1.self].value == 1)
            #expect(report.timings.isEmpty)
            #expect(report.criticalPath.isEmpty)
        }
    }

    @Suite("Serial loader")
    struct Serial {
        @Test("nodes run one at a time, dependencies first, ties in declaration order")
        func order() async throws {
            let log = EventLog()
            let running = Counter()
            let nodes = ["d", "a", "c", "b"].map { id in
                DependencyNode.dependency(id: DependencyId(id), dependencies: id == "d" ? ["c"] : []) { pool in
                    running.increment()
                    await Task.yield()
                    log.record(id)
                    running.decrement()
                    return pool
                }
            }
            _ = try await SerialLoader(dependencies: nodes).load()
            #expect(log.all == ["a", "c", "d", "b"])
            #expect(running.maximum == 1)
        }
    }
}
