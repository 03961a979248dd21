import Logging
import NIOConcurrencyHelpers
import SQLKit
import SQLiteKit
import ServiceLifecycle

/// An SQLite file, the default database: nothing to install.
///
/// SQLite has one writer, so transactions take turns on one connection, first come first served.
/// The file is opened when the service starts (an unusable path fails the start, and with it the
/// program) and closed after graceful shutdown, once the transaction in progress has finished.
public final class SQLiteDatabase: Database, Service {
    public let kind = "sqlite"
    /// The file, as given.
    public let path: String
    private let logger: Logger
    private let turns = AsyncMutex()
    private let state = NIOLockedValueBox(State.notOpened)

    private enum State {
        case notOpened
        case open(SQLiteConnection)
        case closed
    }

    /// The database at `path`; nothing is opened until the service starts or a transaction runs.
    public init(path: String, logger: Logger) {
        self.path = path
        self.logger = logger
    }

    /// Waits its turn on the file's one connection, whatever `origin`: a local file has no
    /// connection to lose.
    public func transaction<Result: Sendable>(
        _ origin: TransactionOrigin, logger: Logger, _ body: @Sendable (any SQLDatabase) async throws -> Result
    ) async throws -> Result {
        try await turns.withLock {
            let database = try await self.connection().sql().logging(to: logger)
            try await Self.translatingErrors { try await database.raw("BEGIN IMMEDIATE").run() }
            do {
                let result = try await body(database)
                try await Self.translatingErrors { try await database.raw("COMMIT").run() }
                return result
            } catch {
                try? await database.raw("ROLLBACK").run()
                throw Self.translated(error)
            }
        }
    }

    /// Opens the file, then waits for graceful shutdown and closes it.
    public func run() async throws {
        // Logged holding the turn, so that no transaction (the migrations') is logged before it.
        try await turns.withLock {
            _ = try await self.connection()
            self.logger.info("database open", metadata: ["database": "sqlite:\(self.path)"])
        }
        try? await gracefulShutdown()
        try await turns.withLock {
            let connection = self.state.withLockedValue { state -> SQLiteConnection? in
                defer { state = .closed }
                if case .open(let connection) = state { return connection }
                return nil
            }
            try await connection?.close()
        }
        logger.info("database closed", metadata: ["database": "sqlite:\(path)"])
    }

    /// The open connection, opened on first use. Called holding `turns`.
    private func connection() async throws -> SQLiteConnection {
        switch state.withLockedValue({ $0 }) {
        case .open(let connection): return connection
        case .closed: throw DatabaseError.unavailable("the database is closed")
        case .notOpened: break
        }
        let connection = try await Self.translatingErrors {
            try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
        }
        do {
            // WAL keeps readers of the file off the writer's back; FULL makes every commit durable
            // before the request that made it is answered.
            for pragma in ["PRAGMA journal_mode = WAL", "PRAGMA synchronous = FULL", "PRAGMA foreign_keys = ON"] {
                try await connection.sql().raw(SQLQueryString(pragma)).run()
            }
        } catch {
            try? await connection.close()
            throw Self.translated(error)
        }
        state.withLockedValue { $0 = .open(connection) }
        return connection
    }

    private static func translatingErrors<T>(_ body: () async throws -> T) async throws -> T {
        do { return try await body() } catch { throw translated(error) }
    }

    /// SQLite's own errors as ``DatabaseError``; everything else unchanged. Busy and locked are the
    /// only ones a retry can get past; the others (a missing table, a full disk, a read-only file)
    /// need someone to act, and are 500s with SQLite's message in the log.
    static func translated(_ error: any Error) -> any Error {
        guard let error = error as? SQLiteError else { return error }
        switch error.reason {
        case .constraint, .constraintUniqueFailed, .constraintForeignKeyFailed, .constraintCheckFailed,
            .constraintNotNullFailed, .constraintPrimaryKeyFailed:
            return DatabaseError.constraintViolation(error.message)
        case .busy, .busyTimeout, .busyInRecovery, .busyInSnapshot, .locked, .lockedBySharedCache:
            return DatabaseError.unavailable(error.message)
        default:
            return DatabaseError.failed(error.message)
        }
    }
}
