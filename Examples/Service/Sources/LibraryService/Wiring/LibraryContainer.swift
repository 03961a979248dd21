import Logging
import Trellis

/// The application: what lives as long as the process, and the parent each ``RequestScope`` reads
/// from. Trellis orders its services: the database starts first, then the schema, then the sweeper
/// (which reads the schema), and the server last, since the request scopes it creates may read any
/// of them; shutdown runs in reverse, so the server stops taking requests first.
///
/// `permanent: false`: the server, a `.shared` service, holds the scope function, which reaches the
/// container weakly; the program keeps the container while the services run (`LibraryProgram.run`),
/// and each test creates and lets go one of its own.
@DIContainer(root: true, concrete: true, permanent: false)
public final class LibraryContainer: Sendable {
    @Provide(.input) public var configuration: ServiceConfiguration
    @Provide(.input) public var logger: Logger
    /// The system clock unless a test passes a fixed one.
    @Provide(.input) public var clock: any WallClock = SystemClock()

    /// The one place that decides which database the program gets: SQLite or PostgreSQL, from the
    /// configuration. Tests pass another (`LibraryContainer(…, database: failing)`).
    @Provide(.shared, factory: { (c: Self) throws in try DatabaseFactory.open(c.configuration, logger: c.logger) }, service: true)
    public var database: any Database

    @Provide(.shared, factory: SchemaMigrations.init(database:logger:), service: true)
    public var migrations: SchemaMigrations

    @Provide(.shared, factory: SQLAuthorRepository()) public var authorRepository: any AuthorRepository
    @Provide(.shared, factory: SQLBookRepository()) public var bookRepository: any BookRepository
    @Provide(.shared, factory: SQLMemberRepository()) public var memberRepository: any MemberRepository
    @Provide(.shared, factory: SQLLoanRepository()) public var loanRepository: any LoanRepository

    @Provide(.shared, factory: Authenticator.init(database:memberRepository:logger:))
    public var authenticator: Authenticator

    @Provide(.shared, factory: OverdueSweeper.init(database:loanRepository:migrations:clock:configuration:logger:), service: true)
    public var sweeper: OverdueSweeper

    /// A request's container: its id and caller from the request, everything else from here.
    @Assisted(.scope)
    public func request(id requestID: String, caller: Caller) -> RequestScope

    /// The HTTP server. Its middleware creates a request scope per request through
    /// ``request(id:caller:)``, which it takes as a function value.
    @Provide(
        .shared,
        factory: {
            (
                request: @escaping @Sendable (String, Caller) -> RequestScope, authenticator: Authenticator,
                configuration: ServiceConfiguration, migrations: SchemaMigrations, logger: Logger
            ) in
            let scopes = RequestScopeMiddleware(makeScope: request, authenticator: authenticator, configuration: configuration)
            return HTTPServer(
                configuration: configuration, router: Routes.router(logger: logger, scopes: scopes), migrations: migrations,
                logger: logger)
        }, service: true)
    public var server: HTTPServer
}
