import Trellis

// A worker with a provider of per-job handlers and a lazy report renderer, and a server with eight
// routes collected from its members: the shapes of `ProviderTests` and `CollectionTests`, each
// beside the same written by hand.

final class Handler: Sendable {
    let queue: String
    init(queue: String) { self.queue = queue }
}

final class Renderer: Sendable {}

/// What holds the providers: builds one handler per job, and reaches the main one when needed.
final class Runner: Sendable {
    let makeHandler: Provider<Handler>
    let current: Provider<Handler>
    init(makeHandler: Provider<Handler>, current: Provider<Handler>) {
        self.makeHandler = makeHandler
        self.current = current
    }
}

protocol Route: AnyObject, Sendable {}
final class StaticRoute: Route {}

@DIContainer
struct Worker {
    @Provide(.input)
    var queue: String

    @Provide(.transient, factory: { (queue: String) in Handler(queue: queue) }, concrete: true)
    var handler: Handler

    @Provide(.shared, factory: { (queue: String) in Handler(queue: queue) }, concrete: true)
    var mainHandler: Handler

    @Provide(
        .shared,
        factory: { (handler: Provider<Handler>, mainHandler: Provider<Handler>) in
            Runner(makeHandler: handler, current: mainHandler)
        }, concrete: true)
    var runner: Runner
}

/// The worker written by hand: the runner reaches the worker through a weak reference set when the
/// initializer ends, as a careful author would write it to avoid a retain cycle.
final class HandWrittenWorker: Sendable {
    private final class Link: @unchecked Sendable {
        weak var worker: HandWrittenWorker?
    }

    let queue: String
    let mainHandler: Handler
    let runner: Runner

    var handler: Handler { Handler(queue: queue) }

    init(queue: String) {
        let link = Link()
        self.queue = queue
        mainHandler = Handler(queue: queue)
        runner = Runner(makeHandler: Provider { link.worker!.handler }, current: Provider { link.worker!.mainHandler })
        link.worker = self
    }
}

@DIContainer
final class RouteTable {
    @Provide(.shared, factory: StaticRoute(), into: \Self.routes)
    var r0: any Route
    @Provide(.shared, factory: StaticRoute(), into: \Self.routes)
    var r1: any Route
    @Provide(.shared, factory: StaticRoute(), into: \Self.routes)
    var r2: any Route
    @Provide(.shared, factory: StaticRoute(), into: \Self.routes)
    var r3: any Route
    @Provide(.shared, factory: StaticRoute(), into: \Self.routes)
    var r4: any Route
    @Provide(.shared, factory: StaticRoute(), into: \Self.routes)
    var r5: any Route
    @Provide(.shared, factory: StaticRoute(), into: \Self.routes)
    var r6: any Route
    @Provide(.shared, factory: StaticRoute(), into: \Self.routes)
    var r7: any Route
    @Provide(.collection)
    var routes: [any Route]
}

final class HandWrittenRouteTable {
    let r0: any Route = StaticRoute()
    let r1: any Route = StaticRoute()
    let r2: any Route = StaticRoute()
    let r3: any Route = StaticRoute()
    let r4: any Route = StaticRoute()
    let r5: any Route = StaticRoute()
    let r6: any Route = StaticRoute()
    let r7: any Route = StaticRoute()
    // Not inlined, as a builder is not: otherwise the optimizer reads the one element used and never
    // builds the array.
    var routes: [any Route] {
        @inline(never) get { [r0, r1, r2, r3, r4, r5, r6, r7] }
    }
}

/// A connection an async factory opens: built once, in a task the container starts.
final class Connection: Sendable {
    let name: String
    init(name: String) { self.name = name }
    static func open(_ name: String) async -> Connection { Connection(name: name) }
}

/// An async `.shared` member: the container, `Sendable` as the hand-written one is, starts its build
/// when it is created, and every read awaits the same instance.
@DIContainer
final class Pool: Sendable {
    @Provide(.input)
    var name: String

    @Provide(.shared, asyncFactory: { (name: String) async in await Connection.open(name) }, concrete: true)
    var connection: Connection
}

/// The same by hand: the task started in the initializer, each read awaiting its value.
final class HandWrittenPool: Sendable {
    let name: String
    private let building: Task<Connection, Never>

    init(name: String) {
        self.name = name
        building = Task { await Connection.open(name) }
    }

    var connection: Connection {
        get async { await building.value }
    }
}

/// The same by hand, with the task holding the object, as a container's build task must (a member's
/// factory may read any other member): the difference from `HandWrittenPool` is what that costs.
/// Without a check: `building` is set once, in the initializer, before the object is shared.
final class HandWrittenPoolHoldingItself: @unchecked Sendable {
    let name: String
    private var building: Task<Connection, Never>?

    init(name: String) {
        self.name = name
        building = Task { [self] in await Connection.open(self.name) }
    }

    var connection: Connection {
        get async { await building.unsafelyUnwrapped.value }
    }
}
