import Logging
import Trellis

/// The application: what lives as long as the process. The compiler checks that it provides every
/// need of ``RequestScope`` (the conformance to `RequestScopeDependencies`), and Trellis orders its
/// services: the database starts first, then the schema, then the server and the sweeper (which both
/// read the schema); shutdown runs in reverse.
@DIContainer(root: true)
public final class LibraryContainer: Sendable, RequestScopeDependencies {
    @Provide(.input) public var configuration: ServiceConfiguration
    @Provide(.input) public var logger: Logger
    /// The system clock unless a test passes a fixed one.
    @Provide(.input) public var clock: any WallClock = SystemClock()

    /// The one place that decides which database the program gets: SQLite or PostgreSQL, from the
    /// configuration. Tests pass another (`LibraryContainer(…, database: failing)`).
    @Provide(
        .shared,
        factory: { (configuration: ServiceConfiguration, logger: Logger) throws in
            try DatabaseFactory.open(configuration, logger: logger)
        }, service: true)
    public var database: any Database

    @Provide(.shared, SchemaMigrations.self, with: [\Self.database, \Self.logger], concrete: true, service: true)
    public var migrations: SchemaMigrations

    @Provide(.shared, factory: SQLAuthorRepository()) public var authorRepository: any AuthorRepository
    @Provide(.shared, factory: SQLBookRepository()) public var bookRepository: any BookRepository
    @Provide(.shared, factory: SQLMemberRepository()) public var memberRepository: any MemberRepository
    @Provide(.shared, factory: SQLLoanRepository()) public var loanRepository: any LoanRepository

    @Provide(.shared, Authenticator.self, with: [\Self.database, \Self.memberRepository, \Self.logger], concrete: true)
    public var authenticator: Authenticator

    @Provide(
        .shared, OverdueSweeper.self,
        with: [\Self.database, \Self.loanRepository, \Self.migrations, \Self.clock, \Self.configuration, \Self.logger],
        concrete: true, service: true)
    public var sweeper: OverdueSweeper

    /// A request's container: its id and caller from the request, everything else from here.
    @Assisted(.scope)
    public func request(id requestID: String, caller: Caller) -> RequestScope

    /// The HTTP server. Built on first use (by `serviceStartOrder`), once the container exists,
    /// because its middleware creates request scopes through ``request(id:caller:)``.
    @Provide(
        .onDemand,
        factory: { (c: Self) in
            HTTPServer(
                configuration: c.configuration,
                router: Routes.router(
                    middleware: RequestScopeMiddleware(
                        makeScope: c.request, authenticator: c.authenticator, configuration: c.configuration,
                        logger: c.logger)),
                migrations: c.migrations, logger: c.logger)
        }, concrete: true, service: true)
    public var server: HTTPServer
}
