import Testing
import Trellis

// Every example of the Runtime article (Sources/Trellis/Trellis.docc/Runtime.md), compiled and run. Keep the two in sync.

// MARK: DIC's README: referencing dependencies in new ones

/// DIC's README's `DI2`: a container whose factories load from the container itself.
enum Dependencies {
    static let container: RuntimeContainer = ContainerBuilder()
        .registerSingleton(HTTPClientImplementation(baseURL: "https://api.example.com"), as: (any HTTPClient).self)
        .register {
            MyDataSource(httpClient: Dependencies.container.load((any HTTPClient).self))
        }
        .register {
            MyRepositoryImplementation(myDataSource: Dependencies.container.load(MyDataSource.self)) as any MyRepository
        }
        .register {
            MyUseCase(myRepository: Dependencies.container.load((any MyRepository).self))
        }
        .build()
}

// MARK: DIC's README: protocol types and singletons on a mutable container

final class OtherDependency: Sendable {}

protocol UserRepository: Sendable {
    func userName() -> String
}

final class DefaultUserRepository: UserRepository {
    let otherDependency: OtherDependency

    init(otherDependency: OtherDependency) {
        self.otherDependency = otherDependency
    }

    func userName() -> String { "Ada" }
}

struct MockRequestHTTPInterceptor: Sendable {}

struct RequestLoggerHTTPInterceptor: Sendable {}

final class InterceptingHTTPClient: HTTPClient {
    let baseURL = "https://intercepted.example.com"
    let interceptors: [any Sendable]

    init(interceptors: [any Sendable]) {
        self.interceptors = interceptors
    }
}

actor Counter2 {
    var count = 0
    func increment() { count += 1 }
}

// MARK: DIve's README: the greeting graph

protocol GreetingProviding: Sendable {
    func greeting() -> String
}

protocol StringsProviding: Sendable {
    var count: Int { get }
    func string(at index: Int) -> String
}

struct StringsProvider: StringsProviding {
    let strings: [String]
    var count: Int { strings.count }
    func string(at index: Int) -> String { strings[index] }
}

struct GreetingProvider: GreetingProviding {
    let generator: any RandomNumberGenerator & Sendable
    let stringsProvider: any StringsProviding

    func greeting() -> String {
        var generator = self.generator
        return stringsProvider.string(at: Int.random(in: 0..<stringsProvider.count, using: &generator))
    }
}

private final class GreetingProviderFactory: Injectee<Pool> {
    @Injected private var generator: any RandomNumberGenerator & Sendable
    @Injected private var stringsProvider: any StringsProviding

    func make() -> any GreetingProviding {
        GreetingProvider(generator: generator, stringsProvider: stringsProvider)
    }
}

extension DependencyId {
    static let randomNumberGenerator: Self = "RandomNumberGenerator"
    static let stringsProviding: Self = "StringsProviding"
    static let greetingProviding: Self = "GreetingProviding"
}

extension [DependencyNode] {
    static var dependencies: Self {
        [
            .dependency(id: .randomNumberGenerator, dependencies: []) { pool in
                pool.appending(SystemRandomNumberGenerator())
            },
            .dependency(id: .stringsProviding, dependencies: []) { pool in
                pool.appending(StringsProvider(strings: ["Hello", "Hi", "Welcome"]), as: (any StringsProviding).self)
            },
            .dependency(id: .greetingProviding, dependencies: [.randomNumberGenerator, .stringsProviding]) { pool in
                pool.appending(GreetingProviderFactory(pool: pool).make())
            },
        ]
    }
}

actor LoadingEventHandler: ConcurrentLoadingEventHandling {
    private(set) var progress: [String] = []

    func willLoadDependency(_ dependencyId: DependencyId) async {
        progress.append("loading \(dependencyId)")
    }

    func didLoadDependency(_ dependencyId: DependencyId) async {
        progress.append("loaded \(dependencyId)")
    }
}

struct PrintingFatalErrorHandler: FatalErrorHandling {
    func fatalErrorHandler(_ error: any Error) -> Never {
        print("A fatal error occurred: \(error)")
        fatalError()
    }
}

@Suite("Examples of the documents Trellis implements")
struct DICAndDIveExampleTests {
    @Suite("DIC's README")
    struct DICREADME {
        @Test("the basic builder example loads by inferred type and by metatype")
        func basicBuilder() {
            let container = ContainerBuilder()
                .register {
                    Example1(value: 1)
                }
                .build()
            let example1: Example1 = container.load()
            #expect(example1.value == 1)
            let example1Again = container.load(Example1.self)
            #expect(example1Again.value == 1)

            let lazyContainer = ContainerBuilder()
                .register(Example1(value: 2))
                .build()
            #expect(lazyContainer.load(Example1.self).value == 2)
        }

        @Test("chained registrations build once")
        func chained() {
            let container = ContainerBuilder()
                .register { Example1(value: 1) }
                .register { Example2(name: "test") }
                .registerSingleton { DatabaseService() }
                .build()
            #expect(container.load(Example2.self).name == "test")
            #expect(container.load(DatabaseService.self) === container.load(DatabaseService.self))
        }

        @Test("factories referencing the container itself, and the resolver form")
        func referencingDependencies() {
            let useCase = Dependencies.container.load(MyUseCase.self)
            #expect(useCase.repository.dataSource.httpClient.baseURL == "https://api.example.com")

            let container = ContainerBuilder()
                .registerSingleton(HTTPClientImplementation(), as: (any HTTPClient).self)
                .register { resolver in MyDataSource(httpClient: resolver.load()) }
                .register { resolver in MyRepositoryImplementation(myDataSource: resolver.load()) as any MyRepository }
                .register { resolver in MyUseCase(myRepository: resolver.load()) }
                .build()
            #expect(container.load(MyUseCase.self).repository.dataSource.httpClient.baseURL == "https://example.com")
        }

        @Test("the mutable container registers, loads and stores protocol types and singletons")
        func mutableContainer() {
            let container = MutableContainer()
            container.register {
                Example1(value: 1)
            }
            let example1: Example1 = container.load()
            #expect(example1.value == 1)
            container.register(Example1(value: 2))
            #expect(container.load(Example1.self).value == 2)

            container.register(OtherDependency())
            container.register(
                DefaultUserRepository(otherDependency: container.load()),
                as: (any UserRepository).self
            )
            let userRepository: any UserRepository = container.load()
            #expect(userRepository.userName() == "Ada")

            container.register(MockRequestHTTPInterceptor())
            container.registerSingleton(
                InterceptingHTTPClient(
                    interceptors: [container.load(MockRequestHTTPInterceptor.self), RequestLoggerHTTPInterceptor()]
                ),
                as: (any HTTPClient).self
            )
            let httpClient = container.load((any HTTPClient).self)
            #expect(httpClient as AnyObject === container.load((any HTTPClient).self) as AnyObject)
        }

        @Test("structs, enums, actors, async, failable and throwing factories")
        func otherKinds() async throws {
            let container = ContainerBuilder()
                .register(DIScope.shared)
                .registerSingleton { Counter2() }
                .register { try await Connection.open(host: "db.example.com") }
                .registerFailable { Failable(value: 1) }
                .register(name: "refused") { try Connection(host: "") }
                .build()
            #expect(await container.load(DIScope.self) == .shared)
            await container.load(Counter2.self).increment()
            #expect(await container.load(Counter2.self).count == 1)
            #expect(try await container.loadThrowing(Connection.self).host == "db.example.com")
            #expect(await container.loadIfPresent(Failable.self)?.value == 1)
            await #expect(throws: ResolutionError.self) { try await container.loadThrowing(Connection.self, name: "refused") }
        }
    }

    @Suite("DIve's README")
    struct DIveREADME {
        @Test("manual loading with @Injected")
        func manualLoading() {
            let pool = Pool()
                .appending(SystemRandomNumberGenerator())
            let randomNumber = RandomNumber(pool: pool)
            #expect(randomNumber.generate(in: 0..<10) < 10)
        }

        @Test("serial and concurrent loaders fill a pool")
        func automaticLoading() async throws {
            let serial = SerialLoader(dependencies: [
                .dependency(id: "RandomNumberGenerator", dependencies: []) { pool in
                    pool.appending(SystemRandomNumberGenerator())
                }
            ])
            let serialPool = try await serial.load(Pool())
            #expect(serialPool.contains((any RandomNumberGenerator).self))

            let concurrent = ConcurrentLoader(dependencies: [
                .dependency(id: "RandomNumberGenerator", dependencies: []) { pool in
                    pool.appending(SystemRandomNumberGenerator())
                }
            ])
            let concurrentPool = try await concurrent.load(Pool())
            #expect(concurrentPool.contains((any RandomNumberGenerator).self))
        }

        @Test("the greeting graph loads with a progress handler")
        func greetingGraph() async throws {
            let loader = ConcurrentLoader(dependencies: .dependencies)
            let handler = LoadingEventHandler()
            let pool = try await loader.load(Pool(), handler)
            #expect(["Hello", "Hi", "Welcome"].contains(pool[(any GreetingProviding).self].greeting()))
            #expect(await handler.progress.count == 6)

            let (_, report) = try await loader.loadWithReport(Pool(), handler)
            #expect(report.timings.count == 3)
            #expect(report.criticalPath.last == .greetingProviding)
        }

        @Test("a pool holds a fatal error handler")
        func fatalErrorHandlerInPool() {
            let pool = Pool()
                .appending(PrintingFatalErrorHandler())
            #expect(pool.fatalErrorHandler is PrintingFatalErrorHandler)
            #expect(Pool().fatalErrorHandler is DefaultFatalErrorHandler)
        }
    }
}
