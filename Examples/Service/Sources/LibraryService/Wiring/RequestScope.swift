import Logging
import SQLKit
import Trellis

/// Who is calling: a member (by their token) or nobody.
public enum Caller: Sendable, Equatable {
    case anonymous
    case member(id: Int)

    /// The member's id, or 401 for an anonymous caller.
    func requireMember() throws(APIError) -> Int {
        guard case .member(let id) = self else {
            throw APIError(.unauthorized, "missing_identity", "this request needs 'Authorization: Bearer <token>'")
        }
        return id
    }

    var logValue: String {
        switch self {
        case .anonymous: return "anonymous"
        case .member(let id): return "member:\(id)"
        }
    }
}

/// The request's database work, as one transaction, logged with the request's logger.
public final class UnitOfWork: Sendable {
    private let database: any Database
    private let requestLogger: Logger

    public init(database: any Database, requestLogger: Logger) {
        self.database = database
        self.requestLogger = requestLogger
    }

    /// Runs `body` in a transaction: every write in it is committed together before the response,
    /// or none is.
    public func run<Result: Sendable>(_ body: @Sendable (any SQLDatabase) async throws -> Result) async throws -> Result {
        try await database.transaction(.request, logger: requestLogger, body)
    }
}

/// What the routes read from a request's container: one handler per resource.
public protocol RequestHandlers: Sendable {
    var authors: AuthorHandlers { get }
    var books: BookHandlers { get }
    var members: MemberHandlers { get }
    var loans: LoanHandlers { get }
    var health: HealthHandler { get }
}

extension RequestScope: RequestHandlers {}

/// Everything one HTTP request sees, created for it by ``LibraryContainer/request(id:caller:)`` and
/// released with it.
///
/// Its `.argument` members are what only the request knows (its id, its caller); its `.input`
/// members are what the application container provides (the compiler checks that it does, through
/// `RequestScopeDependencies`); its `.shared` members exist once per request (the request's logger,
/// its unit of work); the handlers are built from all of these when a route asks for one.
@DIContainer
public final class RequestScope: Sendable {
    @Provide(.argument) public var requestID: String
    @Provide(.argument) public var caller: Caller

    @Provide(.input) var configuration: ServiceConfiguration
    @Provide(.input) var logger: Logger
    @Provide(.input) var clock: any WallClock
    @Provide(.input) var database: any Database
    @Provide(.input) var authorRepository: any AuthorRepository
    @Provide(.input) var bookRepository: any BookRepository
    @Provide(.input) var memberRepository: any MemberRepository
    @Provide(.input) var loanRepository: any LoanRepository

    /// The application's logger with the request's id and caller as metadata.
    @Provide(
        .shared,
        factory: { (logger: Logger, requestID: String, caller: Caller) in
            var requestLogger = logger
            requestLogger[metadataKey: "request_id"] = .string(requestID)
            requestLogger[metadataKey: "caller"] = .string(caller.logValue)
            return requestLogger
        }, concrete: true)
    public var requestLogger: Logger

    /// The request's transaction.
    @Provide(.shared, UnitOfWork.self, with: [\Self.database, \Self.requestLogger], concrete: true)
    public var unitOfWork: UnitOfWork

    @Provide(
        .transient, AuthorHandlers.self,
        with: [\Self.unitOfWork, \Self.authorRepository, \Self.bookRepository, \Self.caller, \Self.clock],
        concrete: true)
    public var authors: AuthorHandlers

    @Provide(
        .transient, BookHandlers.self,
        with: [\Self.unitOfWork, \Self.bookRepository, \Self.authorRepository, \Self.loanRepository, \Self.caller],
        concrete: true)
    public var books: BookHandlers

    @Provide(
        .transient, MemberHandlers.self, with: [\Self.unitOfWork, \Self.memberRepository, \Self.caller, \Self.clock],
        concrete: true)
    public var members: MemberHandlers

    @Provide(
        .transient,
        factory: {
            (
                unitOfWork: UnitOfWork, loanRepository: any LoanRepository, bookRepository: any BookRepository, caller: Caller,
                clock: any WallClock, configuration: ServiceConfiguration
            ) in
            LoanHandlers(
                unitOfWork: unitOfWork, loanRepository: loanRepository, bookRepository: bookRepository, caller: caller,
                clock: clock, loanPeriodSeconds: configuration.loanPeriod.components.seconds)
        }, concrete: true)
    public var loans: LoanHandlers

    @Provide(.transient, HealthHandler.self, with: [\Self.unitOfWork, \Self.database], concrete: true)
    public var health: HealthHandler
}
