import Trellis

protocol Database: Sendable {}
struct SQLite: Database {}
struct Request: Sendable {}
final class Handler: Sendable {
    init(database: any Database, request: Request) {}
}
final class Audit: Sendable {
    init(database: any Database, secret: String) {}
}

@DIContainer(concrete: true)
final class AppContainer: Sendable {
    @Provide(.shared, factory: { SQLite() as any Database })
    var database: any Database
    @Provide(.input) private var secret: String
    @Provide(.shared, asyncFactory: { () async in "v1" })
    var version: String

    @Assisted(.scope)
    func scope(for request: Request) -> RequestScope
}

// Each slip is reported on the name that reads the parent: a name the parent lacks, a private
// member, a member read only with 'await', and a 'with:' key path.
@DIContainer(parent: AppContainer.self, concrete: true)
struct RequestScope {
    @Provide(.argument) var request: Request
    @Provide(.transient, factory: { databse, request in Handler(database: databse, request: request) })
    var handler: Handler
    @Provide(.shared, factory: {
        (database: any Database, secret: String) in Audit(database: database, secret: secret)
    })
    var audit: Audit
    @Provide(.transient, factory: { (version: String) in version })
    var tag: String
    @Provide(.shared, Handler.self, with: [\Self.databse, \Self.request])
    var other: Handler
}
