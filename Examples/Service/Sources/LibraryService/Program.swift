import Foundation
import Logging
import ServiceLifecycle
import Trellis
import TrellisServiceLifecycle

/// The program `library-service` runs: configuration from the environment, the container, and its
/// services in a ServiceGroup that shuts down gracefully on SIGTERM or SIGINT.
public enum LibraryProgram {
    /// Runs until a signal asks it to stop; returns the exit status (0 after a graceful shutdown,
    /// 1 when a service failed, 2 for a bad configuration).
    public static func run(environment: [String: String]) async -> Int32 {
        let configuration: ServiceConfiguration
        do {
            configuration = try ServiceConfiguration(environment: environment)
        } catch {
            FileHandle.standardError.write(Data("library-service: \(error)\n".utf8))
            return 2
        }
        var logger = Logger(label: "library")
        logger.logLevel = environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info
        logger.info("starting", metadata: ["database": .string(configuration.database.description)])
        do {
            let container = try LibraryContainer(configuration: configuration, logger: logger)
            let group = try ServiceGroup(
                services: container.serviceStartOrder, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
            try await group.run()
            logger.info("stopped")
            return 0
        } catch {
            logger.error("failed", metadata: ["error": "\(error)"])
            return 1
        }
    }
}
