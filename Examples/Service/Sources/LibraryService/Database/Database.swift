import Logging
import SQLKit
import ServiceLifecycle

/// The one thing the repositories need from a database: a transaction to run their statements in.
///
/// Repositories are written once, against SQLKit's `SQLDatabase`; which database they get (SQLite or
/// PostgreSQL, a real one or a failing one in tests) is decided by the application container.
/// Implementations are ServiceLifecycle services: the container starts the database before what
/// reads it and closes it after.
public protocol Database: Sendable {
    /// A short name for logs and `/health`: `sqlite` or `postgres`.
    var kind: String { get }

    /// Runs `body` in one transaction: committed if it returns, rolled back if it throws.
    ///
    /// Errors of the database itself come out as ``DatabaseError``; errors `body` throws come out
    /// unchanged, after the rollback. `origin` says how long it may wait for the database.
    func transaction<Result: Sendable>(
        _ origin: TransactionOrigin, logger: Logger, _ body: @Sendable (any SQLDatabase) async throws -> Result
    ) async throws -> Result
}

/// Who runs a transaction, which decides how long it may wait for the database.
public enum TransactionOrigin: Sendable {
    /// An HTTP request: on PostgreSQL, at most `DATABASE_TIMEOUT_SECONDS` for a connection and the
    /// statements together; past it the transaction fails as ``DatabaseError/unavailable(_:)`` (503).
    case request
    /// The service's own work (the migrations, the sweeper): as long as the database takes, until
    /// the task is cancelled (a graceful shutdown does).
    case service
}

/// Failures of the database, as the HTTP layer tells them apart.
public enum DatabaseError: Error, CustomStringConvertible {
    /// The database cannot be reached, or cannot serve now (a connection lost or refused, no answer in
    /// time, a server shutting down): the request can be retried later (503 with `Retry-After`).
    case unavailable(String)
    /// A statement broke a constraint (a unique email or ISBN raced by two requests): 409.
    case constraintViolation(String)
    /// The database answered with an error that retrying will not change (a missing table, a value
    /// it cannot store): 500, with the database's message in the request's log line.
    case failed(String)

    public var description: String {
        switch self {
        case .unavailable(let reason): return "database unavailable: \(reason)"
        case .constraintViolation(let reason): return "constraint violated: \(reason)"
        case .failed(let reason): return "database error: \(reason)"
        }
    }
}

/// Opens the database a configuration names. The application container's `database` member calls
/// this: the one place that decides which database the program gets.
public enum DatabaseFactory {
    /// The database `configuration` names, not yet running: its service starts it.
    ///
    /// - Throws: ``ConfigurationError`` for a PostgreSQL URL or TLS setting that cannot be used.
    public static func open(_ configuration: ServiceConfiguration, logger: Logger) throws(ConfigurationError) -> any Database {
        switch configuration.database {
        case .sqlite(let path): return SQLiteDatabase(path: path, logger: logger)
        case .postgres(let url): return try PostgresDatabase(url: url, timeout: configuration.databaseTimeout, logger: logger)
        }
    }
}
