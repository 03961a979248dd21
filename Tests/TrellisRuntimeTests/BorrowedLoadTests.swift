import Testing
import Trellis

/// `withLoaded` (a value lent for one call, without reference counting for a built singleton) and
/// the `async` loads of synchronous registrations, which take the synchronous path.
@Suite("Borrowed and async loads")
struct BorrowedLoadTests {
    struct Refused: Error, Equatable {
        let code: Int
    }

    @Test("withLoaded lends the built singleton that load returns, by name too, and returns what its body returns")
    func lendsTheSingleton() {
        let container = ContainerBuilder()
            .registerSingleton { DatabaseService(identifier: 1) }
            .registerSingleton(name: "replica") { DatabaseService(identifier: 2) }
            .build()
        let loaded = container.load(DatabaseService.self)
        #expect(container.withLoaded(DatabaseService.self) { $0 === loaded })
        #expect(container.withLoaded(DatabaseService.self, name: "replica") { $0.identifier } == 2)
        let replica: DatabaseService = container.load(name: "replica")
        #expect(container.withLoaded(DatabaseService.self, name: "replica") { $0 === replica })
    }

    @Test("withLoaded builds a singleton not built yet exactly once, then lends it")
    func buildsOnFirstUse() {
        let constructions = Counter()
        let container = ContainerBuilder()
            .registerSingleton { DatabaseService(identifier: constructions.increment()) }
            .build()
        let first = container.withLoaded(DatabaseService.self) { ObjectIdentifier($0) }
        let second = container.withLoaded(DatabaseService.self) { ObjectIdentifier($0) }
        #expect(first == second)
        #expect(constructions.value == 1)
        #expect(ObjectIdentifier(container.load(DatabaseService.self)) == first)
    }

    @Test("withLoaded of a transient builds a new value for each call; a protocol registration is lent as that protocol")
    func transientsAndProtocols() {
        let constructions = Counter()
        let container = ContainerBuilder()
            .register { DatabaseService(identifier: constructions.increment()) }
            .registerSingleton(HTTPClientImplementation(), as: (any HTTPClient).self)
            .build()
        #expect(container.withLoaded(DatabaseService.self) { $0.identifier } == 1)
        #expect(container.withLoaded(DatabaseService.self) { $0.identifier } == 2)
        let client: any HTTPClient = container.load()
        #expect(container.withLoaded((any HTTPClient).self) { $0 as AnyObject === client as AnyObject })
    }

    @Test("an error thrown by withLoaded's body reaches the caller with its own type")
    func rethrowsTheBodysError() {
        let container = ContainerBuilder().registerSingleton { DatabaseService(identifier: 7) }.build()
        _ = container.load(DatabaseService.self)
        let error = #expect(throws: Refused.self) {
            try container.withLoaded(DatabaseService.self) { (database) throws(Refused) -> Int in
                throw Refused(code: database.identifier)
            }
        }
        #expect(error == Refused(code: 7))
    }

    @Test("withLoaded works on a mutable container and on the resolver a factory receives")
    func otherResolvers() {
        let mutable = MutableContainer()
        mutable.registerSingleton { DatabaseService(identifier: 3) }
        let shared = mutable.load(DatabaseService.self)
        #expect(mutable.withLoaded(DatabaseService.self) { $0 === shared })
        let container = ContainerBuilder()
            .registerSingleton { DatabaseService(identifier: 4) }
            .register { resolver in Example1(value: resolver.withLoaded(DatabaseService.self) { $0.identifier }) }
            .build()
        #expect(container.load(Example1.self).value == 4)
    }

    @Test("64 tasks lending one singleton not built yet see one instance, built once")
    func concurrentFirstUse() async {
        let constructions = Counter()
        let container = ContainerBuilder()
            .registerSingleton { DatabaseService(identifier: constructions.increment()) }
            .build()
        let seen = await withTaskGroup(of: Set<ObjectIdentifier>.self) { group in
            for _ in 0..<64 {
                group.addTask {
                    var seen = Set<ObjectIdentifier>()
                    for _ in 0..<500 { seen.insert(container.withLoaded(DatabaseService.self) { ObjectIdentifier($0) }) }
                    return seen
                }
            }
            return await group.reduce(into: Set<ObjectIdentifier>()) { $0.formUnion($1) }
        }
        #expect(seen.count == 1)
        #expect(constructions.value == 1)
    }

    @Test("an async load of a synchronous singleton, transient or named registration gives what a synchronous load gives")
    func asyncLoadsOfSynchronousRegistrations() async throws {
        let constructions = Counter()
        let container = ContainerBuilder()
            .registerSingleton { DatabaseService(identifier: constructions.increment()) }
            .register { resolver in MyDataSource(httpClient: resolver.load()) }
            .registerSingleton(HTTPClientImplementation(), as: (any HTTPClient).self)
            .register(name: "seven") { Example1(value: 7) }
            .build()
        let first = await container.load(DatabaseService.self)
        let second = try await container.loadThrowing(DatabaseService.self)
        #expect(first === second)
        #expect(constructions.value == 1)
        let source = await container.load(MyDataSource.self)
        let other = await container.load(MyDataSource.self)
        #expect(source.httpClient as AnyObject === other.httpClient as AnyObject)
        #expect(await container.load(Example1.self, name: "seven").value == 7)
    }

    @Test(
        "an async load of a synchronous registration reports a cycle, a nil and a missing dependency as a synchronous load does")
    func asyncLoadErrors() async throws {
        let container = ContainerBuilder()
            .register { resolver in Example1(value: try resolver.loadThrowing(Example2.self).name.count) }
            .register { resolver in Example2(name: String(try resolver.loadThrowing(Example1.self).value)) }
            .registerFailable(Failable(value: -1))
            .register(name: "needs missing") { resolver in
                Example1(value: try resolver.loadThrowing(DatabaseService.self).identifier)
            }
            .build()
        let cycle = try await #require(throws: ResolutionError.self) { try await container.loadThrowing(Example1.self) }
        guard case .cycle(let path) = cycle else {
            Issue.record("expected a cycle, got \(cycle)")
            return
        }
        #expect(path.count == 3)
        let missingNil = try await #require(throws: ResolutionError.self) { try await container.loadThrowing(Failable.self) }
        guard case .factoryReturnedNil = missingNil else {
            Issue.record("expected factoryReturnedNil, got \(missingNil)")
            return
        }
        #expect(await container.loadIfPresent(Failable.self) == nil)
        let missing = try await #require(throws: ResolutionError.self) {
            try await container.loadThrowing(Example1.self, name: "needs missing")
        }
        guard case .notRegistered(let type, let path, _) = missing else {
            Issue.record("expected notRegistered, got \(missing)")
            return
        }
        #expect(type == String(reflecting: DatabaseService.self))
        #expect(path == ["\(String(reflecting: Example1.self)) named \"needs missing\""])
    }
}
