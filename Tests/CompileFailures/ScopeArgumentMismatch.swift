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

// A parameter named unlike the scope's `.argument`, on the attribute's line: the compiler's error
// names both labels, on the function's line (the creation's head fits before the parameter there),
// not on the member declared above it.
@DIContainer
final class RenamingServerContainer: Sendable, RequestScopeDependencies {
    @Provide(.shared, factory: { Connection() }, concrete: true)
    var connection: Connection

    @Assisted(.scope) func request(id: String) -> RequestScope
}
