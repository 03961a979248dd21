import Trellis
import XCTest

// Each DIve spelling Trellis keeps as a deprecated alias, checked for what DIve does with it. The
// methods and declarations are marked deprecated so that the aliases compile without warnings here.

private struct Failing: Error, Equatable {}

private protocol Named {
    var name: String { get }
}

private struct Person: Named {
    let name: String
}

@available(*, deprecated, message: "checks DIve's spellings")
private final class Reader<Source: AbstractPool>: Injectee<Source> {
    @Injected var name: String
    @Injected var fallback: String = "fallback"
    @Injected(default: 7) var number: Int
}

@available(*, deprecated, message: "checks DIve's spellings")
extension Set where Element == SyncInjectingDependency<Pool> {
    fileprivate static let chain: Self = [
        .dependency(id: "a", dependencies: ["b"], injector: { pool in pool.appending("a" + pool[String.self]) }),
        .dependency(id: "b", dependencies: [], injector: { pool in pool.appending("b") }),
    ]
}

@available(*, deprecated, message: "checks DIve's spellings")
extension Set where Element == AsyncInjectingDependency<Pool> {
    fileprivate static let keyed: Self = [
        .dependency(id: "name", dependencies: [], injector: { pool in pool.appending(\Reader<Pool>.name, "keyed") }),
        .dependency(
            id: "waits", dependencies: ["name"],
            injector: { pool in
                await Task.yield()
                return pool.appending(Person(name: pool[\Reader<Pool>.name]))
            }),
    ]

    fileprivate static let cyclic: Self = [
        .dependency(id: "a", dependencies: ["b"], injector: { $0 }),
        .dependency(id: "b", dependencies: ["a"], injector: { $0 }),
    ]

    fileprivate static let throwing: Self = [.dependency(id: "a", dependencies: [], injector: { _ in throw Failing() })]
}

/// Code generic over DIve's pool protocol, as DIve's own test helpers are.
@available(*, deprecated, message: "checks DIve's spellings")
private func filled<P: AbstractPool>(_ pool: P) throws -> (P, String, String) {
    let filled = pool.appending("by type").appending(\Reader<P>.name, "by key path").appending(pool)
    return (filled, try filled.find(String.self), filled[\Reader<P>.name])
}

final class DIveSpellingTests: XCTestCase {
    @available(*, deprecated, message: "checks DIve's spellings")
    func testCodeGenericOverThePool() throws {
        let (pool, byType, byKeyPath) = try filled(Pool())
        XCTAssertEqual(byType, "by type")
        XCTAssertEqual(byKeyPath, "by key path")
        XCTAssertEqual(pool[String.self], "by type")
        XCTAssertEqual(Reader(pool: pool).name, "by key path")
    }

    @available(*, deprecated, message: "checks DIve's spellings")
    func testSerialLoaderOfSynchronousNodes() throws {
        let pool = try SerialLoader(dependencies: .chain).load(Pool())
        XCTAssertEqual(pool[String.self], "ab")
    }

    @available(*, deprecated, message: "checks DIve's spellings")
    func testConcurrentLoaderWithKeyPaths() async throws {
        let pool = try await ConcurrentLoader(dependencies: .keyed).load(Pool())
        XCTAssertEqual(try pool.find(\Reader<Pool>.name), "keyed")
        XCTAssertEqual(try pool.find(Person.self).name, "keyed")
        XCTAssertEqual(try pool.find((any Named).self).name, "keyed")
        let reader = Reader(pool: pool)
        XCTAssertEqual(reader.name, "keyed")
        XCTAssertEqual(reader.fallback, "fallback")
        XCTAssertEqual(reader.number, 7)
        XCTAssertEqual(Reader(pool: pool.appending(8)).number, 8)
    }

    @available(*, deprecated, message: "checks DIve's spellings")
    func testErrors() async throws {
        do {
            _ = try await ConcurrentLoader(dependencies: .cyclic).load(Pool())
            XCTFail("expected a cycle")
        } catch LoaderError.notDAG {
        }
        do {
            _ = try await SerialLoader(dependencies: .cyclic).load(Pool())
            XCTFail("expected a cycle")
        } catch {
            XCTAssertEqual(error as? LoaderError, .notDAG, "notDAG equals every cycle")
            XCTAssertEqual(error as? LoaderError, .cycle(["a", "b", "a"]))
        }
        XCTAssertNotEqual(LoaderError.notDAG, .duplicateId("a"))
        XCTAssertEqual(String(describing: LoaderError.notDAG), "Not a directed acyclic graph")
        do {
            _ = try await ConcurrentLoader(dependencies: .throwing).load(Pool())
            XCTFail("expected the node's error")
        } catch {
            XCTAssertEqual(error as? Failing, Failing(), "the node's own error is rethrown")
        }
        XCTAssertThrowsError(try Pool().find(Int.self)) { error in
            XCTAssertEqual(error as? PoolError, .objectNotFoundForType(Int.self))
        }
        XCTAssertThrowsError(try Pool().find(\Reader<Pool>.name)) { error in
            XCTAssertEqual(error as? PoolError, .objectNotFoundForKeyPath(\Reader<Pool>.name))
        }
        XCTAssertEqual(InjectedError.objectNotFound(\Reader<Pool>.name, String.self), .objectNotFoundForType(String.self))
    }

    @available(*, deprecated, message: "checks DIve's spellings")
    func testAppendingAPool() {
        let merged = Pool().appending(\Reader<Pool>.name, "1").appending("2")
            .appending(Pool().appending(\Reader<Pool>.name, "3").appending(4))
        XCTAssertEqual(merged[\Reader<Pool>.name], "3")
        XCTAssertEqual(merged[String.self], "2")
        XCTAssertEqual(merged[Int.self], 4)
    }
}
