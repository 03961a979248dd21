import Foundation
import Logging
import PostgresKit
import PostgresNIO
import SQLKit
import ServiceLifecycle

/// A PostgreSQL server, chosen with `DATABASE_URL=postgres://…`: PostgresNIO's connection pool,
/// which runs as a service (connections are made once it runs, and closed when it stops).
public final class PostgresDatabase: Database, Service {
    public let kind = "postgres"
    private let client: PostgresClient
    private let logger: Logger
    private let location: String

    /// A pool for the server at `url` (`postgres://user:password@host:port/database`). TLS is
    /// used when the server offers it, unless the URL says `?sslmode=disable`; `?sslmode=require`
    /// refuses a server without it.
    public init(url: String, logger: Logger) throws {
        guard let components = URLComponents(string: url), let host = components.host, !host.isEmpty,
            let user = components.user
        else {
            throw ConfigurationError(
                variable: "DATABASE_URL", value: DatabaseLocation.postgres(url: url).description,
                expected: "a URL with a user and a host")
        }
        let database = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        let mode = components.queryItems?.first { $0.name == "sslmode" }?.value ?? "prefer"
        let tls: PostgresClient.Configuration.TLS
        switch mode {
        case "disable": tls = .disable
        case "require": tls = .require(.makeClientConfiguration())
        default: tls = .prefer(.makeClientConfiguration())
        }
        var configuration = PostgresClient.Configuration(
            host: host, port: components.port ?? 5432, username: user,
            password: components.password?.removingPercentEncoding, database: database.isEmpty ? nil : database,
            tls: tls)
        configuration.options.maximumConnections = 16
        client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.logger = logger
        location = DatabaseLocation.postgres(url: url).description
    }

    public func transaction<Result: Sendable>(
        logger: Logger, _ body: @Sendable (any SQLDatabase) async throws -> Result
    ) async throws -> Result {
        do {
            return try await client.withTransaction(logger: logger) { connection in
                try await body(connection.sql(logger: logger))
            }
        } catch let error as PostgresTransactionError {
            // The closure's own error, or the BEGIN/COMMIT/ROLLBACK that failed.
            if let closureError = error.closureError { throw Self.translated(closureError) }
            throw Self.translatedFailure(error.beginError ?? error.commitError ?? error)
        } catch {
            // Leasing a connection failed: the server is down, refusing, or the pool is closed.
            throw Self.translatedFailure(error)
        }
    }

    /// Runs the pool until graceful shutdown.
    public func run() async {
        logger.info("database open", metadata: ["database": .string(location)])
        await client.run()
        logger.info("database closed", metadata: ["database": .string(location)])
    }

    /// PostgreSQL's errors as ``DatabaseError``: class 23 (integrity constraint) is a conflict,
    /// everything else from the connection means the database is unavailable.
    static func translated(_ error: any Error) -> any Error {
        if let error = error as? PSQLError {
            if let state = error.serverInfo?[.sqlState], state.hasPrefix("23") {
                return DatabaseError.constraintViolation(error.serverInfo?[.message] ?? state)
            }
            return DatabaseError.unavailable(String(describing: error.code))
        }
        return error
    }

    /// An error of the database itself (not of the closure): a ``DatabaseError`` in every case.
    static func translatedFailure(_ error: any Error) -> DatabaseError {
        if let error = translated(error) as? DatabaseError { return error }
        return .unavailable(String(describing: error))
    }
}
