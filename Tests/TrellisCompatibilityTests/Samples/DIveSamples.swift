import Trellis
import XCTest

// Every code sample of DIve's documentation, verbatim between the `// Sample` and
// `// End` lines, with `import Trellis` for the first sample's `import DIve`. Declarations that use
// DIve's names, which Trellis keeps as deprecated aliases, and the test methods are marked
// deprecated so that the samples compile without the warnings a user would see.
//
// Where the seed leaves a body or a list out (`/* ... */`), it is filled in: the protocol
// implementations, the array of greetings, and the progress handler, which records what it hears.

// MARK: Manual dependency loading

// Sample
class RandomNumber: Injectee<Pool> {
    @Injected private var generator: RandomNumberGenerator

    func generate(in range: Range<UInt64>) -> UInt64 {
        .random(in: range, using: &generator)
    }
}
// End

// MARK: The greeting graph

// Sample
protocol GreetingProviding {
    func greeting() -> String
}

class GreetingProvider: GreetingProviding {
    private var generator: RandomNumberGenerator
    private let stringsProvider: StringsProviding

    init(generator: RandomNumberGenerator, stringsProvider: StringsProviding) {
        self.generator = generator
        self.stringsProvider = stringsProvider
    }

    func greeting() -> String {
        stringsProvider.string(at: Int.random(in: 0..<stringsProvider.count, using: &generator))
    }
}

protocol StringsProviding {
    var count: Int { get }
    func string(at index: Int) -> String
}

struct StringsProvider: StringsProviding {
    let strings: [String]

    var count: Int { strings.count }

    func string(at index: Int) -> String { strings[index] }
}
// End

@available(*, deprecated, message: "holds the seed's DIve spellings verbatim")
// Sample
extension Set where Element == AsyncInjectingDependency<Pool> {
    static let dependencies: Self = [
        .dependency(id: .randomNumberGenerator, dependencies: []) { pool in
            pool.appending(SystemRandomNumberGenerator())
        },
        .dependency(id: .stringsProviding, dependencies: []) { pool in
            pool.appending(StringsProvider(strings: [
                "Hello", "Hi", "Good day"
            ]))
        },
        .dependency( id: .greetingProviding, dependencies: [
            .randomNumberGenerator, .stringsProviding
        ]) { pool in
            pool.appending(GreetingProviderFactory(pool: pool).make())
        }
    ]
}
// End

// Sample
extension DependencyId {
    static let randomNumberGenerator: Self = "RandomNumberGenerator"
    static let stringsProviding: Self = "StringsProviding"
    static let greetingProviding: Self = "GreetingProviding"
}
// End

// Sample
private class GreetingProviderFactory: Injectee<Pool> {
    @Injected private var generator: RandomNumberGenerator
    @Injected private var stringsProvider: StringsProviding

    func make() -> GreetingProviding {
        GreetingProvider(
            generator: generator,
            stringsProvider: stringsProvider
        )
    }
}
// End

// Sample
actor LoadingEventHandler: ConcurrentLoadingEventHandling {
    private(set) var events: [String] = []

    func willLoadDependency(_ dependencyId: DependencyId) async {
        events.append("will \(dependencyId)")
    }

    func didLoadDependency(_ dependencyId: DependencyId) async {
        events.append("did \(dependencyId)")
    }
}
// End

// MARK: Fatal errors handling

// Sample
struct FatalErrorHandler: FatalErrorHandling {
    func fatalErrorHandler(_ error: Error) -> Never {
        print("A fatal error occurred: \(error)")
        fatalError()
    }
}
// End

final class DIveSampleTests: XCTestCase {
    func testManualLoading() {
// Sample
let pool = Pool()
    .appending(SystemRandomNumberGenerator())

let randomNumber = RandomNumber(pool: pool)
print(randomNumber.generate(in: 0..<10))
// End
        XCTAssertLessThan(randomNumber.generate(in: 0..<10), 10)
    }

    func testSerialLoaderLoadsWithoutAwait() throws {
// Sample
let loader = SerialLoader(dependencies: [
    .dependency(id: "RandomNumberGenerator", dependencies: []) { pool in
        pool.appending(SystemRandomNumberGenerator())
    }
])

let pool = try loader.load(Pool())
// End
        XCTAssertLessThan(RandomNumber(pool: pool).generate(in: 0..<10), 10)
    }

    func testConcurrentLoader() async throws {
// Sample
let loader = ConcurrentLoader(dependencies: [
    .dependency(id: "RandomNumberGenerator", dependencies: []) { pool in
        pool.appending(SystemRandomNumberGenerator())
    }
])

let pool = try await loader.load(Pool())
// End
        XCTAssertLessThan(RandomNumber(pool: pool).generate(in: 0..<10), 10)
    }

    @available(*, deprecated, message: "holds the seed's DIve spellings verbatim")
    func testGreetingGraphWithProgressHandler() async throws {
// Sample
let loader = ConcurrentLoader(dependencies: .dependencies)
let handler = LoadingEventHandler()
let pool = try await loader.load(Pool(), handler)
// End
        XCTAssertTrue(["Hello", "Hi", "Good day"].contains(pool[GreetingProviding.self].greeting()))
        let events = await handler.events
        XCTAssertEqual(events.count, 6)
        for id in ["RandomNumberGenerator", "StringsProviding"] {
            XCTAssertLessThan(events.firstIndex(of: "did \(id)")!, events.firstIndex(of: "will GreetingProviding")!)
        }
    }

    func testFatalErrorHandlerInPool() {
// Sample
let pool = Pool()
    .appending(FatalErrorHandler())
// End
        XCTAssertTrue(pool.fatalErrorHandler is FatalErrorHandler)
    }
}
