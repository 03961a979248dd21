import Logging
import SQLKit

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
