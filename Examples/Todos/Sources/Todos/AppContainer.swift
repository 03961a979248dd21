import Hummingbird
import Logging
import PostgresNIO
import Trellis
import TrellisServiceLifecycle

/// The app's graph. It holds a `Router`, which is not `Sendable`, so it does not declare `Sendable`
/// (nothing here crosses tasks: the request handlers get the repository, not the container). Its
/// members are mostly concrete types, which it says once.
@DIContainer(concrete: true)
public struct AppContainer {
    @Provide(.input)
    var configuration: TodosConfiguration

    @Provide(.input)
    var logger: Logger

    /// Only when a database is configured; a service, so the group runs it before the app.
    @Provide(
        .shared,
        factory: { (configuration: TodosConfiguration, logger: Logger) in
            configuration.postgres.map { PostgresClient(configuration: $0, backgroundLogger: logger) }
        }, service: true)
    var postgres: PostgresClient?

    @Provide(
        .shared,
        factory: { (postgres: PostgresClient?, logger: Logger) -> any TodoRepository in
            guard let postgres else { return MemoryTodoRepository() }
            return PostgresTodoRepository(client: postgres, logger: logger)
        })
    var repository: any TodoRepository

    @Provide(
        .shared,
        factory: { (repository: any TodoRepository) in
            let router = Router()
            router.get("/health") { _, _ in HTTPResponse.Status.ok }
            router.addRoutes(TodoController(repository: repository).routes, atPath: "/todos")
            return router
        })
    var router: Router<BasicRequestContext>

    @Provide(
        .shared,
        factory: {
            (
                router: Router<BasicRequestContext>, repository: any TodoRepository, configuration: TodosConfiguration,
                logger: Logger
            ) in
            var app = Application(
                router: router, configuration: .init(address: .hostname(configuration.host, port: configuration.port)),
                logger: logger)
            // The table is made once the client runs, before the server takes requests.
            if let postgres = repository as? PostgresTodoRepository {
                app.beforeServerStarts { try await postgres.createTable() }
            }
            return app
        }, service: true)
    var app: Application<RouterResponder<BasicRequestContext>>
}

/// Builds the app, as Hummingbird's examples do: `runService()` runs the container's other services
/// (the database client when there is one) before its server.
public func buildApplication(_ configuration: TodosConfiguration, logger: Logger) throws -> some ApplicationProtocol {
    let container = AppContainer(configuration: configuration, logger: logger)
    var app = container.app
    app.addServices(try container.serviceStartOrder.services(excluding: "app"))
    return app
}

/// Runs the app and, when configured, its database client, each after what it reads, until a
/// SIGTERM or SIGINT.
public func runTodos(_ configuration: TodosConfiguration, logger: Logger) async throws {
    let container = AppContainer(configuration: configuration, logger: logger)
    let group = try ServiceGroup(
        services: container.serviceStartOrder, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
    try await group.run()
}
