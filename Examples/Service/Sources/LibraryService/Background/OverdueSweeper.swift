import Logging
import ServiceLifecycle

/// A background service: every `sweepInterval`, marks the loans due before now as overdue, in one
/// transaction. It starts after the schema is migrated and stops on graceful shutdown, after the
/// sweep in progress (if any) has committed.
public final class OverdueSweeper: Service, Sendable {
    private let database: any Database
    private let loanRepository: any LoanRepository
    private let migrations: SchemaMigrations
    private let clock: any WallClock
    private let configuration: ServiceConfiguration
    private let logger: Logger

    public init(
        database: any Database, loanRepository: any LoanRepository, migrations: SchemaMigrations, clock: any WallClock,
        configuration: ServiceConfiguration, logger: Logger
    ) {
        self.database = database
        self.loanRepository = loanRepository
        self.migrations = migrations
        self.clock = clock
        self.configuration = configuration
        self.logger = logger
    }

    /// One sweep: how many loans became overdue.
    public func sweep() async throws -> Int {
        let now = clock.now()
        return try await database.transaction(.service, logger: logger) { [loanRepository] db in
            try await loanRepository.markOverdue(before: now, on: db)
        }
    }

    public func run() async throws {
        do {
            try await cancelWhenGracefulShutdown { try await self.migrations.completed() }
        } catch {
            // Stopped before the schema was ready; a failed migration is reported by the migrations.
            return
        }
        while !Task.isShuttingDownGracefully {
            do {
                try await cancelWhenGracefulShutdown { [configuration] in try await Task.sleep(for: configuration.sweepInterval) }
            } catch {
                break
            }
            do {
                // A graceful shutdown cancels a sweep the database is slow to answer (it rolls back).
                let marked = try await cancelWhenGracefulShutdown { try await self.sweep() }
                if marked > 0 { logger.info("loans marked overdue", metadata: ["count": "\(marked)"]) }
            } catch {
                // A failed sweep is retried at the next interval; the service keeps running.
                logger.warning("overdue sweep failed", metadata: ["error": "\(error)"])
            }
        }
    }
}
