import Testing
import Trellis

@Suite("Container builder")
struct ContainerBuilderTests {
    @Suite("Registration kinds")
    struct RegistrationKinds {
        @Test("a closure registration builds a new value on every load")
        func closureRegistrationIsTransient() {
            let constructions = Counter()
            let container = ContainerBuilder()
                .register { () -> DatabaseService in
                    DatabaseService(identifier: constructions.increment())
                }
                .build()
            let first: DatabaseService = container.load()
            let second = container.load(DatabaseService.self)
            #expect(first !== second)
            #expect(constructions.value == 2)
        }

        @Test("an autoclosure registration is evaluated only when loaded")
        func autoclosureIsLazy() {
            let constructions = Counter()
            let container = ContainerBuilder()
                .register(DatabaseService(identifier: constructions.increment()))
                .build()
            #expect(constructions.value == 0)
            _ = container.load(DatabaseService.self)
            _ = container.load(DatabaseService.self)
            #expect(constructions.value == 2)
        }

        @Test("a singleton registration returns the same instance on every load")
        func singletonIsShared() {
            let constructions = Counter()
            let container = ContainerBuilder()
                .registerSingleton { () -> DatabaseService in
                    constructions.increment()
                    return DatabaseService()
                }
                .build()
            #expect(constructions.value == 0)
            let first: DatabaseService = container.load()
            let second: DatabaseService = container.load()
            #expect(first === second)
            #expect(constructions.value == 1)
        }

        @Test("each built container owns its singletons")
        func eachBuildHasItsOwnSingletons() {
            let builder = ContainerBuilder().registerSingleton(DatabaseService())
            let first = builder.build().load(DatabaseService.self)
            let second = builder.build().load(DatabaseService.self)
            #expect(first !== second)
        }

        @Test("a value registered as a protocol loads as that protocol")
        func registerAsProtocol() {
            let container = ContainerBuilder()
                .register(HTTPClientImplementation(baseURL: "https://trellis.dev"), as: (any HTTPClient).self)
                .build()
            let client: any HTTPClient = container.load()
            #expect(client.baseURL == "https://trellis.dev")
            #expect(!container.isRegistered(HTTPClientImplementation.self))
        }

        @Test("registering the same type again replaces the earlier registration")
        func laterRegistrationWins() {
            let container = ContainerBuilder()
                .register(Example1(value: 1))
                .register(Example1(value: 2))
                .build()
            #expect(container.load(Example1.self).value == 2)
        }

        @Test("named registrations of one type are loaded by name")
        func namedRegistrations() {
            let container = ContainerBuilder()
                .register(Example2(name: "default"))
                .register(Example2(name: "primary"), name: "primary")
                .register(name: "secondary") { Example2(name: "secondary") }
                .build()
            #expect(container.load(Example2.self).name == "default")
            #expect(container.load(Example2.self, name: "primary").name == "primary")
            #expect(container.load(Example2.self, name: "secondary").name == "secondary")
        }

        @Test("hundreds of names of one type share a hash slot and are each found, and no other")
        func manyNamesOfOneType() {
            let builder = ContainerBuilder()
            for index in 0..<500 {
                builder.registerSingleton(name: "n\(index)") { Example2(name: "value \(index)") }
            }
            builder.register(Example1(value: 7))
            let container = builder.build()
            for index in stride(from: 0, to: 500, by: 7) {
                #expect(container.load(Example2.self, name: "n\(index)").name == "value \(index)")
            }
            #expect(container.load(Example1.self).value == 7)
            #expect(!container.isRegistered(Example2.self))
            #expect(!container.isRegistered(Example2.self, name: "n500"))
            #expect(!container.isRegistered(DatabaseService.self))
        }

        @Test("a built singleton is the same instance through every way of loading it")
        func singletonThroughEveryLoad() throws {
            let container = ContainerBuilder().registerSingleton(name: "db") { DatabaseService() }.build()
            let first = try container.loadThrowing(DatabaseService.self, name: "db")
            #expect(container.load(DatabaseService.self, name: "db") === first)
            #expect(container.loadIfPresent(DatabaseService.self, name: "db") === first)
            #expect(container.resolver.load(DatabaseService.self, name: "db") === first)
        }

        @Test("an async load returns the singleton a synchronous load built")
        func asyncLoadOfBuiltSingleton() async {
            let container = ContainerBuilder().registerSingleton(name: "db") { DatabaseService() }.build()
            let first = loadSynchronously(from: container)
            #expect(await container.load(DatabaseService.self, name: "db") === first)
        }

        private func loadSynchronously(from container: RuntimeContainer) -> DatabaseService {
            container.load(DatabaseService.self, name: "db")
        }

        @Test("a builder used from several statements collects every registration")
        func builderIsAReference() {
            let builder = ContainerBuilder()
            builder.register { Example1(value: 1) }
            builder.register { Example2(name: "two") }
            let container = builder.build()
            #expect(container.isRegistered(Example1.self))
            #expect(container.isRegistered(Example2.self))
        }
    }

    @Suite("Factories")
    struct Factories {
        @Test("a factory loads its dependencies from the resolver it receives")
        func factoryUsesResolver() {
            let container = ContainerBuilder()
                .registerSingleton(HTTPClientImplementation(), as: (any HTTPClient).self)
                .register { resolver in MyDataSource(httpClient: resolver.load()) }
                .register { resolver in MyRepositoryImplementation(myDataSource: resolver.load()) as any MyRepository }
                .register { resolver in MyUseCase(myRepository: resolver.load()) }
                .build()
            let useCase: MyUseCase = container.load()
            let other: MyUseCase = container.load()
            #expect(useCase.repository.dataSource.httpClient as AnyObject === other.repository.dataSource.httpClient as AnyObject)
        }

        @Test("an error thrown by a factory is wrapped with the type it was building")
        func throwingFactory() throws {
            let container = ContainerBuilder()
                .register { try Connection(host: "") }
                .build()
            let error = try #require(throws: ResolutionError.self) { try container.loadThrowing(Connection.self) }
            guard case .factoryFailed(let type, let underlying) = error else {
                Issue.record("expected factoryFailed, got \(error)")
                return
            }
            #expect(type == String(reflecting: Connection.self))
            #expect(underlying as? ConnectionRefused == ConnectionRefused())
        }

        @Test("a failable factory that returns nil throws factoryReturnedNil and loads as nil if present")
        func failableFactory() throws {
            let container = ContainerBuilder()
                .registerFailable(Failable(value: -1))
                .registerFailable(name: "valid") { Failable(value: 3) }
                .registerFailable(name: "resolved") { resolver in Failable(value: resolver.load(Example1.self).value) }
                .register(Example1(value: 7))
                .build()
            #expect(container.loadIfPresent(Failable.self) == nil)
            #expect(container.load(Failable.self, name: "valid").value == 3)
            #expect(container.load(Failable.self, name: "resolved").value == 7)
            let error = try #require(throws: ResolutionError.self) { try container.loadThrowing(Failable.self) }
            guard case .factoryReturnedNil(let type) = error else {
                Issue.record("expected factoryReturnedNil, got \(error)")
                return
            }
            #expect(type == String(reflecting: Failable.self))
        }

        @Test("loadIfPresent returns nil for a type that is not registered")
        func loadIfPresentMissing() {
            let container = ContainerBuilder().register(Example1(value: 1)).build()
            #expect(container.loadIfPresent(Example2.self) == nil)
            #expect(container.loadIfPresent(Example1.self)?.value == 1)
        }

        @Test("async factories are loaded with await, transient and singleton")
        func asyncFactories() async throws {
            let constructions = Counter()
            let container = ContainerBuilder()
                .register { try await Connection.open(host: "transient") }
                .registerSingleton(name: "shared") { () async -> DatabaseService in
                    await Task.yield()
                    return DatabaseService(identifier: constructions.increment())
                }
                .register { (resolver: Resolver) async throws -> Example2 in
                    let connection: Connection = try await resolver.loadThrowing()
                    return Example2(name: connection.host)
                }
                .build()
            let connection: Connection = await container.load()
            #expect(connection.host == "transient")
            let first = await container.load(DatabaseService.self, name: "shared")
            let second = await container.load(DatabaseService.self, name: "shared")
            #expect(first === second)
            #expect(constructions.value == 1)
            #expect(await container.load(Example2.self).name == "transient")
        }

        @Test("an async registration loaded without await throws requiresAsynchronousLoad")
        func asyncRegistrationLoadedSynchronously() throws {
            let container = ContainerBuilder()
                .register { try await Connection.open(host: "x") }
                .build()
            let error = try #require(throws: ResolutionError.self) { try container.loadThrowing(Connection.self) }
            guard case .requiresAsynchronousLoad = error else {
                Issue.record("expected requiresAsynchronousLoad, got \(error)")
                return
            }
        }
    }
}
