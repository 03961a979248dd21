import Testing
import Trellis

/// A connection opened on first use: what a member built by an async factory on demand holds.
final class LazyConnection: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
}

struct ConnectionRefused: Error, Equatable {}

/// Async `.onDemand` members in a `Sendable` container: none is built when the container is created,
/// unless an async `.shared` member reads it.
@DIContainer(concrete: true)
final class OnDemandConnections: Sendable {
    @Provide(.input) var counter: ReadBuildCounter
    @Provide(.input) var pool: ReadBuildCounter

    @Provide(
        .onDemand,
        asyncFactory: { (counter: ReadBuildCounter) async in
            try? await Task.sleep(for: .milliseconds(20))
            return LazyConnection(id: counter.next())
        })
    var connection: LazyConnection

    @Provide(
        .onDemand,
        asyncFactory: { (counter: ReadBuildCounter) async throws -> LazyConnection in
            _ = counter.next()
            throw ConnectionRefused()
        })
    var refused: LazyConnection

    /// Reads the on-demand member: its first read builds it.
    @Provide(.transient, asyncFactory: { (connection: LazyConnection) async in connection.id })
    var connectionID: Int

    /// Built when the container is created, and so is the on-demand member it reads.
    @Provide(.shared, asyncFactory: { (pooled: LazyConnection) async in "pool of \(pooled.id)" })
    var poolName: String

    @Provide(.onDemand, asyncFactory: { (pool: ReadBuildCounter) async in LazyConnection(id: pool.next()) })
    var pooled: LazyConnection
}

/// A container that is not `Sendable` (it holds a non-`Sendable` value): its async on-demand member
/// is built by its first reader too.
@DIContainer(concrete: true)
struct LocalConnections {
    @Provide(.input) var counter: ReadBuildCounter
    @Provide(.input) var scratch: NonSendableScratch
    @Provide(.onDemand, asyncFactory: { (counter: ReadBuildCounter) async in LazyConnection(id: counter.next()) })
    var connection: LazyConnection
}

/// Not `Sendable`.
final class NonSendableScratch {
    var notes: [String] = []
    init() {}
}

@DIContainer(concrete: true, mainActor: true)
final class MainActorConnections {
    @Provide(.input) var counter: ReadBuildCounter
    @Provide(.onDemand, asyncFactory: { (counter: ReadBuildCounter) async in LazyConnection(id: counter.next()) })
    var connection: LazyConnection
}

@Suite("Async on-demand members")
struct AsyncOnDemandTests {
    @Test("an async on-demand member is built by its first read, once, however many readers race")
    func builtOnFirstRead() async throws {
        let counter = ReadBuildCounter()
        let container = OnDemandConnections(counter: counter, pool: ReadBuildCounter())
        try await Task.sleep(for: .milliseconds(50))
        #expect(counter.value == 0)
        let connections = await withTaskGroup(of: LazyConnection.self) { group in
            for _ in 0..<8 { group.addTask { await container.connection } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(connections.count == 8)
        #expect(connections.allSatisfy { $0 === connections[0] })
        #expect(counter.value == 1)
        #expect(await container.connectionID == 1)
        #expect(counter.value == 1)
    }

    @Test("an async shared member that reads an async on-demand member builds it with the container")
    func readBySharedMember() async throws {
        let pool = ReadBuildCounter()
        let container = OnDemandConnections(counter: ReadBuildCounter(), pool: pool)
        #expect(await container.poolName == "pool of 1")
        #expect(await container.pooled.id == 1)
        #expect(pool.value == 1)
    }

    @Test("a failed build keeps its error: every reader gets it, and the factory is not run again")
    func failureIsKept() async {
        let counter = ReadBuildCounter()
        let container = OnDemandConnections(counter: counter, pool: ReadBuildCounter())
        await #expect(throws: ConnectionRefused.self) { try await container.refused }
        await #expect(throws: ConnectionRefused.self) { try await container.refused }
        #expect(counter.value == 1)
    }

    @Test("an override replaces the factory, also for the members that read it")
    func override() async {
        let counter = ReadBuildCounter()
        let container = OnDemandConnections(
            counter: counter, pool: ReadBuildCounter(), connection: LazyConnection(id: 42), pooled: LazyConnection(id: 7))
        #expect(await container.connection.id == 42)
        #expect(await container.connectionID == 42)
        #expect(await container.poolName == "pool of 7")
        #expect(counter.value == 0)
    }

    @Test("in a container that is not Sendable, the first reader builds it")
    func notSendableContainer() async {
        let counter = ReadBuildCounter()
        let local = LocalConnections(counter: counter, scratch: NonSendableScratch())
        #expect(counter.value == 0)
        let first = await local.connection
        #expect(await local.connection === first)
        #expect(counter.value == 1)
    }

    @Test("in a main-actor container, the first reader builds it")
    @MainActor
    func mainActorContainer() async {
        let counter = ReadBuildCounter()
        let container = MainActorConnections(counter: counter)
        #expect(counter.value == 0)
        let first = await container.connection
        #expect(await container.connection === first)
        #expect(counter.value == 1)
    }
}
