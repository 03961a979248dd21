import Testing
import Trellis

// Collections (multibindings): members contributed by several members and by owned feature
// containers, read as one array, set or dictionary.

protocol Route: AnyObject, Sendable {
    var path: String { get }
}

final class FixedRoute: Route {
    let path: String
    init(_ path: String) { self.path = path }
}

protocol HealthCheck: Sendable {
    var name: String { get }
}

struct NamedCheck: HealthCheck {
    let name: String
}

protocol ServerPlugin: Sendable {}

final class Router: Sendable {
    let paths: [String]
    init(_ routes: [any Route]) { paths = routes.map(\.path) }
}

/// A feature module's container: it collects its own routes, which its owner adds to its own.
@DIContainer
struct BooksFeature {
    @Provide(.input)
    var prefix: String

    @Provide(.shared, factory: { (prefix: String) in FixedRoute("\(prefix)/books") }, into: \Self.routes)
    var list: any Route

    @Provide(.shared, factory: { (prefix: String) in FixedRoute("\(prefix)/books/:id") }, into: \Self.routes)
    var detail: any Route

    @Provide(.collection)
    var routes: [any Route]
}

@DIContainer
struct ServerCollections: BooksFeatureDependencies {
    @Provide(.input)
    var prefix: String

    @Provide(.shared, factory: FixedRoute("/health"), into: \Self.routes)
    var health: any Route

    @Provide(.child)
    var books: BooksFeature

    // Every route of the feature module, in the feature's order, where this member is declared.
    @Provide(.transient, factory: { (books: BooksFeature) in books.routes }, concrete: true, elementsInto: \Self.routes)
    var bookRoutes: [any Route]

    // Transient: a new route object on every read of the collection.
    @Provide(.transient, factory: FixedRoute("/metrics"), into: \Self.routes)
    var metrics: any Route

    @Provide(.collection)
    var routes: [any Route]

    @Provide(.shared, factory: NamedCheck(name: "database"), into: \Self.checks, key: "database")
    var databaseCheck: any HealthCheck

    @Provide(.shared, factory: NamedCheck(name: "disk"), into: \Self.checks, key: "disk")
    var diskCheck: any HealthCheck

    @Provide(.collection)
    var checks: [String: any HealthCheck]

    @Provide(.shared, factory: "en", concrete: true, into: \Self.languages)
    var english: String

    @Provide(.shared, factory: "fr", concrete: true, into: \Self.languages)
    var french: String

    @Provide(.shared, factory: ["en", "de"], concrete: true, elementsInto: \Self.languages)
    var defaults: Set<String>

    @Provide(.collection)
    var languages: Set<String>

    @Provide(.collection, allowsEmpty: true)
    var plugins: [any ServerPlugin]

    // Reads the collection once, on first access (it reads a child, which a member built with the
    // container cannot).
    @Provide(.onDemand, factory: { (routes: [any Route]) in Router(routes) }, concrete: true)
    var router: Router
}

/// A feature module's health checks, keyed; its owner adds them to its own.
@DIContainer
struct StorageFeature {
    @Provide(.shared, factory: NamedCheck(name: "disk"), into: \Self.checks, key: "disk")
    var disk: any HealthCheck

    @Provide(.shared, factory: NamedCheck(name: "quota"), into: \Self.checks, key: "quota")
    var quota: any HealthCheck

    @Provide(.collection)
    var checks: [String: any HealthCheck]
}

@DIContainer
struct MonitoredServer: StorageFeatureDependencies {
    @Provide(.shared, factory: NamedCheck(name: "database"), into: \Self.checks, key: "database")
    var database: any HealthCheck

    @Provide(.child)
    var storage: StorageFeature

    @Provide(.transient, factory: { (storage: StorageFeature) in storage.checks }, concrete: true, elementsInto: \Self.checks)
    var storageChecks: [String: any HealthCheck]

    @Provide(.collection)
    var checks: [String: any HealthCheck]
}

/// Two modules contributing one key: known only at run time, so it stops the program.
/// Two keys written differently, equal at run time: the macro cannot tell, so building stops.
@DIContainer
struct SpelledKeys {
    @Provide(.shared, factory: NamedCheck(name: "plain"), into: \Self.checks, key: "a")
    var plain: any HealthCheck

    @Provide(.shared, factory: NamedCheck(name: "escaped"), into: \Self.checks, key: "\u{61}")
    var escaped: any HealthCheck

    @Provide(.collection)
    var checks: [String: any HealthCheck]
}

@DIContainer
struct ClashingServer: StorageFeatureDependencies {
    @Provide(.shared, factory: NamedCheck(name: "mine"), into: \Self.checks, key: "disk")
    var disk: any HealthCheck

    @Provide(.child)
    var storage: StorageFeature

    @Provide(.transient, factory: { (storage: StorageFeature) in storage.checks }, concrete: true, elementsInto: \Self.checks)
    var storageChecks: [String: any HealthCheck]

    @Provide(.collection)
    var checks: [String: any HealthCheck]
}

/// A collection read while the container is created, by a shared member.
@DIContainer
final class EagerCollections {
    @Provide(.shared, factory: FixedRoute("/a"), into: \Self.routes)
    var first: any Route

    @Provide(.transient, factory: FixedRoute("/b"), into: \Self.routes)
    var second: any Route

    @Provide(.collection)
    var routes: [any Route]

    @Provide(.shared, factory: { (routes: [any Route]) in Router(routes) }, concrete: true)
    var router: Router
}

@Suite("Collections (multibindings)")
struct CollectionTests {
    @Test("an array collects its contributions in declaration order, a feature module's where its elements are contributed")
    func arrayOrder() {
        let server = ServerCollections(prefix: "/v1")
        #expect(server.routes.map(\.path) == ["/health", "/v1/books", "/v1/books/:id", "/metrics"])
        #expect(server.router.paths == ["/health", "/v1/books", "/v1/books/:id", "/metrics"])
    }

    @Test("each element keeps its own scope: shared ones are the container's, transient ones are new on each read")
    func elementScopes() {
        let server = ServerCollections(prefix: "")
        let first = server.routes
        let second = server.routes
        #expect(first[0] === second[0])
        #expect(first[0] === server.health)
        #expect(first[1] === server.books.list)
        #expect(first[3] !== second[3])
    }

    @Test("a dictionary has one entry per contribution, under its key")
    func dictionary() {
        let checks = ServerCollections(prefix: "").checks
        #expect(checks.keys.sorted() == ["database", "disk"])
        #expect(checks["disk"]?.name == "disk")
    }

    @Test("a set takes single contributions and every element of a set member, without repeats")
    func set() {
        #expect(ServerCollections(prefix: "").languages == ["en", "fr", "de"])
    }

    @Test("a dictionary takes every entry of a feature module's dictionary beside its own")
    func dictionaryFromFeature() {
        let checks = MonitoredServer().checks
        #expect(checks.keys.sorted() == ["database", "disk", "quota"])
        #expect(checks["quota"]?.name == "quota")
    }

    @Test("a key contributed by two modules stops the program when the dictionary is built")
    func clashingKeys() async {
        await #expect(processExitsWith: .failure) {
            _ = ClashingServer().checks
        }
    }

    @Test("two keys written differently but equal stop the program, naming both contributors")
    func keysEqualAtRunTime() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = SpelledKeys().checks
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("'escaped' and 'plain' both contribute to 'checks' under the key a"), "\(message)")
    }

    @Test("a collection declared allowsEmpty with no contributions is empty")
    func emptyAllowed() {
        #expect(ServerCollections(prefix: "").plugins.isEmpty)
    }

    @Test("an override replaces the whole collection, as it replaces any member")
    func override() {
        let server = ServerCollections(prefix: "", routes: [FixedRoute("/only")])
        #expect(server.routes.map(\.path) == ["/only"])
        #expect(server.router.paths == ["/only"])
    }

    @Test("a shared member reading a collection gets it built with the container")
    func readAtConstruction() {
        let container = EagerCollections()
        #expect(container.router.paths == ["/a", "/b"])
        #expect(container.routes[0] === container.first)
    }
}
