// An @Assisted(.scope) function without the parameter its scope's .argument needs: the compiler's
// "missing argument" lands on the function's parameter clause, not inside the expansion.
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
    func request() -> RequestScope
}
