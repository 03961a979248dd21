import Trellis

final class Connection: Sendable {}

@DIContainer
final class RequestScope: Sendable {
    @Provide(.argument)
    var requestID: String

    @Provide(.input)
    var connection: Connection
}

@DIContainer
final class ServerContainer: Sendable, RequestScopeDependencies {
    @Provide(.shared, factory: { Connection() }, concrete: true)
    var connection: Connection

    @Assisted(.scope)
    func request(requestID: Int) -> RequestScope
}
