import Testing
import Trellis

/// A global container whose factories load from that same global, without a type annotation, as
/// DIC's README's `DI2` is written: it compiles because the chained methods return the class's `Self`.
let selfReferencingContainer = ContainerBuilder()
    .register { MyDataSource(httpClient: selfReferencingContainer.load((any HTTPClient).self)) }
    .registerSingleton(HTTPClientImplementation(baseURL: "https://global.example"), as: (any HTTPClient).self)
    .build()

/// Behaviour that code written for DIC and DIve relies on, in Trellis's own spellings: synchronous
/// serial loading, key-path pool values, `@Injected` defaults, a failable registration answering
/// loads of its wrapped type, and resetting a mutable container.
@Suite("Call-site semantics")
struct CallSiteSemanticsTests {
    @Suite("Synchronous serial loading")
    struct SynchronousSerialLoading {
        /// Synchronous on purpose: without `await`, the synchronous overload is the one chosen.
        static func loadWithoutAwait(_ loader: SerialLoader, _ pool: Pool = Pool()) throws -> Pool {
            try loader.load(pool)
        }

        @Test("a graph of synchronous nodes loads without await, dependencies first")
        func synchronousGraph() throws {
            let log = EventLog()
            let loader = SerialLoader(dependencies: [
                .dependency(id: "a", dependencies: ["b"]) { pool in
                    log.record("a")
                    return pool.appending("a" + pool[String.self])
                },
                .dependency(id: "b") { pool in
                    log.record("b")
                    return pool.appending("b")
                },
            ])
            let pool = try Self.loadWithoutAwait(loader, Pool().appending(Example1(value: 1)))
            #expect(pool[String.self] == "ab")
            #expect(pool[Example1.self].value == 1)
            #expect(log.all == ["b", "a"])
        }

        @Test("a node with an async body fails the synchronous load before any node runs")
        func asynchronousNode() throws {
            let log = EventLog()
            let loader = SerialLoader(dependencies: [
                node("first", log: log),
                .dependency(id: "waits", dependencies: ["first"]) { pool in
                    await Task.yield()
                    return pool
                },
            ])
            #expect(throws: LoaderError.asynchronousDependency("waits")) { try Self.loadWithoutAwait(loader) }
            #expect(log.all.isEmpty)
        }

        @Test("the synchronous load rethrows a node's error and reports graph errors")
        func errors() throws {
            let failing = SerialLoader(dependencies: [.dependency(id: "fails") { _ in throw Boom() }])
            #expect(throws: Boom()) { try Self.loadWithoutAwait(failing) }
            let cyclic = SerialLoader(dependencies: [node("a", ["b"]), node("b", ["a"])])
            #expect(throws: LoaderError.cycle(["a", "b", "a"])) { try Self.loadWithoutAwait(cyclic) }
        }

        @Test("a node body that does not await is synchronous; one that awaits is not")
        func nodeKinds() {
            let synchronous = DependencyNode.dependency(id: "s") { $0 }
            let asynchronous = DependencyNode.dependency(id: "a") { pool in
                await Task.yield()
                return pool
            }
            #expect(synchronous.synchronousBody != nil)
            #expect(asynchronous.synchronousBody == nil)
            #expect(synchronous == DependencyNode(id: "s") { pool in pool.appending(1) })
        }
    }

    @Suite("Key paths in a pool")
    struct KeyPaths {
        @Test("a value stored under a key path is found by it, and only by it")
        func storedUnderKeyPath() throws {
            let pool = Pool().appending(\KeyedGreeting.full, "by key path")
            #expect(pool[\KeyedGreeting.full] == "by key path")
            #expect(try pool.loadThrowing(\KeyedGreeting.full) == "by key path")
            #expect(pool.loadIfPresent(\KeyedGreeting.tail) == nil)
            #expect(pool.loadIfPresent(String.self) == nil)
            #expect(throws: PoolError.notFoundForKeyPath(String(describing: \KeyedGreeting.tail))) {
                try pool.loadThrowing(\KeyedGreeting.tail)
            }
            #expect(pool.count == 1)
        }

        @Test("an injected property reads its key path before its type, then its initial value")
        func injectedLookupOrder() {
            let both = Pool().appending("by type").appending(\KeyedGreeting.full, "by key path")
            #expect(KeyedGreeting(pool: both).full == "by key path")
            #expect(KeyedGreeting(pool: both).tail == "by type")
            let none = Pool().appending(\KeyedGreeting.full, "full")
            #expect(KeyedGreeting(pool: none).tail == "default tail")
            let assigned = KeyedGreeting(pool: none)
            assigned.tail = "assigned"
            #expect(assigned.tail == "assigned")
        }

        @Test("merging keeps the other pool's key-path values")
        func merging() {
            let merged = Pool().appending(\KeyedGreeting.full, "1").appending("2")
                .merging(Pool().appending(\KeyedGreeting.full, "3").appending(4))
            #expect(merged[\KeyedGreeting.full] == "3")
            #expect(merged[String.self] == "2")
            #expect(merged[Int.self] == 4)
        }

        @Test("a missing key-path value calls the pool's fatal-error handler")
        func missingKeyPathIsFatal() async {
            let result = await #expect(
                processExitsWith: .exitCode(ExitingFatalErrorHandler.exitCode), observing: [\.standardErrorContent]
            ) {
                _ = Pool().appending(ExitingFatalErrorHandler())[\KeyedGreeting.full]
            }
            // On Linux a key path prints with an address (`<computed 0x... (String)>`), which differs
            // between the child process and this one.
            func withoutAddresses(_ text: String) -> String {
                text.replacing(/0x[0-9a-f]+/, with: "0x")
            }
            let message = PoolError.notFoundForKeyPath(String(describing: \KeyedGreeting.full)).description
            #expect(withoutAddresses(FatalErrorHandlerTests.standardError(result)) == withoutAddresses("handled: \(message)\n"))
        }
    }

    @Suite("Failable registrations")
    struct FailableRegistrations {
        @Test("a registration of T? answers loads of T, its nil being a missing value")
        func optionalAnswersWrapped() throws {
            let container = ContainerBuilder()
                .register { Failable(value: 3) }
                .register(name: "nil") { Failable(value: -1) }
                .build()
            #expect(container.load(Failable.self).value == 3)
            #expect(container.isRegistered(Failable.self))
            #expect(container.loadIfPresent(Failable.self, name: "nil") == nil)
            let error = try #require(throws: ResolutionError.self) { try container.loadThrowing(Failable.self, name: "nil") }
            guard case .factoryReturnedNil(let type) = error else {
                Issue.record("expected factoryReturnedNil, got \(error)")
                return
            }
            #expect(type == "\(String(reflecting: Failable.self)) named \"nil\"")
            #expect(container.load(Failable?.self)?.value == 3)
        }

        @Test("an async load of T also finds the registration of T?")
        func optionalAnswersAsyncLoad() async {
            let container = MutableContainer()
            container.register { () async -> Failable? in Failable(value: 5) }
            #expect(await container.load(Failable.self).value == 5)
            #expect(await container.loadIfPresent(Failable.self)?.value == 5)
        }

        @Test("an exact registration of T wins over one of T?")
        func exactWins() {
            let container = ContainerBuilder()
                .register { Failable(value: 1) }
                .register { Failable(value: 2)! }
                .build()
            #expect(container.load(Failable.self).value == 2)
        }
    }

    @Test("a global container can load from itself in its factories")
    func globalSelfReference() {
        #expect(selfReferencingContainer.load(MyDataSource.self).httpClient.baseURL == "https://global.example")
    }

    @Test("removing every registration of a mutable container forgets its singletons too")
    func removeAllRegistrations() {
        let container = MutableContainer()
        let constructions = Counter()
        container.registerSingleton { DatabaseService(identifier: constructions.increment()) }
        #expect(container.load(DatabaseService.self).identifier == 1)
        container.removeAllRegistrations()
        #expect(container.loadIfPresent(DatabaseService.self) == nil)
        container.registerSingleton { DatabaseService(identifier: constructions.increment()) }
        #expect(container.load(DatabaseService.self).identifier == 2)
    }

    @Test("catch LoaderError.cycle matches any cycle")
    func catchingCycles() async {
        let loader = ConcurrentLoader(dependencies: [node("a", ["b"]), node("b", ["a"])])
        do {
            _ = try await loader.load()
            Issue.record("expected a cycle")
        } catch LoaderError.cycle {
        } catch {
            Issue.record("expected a cycle, got \(error)")
        }
    }
}
