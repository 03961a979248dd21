import Trellis
import XCTest

// Each DIC spelling Trellis keeps as a deprecated alias, checked for what DIC does with it. The
// methods are marked deprecated so that the aliases compile without warnings here.

private struct Failing: Error, Equatable {}

private final class Failable {
    let value: Int

    init?(value: Int) {
        guard value >= 0 else { return nil }
        self.value = value
    }
}

/// DIC's own test type: a failable initializer that also throws.
private final class ThrowingFailable {
    let value: Int

    init?(value: Int) throws {
        if value < 0 { throw Failing() }
        if value > 100 { return nil }
        self.value = value
    }
}

private protocol Greeter {
    func greet() -> String
}

private struct English: Greeter {
    func greet() -> String { "hello" }
}

final class DICSpellingTests: XCTestCase {
    @available(*, deprecated, message: "checks DIC's spellings")
    func testContainerTypeNames() {
        let builder: DependencyInjectionContainerBuilder = DICBuilder()
        let built: ImmutableDependencyInjectionContainer = builder.register(English(), as: Greeter.self).build()
        XCTAssertEqual(built.load(Greeter.self).greet(), "hello")
        XCTAssertEqual(built.container.load(Greeter.self).greet(), "hello", "the RuntimeContainer it loads from")
        let containers: [DependencyInjectionContainer] = [DependencyInjectionContainer(), MiniDependencyInjectionContainer()]
        for container in containers {
            container.register(English(), as: Greeter.self)
            XCTAssertEqual(container.load(Greeter.self).greet(), "hello")
            XCTAssertTrue(container.container.isRegistered(Greeter.self), "registrations go to its MutableContainer")
            container.container.register(Failing(), as: Failing.self)
            XCTAssertTrue(container.isRegistered(Failing.self), "and are shared with it")
        }
        let asynchronous: MutableContainer = AsyncDependencyInjectionContainer()
        asynchronous.register(English(), as: Greeter.self)
        XCTAssertEqual(asynchronous.load(Greeter.self).greet(), "hello")
    }

    /// DIC's `load` is synchronous, so DIC code calls it in `async` functions without `await`; on
    /// a Trellis container Swift would pick the `async` overload there and ask for `await`. This
    /// test does not compile if DIC's containers offer an `async` `load`.
    @available(*, deprecated, message: "checks DIC's spellings")
    func testPlainLoadInAsyncFunction() async {
        let container = DependencyInjectionContainer()
        container.register(English(), as: Greeter.self)
        let greeter: Greeter = container.load()
        XCTAssertEqual(greeter.greet(), "hello")
        XCTAssertEqual(container.load(Greeter.self).greet(), "hello")
        XCTAssertEqual(MiniDependencyInjectionContainer().register(English()).load(English.self).greet(), "hello")

        let built = DICBuilder().register(English(), as: Greeter.self).build()
        let builtGreeter: Greeter = built.load()
        XCTAssertEqual(builtGreeter.greet(), "hello")
        XCTAssertEqual(built.load(Greeter.self).greet(), "hello")

        // The Trellis container behind each still loads async factories, with await.
        container.container.register(name: "async") { () async -> Int in
            await Task.yield()
            return 7
        }
        let awaited = await container.container.load(Int.self, name: "async")
        XCTAssertEqual(awaited, 7)
    }

    @available(*, deprecated, message: "checks DIC's spellings")
    func testFactoryFirstRegistration() {
        let container = DICBuilder()
            .register({ English() }, as: Greeter.self)
            .registerSingleton({ English() }, as: English.self)
            .build()
        XCTAssertEqual(container.load(Greeter.self).greet(), "hello")
        XCTAssertEqual(container.load(English.self).greet(), "hello")
    }

    @available(*, deprecated, message: "checks DIC's spellings")
    func testThrowableRegistrationsAndLoads() throws {
        let container = DependencyInjectionContainer()
        container.registerThrowable(try Self.failing() as Int)
        container.registerThrowable({ "text" }, as: String.self)
        XCTAssertEqual(try container.loadOrThrow(String.self), "text")
        XCTAssertThrowsError(try container.loadOrThrow(Int.self)) { error in
            guard case .factoryFailed(_, let underlying) = error as? ResolutionError else {
                return XCTFail("expected factoryFailed, got \(error)")
            }
            XCTAssertEqual(underlying as? Failing, Failing())
        }
        XCTAssertNil(container.loadOrNil(Int.self), "DIC's optional load is nil when the factory throws")
        XCTAssertNil(container.loadOrNil(Double.self))
        XCTAssertEqual(container.loadOrNil(String.self), "text")
    }

    @available(*, deprecated, message: "checks DIC's spellings")
    func testAsyncRegistrationsAndLoads() async throws {
        let container = AsyncDependencyInjectionContainer()
        container.registerAsync {
            await Task.yield()
            return English()
        }
        container.registerAsync({ () async throws -> Int in throw Failing() }, as: Int.self)
        let english: English = await container.loadAsync()
        XCTAssertEqual(english.greet(), "hello")
        let loaded = try await container.loadAsyncOrThrow(English.self)
        XCTAssertEqual(loaded.greet(), "hello")
        let missing = await container.loadAsyncOrNil(Double.self)
        XCTAssertNil(missing)
        let failing = await container.loadAsyncOrNil(Int.self)
        XCTAssertNil(failing)
    }

    @available(*, deprecated, message: "checks DIC's spellings")
    func testFailableRegistrationAnswersTheWrappedType() {
        let container = DependencyInjectionContainer()
        container.register(Failable(value: 1))
        container.register(name: "nil") { Failable(value: -1) }
        XCTAssertEqual(container.load(Failable.self).value, 1)
        XCTAssertEqual(container.loadOrNil(Failable.self)?.value, 1)
        XCTAssertNil(container.loadIfPresent(Failable.self, name: "nil"))
        XCTAssertThrowsError(try container.loadThrowing(Failable.self, name: "nil")) { error in
            guard case .factoryReturnedNil = error as? ResolutionError else {
                return XCTFail("expected factoryReturnedNil, got \(error)")
            }
        }
        XCTAssertEqual(try container.loadOrThrow(Failable?.self)?.value, 1)
    }

    /// DIC's `load` answered `nil` for an optional type whose throwing factory threw, where Trellis's
    /// own spellings stop the program (see the runtime tests); `loadOrThrow` still throws.
    @available(*, deprecated, message: "checks DIC's spellings")
    func testThrowingFailableFactoryLoadedAsOptional() throws {
        let container = DependencyInjectionContainer()
        container.registerThrowable(try ThrowingFailable(value: -2))
        let loaded: ThrowingFailable? = container.load()
        XCTAssertNil(loaded)
        XCTAssertNil(container.load(ThrowingFailable?.self))
        XCTAssertNil(container.load(Optional<ThrowingFailable>.self))
        XCTAssertThrowsError(try container.loadOrThrow(ThrowingFailable?.self)) { error in
            guard case .factoryFailed(_, let underlying) = error as? ResolutionError else {
                return XCTFail("expected factoryFailed, got \(error)")
            }
            XCTAssertEqual(underlying as? Failing, Failing())
        }
        XCTAssertThrowsError(try container.loadOrThrow(ThrowingFailable.self))

        let built = DICBuilder().registerThrowable({ try ThrowingFailable(value: -1) }, as: ThrowingFailable?.self).build()
        XCTAssertNil(built.load(ThrowingFailable?.self))

        let needsMissing = DependencyInjectionContainer()
        needsMissing.registerThrowable(
            { () throws -> ThrowingFailable? in
                _ = try needsMissing.loadOrThrow(Double.self)
                return try ThrowingFailable(value: 1)
            }, as: ThrowingFailable?.self)
        XCTAssertNil(
            needsMissing.load(ThrowingFailable?.self), "an error of a load inside the factory too, as DIC's try? caught it")

        container.registerThrowable(try ThrowingFailable(value: 200))
        XCTAssertNil(container.load(ThrowingFailable?.self), "a nil result is nil as well")
        container.registerThrowable(try ThrowingFailable(value: 1))
        XCTAssertEqual(container.load(ThrowingFailable?.self)?.value, 1)
        XCTAssertEqual(container.load(ThrowingFailable.self).value, 1)
    }

    @available(*, deprecated, message: "checks DIC's spellings")
    func testThrowingFailableFactoryLoadedAsOptionalWithAwait() async {
        let container = AsyncDependencyInjectionContainer()
        container.registerThrowable(try ThrowingFailable(value: -2))
        let loaded = await container.load(ThrowingFailable?.self)
        XCTAssertNil(loaded)
    }

    @available(*, deprecated, message: "checks DIC's spellings")
    func testUnregisterDependencies() {
        let container = DependencyInjectionContainer()
        container.registerSingleton(English())
        XCTAssertNotNil(container.loadOrNil(English.self))
        container.unregisterDependencies()
        XCTAssertNil(container.loadOrNil(English.self))
        container.register(English())
        container.unregisterDependencies(keepingCapacity: true)
        XCTAssertFalse(container.isRegistered(English.self))
        let asynchronous = AsyncDependencyInjectionContainer()
        asynchronous.register(English())
        asynchronous.unregisterDependencies()
        XCTAssertFalse(asynchronous.isRegistered(English.self))
    }

    private static func failing() throws -> Int {
        throw Failing()
    }
}
