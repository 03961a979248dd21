import Testing
import Trellis

/// A container that captures itself, as DIC's README's `DI2` does: the factories do not use the
/// resolver they receive, so only the thread-local stack can see the cycle.
enum SelfReferencingContainer {
    static let container: RuntimeContainer = ContainerBuilder()
        .register { () throws -> CycleA in
            _ = try SelfReferencingContainer.container.loadThrowing(CycleB.self)
            return CycleA()
        }
        .register { () throws -> CycleB in
            _ = try SelfReferencingContainer.container.loadThrowing(CycleA.self)
            return CycleB()
        }
        .build()
}

@Suite("Container errors")
struct ContainerErrorTests {
    static let nameOfA = String(reflecting: CycleA.self)
    static let nameOfB = String(reflecting: CycleB.self)
    static let nameOfC = String(reflecting: CycleC.self)

    @Suite("Missing registrations")
    struct MissingRegistrations {
        @Test("a missing type throws notRegistered naming it and suggesting similar registered types")
        func missingTypeSuggestsSimilarNames() throws {
            let container = ContainerBuilder()
                .register(HTTPClientImplementation())
                .register(Example1(value: 1))
                .build()
            let error = try #require(throws: ResolutionError.self) { try container.loadThrowing((any HTTPClient).self) }
            guard case .notRegistered(let type, let path, let suggestions) = error else {
                Issue.record("expected notRegistered, got \(error)")
                return
            }
            #expect(type == String(reflecting: (any HTTPClient).self))
            #expect(path.isEmpty)
            #expect(suggestions == [String(reflecting: HTTPClientImplementation.self)])
        }

        @Test("a type registered only under a name is suggested when loaded without that name")
        func missingNameSuggestsRegisteredName() throws {
            let container = ContainerBuilder().register(Example2(name: "p"), name: "primary").build()
            let error = try #require(throws: ResolutionError.self) { try container.loadThrowing(Example2.self) }
            guard case .notRegistered(_, _, let suggestions) = error else {
                Issue.record("expected notRegistered, got \(error)")
                return
            }
            #expect(suggestions == ["\(String(reflecting: Example2.self)) named \"primary\""])
        }

        @Test("a dependency missing inside a factory reports the path that needed it")
        func missingDependencyReportsPath() throws {
            let container = ContainerBuilder()
                .register { resolver in MyDataSource(httpClient: try resolver.loadThrowing()) }
                .build()
            let error = try #require(throws: ResolutionError.self) { try container.loadThrowing(MyDataSource.self) }
            let name = String(reflecting: (any HTTPClient).self)
            let source = String(reflecting: MyDataSource.self)
            #expect(
                error.description
                    == "no registration for '\(name)' (needed while resolving \(source)); register it before loading it")
        }
    }

    @Suite("Cycles")
    struct Cycles {
        @Test("transient factories that load each other throw the whole cycle path")
        func transientCycle() throws {
            let container = ContainerBuilder()
                .register { resolver -> CycleA in
                    _ = try resolver.loadThrowing(CycleB.self)
                    return CycleA()
                }
                .register { resolver -> CycleB in
                    _ = try resolver.loadThrowing(CycleC.self)
                    return CycleB()
                }
                .register { resolver -> CycleC in
                    _ = try resolver.loadThrowing(CycleA.self)
                    return CycleC()
                }
                .register(Example1(value: 1))
                .build()
            let error = try #require(throws: ResolutionError.self) { try container.loadThrowing(CycleB.self) }
            guard case .cycle(let path) = error else {
                Issue.record("expected cycle, got \(error)")
                return
            }
            #expect(path == [nameOfB, nameOfC, nameOfA, nameOfB])
            // The stack unwound: the same thread can still load, and finds the cycle again.
            #expect(container.load(Example1.self).value == 1)
            #expect(throws: ResolutionError.self) { try container.loadThrowing(CycleB.self) }
        }

        @Test("a singleton whose factory loads itself throws a cycle instead of deadlocking")
        func singletonSelfCycle() throws {
            let container = ContainerBuilder()
                .registerSingleton { resolver -> CycleA in
                    _ = try resolver.loadThrowing(CycleA.self)
                    return CycleA()
                }
                .build()
            let error = try #require(throws: ResolutionError.self) { try container.loadThrowing(CycleA.self) }
            guard case .cycle(let path) = error else {
                Issue.record("expected cycle, got \(error)")
                return
            }
            #expect(path == [nameOfA, nameOfA])
        }

        @Test("two singletons loading each other throw the cycle path")
        func singletonPairCycle() throws {
            let container = ContainerBuilder()
                .registerSingleton { resolver -> CycleA in
                    _ = try resolver.loadThrowing(CycleB.self)
                    return CycleA()
                }
                .registerSingleton { resolver -> CycleB in
                    _ = try resolver.loadThrowing(CycleA.self)
                    return CycleB()
                }
                .build()
            let error = try #require(throws: ResolutionError.self) { try container.loadThrowing(CycleA.self) }
            #expect(error.description.hasPrefix("dependency cycle: \(nameOfA) -> \(nameOfB) -> \(nameOfA); "))
        }

        @Test("factories that capture the container instead of the resolver still report the cycle")
        func capturedContainerCycle() throws {
            let error = try #require(throws: ResolutionError.self) {
                try SelfReferencingContainer.container.loadThrowing(CycleA.self)
            }
            guard case .cycle(let path) = error else {
                Issue.record("expected cycle, got \(error)")
                return
            }
            #expect(path == [nameOfA, nameOfB, nameOfA])
        }

        @Test("async factories that load each other throw the whole cycle path")
        func asynchronousCycle() async throws {
            let container = ContainerBuilder()
                .register { (resolver: Resolver) async throws -> CycleA in
                    _ = try await resolver.loadThrowing(CycleB.self)
                    return CycleA()
                }
                .registerSingleton { (resolver: Resolver) async throws -> CycleB in
                    _ = try await resolver.loadThrowing(CycleA.self)
                    return CycleB()
                }
                .build()
            let error = try await #require(throws: ResolutionError.self) {
                try await withDeadlockGuard { try await container.loadThrowing(CycleA.self) }
            }
            guard case .cycle(let path) = error else {
                Issue.record("expected cycle, got \(error)")
                return
            }
            #expect(path == [nameOfA, nameOfB, nameOfA])
        }

        @Test("two tasks starting the two ends of an async singleton cycle both fail instead of deadlocking")
        func crossTaskSingletonCycle() async throws {
            let aStarted = Gate("A started")
            let bStarted = Gate("B started")
            let container = ContainerBuilder()
                .registerSingleton { (resolver: Resolver) async throws -> CycleA in
                    await aStarted.open()
                    try await bStarted.wait()
                    _ = try await resolver.loadThrowing(CycleB.self)
                    return CycleA()
                }
                .registerSingleton { (resolver: Resolver) async throws -> CycleB in
                    await bStarted.open()
                    try await aStarted.wait()
                    _ = try await resolver.loadThrowing(CycleA.self)
                    return CycleB()
                }
                .build()
            let outcomes = try await withDeadlockGuard { () async -> [String] in
                let first = Task { try await container.loadThrowing(CycleA.self) }
                let second = Task { try await container.loadThrowing(CycleB.self) }
                return [Self.describe(await first.result), Self.describe(await second.result)]
            }
            #expect(outcomes == ["cycle", "cycle"])
        }

        static func describe<Value>(_ result: Result<Value, any Error>) -> String {
            guard case .failure(let error as ResolutionError) = result, case .cycle(let path) = error else {
                return "unexpected: \(result)"
            }
            return path.count == 3 && path.first == path.last ? "cycle" : "bad path \(path)"
        }
    }
}
