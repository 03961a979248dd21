import Logging
import Trellis

/// Everything one HTTP request sees, created for it by ``LibraryContainer/request(id:caller:)`` and
/// released with it.
///
/// Its `.argument` members are what only the request knows (its id, its caller); everything else it
/// reads from ``LibraryContainer``, its parent, without restating it (`database`, `clock`, the
/// repositories: each name a factory reads that this scope does not declare), checked by the
/// compiler by name and type. Its `.shared` members exist once per request (the request's logger,
/// its unit of work); the handlers are built from all of these when a route asks for one, each by
/// its initializer, whose argument labels name the members it takes.
@DIContainer(parent: LibraryContainer.self, concrete: true)
public final class RequestScope: Sendable, RequestHandlers {
    @Provide(.argument) public var requestID: String
    @Provide(.argument) public var caller: Caller

    /// The application's logger with the request's id and caller as metadata.
    @Provide(
        .shared,
        factory: { (logger: Logger, requestID: String, caller: Caller) in
            var requestLogger = logger
            requestLogger[metadataKey: "request_id"] = .string(requestID)
            requestLogger[metadataKey: "caller"] = .string(caller.logValue)
            return requestLogger
        })
    public var requestLogger: Logger

    /// The request's transaction.
    @Provide(.shared, factory: UnitOfWork.init(database:requestLogger:))
    public var unitOfWork: UnitOfWork

    @Provide(.transient, factory: AuthorHandlers.init(unitOfWork:authorRepository:bookRepository:caller:clock:))
    public var authors: AuthorHandlers

    @Provide(.transient, factory: BookHandlers.init(unitOfWork:bookRepository:authorRepository:loanRepository:caller:))
    public var books: BookHandlers

    @Provide(.transient, factory: MemberHandlers.init(unitOfWork:memberRepository:caller:clock:))
    public var members: MemberHandlers

    @Provide(
        .transient,
        factory: { (c: Self) in
            LoanHandlers(
                unitOfWork: c.unitOfWork, loanRepository: c.loanRepository, bookRepository: c.bookRepository, caller: c.caller,
                clock: c.clock, loanPeriodSeconds: c.configuration.loanPeriod.components.seconds)
        })
    public var loans: LoanHandlers

    @Provide(.transient, factory: HealthHandler.init(unitOfWork:database:))
    public var health: HealthHandler
}
