import Atomics
import Testing
import Trellis

// Scope containers (the Hierarchy article, "Scopes per request, session or job", with names of their own): created
// per unit of work by an `@Assisted(.scope)` function of a longer-lived container. Their
// `.argument` members come from the function's caller, their `.input` members from the container
// that creates them, checked through its `<Scope>Dependencies` conformance.

final class Connection: Sendable {
    let opened = ManagedAtomic(0)
}

final class Transaction: Sendable {
    let connection: Connection
    let requestID: String
    init(connection: Connection, requestID: String) {
        self.connection = connection
        self.requestID = requestID
        connection.opened.wrappingIncrement(ordering: .relaxed)
    }
}

struct Caller: Sendable, Equatable {
    let name: String
}

@DIContainer
final class HTTPRequestScope: Sendable {
    @Provide(.argument)
    var requestID: String

    @Provide(.input)
    var connection: Connection

    @Provide(.argument)
    var caller: Caller

    @Provide(.input)
    var serviceName: String

    @Provide(.shared, Transaction.self, with: [\Self.connection, \Self.requestID], concrete: true)
    var transaction: Transaction

    @Provide(
        .transient,
        factory: { (serviceName: String, caller: Caller, requestID: String) in
            "\(serviceName) \(requestID) for \(caller.name)"
        }, concrete: true)
    var logLine: String
}

@DIContainer
final class HTTPServerContainer: Sendable, HTTPRequestScopeDependencies {
    @Provide(.shared, factory: { Connection() }, concrete: true)
    var connection: Connection

    @Provide(.input)
    var serviceName: String

    @Assisted(.scope)
    func request(id requestID: String, caller: Caller) -> HTTPRequestScope
}

// A scope whose initializer throws (a throwing shared factory) and whose creator says so.
struct ScopeOpenError: Error, Equatable {
    let jobID: Int
}

final class JobLease: Sendable {
    let jobID: Int
    init(jobID: Int) throws {
        guard jobID >= 0 else { throw ScopeOpenError(jobID: jobID) }
        self.jobID = jobID
    }
}

@DIContainer
struct JobScope: Sendable {
    @Provide(.argument)
    var jobID: Int

    @Provide(.argument)
    var attempt: Int = 1

    @Provide(.input)
    var queueName: String

    @Provide(.shared, factory: { (jobID: Int) throws in try JobLease(jobID: jobID) }, concrete: true)
    var lease: JobLease
}

@DIContainer
struct WorkerContainer: Sendable, JobScopeDependencies {
    @Provide(.input)
    var queueName: String

    @Assisted(.scope)
    func job(jobID: Int, attempt: Int) throws -> JobScope
}

// A scope with an asyncFactory member: its initializer starts the build, readers await it.
final class Session: Sendable {
    let user: String
    init(user: String) async { self.user = user }
}

@DIContainer
final class SessionScope: Sendable {
    @Provide(.argument)
    var user: String

    @Provide(.input)
    var realm: String

    @Provide(.shared, asyncFactory: { (user: String) async in await Session(user: user) }, concrete: true)
    var session: Session
}

@DIContainer
final class RealmContainer: Sendable, SessionScopeDependencies {
    @Provide(.input)
    var realm: String

    @Assisted(.scope)
    func session(user: String) -> SessionScope
}

@Suite("Scope containers created by @Assisted(.scope)")
struct ScopeContainerTests {
    @Test("the caller passes the arguments, the parent its members; shared members are per scope")
    func splitNeeds() {
        let server = HTTPServerContainer(serviceName: "library")
        let first = server.request(id: "r1", caller: Caller(name: "ana"))
        let second = server.request(id: "r2", caller: Caller(name: "bo"))
        #expect(first.requestID == "r1" && first.caller == Caller(name: "ana"))
        #expect(first.serviceName == "library")
        #expect(first.connection === server.connection && second.connection === server.connection)
        #expect(first.transaction === first.transaction)
        #expect(first.transaction !== second.transaction)
        #expect(first.transaction.requestID == "r1" && second.transaction.requestID == "r2")
        #expect(first.logLine == "library r1 for ana")
        #expect(server.connection.opened.load(ordering: .relaxed) == 2)
    }

    @Test("the scope's needs protocol lists only what the parent provides")
    func needsProtocolLeavesArgumentsOut() {
        // A value providing only `connection` and `serviceName` creates the scope, with the
        // arguments passed beside it: the protocol has no `requestID` or `caller` requirement.
        struct Needs: HTTPRequestScopeDependencies {
            let connection = Connection()
            let serviceName = "test double"
        }
        let scope = HTTPRequestScope(dependencies: Needs(), requestID: "t1", caller: Caller(name: "test"))
        #expect(scope.logLine == "test double t1 for test")
        let snapshot = HTTPRequestScope.Inputs(from: Needs())
        let again = HTTPRequestScope(inputs: snapshot, requestID: "t2", caller: Caller(name: "test"))
        #expect(again.transaction.requestID == "t2")
        // The member-wise initializer takes every member, overrides included, as for any container.
        let stub = Transaction(connection: Connection(), requestID: "stub")
        let overridden = HTTPRequestScope(
            requestID: "t3", connection: Connection(), caller: Caller(name: "x"), serviceName: "s", transaction: stub)
        #expect(overridden.transaction === stub)
    }

    @Test("a throwing scope initializer is a throwing function; an argument's default serves direct creation")
    func throwingScope() throws {
        let worker = WorkerContainer(queueName: "mail")
        let job = try worker.job(jobID: 7, attempt: 2)
        #expect(job.lease.jobID == 7 && job.attempt == 2 && job.queueName == "mail")
        #expect(throws: ScopeOpenError(jobID: -1)) { try worker.job(jobID: -1, attempt: 1) }
        let direct = try JobScope(dependencies: worker, jobID: 3)
        #expect(direct.attempt == 1)
    }

    @Test("a scope's async members are built per scope and awaited by their readers")
    func asyncScope() async {
        let realm = RealmContainer(realm: "staff")
        let first = realm.session(user: "ana")
        let second = realm.session(user: "bo")
        #expect(await first.session.user == "ana" && first.realm == "staff")
        #expect(await second.session.user == "bo")
        #expect(await first.session === first.session)
    }

    @Test("scopes created from many tasks at once are each whole and distinct")
    func createdConcurrently() async {
        let server = HTTPServerContainer(serviceName: "library")
        let ids = await withTaskGroup(of: String.self) { group in
            for index in 0..<500 {
                group.addTask {
                    let scope = server.request(id: "r\(index)", caller: Caller(name: "c\(index % 7)"))
                    #expect(scope.transaction.connection === server.connection)
                    return scope.transaction.requestID
                }
            }
            return await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(ids.count == 500)
        #expect(server.connection.opened.load(ordering: .relaxed) == 500)
    }
}
