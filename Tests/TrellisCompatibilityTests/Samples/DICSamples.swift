import Trellis
import XCTest

// Every code sample of DIC's README, verbatim between the `// Sample` and `// End`
// lines, after `import Trellis`. The samples use DIC's names, which Trellis keeps as deprecated
// aliases; each test method is marked deprecated so that the samples compile without the warnings
// a user would see (that is what XCTest's own test discovery does for deprecated tests).
//
// Where the seed leaves a declaration's body out (`/* ... */`), the body is filled in. Two lines
// are not statements in the seed's own context, and are placed where they belong:
// - `userRepository.XYZ()` is marked "inside the view", so it is in `MyView`'s initializer;
// - `DIContainer.load()` names no declaration of DIC. The seed says the container "can be a global
//   variable", so `DIContainer` is that global here, a `DependencyInjectionContainer`.

// MARK: Referencing dependencies in new ones (a global, as it refers to itself)

@available(*, deprecated, message: "holds the seed's DIC spellings verbatim")
// Sample
let DI2 = DICBuilder()
	.registerSingleton(HTTPClientImpl(httpDataRequestHandler: URLSession.shared), as: HTTPClient.self)
	.register {
		MyDataSource(httpClient: DI2.load(HTTPClient.self))
	}
	.register {
		MyRepositoryImpl(myDataSource: DI2.load(MyDataSource.self)) as MyRepository
	}
	.register {
		MyUseCase(myRepository: DI2.load(MyRepository.self))
	}
	// etc
	.build()
// End

@available(*, deprecated, message: "holds the seed's DIC spellings verbatim")
let DIContainer: DependencyInjectionContainer = {
    let container = DependencyInjectionContainer()
    container.register(OtherDependency())
    return container
}()

// Sample
class OtherDependency {
    let identifier = "other"
}

protocol UserRepository {
    var otherDependency: OtherDependency { get }
    func XYZ()
}
class DefaultUserRepository: UserRepository {
    let otherDependency: OtherDependency
    private(set) var calls = 0

    init(otherDependency: OtherDependency) {
        self.otherDependency = otherDependency
    }

    func XYZ() {
        calls += 1
    }
}
// End

extension MyView {
    /// The seed's "inside the view" line.
    static func insideTheView(_ userRepository: any UserRepository) {
        userRepository.XYZ()
    }
}

final class DICSampleTests: XCTestCase {
    @available(*, deprecated, message: "holds the seed's DIC spellings verbatim")
    func testBuilder() {
// Sample
// Build your dependency container using the builder
let diContainer = DICBuilder()
    .register {
        Example1(value: 1)
    }
    .build()

// load it (building it each time)
let example1: Example1 = diContainer.load()
XCTAssertEqual(example1.value, 1)
    // or like this:
let example1_1 = diContainer.load(Example1.self)
XCTAssertEqual(example1_1.value, 1)
// End
        XCTAssertFalse(example1 === example1_1, "register builds a new value on every load")
    }

    @available(*, deprecated, message: "holds the seed's DIC spellings verbatim")
    func testBuilderAutoclosure() {
// Sample
// You can also do this, which will use an autoclosure (so it will NOT create an object right now)
let diContainer = DICBuilder()
    .register(Example1(value: 2))
    .build()
// End
        XCTAssertEqual(diContainer.load(Example1.self).value, 2)
    }

    @available(*, deprecated, message: "holds the seed's DIC spellings verbatim")
    func testChainedRegistrations() {
// Sample
// You can chain multiple registrations and then build once
let diContainer = DICBuilder()
    .register { Example1(value: 1) }
    .register { Example2(name: "test") }
    .registerSingleton { DatabaseService() }
    .build()
// End
        XCTAssertEqual(diContainer.load(Example1.self).value, 1)
        XCTAssertEqual(diContainer.load(Example2.self).name, "test")
        XCTAssertTrue(diContainer.load(DatabaseService.self) === diContainer.load(DatabaseService.self))
    }

    @available(*, deprecated, message: "holds the seed's DIC spellings verbatim")
    func testReferencingDependencies() {
        let useCase = DI2.load(MyUseCase.self)
        XCTAssertTrue(useCase.myRepository.myDataSource.httpClient.session === URLSession.shared)
        XCTAssertTrue(DI2.load(HTTPClient.self) === DI2.load(HTTPClient.self), "a singleton")
    }

    @available(*, deprecated, message: "holds the seed's DIC spellings verbatim")
    func testMutableContainer() {
// Sample
// register your dependency (how to build it)
let diContainer = DependencyInjectionContainer() // you can leave it as a global variable for example

diContainer.register {
    Example1(value: 1)
}

// load it (building it each time)
let example1: Example1 = diContainer.load()
XCTAssertEqual(example1.value, 1)
    // or like this:
let example1_1 = diContainer.load(Example1.self)
XCTAssertEqual(example1_1.value, 1)
// You can also do this, which will use an autoclosure (so it will NOT create an object right now)
diContainer.register(Example1(value: 2))
// End
        XCTAssertEqual(diContainer.load(Example1.self).value, 2, "the later registration replaces the earlier")
    }

    @available(*, deprecated, message: "holds the seed's DIC spellings verbatim")
    func testProtocolTypes() {
// Sample
let diContainer = DependencyInjectionContainer()

// register the dependency

diContainer.register(OtherDependency())

    // if the value doesn't conform to the specified type, it will throw a COMPILATION error
diContainer.register(
    DefaultUserRepository(otherDependency: DIContainer.load()),
    as: UserRepository.self
)

// in other place like a view
MyView(userRepository: diContainer.load())
  // inside the view (see MyView.insideTheView)
// End
        let repository = diContainer.load(UserRepository.self)
        MyView.insideTheView(repository)
        XCTAssertEqual((repository as? DefaultUserRepository)?.calls, 1)
        XCTAssertEqual(repository.otherDependency.identifier, "other")
    }

    @available(*, deprecated, message: "holds the seed's DIC spellings verbatim")
    func testSingleton() {
        let diContainer = DependencyInjectionContainer()
        diContainer.register(MockRequestHTTPInterceptor())
// Sample
// Simply use `registerSingleton` to save the dependency inside the container. It should always be 'alive' as long as the container is. 
diContainer.registerSingleton(
	HTTPClientImpl(
		urlSession: URLSession(configuration: .ephemeral),
		interceptors: [diContainer.load(MockRequestHTTPInterceptor.self), RequestLoggerHTTPInterceptor()]
	),
	as: HTTPClient.self
)

// Every time the load method is called, the exact same object will be returned.
// This is different than registering your dependencies with "register".
let httpClient = diContainer.load(HTTPClient.self)
// End
        XCTAssertTrue(httpClient === diContainer.load(HTTPClient.self))
        XCTAssertEqual(httpClient.session.configuration, .ephemeral)
        XCTAssertEqual(httpClient.interceptors.map(\.name), ["mock", "logger"])
    }

    @available(*, deprecated, message: "holds the seed's DIC spellings verbatim")
    func testReplacingInitializerCalls() {
        let X = Example2(name: "x")
        let Z = 3
        let diContainer = DependencyInjectionContainer()
        diContainer.register(Dependency(otherDependency: X, otherOtherDependency: OmgAnotherOne(somethingHere: Z)))
// Sample
MyView(
    dependency: Dependency(
        otherDependency: X,
        otherOtherDependency: OmgAnotherOne(
            somethingHere: Z
        )
    )
)
// End
// Sample
MyView(dependency: diContainer.load())
// End
        XCTAssertEqual(MyView(dependency: diContainer.load()).dependency?.otherOtherDependency.somethingHere, 3)
    }
}
