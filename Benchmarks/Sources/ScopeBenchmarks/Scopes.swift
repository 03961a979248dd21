import Trellis

// One request scope, four ways: what a server creates and releases for every request. The scope
// holds two runtime values (the request's id and caller), two members of the long-lived server
// (its log and clock), two members shared within the request and one transient handler. Every
// contender allocates the same two shared objects per request.

/// The server's log: one for the process.
public final class RequestLog: Sendable {
    public init() {}
}

/// The server's clock: one for the process.
public final class ServerClock: Sendable {
    public init() {}
}

/// Shared within one request.
public final class UnitOfWork: Sendable {
    public let requestID: Int
    public let log: RequestLog
    public init(requestID: Int, log: RequestLog) {
        self.requestID = requestID
        self.log = log
    }
}

/// Shared within one request; reads the unit of work.
public final class Auditor: Sendable {
    public let caller: Int
    public let clock: ServerClock
    public let unitOfWork: UnitOfWork
    public init(caller: Int, clock: ServerClock, unitOfWork: UnitOfWork) {
        self.caller = caller
        self.clock = clock
        self.unitOfWork = unitOfWork
    }
}

/// Built on every read.
public final class Handler: Sendable {
    public let unitOfWork: UnitOfWork
    public let auditor: Auditor
    public init(unitOfWork: UnitOfWork, auditor: Auditor) {
        self.unitOfWork = unitOfWork
        self.auditor = auditor
    }
}

/// The scope container, created by the server's `@Assisted(.scope)` function: the request's values
/// are its arguments, the server provides the rest through `RequestScopeDependencies`.
@DIContainer
public final class RequestScope: Sendable {
    @Provide(.argument) public var requestID: Int
    @Provide(.argument) public var caller: Int
    @Provide(.input) public var log: RequestLog
    @Provide(.input) public var clock: ServerClock
    @Provide(.shared, UnitOfWork.self, with: [\Self.requestID, \Self.log], concrete: true)
    public var unitOfWork: UnitOfWork
    @Provide(.shared, Auditor.self, with: [\Self.caller, \Self.clock, \Self.unitOfWork], concrete: true)
    public var auditor: Auditor
    @Provide(.transient, Handler.self, with: [\Self.unitOfWork, \Self.auditor], concrete: true)
    public var handler: Handler
}

/// The same scope with every value an input, created by AutoWiring that lists the server's
/// members (the form scopes had before `.argument`).
@DIContainer
public final class ListedRequestScope: Sendable {
    @Provide(.input) public var requestID: Int
    @Provide(.input) public var caller: Int
    @Provide(.input) public var log: RequestLog
    @Provide(.input) public var clock: ServerClock
    @Provide(.shared, UnitOfWork.self, with: [\Self.requestID, \Self.log], concrete: true)
    public var unitOfWork: UnitOfWork
    @Provide(.shared, Auditor.self, with: [\Self.caller, \Self.clock, \Self.unitOfWork], concrete: true)
    public var auditor: Auditor
    @Provide(.transient, Handler.self, with: [\Self.unitOfWork, \Self.auditor], concrete: true)
    public var handler: Handler
}

/// The same scope reading the server's members from its parent, without restating them
/// (`@DIContainer(parent:)`): it keeps the server, and reads `log` and `clock` through it.
@DIContainer(parent: ServerScope.self)
public final class ParentedRequestScope: Sendable {
    @Provide(.argument) public var requestID: Int
    @Provide(.argument) public var caller: Int
    @Provide(.shared, UnitOfWork.self, with: [\Self.requestID, \Self.log], concrete: true)
    public var unitOfWork: UnitOfWork
    @Provide(.shared, Auditor.self, with: [\Self.caller, \Self.clock, \Self.unitOfWork], concrete: true)
    public var auditor: Auditor
    @Provide(.transient, Handler.self, with: [\Self.unitOfWork, \Self.auditor], concrete: true)
    public var handler: Handler
}

/// The long-lived container that creates a scope per request.
@DIContainer
public final class ServerScope: Sendable, RequestScopeDependencies {
    @Provide(.shared, factory: { RequestLog() }, concrete: true) public var log: RequestLog
    @Provide(.shared, factory: { ServerClock() }, concrete: true) public var clock: ServerClock
    @Assisted(.scope)
    public func request(requestID: Int, caller: Int) -> RequestScope
    @Assisted(.scope)
    public func parentedRequest(requestID: Int, caller: Int) -> ParentedRequestScope
    @Assisted(ListedRequestScope.self, with: [\Self.log, \Self.clock])
    public func listedRequest(requestID: Int, caller: Int) -> ListedRequestScope
}

/// The same scope written by hand as a struct: the reference.
public struct HandWrittenScope {
    public let requestID: Int
    public let caller: Int
    public let log: RequestLog
    public let clock: ServerClock
    public let unitOfWork: UnitOfWork
    public let auditor: Auditor

    public init(requestID: Int, caller: Int, log: RequestLog, clock: ServerClock) {
        self.requestID = requestID
        self.caller = caller
        self.log = log
        self.clock = clock
        unitOfWork = UnitOfWork(requestID: requestID, log: log)
        auditor = Auditor(caller: caller, clock: clock, unitOfWork: unitOfWork)
    }

    public var handler: Handler { Handler(unitOfWork: unitOfWork, auditor: auditor) }
}

/// The same scope written by hand as a final class: what code that hands a scope to several tasks
/// writes, and what a Trellis class container is.
public final class HandWrittenClassScope: Sendable {
    public let requestID: Int
    public let caller: Int
    public let log: RequestLog
    public let clock: ServerClock
    public let unitOfWork: UnitOfWork
    public let auditor: Auditor

    public init(requestID: Int, caller: Int, log: RequestLog, clock: ServerClock) {
        self.requestID = requestID
        self.caller = caller
        self.log = log
        self.clock = clock
        unitOfWork = UnitOfWork(requestID: requestID, log: log)
        auditor = Auditor(caller: caller, clock: clock, unitOfWork: unitOfWork)
    }

    public var handler: Handler { Handler(unitOfWork: unitOfWork, auditor: auditor) }
}
