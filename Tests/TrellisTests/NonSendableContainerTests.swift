import Atomics
import Testing
import Trellis

/// A framework type that is not `Sendable`, as Hummingbird's `Router` is: it collects routes.
final class RouteTable {
    private(set) var paths: [String] = []
    init() {}
    func add(_ path: String) { paths.append(path) }
}

/// A client that is not `Sendable` either, built asynchronously.
final class LegacyClient {
    let routes: Int
    init(routes: Int) { self.routes = routes }
}

/// Counts builds; `Sendable`, so that tests can read it from any task.
final class ReadBuildCounter: Sendable {
    private let count = ManagedAtomic(0)
    func increment() { count.wrappingIncrement(ordering: .relaxed) }
    /// Counts one more build and returns how many there have been (an id for what it builds).
    func next() -> Int { count.wrappingIncrementThenLoad(ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}

struct ClientError: Error, Equatable {}

// Not declared `Sendable`, and holding values that are not: it compiles, and its async members
// are built by their first reader (nothing may cross into a task).
@DIContainer
struct RoutingContainer {
    @Provide(.input)
    var builds: ReadBuildCounter

    @Provide(.input)
    var fails: Bool

    @Provide(
        .shared,
        factory: { () in
            let table = RouteTable()
            table.add("/health")
            return table
        }(), concrete: true)
    var routes: RouteTable

    @Provide(
        .shared,
        asyncFactory: { (routes: RouteTable, builds: ReadBuildCounter) async in
            builds.increment()
            routes.add("/clients")
            return LegacyClient(routes: routes.paths.count)
        }, concrete: true)
    var client: LegacyClient

    @Provide(
        .shared,
        asyncFactory: { (client: LegacyClient, fails: Bool, builds: ReadBuildCounter) async throws in
            builds.increment()
            if fails { throw ClientError() }
            return client.routes * 10
        }, concrete: true)
    var score: Int
}

// An internal struct whose values are all `Sendable` is inferred `Sendable`: its async members
// start building as soon as it is created.
@DIContainer
struct EagerContainer {
    @Provide(.input)
    var builds: ReadBuildCounter

    @Provide(
        .shared,
        asyncFactory: { (builds: ReadBuildCounter) async in
            builds.increment()
            return 7
        }, concrete: true)
    var seven: Int
}

@Suite("Containers whose values are not Sendable")
struct NonSendableContainerTests {
    @Test("an async member of a container that is not Sendable is built by its first reader, once, with what it reads")
    func readerBuildsOnce() async throws {
        let builds = ReadBuildCounter()
        let container = RoutingContainer(builds: builds, fails: false)
        #expect(builds.value == 0)
        let client = await container.client
        #expect(client.routes == 2)
        #expect(container.routes.paths == ["/health", "/clients"])
        #expect(await container.client === client)
        #expect(try await container.score == 20)
        #expect(try await container.score == 20)
        #expect(builds.value == 2)
    }

    @Test("a reader-built member's error reaches every reader, and its factory is not run again")
    func readerBuildFailureIsKept() async {
        let builds = ReadBuildCounter()
        let container = RoutingContainer(builds: builds, fails: true)
        await #expect(throws: ClientError()) { try await container.score }
        await #expect(throws: ClientError()) { try await container.score }
        #expect(builds.value == 2)
    }

    @Test("an override of a reader-built member is returned without building it")
    func overrideSkipsReaderBuild() async {
        let builds = ReadBuildCounter()
        let given = LegacyClient(routes: 99)
        let container = RoutingContainer(builds: builds, fails: false, client: given)
        #expect(await container.client === given)
        #expect(builds.value == 0)
    }

    @Test("an internal struct inferred Sendable starts its async members when it is created")
    func inferredSendableStartsEagerly() async throws {
        let builds = ReadBuildCounter()
        let container = EagerContainer(builds: builds)
        // Nothing reads the member: only the task the initializer started can build it.
        for _ in 0..<2000 where builds.value == 0 {
            try await Task.sleep(for: .milliseconds(1))
        }
        #expect(builds.value == 1)
        #expect(await container.seven == 7)
        #expect(builds.value == 1)
    }

    @Test("readers that find a reader's build under way wait for it and get its value")
    func concurrentReadersOfACellShareOneBuild() async {
        let builds = ReadBuildCounter()
        let cell = AsyncShared<Int, Never>(override: nil)
        let gate = Gate(count: 1)
        let values = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    await cell.value {
                        builds.increment()
                        await gate.arrive()
                        try? await Task.sleep(for: .milliseconds(20))
                        return 42
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(values == Array(repeating: 42, count: 16))
        #expect(builds.value == 1)
    }
}
