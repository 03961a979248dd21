import Logging
import ServiceLifecycle
import Testing
import Trellis
import TrellisServiceLifecycle

/// What the fake services did, in the order they did it.
actor EventLog {
    private(set) var events: [String] = []

    func record(_ event: String) { events.append(event) }

    /// Waits until `count` events are recorded (at most about five seconds).
    func waitForEvents(_ count: Int) async throws {
        for _ in 0..<1_000 where events.count < count {
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}

struct StartFailure: Error, Equatable {
    let service: String
}

/// A service that records when it starts and stops, and fails to start when told to.
final class FakeService: Service, CustomStringConvertible {
    let name: String
    let log: EventLog
    let failsToStart: Bool

    init(_ name: String, log: EventLog, failing: String?) {
        self.name = name
        self.log = log
        self.failsToStart = failing == name
    }

    var description: String { name }

    func run() async throws {
        await log.record("start \(name)")
        if failsToStart { throw StartFailure(service: name) }
        // Waits for the group's graceful shutdown of this service (or its cancellation).
        try? await gracefulShutdown()
        await log.record("stop \(name)")
    }
}

/// Reads the database; not a service itself, but the server depends on the database through it.
final class Repository: Sendable {
    let database: FakeService
    init(database: FakeService) { self.database = database }
}

/// Services declared in no particular order: the graph decides the order.
@DIContainer
final class ServerContainer: Sendable {
    @Provide(.input) var log: EventLog
    @Provide(.input) var failing: String?

    @Provide(
        .shared,
        factory: { (repository: Repository, cache: FakeService, log: EventLog, failing: String?) in
            FakeService("server", log: log, failing: failing)
        }, concrete: true, service: true)
    var server: FakeService

    @Provide(
        .shared, factory: { (log: EventLog, failing: String?) in FakeService("metrics", log: log, failing: failing) },
        concrete: true, service: true)
    var metrics: FakeService

    @Provide(
        .shared,
        factory: { (database: FakeService, log: EventLog, failing: String?) in
            FakeService("cache", log: log, failing: failing)
        }, concrete: true, service: true)
    var cache: FakeService

    @Provide(.shared, Repository.self, with: [\Self.database], concrete: true)
    var repository: Repository

    @Provide(
        .shared, factory: { (log: EventLog, failing: String?) in FakeService("database", log: log, failing: failing) },
        concrete: true, service: true)
    var database: FakeService
}

/// The same graph, declared in the opposite order.
@DIContainer
final class ReorderedServerContainer: Sendable {
    @Provide(
        .shared, factory: { (log: EventLog) in FakeService("database", log: log, failing: nil) }, concrete: true,
        service: true)
    var database: FakeService
    @Provide(.shared, Repository.self, with: [\Self.database], concrete: true)
    var repository: Repository
    @Provide(
        .shared, factory: { (database: FakeService, log: EventLog) in FakeService("cache", log: log, failing: nil) },
        concrete: true, service: true)
    var cache: FakeService
    @Provide(
        .shared, factory: { (log: EventLog) in FakeService("metrics", log: log, failing: nil) }, concrete: true,
        service: true)
    var metrics: FakeService
    @Provide(
        .shared,
        factory: { (repository: Repository, cache: FakeService, log: EventLog) in
            FakeService("server", log: log, failing: nil)
        }, concrete: true, service: true)
    var server: FakeService
    @Provide(.input) var log: EventLog
}

/// A service built asynchronously, and one that is not a `Service` at all. Its type is an
/// existential, which only the value can tell: a concrete type that is not a `Service` would be
/// warned of where it is declared, since this file imports `TrellisServiceLifecycle`.
@DIContainer
struct AsyncServices {
    @Provide(.input) var log: EventLog
    @Provide(
        .shared, asyncFactory: { (log: EventLog) async in FakeService("pool", log: log, failing: nil) }, concrete: true,
        service: true)
    var pool: FakeService
    @Provide(
        .shared, asyncFactory: { (pool: FakeService) async -> any Sendable in Repository(database: pool) },
        service: true)
    var repository: any Sendable
}

/// A service that exists in one configuration only: a database client when not in memory.
@DIContainer
final class OptionalServices: Sendable {
    @Provide(.input) var log: EventLog
    @Provide(.input) var inMemory: Bool
    @Provide(
        .shared,
        factory: { (inMemory: Bool, log: EventLog) in inMemory ? nil : FakeService("postgres", log: log, failing: nil) },
        concrete: true, service: true)
    var postgres: FakeService?
    @Provide(
        .shared, factory: { (postgres: FakeService?, log: EventLog) in FakeService("server", log: log, failing: nil) },
        concrete: true, service: true)
    var server: FakeService
}

@Suite("Services start in graph order and stop in reverse")
struct ServiceStartOrderTests {
    static let expectedOrder = ["database", "metrics", "cache", "server"]
    let logger = Logger(label: "trellis.tests", factory: { _ in SwiftLogNoOpLogHandler() })

    @Test("each service starts after the services it reads, directly or through other members")
    func orderFollowsTheGraph() throws {
        let container = ServerContainer(log: EventLog(), failing: nil)
        // The server reads the database through the repository, which is not a service.
        #expect(container.serviceStartOrder.names == Self.expectedOrder)
        #expect(try container.serviceStartOrder.services().map { "\($0)" } == Self.expectedOrder)
    }

    @Test("reordering the declarations does not change the order")
    func orderIgnoresDeclarationOrder() {
        #expect(ReorderedServerContainer(log: EventLog()).serviceStartOrder.names == Self.expectedOrder)
    }

    @Test("the configurations name each service after its member and shut the group down gracefully")
    func configurations() throws {
        let configurations = try ServerContainer(log: EventLog(), failing: nil).serviceStartOrder.configurations()
        #expect(configurations.map(\.serviceName) == Self.expectedOrder)
        #expect(configurations.allSatisfy { "\($0.failureTerminationBehavior)" == "gracefullyShutdownGroup" })
        #expect(configurations.allSatisfy { "\($0.successTerminationBehavior)" == "gracefullyShutdownGroup" })
    }

    @Test("a ServiceGroup runs every service and shuts them down in reverse start order")
    func shutdownRunsInReverse() async throws {
        let log = EventLog()
        let container = ServerContainer(log: log, failing: nil)
        try await runUntilShutdown(container.serviceStartOrder, startedWhen: log, hasEvents: 4)
        let events = await log.events
        // ServiceGroup creates the services' tasks in start order and runs them concurrently, so the
        // starts may interleave; the shutdown is sequential: each service stops after the one started
        // after it has finished.
        #expect(Set(events.prefix(4)) == Set(Self.expectedOrder.map { "start \($0)" }))
        #expect(Array(events.dropFirst(4)) == Self.expectedOrder.reversed().map { "stop \($0)" })
    }

    @Test("when a service fails to start, the others stop in reverse order and the error reaches the caller")
    func failureToStart() async throws {
        let log = EventLog()
        let container = ServerContainer(log: log, failing: "cache")
        let group = try ServiceGroup(services: container.serviceStartOrder, logger: logger)
        await #expect(throws: StartFailure(service: "cache")) { try await group.run() }
        let events = await log.events
        #expect(Set(events.filter { $0.hasPrefix("start") }) == Set(Self.expectedOrder.map { "start \($0)" }))
        #expect(events.filter { $0.hasPrefix("stop") } == ["stop server", "stop metrics", "stop database"])
    }

    @Test("an optional service is in the order when present and left out when nil")
    func optionalService() throws {
        let present = OptionalServices(log: EventLog(), inMemory: false).serviceStartOrder
        #expect(present.names == ["postgres", "server"])
        #expect(try present.services().count == 2)
        let absent = OptionalServices(log: EventLog(), inMemory: true).serviceStartOrder
        #expect(absent.names == ["server"])
        #expect(try absent.services().map { "\($0)" } == ["server"])
    }

    @Test("an async service makes the order async; a value that is not a Service is named before anything runs")
    func asyncAndNotAService() async throws {
        let order = await AsyncServices(log: EventLog()).serviceStartOrder
        #expect(order.names == ["pool", "repository"])
        #expect(throws: NotAServiceError(member: "repository", type: "TrellisServiceLifecycleTests.Repository")) {
            try order.services()
        }
        let error = NotAServiceError(member: "repository", type: "Repository")
        #expect(
            "\(error)"
                == "'repository' is marked 'service: true' but its value, of type 'Repository', does not conform to ServiceLifecycle's 'Service'; conform it or remove 'service:'"
        )
    }

    @Test("the order is a sequence of its services, for an API that takes one without 'try'")
    func orderIsASequence() {
        let order = ServerContainer(log: EventLog(), failing: nil).serviceStartOrder
        // Hummingbird's `addServices(_:)` takes `some Sequence<any Service>`.
        func added(_ services: some Sequence<any Service>) -> [String] { services.map { "\($0)" } }
        #expect(added(order) == Self.expectedOrder)
        #expect(order.underestimatedCount == 4)
        let closing = ClosingContainer(log: EventLog(), withSpare: false).serviceStartOrder
        #expect(added(closing) == ["zclient (closed on shutdown)", "reader"])
        #expect(added(OptionalServices(log: EventLog(), inMemory: true).serviceStartOrder) == ["server"])
    }

    @Test("in the sequence, a value that is not a Service is a service that fails as it starts, stopping its group")
    func sequenceWithAValueThatIsNoService() async throws {
        let log = EventLog()
        let order = await AsyncServices(log: log).serviceStartOrder
        let services = Array(order)
        #expect(services.map { "\($0)" } == ["pool", "repository (not a Service)"])
        let group = ServiceGroup(services: services, logger: logger)
        await #expect(throws: NotAServiceError(member: "repository", type: "TrellisServiceLifecycleTests.Repository")) {
            try await group.run()
        }
    }
}

/// A resource that must be closed and is not a `Service` (an HTTP client, an event loop group).
final class ClosableClient: Sendable {
    let name: String
    let log: EventLog
    init(_ name: String, log: EventLog) {
        self.name = name
        self.log = log
    }
    func shutdown() async { await log.record("close \(name)") }
}

/// A service that reads the client, so it must stop before the client is closed.
final class ClientReader: Service, CustomStringConvertible {
    let client: ClosableClient
    init(client: ClosableClient) { self.client = client }
    var description: String { "reader" }
    func run() async throws {
        await client.log.record("start reader")
        try? await gracefulShutdown()
        await client.log.record("stop reader")
    }
}

/// Members closed on shutdown: one the reader reads, and one that exists in one configuration only.
@DIContainer
final class ClosingContainer: Sendable {
    @Provide(.input) var log: EventLog
    @Provide(.input) var withSpare: Bool
    // Declared last by name and in the file: the graph, not the order of declarations, decides.
    @Provide(.shared, factory: { (zclient: ClosableClient) in ClientReader(client: zclient) }, concrete: true, service: true)
    var reader: ClientReader
    @Provide(
        .shared, factory: { (log: EventLog) in ClosableClient("client", log: log) }, concrete: true,
        shutdown: { (client: ClosableClient) in await client.shutdown() })
    var zclient: ClosableClient
    @Provide(
        .shared,
        factory: { (withSpare: Bool, log: EventLog) in withSpare ? ClosableClient("spare", log: log) : nil },
        concrete: true, shutdown: { (client: ClosableClient) in await client.shutdown() })
    var spare: ClosableClient?
}

@Suite("Members closed on shutdown")
struct ShutdownClosureTests {
    let logger = Logger(label: "trellis.tests", factory: { _ in SwiftLogNoOpLogHandler() })

    @Test("a value with shutdown: starts before the services that read it, and is closed after they stop")
    func closedAfterItsReaders() async throws {
        let log = EventLog()
        let container = ClosingContainer(log: log, withSpare: false)
        #expect(container.serviceStartOrder.names == ["zclient", "reader"])
        try await runUntilShutdown(container.serviceStartOrder, startedWhen: log, hasEvents: 1)
        #expect(await log.events == ["start reader", "stop reader", "close client"])
    }

    @Test("an optional value is closed when present and left out when nil")
    func optionalValue() async throws {
        let log = EventLog()
        let container = ClosingContainer(log: log, withSpare: true)
        // `spare` reads as many members as `reader`, and comes after it by name.
        #expect(container.serviceStartOrder.names == ["zclient", "reader", "spare"])
        #expect(ClosingContainer(log: log, withSpare: false).serviceStartOrder.names == ["zclient", "reader"])
        try await runUntilShutdown(container.serviceStartOrder, startedWhen: log, hasEvents: 1)
        let events = await log.events
        #expect(events == ["start reader", "close spare", "stop reader", "close client"])
    }

    @Test("an error thrown while closing reaches the caller of the group's run")
    func closingError() async throws {
        let container = FailingClose()
        let group = try ServiceGroup(services: container.serviceStartOrder, logger: logger)
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { await #expect(throws: CloseFailure()) { try await group.run() } }
            try await Task.sleep(for: .milliseconds(20))
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
    }

    @Test("services(excluding:) leaves out the named members, for an application that runs the others itself")
    func excluding() throws {
        let order = ClosingContainer(log: EventLog(), withSpare: true).serviceStartOrder
        #expect(try order.services(excluding: "reader").count == 2)
        #expect(try order.services(excluding: "reader", "spare").count == 1)
        #expect(try order.services(excluding: "spare", "zclient").map { "\($0)" } == ["reader"])
        // A member closed on shutdown is named in logs that print services.
        #expect(
            try order.services(excluding: "reader").map { "\($0)" } == [
                "zclient (closed on shutdown)", "spare (closed on shutdown)",
            ])
        // An optional service that is `nil` here may still be named: the name is declared.
        let withoutSpare = ClosingContainer(log: EventLog(), withSpare: false).serviceStartOrder
        #expect(try withoutSpare.services(excluding: "spare", "reader").count == 1)
    }

    @Test("services(excluding:) refuses a name that is no service member, as a typo would be")
    func excludingUnknownName() throws {
        let order = ClosingContainer(log: EventLog(), withSpare: true).serviceStartOrder
        let error = try #require(throws: UnknownServiceError.self) { try order.services(excluding: "reader", "raeder") }
        #expect(error == UnknownServiceError(name: "raeder", services: ["zclient", "reader", "spare"]))
        #expect(
            error.description
                == "services(excluding:) names 'raeder', which is not a member marked 'service: true' of the container (they are 'zclient', 'reader', 'spare'); name the member as it is declared"
        )
    }

    @Test("a test's override is what is closed")
    func overrideIsClosed() async throws {
        let log = EventLog()
        let container = ClosingContainer(log: log, withSpare: false, zclient: ClosableClient("fake", log: log))
        try await runUntilShutdown(container.serviceStartOrder, startedWhen: log, hasEvents: 1)
        #expect(await log.events.last == "close fake")
    }
}

struct CloseFailure: Error, Equatable {}

/// A value whose closing fails.
@DIContainer
final class FailingClose: Sendable {
    @Provide(.shared, factory: { "handle" }, concrete: true, shutdown: { (handle: String) in throw CloseFailure() })
    var handle: String
}

/// Runs a group of `order`'s services until `log` has `count` events, then shuts it down gracefully
/// and waits for it to finish.
func runUntilShutdown(_ order: ServiceStartOrder, startedWhen log: EventLog, hasEvents count: Int) async throws {
    let group = try ServiceGroup(
        services: order, logger: Logger(label: "trellis.tests", factory: { _ in SwiftLogNoOpLogHandler() }))
    try await withThrowingTaskGroup(of: Void.self) { tasks in
        tasks.addTask { try await group.run() }
        try await log.waitForEvents(count)
        await group.triggerGracefulShutdown()
        try await tasks.waitForAll()
    }
}
