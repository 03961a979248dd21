import Logging
import ServiceLifecycle
import Testing
import Trellis
import TrellisServiceLifecycle

// The Hierarchy article, "Services: start and stop in graph order", with stand-ins for the pool and the server.

struct Config: Sendable {
    var databaseURL = "postgres://127.0.0.1/app"
}

final class DatabasePool: Service {
    let url: String
    init(_ config: Config) { url = config.databaseURL }
    func run() async throws { try? await gracefulShutdown() }
}

final class Router: Sendable {
    let pool: DatabasePool
    init(pool: DatabasePool) { self.pool = pool }
}

final class HTTPServer: Service {
    let router: Router
    init(router: Router) { self.router = router }
    func run() async throws { try? await gracefulShutdown() }
}

@DIContainer
final class ReadmeServerContainer: Sendable {
    @Provide(.input) var config: Config
    @Provide(.shared, HTTPServer.self, with: [\Self.router], concrete: true, service: true)
    var server: HTTPServer
    @Provide(.shared, Router.self, with: [\Self.pool], concrete: true)
    var router: Router
    @Provide(.shared, factory: { (config: Config) in DatabasePool(config) }, concrete: true, service: true)
    var pool: DatabasePool
}

@Test("The documented server container starts the pool before the server, and its group runs and shuts down")
func readmeServerContainer() async throws {
    let container = ReadmeServerContainer(config: Config())
    #expect(container.serviceStartOrder.names == ["pool", "server"])
    let group = try ServiceGroup(
        services: container.serviceStartOrder, logger: Logger(label: "readme", factory: { _ in SwiftLogNoOpLogHandler() }))
    try await withThrowingTaskGroup(of: Void.self) { tasks in
        tasks.addTask { try await group.run() }
        await group.triggerGracefulShutdown()
        try await tasks.waitForAll()
    }
}
