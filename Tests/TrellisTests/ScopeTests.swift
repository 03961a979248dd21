import Atomics
import Testing
import Trellis

protocol Greeter: AnyObject {
    func greet() -> String
}
final class EnglishGreeter: Greeter {
    /// Constructions of greeters named "counted": only `builtOncePerContainer` uses that name, so
    /// tests running in parallel cannot change its count.
    static let countedConstructions = ManagedAtomic<Int>(0)
    let name: String
    init(name: String) {
        self.name = name
        if name == "counted" { Self.countedConstructions.wrappingIncrement(ordering: .relaxed) }
    }
    func greet() -> String { "Hello, \(name)" }
}
final class MockGreeter: Greeter {
    func greet() -> String { "mock" }
}
struct ConfigurationError: Error {}

// A final class container whose shared member reads a member declared after it, and which has
// transients of an existential type (broken in the seed project) and of an opaque type.
@DIContainer
final class GreetingContainer {
    @Provide(.shared, factory: { (name: String) in EnglishGreeter(name: name) })
    var greeter: any Greeter

    @Provide(.shared, factory: { () in "World" }, concrete: true)
    var name: String

    @Provide(.transient, factory: { (name: String) in EnglishGreeter(name: name) })
    var freshGreeter: any Greeter

    @Provide(.transient, factory: { (name: String) in [name, name] })
    var opaqueNames: some Collection<String>

    // A shared member reading a transient: it gets its own instance, built when the container is.
    @Provide(.shared, factory: { (freshGreeter: any Greeter) in [freshGreeter] }, concrete: true)
    var greeterList: [any Greeter]
}

// Throwing factories: a throwing shared member makes the initializer throw; a throwing transient
// makes its accessor throw.
@DIContainer
struct ThrowingContainer {
    @Provide(.input)
    var port: Int

    @Provide(
        .shared,
        factory: { (port: Int) throws in
            guard port > 0 else { throw ConfigurationError() }
            return "localhost:\(port)"
        }, concrete: true)
    var address: String

    @Provide(
        .transient,
        factory: { (port: Int) throws in
            guard port < 10_000 else { throw ConfigurationError() }
            return port + 1
        }, concrete: true)
    var nextPort: Int
}

@Suite("Scopes")
struct ScopeTests {
    @Suite("Shared")
    struct Shared {
        @Test("returns the same instance on every access of one container")
        func identity() {
            let container = GreetingContainer()
            #expect(container.greeter === container.greeter)
            #expect(container.greeter.greet() == "Hello, World")
        }

        @Test("is built once per container instance, not per access")
        func builtOncePerContainer() {
            let container = GreetingContainer(name: "counted")
            for _ in 0..<10 { _ = container.greeter }
            // One for `greeter`, one for the transient read by `greeterList` at creation.
            #expect(EnglishGreeter.countedConstructions.load(ordering: .relaxed) == 2)
            #expect(GreetingContainer().greeter !== container.greeter)
        }

        @Test("may read a member declared after it")
        func declarationOrder() {
            #expect(GreetingContainer(name: "Trellis").greeter.greet() == "Hello, Trellis")
        }
    }

    @Suite("Transient")
    struct Transient {
        @Test("of an existential type is new on every access")
        func existential() {
            let container = GreetingContainer()
            #expect(container.freshGreeter !== container.freshGreeter)
            #expect(container.freshGreeter.greet() == "Hello, World")
        }

        @Test("override is returned instead of the factory")
        func override() {
            let mock = MockGreeter()
            let container = GreetingContainer(freshGreeter: mock)
            #expect(container.freshGreeter === mock)
            #expect(container.greeterList.first === mock)
        }

        @Test("of an opaque type is built from its factory")
        func opaque() {
            #expect(Array(GreetingContainer(name: "a").opaqueNames) == ["a", "a"])
        }
    }

    @Suite("Throwing factories")
    struct Throwing {
        @Test("a throwing shared factory makes the initializer throw its error")
        func sharedThrows() throws {
            #expect(try ThrowingContainer(port: 8080).address == "localhost:8080")
            #expect(throws: ConfigurationError.self) { try ThrowingContainer(port: 0) }
        }

        @Test("a throwing transient factory makes its accessor throw")
        func transientThrows() throws {
            #expect(try ThrowingContainer(port: 8080).nextPort == 8081)
            #expect(throws: ConfigurationError.self) { try ThrowingContainer(port: 20_000).nextPort }
        }

        @Test("an override skips the throwing factory")
        func overrideSkipsFactory() throws {
            #expect(try ThrowingContainer(port: 0, address: "mock").address == "mock")
        }
    }
}
