import Testing
import Trellis

protocol Greeting: Sendable {
    var text: String { get }
}

struct Hello: Greeting {
    var text: String { "hello" }
}

struct Welcome: Greeting {
    var text: String { "welcome" }
}

@Suite("Pool")
struct PoolTests {
    @Suite("Lookup")
    struct Lookup {
        @Test("a value is found by the type it was appended as")
        func exactType() throws {
            let pool = Pool().appending(Example1(value: 3))
            #expect(pool[Example1.self].value == 3)
            #expect(try pool.loadThrowing(Example1.self).value == 3)
            let inferred: Example1 = pool.load()
            #expect(inferred.value == 3)
        }

        @Test("a protocol that exactly one stored value conforms to finds that value")
        func protocolByConformance() {
            let pool = Pool().appending(SystemRandomNumberGenerator()).appending(Example1(value: 1))
            var generator = pool[(any RandomNumberGenerator).self]
            #expect(UInt64.random(in: 0..<10, using: &generator) < 10)
            #expect(pool.contains((any RandomNumberGenerator).self))
        }

        @Test("a protocol that several stored values conform to is ambiguous, listing them")
        func ambiguousProtocol() throws {
            let pool = Pool().appending(Hello()).appending(Welcome())
            let error = try #require(throws: PoolError.self) { try pool.loadThrowing((any Greeting).self) }
            guard case .ambiguous(let type, let candidates) = error else {
                Issue.record("expected ambiguous, got \(error)")
                return
            }
            #expect(type == String(reflecting: (any Greeting).self))
            #expect(candidates == [String(reflecting: Hello.self), String(reflecting: Welcome.self)])
            #expect(!pool.contains((any Greeting).self))
            // The outcome is cached; asking again gives the same answer.
            #expect(throws: PoolError.self) { try pool.loadThrowing((any Greeting).self) }
        }

        @Test("a value appended as the protocol is found by exact type even when others conform")
        func exactTypeBeatsConformance() {
            let pool = Pool().appending(Hello()).appending(Welcome(), as: (any Greeting).self)
            #expect(pool[(any Greeting).self].text == "welcome")
        }

        @Test("a missing type throws notFound with similar stored names")
        func missingType() throws {
            let pool = Pool().appending(Example1(value: 1)).appending(Hello())
            let error = try #require(throws: PoolError.self) { try pool.loadThrowing(Example2.self) }
            guard case .notFound(let type, let suggestions) = error else {
                Issue.record("expected notFound, got \(error)")
                return
            }
            #expect(type == String(reflecting: Example2.self))
            #expect(suggestions == [String(reflecting: Example1.self)])
            #expect(pool.loadIfPresent(Example2.self) == nil)
        }

        @Test("named values are told apart by name")
        func namedValues() {
            let pool = Pool()
                .appending(Example2(name: "default"))
                .appending(Example2(name: "primary"), name: "primary")
            #expect(pool[Example2.self].name == "default")
            #expect(pool[Example2.self, name: "primary"].name == "primary")
            #expect(pool.loadIfPresent(Example2.self, name: "secondary") == nil)
        }
    }

    @Suite("Values")
    struct Values {
        @Test("appending returns a new pool and leaves the original unchanged")
        func appendingIsImmutable() {
            let empty = Pool()
            let one = empty.appending(Example1(value: 1))
            let replaced = one.appending(Example1(value: 2))
            #expect(empty.isEmpty)
            #expect(one[Example1.self].value == 1)
            #expect(replaced[Example1.self].value == 2)
            #expect(replaced.count == 1)
        }

        @Test("merging keeps the values of both pools and prefers the argument on a clash")
        func merging() {
            let left = Pool().appending(Example1(value: 1)).appending(Example2(name: "left"))
            let right = Pool().appending(Example2(name: "right")).appending(Hello())
            let merged = left.merging(right)
            #expect(merged.count == 3)
            #expect(merged[Example1.self].value == 1)
            #expect(merged[Example2.self].name == "right")
            #expect(merged.storedTypes == [Example1.self, Example2.self, Hello.self].map { String(reflecting: $0) }.sorted())
        }

        @Test("a pool can be read from many tasks at once, including cached conformance lookups")
        func concurrentReads() async {
            let pool = Pool().appending(Hello()).appending(Example1(value: 5))
            let texts = await withTaskGroup(of: String.self, returning: [String].self) { group in
                for _ in 0..<100 {
                    group.addTask { pool[(any Greeting).self].text + "\(pool[Example1.self].value)" }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(texts == Array(repeating: "hello5", count: 100))
        }
    }
}

final class RandomNumber: Injectee<Pool> {
    @Injected private var generator: any RandomNumberGenerator

    func generate(in range: Range<UInt64>) -> UInt64 {
        .random(in: range, using: &generator)
    }
}

/// A generator that counts its calls, to prove `&generator` mutates the kept value.
struct CountingGenerator: RandomNumberGenerator, Sendable {
    var calls = 0

    mutating func next() -> UInt64 {
        calls += 1
        return UInt64(calls)
    }
}

final class CountingConsumer: Injectee<Pool> {
    @Injected var generator: CountingGenerator
    @Injected(name: "primary") var greeting: Example2

    func draw() -> UInt64 {
        generator.next()
    }
}

final class ContainerConsumer: Injectee<RuntimeContainer> {
    @Injected var client: any HTTPClient
}

@Suite("Injected")
struct InjectedTests {
    @Test("an @Injected protocol property reads the conforming value from the pool")
    func injectedFromPool() {
        let randomNumber = RandomNumber(pool: Pool().appending(SystemRandomNumberGenerator()))
        #expect(randomNumber.generate(in: 0..<10) < 10)
    }

    @Test("an @Injected value is kept after the first access, so mutations persist")
    func injectedValueIsKept() {
        let consumer = CountingConsumer(
            pool: Pool().appending(CountingGenerator()).appending(Example2(name: "p"), name: "primary")
        )
        #expect(consumer.draw() == 1)
        #expect(consumer.draw() == 2)
        #expect(consumer.generator.calls == 2)
        #expect(consumer.greeting.name == "p")
    }

    @Test("an Injectee can read its properties from a runtime container")
    func injectedFromContainer() {
        let container = ContainerBuilder()
            .registerSingleton(HTTPClientImplementation(baseURL: "https://container"), as: (any HTTPClient).self)
            .build()
        #expect(ContainerConsumer(pool: container).client.baseURL == "https://container")
    }
}
