import Testing
import Trellis

@Suite("Mutable container")
struct MutableContainerTests {
    @Test("a registration made after loads started is visible to later loads")
    func registerWhileInUse() {
        let container = MutableContainer()
        container.register { Example1(value: 1) }
        #expect(container.load(Example1.self).value == 1)
        #expect(container.loadIfPresent(Example2.self) == nil)
        container.register(Example2(name: "late"))
        #expect(container.load(Example2.self).name == "late")
    }

    @Test("registering a singleton again replaces the instance it had built")
    func reregisteringSingletonReplacesIt() {
        let container = MutableContainer()
        container.registerSingleton(DatabaseService(identifier: 1))
        let first: DatabaseService = container.load()
        #expect(container.load(DatabaseService.self) === first)
        container.registerSingleton(DatabaseService(identifier: 2))
        #expect(container.load(DatabaseService.self).identifier == 2)
    }

    @Test("a value registered as a protocol with an autoclosure that loads from the container resolves")
    func protocolRegistrationLoadingFromContainer() {
        let container = MutableContainer()
        container.register(HTTPClientImplementation(), as: (any HTTPClient).self)
        container.register(MyDataSource(httpClient: container.load()))
        #expect(container.load(MyDataSource.self).httpClient.baseURL == "https://example.com")
    }

    @Test("registrations and loads from many tasks at once all succeed")
    func concurrentRegistrationAndLoading() async {
        let container = MutableContainer()
        container.registerSingleton { DatabaseService() }
        let values = await withTaskGroup(of: Int.self, returning: [Int].self) { group in
            for index in 0..<100 {
                group.addTask {
                    container.register(Example1(value: index), name: "value \(index)")
                    _ = container.load(DatabaseService.self)
                    return container.load(Example1.self, name: "value \(index)").value
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(values.sorted() == Array(0..<100))
        #expect((0..<100).allSatisfy { container.isRegistered(Example1.self, name: "value \($0)") })
    }

    @Test("a cycle between registrations of a mutable container is reported with its path")
    func mutableContainerCycle() throws {
        let container = MutableContainer()
        container.registerSingleton { resolver -> CycleA in
            _ = try resolver.loadThrowing(CycleB.self)
            return CycleA()
        }
        container.register { () throws -> CycleB in
            _ = try container.loadThrowing(CycleA.self)
            return CycleB()
        }
        let error = try #require(throws: ResolutionError.self) { try container.loadThrowing(CycleB.self) }
        guard case .cycle(let path) = error else {
            Issue.record("expected cycle, got \(error)")
            return
        }
        #expect(path == [CycleB.self, CycleA.self, CycleB.self].map { String(reflecting: $0) })
    }
}

@Suite("Container concurrency")
struct ContainerConcurrencyTests {
    @Test("a singleton requested by 100 tasks at once is constructed exactly once")
    func singletonConstructedOnce() async {
        let constructions = Counter()
        let container = ContainerBuilder()
            .registerSingleton { () -> DatabaseService in
                let identifier = constructions.increment()
                // Widen the window in which other tasks could start a second construction.
                var spin = 0
                for step in 0..<100_000 { spin &+= step }
                return DatabaseService(identifier: identifier + (spin == -1 ? 1 : 0))
            }
            .build()
        let identifiers = await withTaskGroup(of: ObjectIdentifier.self, returning: Set<ObjectIdentifier>.self) { group in
            for _ in 0..<100 {
                group.addTask { ObjectIdentifier(container.load(DatabaseService.self)) }
            }
            return await group.reduce(into: []) { $0.insert($1) }
        }
        #expect(constructions.value == 1)
        #expect(identifiers.count == 1)
    }

    @Test("an async singleton requested by 100 tasks at once is constructed exactly once")
    func asyncSingletonConstructedOnce() async {
        let constructions = Counter()
        let container = ContainerBuilder()
            .registerSingleton { () async -> DatabaseService in
                let identifier = constructions.increment()
                for _ in 0..<10 { await Task.yield() }
                return DatabaseService(identifier: identifier)
            }
            .build()
        let identifiers = await withTaskGroup(of: ObjectIdentifier.self, returning: Set<ObjectIdentifier>.self) { group in
            for _ in 0..<100 {
                group.addTask { ObjectIdentifier(await container.load(DatabaseService.self)) }
            }
            return await group.reduce(into: []) { $0.insert($1) }
        }
        #expect(constructions.value == 1)
        #expect(identifiers.count == 1)
    }

    @Test("a failed async singleton creation is retried by the next load")
    func failedAsyncSingletonIsRetried() async throws {
        let attempts = Counter()
        let container = ContainerBuilder()
            .registerSingleton { () async throws -> Connection in
                let attempt = attempts.increment()
                return try await Connection.open(host: attempt == 1 ? "" : "second")
            }
            .build()
        await #expect(throws: ResolutionError.self) { try await container.loadThrowing(Connection.self) }
        #expect(try await container.loadThrowing(Connection.self).host == "second")
        #expect(try await container.loadThrowing(Connection.self).host == "second")
        #expect(attempts.value == 2)
    }
}
