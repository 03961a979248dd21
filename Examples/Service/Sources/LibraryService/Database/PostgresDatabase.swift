import Logging
import NIOConcurrencyHelpers
import PostgresKit
import PostgresNIO
import SQLKit
import ServiceLifecycle

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A PostgreSQL server, chosen with `DATABASE_URL=postgres://…` (read as libpq reads it, see
/// ``PostgresURL``): PostgresNIO's connection pool, which runs as a service.
///
/// It fails fast when the server does:
/// - at start, it connects once, outside the pool, before anything else may use it: a server that
///   cannot be reached, or refuses the user or the database, fails the start with the server's own
///   reason (the pool would only say, a minute later, that its circuit breaker tripped);
/// - a request's transaction (waiting for a connection, then its statements) has `timeout`: past it
///   the request fails as ``DatabaseError/unavailable(_:)``, and a connection stuck in a statement is
///   closed, which is what frees it when the server stops answering; the same happens to any
///   transaction whose task is cancelled (the service's own work, on graceful shutdown);
/// - while transactions time out, one connection attempt at a time finds out why, and the log says
///   it once: `database unreachable` with the cause, then `database reachable` when it is back.
public final class PostgresDatabase: Database, Service {
    public let kind = "postgres"
    private let url: PostgresURL
    private let client: PostgresClient
    private let probeConfiguration: PostgresConnection.Configuration
    private let timeout: Duration
    private let logger: Logger
    private let opened = Promise<Void>()
    private let reachability = Reachability()

    /// A pool for the server at `url`; nothing connects until the service runs.
    ///
    /// - Throws: ``ConfigurationError`` for a URL libpq would refuse, or a TLS setting that cannot be
    ///   used (an `sslrootcert` file that cannot be read).
    public init(url text: String, timeout: Duration, logger: Logger) throws(ConfigurationError) {
        let url: PostgresURL
        let tls: (pool: PostgresClient.Configuration.TLS, probe: PostgresConnection.Configuration.TLS)
        do {
            url = try PostgresURL(parsing: text)
            tls = try Self.tls(for: url)
        } catch let error as PostgresURLError {
            throw ConfigurationError(
                variable: "DATABASE_URL", value: DatabaseLocation.redacting(text),
                expected: "a usable PostgreSQL URL: it \(error.reason)")
        } catch {
            throw ConfigurationError(
                variable: "DATABASE_URL", value: DatabaseLocation.redacting(text),
                expected: "a URL whose TLS settings can be used (\(error))")
        }
        // libpq's "no limit" for connect_timeout; a graceful shutdown still cancels the attempt.
        let connectTimeout = url.connectTimeout ?? .seconds(365 * 24 * 3600)
        var pool: PostgresClient.Configuration
        var probe: PostgresConnection.Configuration
        switch url.endpoint {
        case .tcp(let host, let port):
            pool = .init(
                host: host, port: port, username: url.user, password: url.password, database: url.database, tls: tls.pool)
            probe = .init(
                host: host, port: port, username: url.user, password: url.password, database: url.database, tls: tls.probe)
        case .socket(let path):
            pool = .init(unixSocketPath: path, username: url.user, password: url.password, database: url.database)
            probe = .init(unixSocketPath: path, username: url.user, password: url.password, database: url.database)
        }
        pool.options.connectTimeout = connectTimeout
        pool.options.maximumConnections = 16
        pool.options.tlsServerName = url.certificateName
        pool.options.additionalStartupParameters = [("application_name", url.applicationName)]
        probe.options.connectTimeout = .init(connectTimeout)
        probe.options.tlsServerName = url.certificateName
        probe.options.additionalStartupParameters = [("application_name", url.applicationName)]
        self.url = url
        // PostgresNIO logs each failed connection attempt at `info`; the service says it once per
        // outage instead (`database unreachable`, with the cause), unless the log level asks for more.
        var backgroundLogger = logger
        if backgroundLogger.logLevel == .info { backgroundLogger.logLevel = .notice }
        client = PostgresClient(configuration: pool, backgroundLogger: backgroundLogger)
        probeConfiguration = probe
        self.timeout = timeout
        self.logger = logger
    }

    public func transaction<Result: Sendable>(
        _ origin: TransactionOrigin, logger: Logger, _ body: @Sendable (any SQLDatabase) async throws -> Result
    ) async throws -> Result {
        // Only the first transactions wait here, for the first connection at start.
        try await opened.wait()
        let lease = ConnectionLease()
        do {
            // On expiry, a lease still waiting is cancelled with the task; a statement still running is
            // not (PostgresNIO cannot cancel one), so its connection is closed under it.
            return try await Deadline.run(after: origin == .request ? timeout : nil, onExpiry: lease.expire) {
                let result = try await self.client.withConnection { connection in
                    try await lease.hold(connection)
                    let database = OpenConnectionDatabase(connection: connection, base: connection.sql(logger: logger))
                    do {
                        try await database.raw("BEGIN").run()
                        let result = try await body(database)
                        try await database.raw("COMMIT").run()
                        lease.release()
                        return result
                    } catch {
                        // A closed connection has no transaction left to roll back; one whose rollback
                        // failed may still be in it, and must not go back to the pool as it is.
                        if !connection.isClosed {
                            do { try await database.raw("ROLLBACK").run() } catch { try? await connection.close() }
                        }
                        // A connection the deadline closed goes back to the pool only once it is closed,
                        // so that the pool, which learns of the close on its event loop, never lends it again.
                        if lease.release() { try? await connection.closeFuture.get() }
                        throw TransactionFailure(error: PostgresErrors.translated(error))
                    }
                }
                if self.reachability.recordSuccess() {
                    self.logger.info("database reachable", metadata: ["database": .string(self.url.redacted)])
                }
                return result
            }
        } catch is DeadlineExpired {
            reachability.connectivityFailed()
            var reason = "no answer from the database within \(timeout.secondsText)"
            if let cause = reachability.lastFailure { reason += " (the last connection attempt: \(cause))" }
            throw DatabaseError.unavailable(reason)
        } catch let failure as TransactionFailure {
            // The body's own error, or a statement's (BEGIN and COMMIT included), translated.
            throw noting(failure.error)
        } catch {
            // Leasing a connection failed: the pool is closed, or its circuit breaker is open.
            throw noting(PostgresErrors.leaseFailed(error))
        }
    }

    /// `error`, after asking for a connection attempt if it says the server cannot be reached.
    private func noting(_ error: any Error) -> any Error {
        if case DatabaseError.unavailable = error, !Task.isCancelled { reachability.connectivityFailed() }
        return error
    }

    /// Connects once (the start fails here, with the server's reason, if that fails), then lets
    /// transactions use the pool, which runs until graceful shutdown.
    public func run() async throws {
        let wasOpened = try await withThrowingTaskGroup(of: Void.self) { group in
            // The pool runs from the start, so that no transaction asks it for a connection before.
            group.addTask { await self.client.run() }
            do {
                try await cancelWhenGracefulShutdown { try await self.connectOnce() }
            } catch {
                group.cancelAll()
                if Task.isShuttingDownGracefully {
                    // Stopped before the first connection: nothing was opened.
                    self.opened.finish(.failure(CancellationError()))
                    return false
                }
                let failure = DatabaseError.unavailable("cannot connect to \(url.redacted): \(PostgresErrors.cause(of: error))")
                self.opened.finish(.failure(failure))
                throw failure
            }
            self.opened.finish(.success(()))
            logger.info("database open", metadata: ["database": .string(url.redacted)])
            group.addTask { await cancelWhenGracefulShutdown { await self.watchReachability() } }
            try await group.waitForAll()
            return true
        }
        if wasOpened { logger.info("database closed", metadata: ["database": .string(url.redacted)]) }
    }

    /// One connection, made and closed: the check at start, and the diagnosis while transactions
    /// time out. Bounded by `connect_timeout`.
    private func connectOnce() async throws {
        let connection = try await PostgresConnection.connect(configuration: probeConfiguration, id: 0, logger: logger)
        try? await connection.close()
    }

    /// While transactions time out, tries a connection (one at a time, at most one a second) and logs
    /// what it found when that changes.
    private func watchReachability() async {
        for await _ in reachability.probeRequests {
            let started = ContinuousClock.now
            do {
                try await connectOnce()
                if reachability.recordSuccess() {
                    logger.info("database reachable", metadata: ["database": .string(url.redacted)])
                }
            } catch {
                if Task.isCancelled { return }
                let cause = PostgresErrors.cause(of: error)
                if reachability.recordFailure(cause) {
                    logger.warning(
                        "database unreachable", metadata: ["database": .string(url.redacted), "cause": .string(cause)])
                }
            }
            try? await Task.sleep(until: started + .seconds(1))
        }
    }

    /// The TLS settings of `url`'s `sslmode`, for the pool and for single connections.
    private static func tls(
        for url: PostgresURL
    ) throws -> (pool: PostgresClient.Configuration.TLS, probe: PostgresConnection.Configuration.TLS) {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if let path = url.rootCertificatePath {
            guard access(path, R_OK) == 0 else {
                throw PostgresURLError("has sslrootcert '\(path)', which cannot be read: \(String(cString: strerror(errno)))")
            }
            configuration.trustRoots = .file(path)
        }
        switch url.tlsMode {
        case .disable:
            return (.disable, .disable)
        case .allow, .prefer:
            configuration.certificateVerification = .none
            return (.prefer(configuration), .prefer(try NIOSSLContext(configuration: configuration)))
        case .require:
            configuration.certificateVerification = .none
        case .verifyCA:
            configuration.certificateVerification = .noHostnameVerification
        case .verifyFull:
            configuration.certificateVerification = .fullVerification
        }
        // Read now, so that an unreadable `sslrootcert` is a configuration error.
        return (.require(configuration), .require(try NIOSSLContext(configuration: configuration)))
    }
}

/// What a transaction threw once it had a connection (as opposed to leasing one).
private struct TransactionFailure: Error {
    var error: any Error
}

/// A leased connection's statements, each sent from the connection's event loop once it has checked
/// that the connection is still open. PostgresNIO drops a statement written to a closed connection
/// without failing it (the write's promise is `nil`; vapor/postgres-nio#487 fixed this and #501
/// reverted it), so a transaction whose server went away would wait for it forever; on the event
/// loop, the check and the write cannot be separated by the close.
private struct OpenConnectionDatabase: SQLDatabase {
    let connection: PostgresConnection
    let base: any SQLDatabase

    var logger: Logger { base.logger }
    var eventLoop: any EventLoop { base.eventLoop }
    var version: (any SQLDatabaseReportedVersion)? { base.version }
    var dialect: any SQLDialect { base.dialect }
    var queryLogLevel: Logger.Level? { base.queryLogLevel }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        connection.eventLoop.flatSubmit { [connection, base] in
            guard !connection.isClosed else {
                return connection.eventLoop.makeFailedFuture(DatabaseError.unavailable("the connection was closed"))
            }
            // PostgresKit's future-based path writes at once when called on the event loop.
            return base.execute(sql: query, onRow)
        }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        try await (execute(sql: query, onRow) as EventLoopFuture<Void>).get()
    }
}

/// The connection a transaction holds, so that its deadline can close it.
private final class ConnectionLease: Sendable {
    private struct State {
        var connection: PostgresConnection?
        var expired = false
    }

    private let state = NIOLockedValueBox(State())

    /// Records the leased connection. One that is closed already (the pool lent it before it learned
    /// of the close), or lent after the deadline, is not used.
    func hold(_ connection: PostgresConnection) async throws {
        let expired = state.withLockedValue { state in
            if !state.expired { state.connection = connection }
            return state.expired
        }
        if expired {
            try? await connection.close()
            throw CancellationError()
        }
        if connection.isClosed { throw DatabaseError.unavailable("the connection was closed") }
    }

    /// Forgets the connection; returns whether the deadline closed it.
    @discardableResult
    func release() -> Bool {
        state.withLockedValue { state in
            state.connection = nil
            return state.expired
        }
    }

    func expire() {
        let connection = state.withLockedValue { state in
            state.expired = true
            defer { state.connection = nil }
            return state.connection
        }
        if let connection {
            let _: EventLoopFuture<Void> = connection.close()
        }
    }
}

/// Whether the server answers, as the last connection attempt found, and the requests to try again.
private final class Reachability: Sendable {
    private struct State {
        var lastFailure: String?
    }

    private let state = NIOLockedValueBox(State())
    let probeRequests: AsyncStream<Void>
    private let requests: AsyncStream<Void>.Continuation

    init() {
        (probeRequests, requests) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// Why the last connection attempt failed, while the server is unreachable.
    var lastFailure: String? { state.withLockedValue { $0.lastFailure } }

    /// Asks for a connection attempt (at most one waits; the watcher takes one a second).
    func connectivityFailed() {
        requests.yield()
    }

    /// Whether this ends an outage that was logged (once: the next success returns `false`).
    func recordSuccess() -> Bool {
        state.withLockedValue { state in
            defer { state.lastFailure = nil }
            return state.lastFailure != nil
        }
    }

    /// Whether this is a new cause, to be logged.
    func recordFailure(_ cause: String) -> Bool {
        state.withLockedValue { state in
            defer { state.lastFailure = cause }
            return state.lastFailure != cause
        }
    }
}

extension Duration {
    /// `1.5 s`, `10 s`.
    var secondsText: String {
        let milliseconds = components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(Double(milliseconds) / 1000) s"
    }
}
