import Foundation
import Logging
import ServiceLifecycle
import Trellis
import TrellisServiceLifecycle

/// The program `library-service` runs: configuration from the environment, the container, and its
/// services in a ServiceGroup that shuts down gracefully on SIGTERM or SIGINT.
public enum LibraryProgram {
    /// How long a graceful shutdown may take before what is still running is cancelled: requests in
    /// flight get this long to finish (each waits for the database at most `DATABASE_TIMEOUT_SECONDS`).
    public static let gracefulShutdownLimit: Duration = .seconds(3)

    /// Runs until a signal asks it to stop; returns the exit status: 0 after a graceful shutdown
    /// (also when the signal came before the service was ready), 1 when the service could not start
    /// (its database unreachable, refusing, or its file unusable; the port taken) or failed while
    /// running, with one `error` line that says why, and 2 for a bad configuration, with one line on
    /// standard error that names the variable.
    public static func run(environment: [String: String]) async -> Int32 {
        let configuration: ServiceConfiguration
        do {
            configuration = try ServiceConfiguration(environment: environment)
        } catch {
            return configurationFailed(error)
        }
        var logger = Logger(label: "library")
        logger.logLevel = environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info
        logger.info("starting", metadata: ["database": .string(configuration.database.description)])
        let container: LibraryContainer
        do {
            container = try LibraryContainer(configuration: configuration, logger: logger)
        } catch let error as ConfigurationError {
            return configurationFailed(error)
        } catch {
            logger.error("failed", metadata: ["error": "\(error)"])
            return 1
        }
        do {
            var groupConfiguration = ServiceGroupConfiguration(
                services: try container.serviceStartOrder.configurations(), gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger)
            groupConfiguration.maximumGracefulShutdownDuration = gracefulShutdownLimit
            try await ServiceGroup(configuration: groupConfiguration).run()
            // The server's middleware reaches the container weakly (it is a `.shared` member holding
            // the scope function): keep the container until the group has stopped, which a local
            // alone does not promise once the optimizer ends its lifetime at its last use.
            withExtendedLifetime(container) {}
            logger.info("stopped")
            return 0
        } catch {
            logger.error("failed", metadata: ["error": "\(error)"])
            return 1
        }
    }

    private static func configurationFailed(_ error: ConfigurationError) -> Int32 {
        FileHandle.standardError.write(Data("library-service: \(error)\n".utf8))
        return 2
    }
}
