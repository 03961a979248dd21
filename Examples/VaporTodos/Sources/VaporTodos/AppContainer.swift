import Trellis
import Vapor

/// The app's graph, created once beside Vapor's `Application` (see ``configure(_:container:)``);
/// the route handlers keep it.
@DIContainer(concrete: true)
public final class AppContainer: Sendable {
    @Provide(.input)
    var configuration: TodosConfiguration

    @Provide(.shared, factory: { MemoryTodoRepository() })
    var repository: any TodoRepository

    /// A request's scope: the request from Vapor, everything else from here.
    @Assisted(.scope)
    public func scope(for request: Request) -> RequestScope
}

/// Everything one request sees, created for it by ``AppContainer/scope(for:)`` and released with
/// it. `request` is what only the request knows; `repository` and `configuration` are read from the
/// parent without being restated.
@DIContainer(parent: AppContainer.self, concrete: true)
public final class RequestScope: Sendable {
    @Provide(.argument)
    public var request: Request

    /// Built from the request: its client and its logger.
    @Provide(
        .shared,
        factory: { (request: Request, configuration: TodosConfiguration) -> any Notifier in
            guard let url = configuration.webhookURL else { return LogNotifier(logger: request.logger) }
            return WebhookNotifier(client: request.client, url: url)
        })
    public var notifier: any Notifier

    @Provide(.transient, factory: TodoHandlers.init(repository:notifier:request:))
    public var todos: TodoHandlers
}
