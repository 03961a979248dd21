import Hummingbird
import Logging
import ServiceLifecycle

/// The Hummingbird application as a service: it binds once the schema is migrated, and on graceful
/// shutdown stops accepting connections and finishes the requests in flight before it returns.
public struct HTTPServer: Service {
    /// The application it runs: the router behind the service's middleware. The benchmarks answer
    /// requests with it in-process (HummingbirdTesting's `.router`), without a socket.
    public let application: Application<RouterResponder<AppRequestContext>>
    private let migrations: SchemaMigrations
    private let boundPort: Promise<Int>

    /// A server for `router` on the configured host and port.
    package init(
        configuration: ServiceConfiguration, router: Router<AppRequestContext>, migrations: SchemaMigrations, logger: Logger
    ) {
        let boundPort = Promise<Int>()
        application = Application(
            router: router,
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? configuration.port
                logger.info("listening", metadata: ["host": .string(configuration.host), "port": "\(port)"])
                boundPort.finish(.success(port))
            },
            logger: logger)
        self.migrations = migrations
        self.boundPort = boundPort
    }

    public func run() async throws {
        do {
            // Not before the schema exists; a graceful shutdown meanwhile ends the wait, and the
            // server never binds.
            try await cancelWhenGracefulShutdown { try await migrations.completed() }
            if Task.isShuttingDownGracefully { throw CancellationError() }
        } catch {
            boundPort.finish(.failure(error))
            if Task.isShuttingDownGracefully { return }
            throw error
        }
        do {
            try await application.run()
        } catch {
            boundPort.finish(.failure(error))
            throw error
        }
        boundPort.finish(.failure(CancellationError()))
    }

    /// The port the server listens on, once it does (the configured one, or the one the system
    /// chose for port 0).
    public func port() async throws -> Int {
        try await boundPort.wait()
    }
}
