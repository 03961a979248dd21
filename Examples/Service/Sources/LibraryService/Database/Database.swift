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
    /// unchanged, after the rollback.
    func transaction<Result: Sendable>(
        logger: Logger, _ body: @Sendable (any SQLDatabase) async throws -> Result
    ) async throws -> Result
}

/// Failures of the database, as the HTTP layer tells them apart.
public enum DatabaseError: Error, CustomStringConvertible {
    /// The database cannot be reached or failed a statement: the request can be retried later (503).
    case unavailable(String)
    /// A statement broke a constraint (a unique email or ISBN raced by two requests): 409.
    case constraintViolation(String)

    public var description: String {
        switch self {
        case .unavailable(let reason): return "database unavailable: \(reason)"
        case .constraintViolation(let reason): return "constraint violated: \(reason)"
        }
    }
}

/// Opens the database a location names. The application container's `database` member calls this:
/// the one place that decides which database the program gets.
public enum DatabaseFactory {
    /// The database at `location`, not yet running: its service starts it.
    public static func open(_ location: DatabaseLocation, logger: Logger) throws -> any Database {
        switch location {
        case .sqlite(let path): return SQLiteDatabase(path: path, logger: logger)
        case .postgres(let url): return try PostgresDatabase(url: url, logger: logger)
        }
    }
}
