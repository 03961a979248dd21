import Atomics
import Testing
import Trellis

protocol ItemRepository: Sendable {
    func title(of id: Int) -> String
}

final class InMemoryItems: ItemRepository {
    let titles: [Int: String]
    init(titles: [Int: String]) { self.titles = titles }
    func title(of id: Int) -> String { titles[id] ?? "unknown" }
}

final class DetailModel: Sendable {
    let id: Int
    let title: String
    let repository: any ItemRepository
    let page: Int

    init(id: Int, title: String, repository: any ItemRepository, page: Int = 1) {
        self.id = id
        self.title = title
        self.repository = repository
        self.page = page
    }
}

/// AutoWiring's target: the function's arguments first (with their labels), then the `with:` members.
struct PageRequest: Sendable {
    let itemID: Int
    let cursor: String
    let repository: any ItemRepository
    init(itemID: Int, _ cursor: String, repository: any ItemRepository) {
        self.itemID = itemID
        self.cursor = cursor
        self.repository = repository
    }
}

enum LookupError: Error, Equatable {
    case missing(Int)
}

final class AssistedBuildCounter: Sendable {
    let count = ManagedAtomic(0)
}

@DIContainer
final class CatalogContainer: Sendable {
    struct Style: Sendable {
        var uppercase: Bool
    }

    @Provide(.input)
    var titles: [Int: String]

    @Provide(.input)
    var counter: AssistedBuildCounter

    @Provide(.shared, factory: { (titles: [Int: String]) in InMemoryItems(titles: titles) })
    var repository: any ItemRepository

    @Provide(.shared, asyncFactory: { () async in 10 }, concrete: true)
    var pageSize: Int

    @Assisted(factory: { (itemID: Int, page: Int, repository: any ItemRepository, counter: AssistedBuildCounter) in
        counter.count.wrappingIncrement(ordering: .relaxed)
        return DetailModel(id: itemID, title: repository.title(of: itemID), repository: repository, page: page)
    })
    func detail(itemID: Int, page: Int = 1) -> DetailModel

    @Assisted(PageRequest.self, with: [\Self.repository])
    func request(itemID: Int, _ cursor: String) -> PageRequest

    @Assisted(factory: { (id: Int, pageSize: Int, repository: any ItemRepository) async throws in
        guard id > 0 else { throw LookupError.missing(id) }
        return Array(repeating: repository.title(of: id), count: pageSize)
    })
    func listing(of id: Int) async throws -> [String]

    // The container's own type as an argument, a keyword as a parameter name, and a closure argument.
    @Assisted(factory: { (style: Style, `default`: String, transform: @escaping @Sendable (String) -> String) in
        let text = transform(`default`)
        return style.uppercase ? text.uppercased() : text
    })
    func label(style: Style, default: String, transform: @escaping @Sendable (String) -> String) -> String

    // A member built on each read that calls an @Assisted function through the container.
    @Provide(.transient, factory: { (c: Self) in c.detail(itemID: 1) }, concrete: true)
    var firstDetail: DetailModel
}

@MainActor
final class ScreenModel {
    let id: Int
    let items: any ItemRepository
    init(id: Int, items: any ItemRepository) {
        self.id = id
        self.items = items
    }
}

@DIContainer(mainActor: true)
final class ItemScreenContainer {
    @Provide(.input)
    var items: any ItemRepository

    @Assisted(factory: { (id: Int, items: any ItemRepository) in ScreenModel(id: id, items: items) })
    func screen(id: Int) -> ScreenModel
}

/// A main-actor container with an async function: its override is isolated to the main actor, as
/// the builder that calls it is (a nonisolated async override would take the container, which is
/// not `Sendable`, to another isolation: the expansion did not compile).
@DIContainer(mainActor: true)
final class ItemLoaderContainer {
    @Provide(.input)
    var items: any ItemRepository

    @Assisted(factory: { (id: Int, items: any ItemRepository) async in
        await Task.yield()
        return ScreenModel(id: id, items: items)
    })
    func load(id: Int) async -> ScreenModel
}

@Suite("@Assisted functions: arguments from the caller, members from the graph")
struct AssistedFunctionTests {
    static func makeCatalog() -> CatalogContainer {
        CatalogContainer(titles: [1: "Dune", 2: "Emma"], counter: AssistedBuildCounter())
    }

    @Test("each call builds a new value from its arguments and the container's shared members")
    func buildsFromArgumentsAndMembers() {
        let catalog = Self.makeCatalog()
        let first = catalog.detail(itemID: 1)
        let second = catalog.detail(itemID: 2, page: 3)
        #expect(first.id == 1 && first.title == "Dune" && first.page == 1)
        #expect(second.id == 2 && second.title == "Emma" && second.page == 3)
        #expect(ObjectIdentifier(first) != ObjectIdentifier(catalog.detail(itemID: 1)))
        let shared = ObjectIdentifier(catalog.repository as AnyObject)
        #expect(ObjectIdentifier(first.repository as AnyObject) == shared)
        #expect(ObjectIdentifier(second.repository as AnyObject) == shared)
        #expect(catalog.counter.count.load(ordering: .relaxed) == 3)
    }

    @Test("AutoWiring passes the arguments with their labels, then the 'with:' members")
    func autoWiring() {
        let catalog = Self.makeCatalog()
        let request = catalog.request(itemID: 2, "cursor-9")
        #expect(request.itemID == 2 && request.cursor == "cursor-9")
        #expect(ObjectIdentifier(request.repository as AnyObject) == ObjectIdentifier(catalog.repository as AnyObject))
    }

    @Test("an async throwing function awaits async members and passes its factory's error to the caller")
    func asyncAndThrowing() async throws {
        let catalog = Self.makeCatalog()
        let page = try await catalog.listing(of: 2)
        #expect(page == Array(repeating: "Emma", count: 10))
        await #expect(throws: LookupError.missing(0)) {
            try await catalog.listing(of: 0)
        }
    }

    @Test("nested types, keyword parameter names and escaping closures pass through")
    func argumentShapes() {
        let catalog = Self.makeCatalog()
        let label = catalog.label(style: .init(uppercase: true), default: "ok") { $0 + "!" }
        #expect(label == "OK!")
    }

    @Test("a transient member calls the function through the container on each read")
    func calledThroughContainer() {
        let catalog = Self.makeCatalog()
        let first = catalog.firstDetail
        #expect(first.id == 1 && first.title == "Dune")
        #expect(ObjectIdentifier(first) != ObjectIdentifier(catalog.firstDetail))
        #expect(catalog.counter.count.load(ordering: .relaxed) == 2)
    }

    @Test("a transient member can be overridden; the function it calls then never runs")
    func overriddenReader() {
        let counter = AssistedBuildCounter()
        let stub = DetailModel(id: 99, title: "stub", repository: InMemoryItems(titles: [:]))
        let catalog = CatalogContainer(titles: [:], counter: counter, firstDetail: stub)
        #expect(ObjectIdentifier(catalog.firstDetail) == ObjectIdentifier(stub))
        #expect(counter.count.load(ordering: .relaxed) == 0)
    }

    @Test("calls from many tasks at once each get their own value")
    func concurrentCalls() async {
        let catalog = Self.makeCatalog()
        let ids = await withTaskGroup(of: Int.self) { group in
            for index in 0..<200 {
                group.addTask { catalog.detail(itemID: index % 2 + 1, page: index).page }
            }
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(ids.sorted() == Array(0..<200))
        #expect(catalog.counter.count.load(ordering: .relaxed) == 200)
    }

    @Test("in a mainActor container an async function, and its override, run on the main actor")
    @MainActor
    func mainActorAsyncOverride() async {
        let items = InMemoryItems(titles: [4: "Ulysses"])
        let built = await ItemLoaderContainer(items: items).load(id: 4)
        #expect(built.id == 4 && built.items.title(of: 4) == "Ulysses")
        // The override reads the container's members synchronously: it is isolated as the container is.
        let container = ItemLoaderContainer(
            items: items,
            load: { container, id in
                MainActor.assertIsolated()
                return ScreenModel(id: id + 100, items: container.items)
            })
        let overridden = await container.load(id: 4)
        #expect(overridden.id == 104 && overridden.items.title(of: 4) == "Ulysses")
    }

    @Test("in a mainActor container the function is isolated to the main actor")
    @MainActor
    func mainActor() {
        let container = ItemScreenContainer(items: InMemoryItems(titles: [4: "Ulysses"]))
        let screen = container.screen(id: 4)
        #expect(screen.id == 4 && screen.items.title(of: 4) == "Ulysses")
    }
}

// A unit-of-work scope: a container created per request by an @Assisted function of the
// longer-lived one. The creator passes the request's own values; the parent passes its members.
final class RequestLog: Sendable {
    let lines = ManagedAtomic(0)
}

final class UnitOfWork: Sendable {
    let requestID: String
    let log: RequestLog
    init(requestID: String, log: RequestLog) {
        self.requestID = requestID
        self.log = log
    }
}

@DIContainer
final class RequestScope: Sendable {
    @Provide(.input)
    var requestID: String

    @Provide(.input)
    var caller: String

    @Provide(.input)
    var log: RequestLog

    @Provide(.shared, UnitOfWork.self, with: [\Self.requestID, \Self.log], concrete: true)
    var unitOfWork: UnitOfWork

    @Provide(.transient, factory: { (requestID: String, caller: String) in "\(caller)@\(requestID)" }, concrete: true)
    var tag: String
}

@DIContainer
final class ServerScope: Sendable {
    @Provide(.shared, factory: { RequestLog() }, concrete: true)
    var log: RequestLog

    @Assisted(RequestScope.self, with: [\Self.log])
    func request(requestID: String, caller: String) -> RequestScope
}

@Suite("Scopes created per unit of work by an @Assisted function")
struct RequestScopeTests {
    @Test("each scope shares its members within itself and reads the parent's shared members")
    func sharedWithinScope() {
        let server = ServerScope()
        let first = server.request(requestID: "r1", caller: "ana")
        let second = server.request(requestID: "r2", caller: "bo")
        #expect(ObjectIdentifier(first.unitOfWork) == ObjectIdentifier(first.unitOfWork))
        #expect(ObjectIdentifier(first.unitOfWork) != ObjectIdentifier(second.unitOfWork))
        #expect(ObjectIdentifier(first.log) == ObjectIdentifier(server.log))
        #expect(ObjectIdentifier(second.unitOfWork.log) == ObjectIdentifier(server.log))
        #expect(first.tag == "ana@r1" && second.tag == "bo@r2")
    }

    @Test("scopes created from many tasks at once are each whole and distinct")
    func createdConcurrently() async {
        let server = ServerScope()
        let ids = await withTaskGroup(of: String.self) { group in
            for index in 0..<500 {
                group.addTask {
                    let scope = server.request(requestID: "r\(index)", caller: "c")
                    scope.unitOfWork.log.lines.wrappingIncrement(ordering: .relaxed)
                    return scope.unitOfWork.requestID
                }
            }
            return await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(ids.count == 500)
        #expect(server.log.lines.load(ordering: .relaxed) == 500)
    }
}

// A test replaces what an `@Assisted` function builds, a scope's member included, when it creates
// the container that owns the function.
protocol Notifier: Sendable { var kind: String { get } }
struct PushNotifier: Notifier { let kind = "push" }
struct RecordingNotifier: Notifier { let kind = "recorded" }

@DIContainer
final class NotifiedRequest: Sendable {
    @Provide(.argument)
    var requestID: String

    @Provide(.input)
    var region: String

    @Provide(.shared, factory: { (region: String) in PushNotifier() })
    var notifier: any Notifier
}

@DIContainer
final class NotifyingServer: Sendable, NotifiedRequestDependencies {
    @Provide(.input)
    var region: String

    @Assisted(.scope)
    func request(requestID: String) -> NotifiedRequest

    @Assisted(factory: { (itemID: Int, region: String) in "\(region)/\(itemID)" })
    func itemPath(itemID: Int) -> String
}

@Suite("Overriding what @Assisted functions build")
struct AssistedOverrideTests {
    @Test("without overrides, the functions build as declared")
    func declared() {
        let server = NotifyingServer(region: "eu")
        #expect(server.request(requestID: "r1").notifier.kind == "push")
        #expect(server.itemPath(itemID: 7) == "eu/7")
    }

    @Test("a test passes a function that builds the scope with a member of its own, and one for a value")
    func overridden() {
        let server = NotifyingServer(
            region: "eu",
            request: { owner, requestID in
                NotifiedRequest(dependencies: owner, requestID: requestID, notifier: RecordingNotifier())
            },
            itemPath: { owner, itemID in "test:\(owner.region)/\(itemID)" })
        let scope = server.request(requestID: "r2")
        #expect(scope.notifier.kind == "recorded")
        #expect(scope.requestID == "r2" && scope.region == "eu")
        #expect(server.itemPath(itemID: 8) == "test:eu/8")
    }
}

// A member built when the container is created takes its `@Assisted` functions as function values
// (an HTTP server's middleware creates a scope per request through one).
struct ScopeMiddleware: Sendable {
    let makeScope: @Sendable (String) -> NotifiedRequest
    let itemPath: @Sendable (Int) -> String
}

struct InvalidItem: Error, Equatable {}

@DIContainer
final class MiddlewareServer: NotifiedRequestDependencies {
    @Provide(.input)
    var region: String

    @Assisted(.scope)
    func request(requestID: String) -> NotifiedRequest

    @Assisted(factory: { (itemID: Int, region: String) in "\(region)/\(itemID)" })
    func itemPath(itemID: Int) -> String

    @Assisted(factory: { (itemID: Int) throws in
        guard itemID >= 0 else { throw InvalidItem() }
        return itemID
    })
    func checked(_ itemID: Int) throws -> Int

    @Provide(
        .shared,
        factory: { (request: @escaping @Sendable (String) -> NotifiedRequest, itemPath: @escaping @Sendable (Int) -> String) in
            ScopeMiddleware(makeScope: request, itemPath: itemPath)
        }, concrete: true)
    var middleware: ScopeMiddleware

    @Provide(.shared, factory: { (checked: @escaping @Sendable (Int) throws -> Int) in checked }, concrete: true)
    var check: @Sendable (Int) throws -> Int
}

@Suite("@Assisted functions taken as function values")
struct AssistedFunctionValueTests {
    @Test("a shared member calls the functions later, through the container, with their labels and effects")
    func functionValues() throws {
        let server = MiddlewareServer(region: "eu")
        let scope = server.middleware.makeScope("r9")
        #expect(scope.requestID == "r9" && scope.region == "eu")
        #expect(server.middleware.itemPath(3) == "eu/3")
        #expect(try server.check(4) == 4)
        #expect(throws: InvalidItem()) { try server.check(-1) }
    }

    @Test("a test's override of the function is what the value calls")
    func overriddenFunctionValue() {
        let server = MiddlewareServer(region: "eu", itemPath: { _, itemID in "test/\(itemID)" })
        #expect(server.middleware.itemPath(5) == "test/5")
    }
}

// A struct container whose `.transient` member takes its functions through the container, as
// values (`c.checked`, not called): the struct is made `Sendable` (without it Swift ends its check of
// the function value in "circular reference" on the container's name), and a throwing function
// taken as a value does not make the reader's factory throwing.
struct PathOpener: Sendable {
    let path: @Sendable (Int) -> String
    let check: @Sendable (Int) throws -> Int
}

@DIContainer
struct OpenerContainer {
    @Provide(.input)
    var region: String

    @Assisted(factory: { (itemID: Int, region: String) in "\(region)/\(itemID)" })
    func itemPath(itemID: Int) -> String

    @Assisted(factory: { (itemID: Int) throws in
        guard itemID >= 0 else { throw InvalidItem() }
        return itemID
    })
    func checked(_ itemID: Int) throws -> Int

    @Provide(.transient, factory: { (c: Self) in PathOpener(path: c.itemPath, check: c.checked) }, concrete: true)
    var opener: PathOpener
}

@Suite("@Assisted functions taken as values through the container")
struct AssistedContainerFunctionValueTests {
    @Test("a struct container's transient member calls them later, with their labels and effects")
    func valuesThroughTheContainer() throws {
        let opener = OpenerContainer(region: "eu").opener
        #expect(opener.path(3) == "eu/3")
        #expect(try opener.check(4) == 4)
        #expect(throws: InvalidItem()) { try opener.check(-1) }
        let sendable: any Sendable = OpenerContainer(region: "us")
        #expect((sendable as? OpenerContainer)?.opener.path(1) == "us/1")
    }

    @Test("a test's override of the function is what the value calls")
    func overriddenValue() {
        let opener = OpenerContainer(region: "eu", itemPath: { _, itemID in "test/\(itemID)" }).opener
        #expect(opener.path(5) == "test/5")
    }
}

// A class container, and a struct one, whose `.transient` member keeps `c.path` in a local and calls
// it from a `@Sendable` closure, as a request handler would: the value is `@Sendable`, as a factory
// parameter of the function's type is, and the container is made `Sendable` for it, though the
// closure's `in` ends its line.
struct RequestHandler: Sendable {
    let handle: @Sendable (Int) -> String
}

@DIContainer
final class HandlerContainer {
    @Provide(.input)
    var region: String

    @Assisted(factory: { (requestID: Int, region: String) in "\(region)/\(requestID)" })
    func path(requestID: Int) -> String

    @Provide(
        .transient,
        factory: { (c: Self) in
            let path = c.path
            return RequestHandler { requestID in path(requestID) }
        }, concrete: true)
    var handler: RequestHandler
}

@DIContainer
struct HandlerStructContainer {
    @Provide(.input)
    var region: String

    @Assisted(factory: { (requestID: Int, region: String) in "\(region)/\(requestID)" })
    func path(requestID: Int) -> String

    @Provide(
        .transient,
        factory: { (c: Self) in
            let path = c.path
            return RequestHandler { requestID in path(requestID) }
        }, concrete: true)
    var handler: RequestHandler
}

@Suite("An @Assisted function taken through the container as a value, in a handler")
struct ClassContainerFunctionValueTests {
    @Test("the value is @Sendable: request handlers on other tasks call it")
    func sendableValue() async {
        for handler in [HandlerContainer(region: "eu").handler, HandlerStructContainer(region: "eu").handler] {
            let paths = await withTaskGroup(of: String.self) { group in
                for requestID in 1...3 { group.addTask { handler.handle(requestID) } }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(paths.sorted() == ["eu/1", "eu/2", "eu/3"])
        }
        let sendable: [any Sendable] = [HandlerContainer(region: "us"), HandlerStructContainer(region: "us")]
        #expect((sendable[0] as? HandlerContainer)?.handler.handle(7) == "us/7")
        #expect((sendable[1] as? HandlerStructContainer)?.handler.handle(8) == "us/8")
    }
}

// A Hummingbird-shaped application: an opaque `.transient` member whose factory leaves its
// parameters' types out, one of them the scope function, which Swift types from the function it is
// passed to. Trellis gives the function as a `@Sendable` value, as it does to a parameter of the
// function type written out.
protocol Serving: Sendable {
    func serve(_ requestID: Int) -> String
}

struct Server<Routes: Sendable>: Serving {
    let routes: Routes
    let answer: @Sendable (Int) -> String
    func serve(_ requestID: Int) -> String { answer(requestID) }
}

func makeServer(scope: @escaping @Sendable (Int) -> UntypedRequestScope, region: String) -> Server<[String]> {
    Server(routes: [region]) { scope($0).path }
}

@DIContainer(root: true)
final class UntypedParameterContainer {
    @Provide(.input)
    var region: String

    @Assisted(.scope)
    func scope(requestID: Int) -> UntypedRequestScope

    @Provide(.transient, factory: { scope, region in makeServer(scope: scope, region: region) })
    var server: some Serving
}

@DIContainer(parent: UntypedParameterContainer.self, concrete: true)
final class UntypedRequestScope: Sendable {
    @Provide(.argument)
    var requestID: Int

    @Provide(.transient, factory: { region, requestID in "\(region)/\(requestID)" })
    var path: String
}

@Suite("A factory parameter without a type, naming an @Assisted function")
struct UntypedFunctionParameterTests {
    @Test("receives the function, which creates a scope per call, from a server's handler")
    func untypedScopeFunction() async {
        let server = UntypedParameterContainer(region: "eu").server
        #expect(server.serve(3) == "eu/3")
        let answers = await withTaskGroup(of: String.self) { group in
            for requestID in 1...2 { group.addTask { server.serve(requestID) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers.sorted() == ["eu/1", "eu/2"])
    }
}
