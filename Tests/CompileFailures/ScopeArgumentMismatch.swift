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

// Without the parameter the scope's `.argument` needs, the compiler's "missing argument" lands on
// the function's parameter clause.
@DIContainer
final class OtherServerContainer: Sendable, RequestScopeDependencies {
    @Provide(.shared, factory: { Connection() }, concrete: true)
    var connection: Connection

    @Assisted(.scope)
    func request() -> RequestScope
}
