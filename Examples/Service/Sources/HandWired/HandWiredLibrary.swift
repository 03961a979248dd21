import LibraryService
import Logging
import ServiceLifecycle

/// The same service wired by hand, in plain Swift: what ``LibraryContainer`` and ``RequestScope``
/// replace. It exists as the benchmark's reference (the same handlers, routes and database, with
/// nothing generated), and shows what a server without DI writes and keeps in order by hand.
public struct HandWiredLibrary: Sendable {
    public let database: any Database
    public let server: HTTPServer
    /// In start order, which the writer of this code works out and maintains.
    public let services: [any Service]
    private let application: HandWiredApplication

    public init(configuration: ServiceConfiguration, logger: Logger, clock: any WallClock = SystemClock()) throws {
        let database = try DatabaseFactory.open(configuration, logger: logger)
        let migrations = SchemaMigrations(database: database, logger: logger)
        let application = HandWiredApplication(
            configuration: configuration, logger: logger, clock: clock, database: database,
            authorRepository: SQLAuthorRepository(), bookRepository: SQLBookRepository(),
            memberRepository: SQLMemberRepository(), loanRepository: SQLLoanRepository())
        let authenticator = Authenticator(database: database, memberRepository: application.memberRepository, logger: logger)
        let sweeper = OverdueSweeper(
            database: database, loanRepository: application.loanRepository, migrations: migrations, clock: clock,
            configuration: configuration, logger: logger)
        let server = HTTPServer(
            configuration: configuration,
            router: Routes.router(
                logger: logger,
                scopes: RequestScopeMiddleware(
                    makeScope: { HandWiredRequestScope(requestID: $0, caller: $1, application: application) },
                    authenticator: authenticator, configuration: configuration)),
            migrations: migrations, logger: logger)
        self.database = database
        self.server = server
        self.application = application
        services = [database as! any Service, migrations, sweeper, server]
    }
}

extension HandWiredLibrary {
    /// A request's scope, as the hand-wired middleware creates it.
    public func makeScope(requestID: String, caller: Caller) -> HandWiredRequestScope {
        HandWiredRequestScope(requestID: requestID, caller: caller, application: application)
    }
}

/// What a hand-wired request scope reads from the application.
struct HandWiredApplication: Sendable {
    let configuration: ServiceConfiguration
    let logger: Logger
    let clock: any WallClock
    let database: any Database
    let authorRepository: any AuthorRepository
    let bookRepository: any BookRepository
    let memberRepository: any MemberRepository
    let loanRepository: any LoanRepository
}

/// ``RequestScope`` by hand: the same per-request logger and unit of work, the same handlers.
public final class HandWiredRequestScope: RequestHandlers {
    let requestID: String
    let caller: Caller
    let application: HandWiredApplication
    public let requestLogger: Logger
    public let unitOfWork: UnitOfWork

    init(requestID: String, caller: Caller, application: HandWiredApplication) {
        self.requestID = requestID
        self.caller = caller
        self.application = application
        var requestLogger = application.logger
        requestLogger[metadataKey: "request_id"] = .string(requestID)
        requestLogger[metadataKey: "caller"] = .string(caller.logValue)
        self.requestLogger = requestLogger
        unitOfWork = UnitOfWork(database: application.database, requestLogger: requestLogger)
    }

    public var authors: AuthorHandlers {
        AuthorHandlers(
            unitOfWork: unitOfWork, authorRepository: application.authorRepository,
            bookRepository: application.bookRepository, caller: caller, clock: application.clock)
    }

    public var books: BookHandlers {
        BookHandlers(
            unitOfWork: unitOfWork, bookRepository: application.bookRepository,
            authorRepository: application.authorRepository, loanRepository: application.loanRepository, caller: caller)
    }

    public var members: MemberHandlers {
        MemberHandlers(
            unitOfWork: unitOfWork, memberRepository: application.memberRepository, caller: caller, clock: application.clock)
    }

    public var loans: LoanHandlers {
        LoanHandlers(
            unitOfWork: unitOfWork, loanRepository: application.loanRepository, bookRepository: application.bookRepository,
            caller: caller, clock: application.clock,
            loanPeriodSeconds: application.configuration.loanPeriod.components.seconds)
    }

    public var health: HealthHandler { HealthHandler(unitOfWork: unitOfWork, database: application.database) }
}
