import Atomics
import Testing
import Trellis

// Providers and lazy values: members that get another member later, many times, or never.

/// A unit of work built for each job.
final class JobHandler: Sendable {
    static let constructions = ManagedAtomic<Int>(0)
    let queue: String
    init(queue: String) {
        self.queue = queue
        Self.constructions.wrappingIncrement(ordering: .relaxed)
    }
}

/// Builds a handler per job through a provider.
final class JobRunner: Sendable {
    let makeHandler: Provider<JobHandler>
    init(makeHandler: Provider<JobHandler>) { self.makeHandler = makeHandler }
    func run(jobs: Int) -> [JobHandler] { (0..<jobs).map { _ in makeHandler() } }
}

/// Something costly that most requests never need.
final class ReportRenderer: Sendable {
    static let constructions = ManagedAtomic<Int>(0)
    init() { Self.constructions.wrappingIncrement(ordering: .relaxed) }
}

final class ReportService: Sendable {
    let renderer: Lazy<ReportRenderer>
    init(renderer: Lazy<ReportRenderer>) { self.renderer = renderer }
}

/// Two services that need each other: the session reads the authenticator, which reaches the
/// session back through a provider, so there is no cycle while the container is built.
final class LoginSession: Sendable {
    let authenticator: Authenticator
    init(authenticator: Authenticator) { self.authenticator = authenticator }
}

final class Authenticator: Sendable {
    let session: Provider<LoginSession>
    init(session: Provider<LoginSession>) { self.session = session }
}

@DIContainer
struct JobContainer {
    @Provide(.input)
    var queue: String

    @Provide(.transient, factory: { (queue: String) in JobHandler(queue: queue) }, concrete: true)
    var handler: JobHandler

    @Provide(.shared, factory: { (handler: Provider<JobHandler>) in JobRunner(makeHandler: handler) }, concrete: true)
    var runner: JobRunner

    @Provide(.onDemand, factory: { () in ReportRenderer() }, concrete: true)
    var renderer: ReportRenderer

    @Provide(.shared, factory: { (renderer: Lazy<ReportRenderer>) in ReportService(renderer: renderer) }, concrete: true)
    var reports: ReportService

    @Provide(.shared, factory: { (authenticator: Authenticator) in LoginSession(authenticator: authenticator) }, concrete: true)
    var session: LoginSession

    @Provide(.shared, factory: { (session: Trellis.Provider<LoginSession>) in Authenticator(session: session) }, concrete: true)
    var authenticator: Authenticator

    // Made after the container exists: a transient holding a provider of a shared member.
    @Provide(.transient, factory: { (runner: Provider<JobRunner>) in JobRunnerHandle(runner: runner) }, concrete: true)
    var runnerHandle: JobRunnerHandle
}

struct JobRunnerHandle: Sendable {
    let runner: Provider<JobRunner>
}

// The same in a final class container, whose link is the container itself.
@DIContainer
final class ClassJobContainer {
    @Provide(.input)
    var queue: String

    @Provide(.transient, factory: { (queue: String) in JobHandler(queue: queue) }, concrete: true)
    var handler: JobHandler

    @Provide(.shared, factory: { (handler: Provider<JobHandler>) in JobRunner(makeHandler: handler) }, concrete: true)
    var runner: JobRunner
}

/// Counted only by `lazyNeverCalled`, so tests running in parallel cannot change the count.
final class Probe: Sendable {
    static let constructions = ManagedAtomic<Int>(0)
    init() { Self.constructions.wrappingIncrement(ordering: .relaxed) }
}

struct ProbeHolder: Sendable {
    let probe: Lazy<Probe>
}

@DIContainer
struct ProbeContainer {
    @Provide(.onDemand, factory: Probe(), concrete: true)
    var probe: Probe

    @Provide(.shared, factory: { (probe: Lazy<Probe>) in ProbeHolder(probe: probe) }, concrete: true)
    var holder: ProbeHolder
}

/// What a `buildApplication` function returns: built by a `.transient` member from a provider and
/// a scope-creating function, used long after the container that built it is gone.
final class Served: Sendable {
    let handler: Provider<JobHandler>
    let request: @Sendable (String) -> RequestedJob
    init(handler: Provider<JobHandler>, request: @escaping @Sendable (String) -> RequestedJob) {
        self.handler = handler
        self.request = request
    }
}

@DIContainer(root: true)
final class ServingContainer {
    @Provide(.input)
    var queue: String

    @Provide(.transient, factory: { (queue: String) in JobHandler(queue: queue) }, concrete: true)
    var handler: JobHandler

    @Assisted(.scope)
    func request(id: String) -> RequestedJob

    // Kept by the container: its provider must not keep the container alive.
    @Provide(.shared, factory: { (handler: Provider<JobHandler>) in JobRunner(makeHandler: handler) }, concrete: true)
    var runner: JobRunner

    // Never kept: what it holds keeps the container for as long as the value lives.
    @Provide(
        .transient,
        factory: { (handler: Provider<JobHandler>, request: @escaping @Sendable (String) -> RequestedJob) in
            Served(handler: handler, request: request)
        }, concrete: true)
    var served: Served
}

@DIContainer(parent: ServingContainer.self)
final class RequestedJob: Sendable {
    @Provide(.argument)
    var id: String

    @Provide(.shared, factory: { (handler: JobHandler) in handler }, concrete: true)
    var job: JobHandler
}

// A server's root, declared permanent: its kept `application` holds the scope function and a
// provider, and the program keeps only the application (a `buildApplication` returning
// `container.application`, as the crash the weak link gives otherwise would stop).
struct RootApplication: Sendable {
    let request: @Sendable (String) -> RootRequest
    let handler: Provider<JobHandler>
}

@DIContainer(root: true, permanent: true)
final class RootServer: Sendable {
    @Provide(.input)
    var queue: String

    @Provide(.transient, factory: { (queue: String) in JobHandler(queue: queue) }, concrete: true)
    var handler: JobHandler

    @Assisted(.scope)
    func request(id: String) -> RootRequest

    @Provide(
        .shared,
        factory: { (request: @escaping @Sendable (String) -> RootRequest, handler: Provider<JobHandler>) in
            RootApplication(request: request, handler: handler)
        }, concrete: true)
    var application: RootApplication
}

@DIContainer(parent: RootServer.self)
final class RootRequest: Sendable {
    @Provide(.argument)
    var id: String

    @Provide(.shared, factory: { (queue: String) in "\(queue)/" }, concrete: true)
    var path: String
}

// The same root as a struct, whose values live in a storage object the link keeps.
@DIContainer(permanent: true)
struct RootStructServer {
    @Provide(.input)
    var queue: String

    @Provide(.transient, factory: { (queue: String) in JobHandler(queue: queue) }, concrete: true)
    var handler: JobHandler

    @Provide(.shared, factory: { (handler: Provider<JobHandler>) in JobRunner(makeHandler: handler) }, concrete: true)
    var runner: JobRunner
}

@Suite("Permanent containers")
struct PermanentContainerTests {
    @Test("a permanent container's kept member calls its function and provider after the program let the container go")
    func keptMemberOutlivesTheProgramsReference() {
        weak var released: RootServer?
        let application: RootApplication = {
            let server = RootServer(queue: "web")
            released = server
            return server.application
        }()
        #expect(application.request("r1").path == "web/")
        #expect(application.request("r1").id == "r1")
        #expect(application.handler().queue == "web")
        // The container keeps itself: it lives as long as the program, as documented.
        #expect(released != nil)
    }

    @Test("a permanent struct's kept member calls its provider after the program let the container go")
    func structRoot() {
        let runner = RootStructServer(queue: "jobs").runner
        #expect(runner.run(jobs: 2).allSatisfy { $0.queue == "jobs" })
    }
}

@Suite("Providers and lazy values")
struct ProviderTests {
    @Test("a provider of a transient builds a new instance on each call, from the container's inputs")
    func transientProvider() {
        let container = JobContainer(queue: "mail")
        let handlers = container.runner.run(jobs: 3)
        #expect(handlers.count == 3)
        #expect(Set(handlers.map(ObjectIdentifier.init)).count == 3)
        #expect(handlers.allSatisfy { $0.queue == "mail" })
    }

    @Test("a provider of a shared member returns the container's one instance, and breaks the construction cycle")
    func sharedProviderBreaksCycle() {
        let container = JobContainer(queue: "mail")
        #expect(container.authenticator.session() === container.session)
        #expect(container.session.authenticator === container.authenticator)
        #expect(container.runnerHandle.runner() === container.runner)
    }

    @Test("a lazy value builds nothing until called, then keeps what it got, shared with the container")
    func lazyValue() {
        let before = ReportRenderer.constructions.load(ordering: .relaxed)
        let container = JobContainer(queue: "reports")
        let service = container.reports
        let first = service.renderer()
        #expect(service.renderer() === first)
        #expect(container.renderer === first)
        #expect(ReportRenderer.constructions.load(ordering: .relaxed) - before >= 1)
    }

    @Test("a lazy value of an on-demand member leaves it unbuilt until called, then gets the container's instance")
    func lazyNeverCalled() {
        let container = ProbeContainer()
        let holder = container.holder
        #expect(Probe.constructions.load(ordering: .relaxed) == 0)
        let probe = holder.probe()
        #expect(Probe.constructions.load(ordering: .relaxed) == 1)
        #expect(holder.probe() === probe)
        #expect(container.probe === probe)
        #expect(Probe.constructions.load(ordering: .relaxed) == 1)
    }

    @Test("an override replaces what the provider returns, as it replaces a read")
    func overrides() {
        let fixed = JobHandler(queue: "fixed")
        let container = JobContainer(queue: "mail", handler: fixed)
        #expect(container.runner.run(jobs: 2).allSatisfy { $0 === fixed })
    }

    @Test("a class container's providers work the same")
    func classContainer() {
        let container = ClassJobContainer(queue: "sms")
        let handlers = container.runner.run(jobs: 2)
        #expect(handlers[0] !== handlers[1])
        #expect(handlers.allSatisfy { $0.queue == "sms" })
    }

    /// Whether the container `make` creates is released once `use` returned and nothing else
    /// holds it.
    static func isReleased<Container: AnyObject>(_ make: () -> Container, after use: (Container) -> Void) -> Bool {
        weak var released: Container?
        do {
            let container = make()
            use(container)
            released = container
        }
        return released == nil
    }

    @Test("providers do not keep their container alive")
    func noRetainCycle() {
        #expect(Self.isReleased({ ClassJobContainer(queue: "sms") }, after: { _ = $0.runner.run(jobs: 1) }))
    }

    @Test("a value the container never keeps takes it along: a transient returned from a container let go works")
    func transientOutlivesItsCaller() {
        weak var released: ServingContainer?
        var served: Served? = {
            let container = ServingContainer(queue: "web")
            released = container
            return container.served
        }()
        // Only `served` holds the container now, and its provider and function still reach it.
        #expect(released != nil)
        #expect(served?.handler().queue == "web")
        #expect(served?.request("r1").job.queue == "web")
        #expect(served?.request("r1").id == "r1")
        served = nil
        #expect(released == nil)
    }

    @Test("a kept member's provider still lets the container go")
    func keptMemberDoesNotKeepTheContainer() {
        #expect(Self.isReleased({ ServingContainer(queue: "web") }, after: { _ = $0.runner.run(jobs: 1) }))
    }

    @Test("a kept member calling its provider after the container is gone stops with a message naming both members")
    func keptMemberAfterRelease() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let runner = ServingContainer(queue: "web").runner
            _ = runner.run(jobs: 1)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("'runner' called its Provider, Lazy or function of 'handler' after its container"))
        #expect(message.contains("make 'runner' .transient if only .transient members read it"))
    }

    @Test("many tasks calling one lazy value get one instance")
    func lazyFromManyTasks() async {
        let container = JobContainer(queue: "reports")
        let service = container.reports
        let identities = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<16 { group.addTask { ObjectIdentifier(service.renderer()) } }
            return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(identities.count == 1)
    }

    @Test("a provider made by hand passes a value to a member in a test")
    func handMade() {
        let handler = JobHandler(queue: "test")
        let runner = JobRunner(makeHandler: Provider { handler })
        #expect(runner.run(jobs: 2).allSatisfy { $0 === handler })
        let lazy = Lazy { ReportRenderer() }
        #expect(lazy() === lazy())
    }
}
