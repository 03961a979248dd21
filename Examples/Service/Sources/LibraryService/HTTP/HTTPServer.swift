import Hummingbird
import Logging
import ServiceLifecycle

/// The Hummingbird application as a service: it binds once the schema is migrated, and on graceful
/// shutdown stops accepting connections and finishes the requests in flight before it returns.
public struct HTTPServer: Service {
    private let application: Application<RouterResponder<AppRequestContext>>
    private let boundPort: Promise<Int>

    /// A server for `router` on the configured host and port.
    init(configuration: ServiceConfiguration, router: Router<AppRequestContext>, migrations: SchemaMigrations, logger: Logger) {
        let boundPort = Promise<Int>()
        var application = Application(
            router: router,
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? configuration.port
                logger.info("listening", metadata: ["host": .string(configuration.host), "port": "\(port)"])
                await boundPort.finish(.success(port))
            },
            logger: logger)
        application.beforeServerStarts { try await migrations.completed() }
        self.application = application
        self.boundPort = boundPort
    }

    public func run() async throws {
        do {
            try await application.run()
        } catch {
            await boundPort.finish(.failure(error))
            throw error
        }
        await boundPort.finish(.failure(CancellationError()))
    }

    /// The port the server listens on, once it does (the configured one, or the one the system
    /// chose for port 0).
    public func port() async throws -> Int {
        try await boundPort.wait()
    }
}
