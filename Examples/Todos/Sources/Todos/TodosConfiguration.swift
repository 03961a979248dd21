import Foundation
import PostgresNIO

/// What the app reads from its environment: where to listen, and the database, if any.
public struct TodosConfiguration: Sendable {
    public var host: String
    public var port: Int
    /// `nil`: todos are kept in memory.
    public var postgres: PostgresClient.Configuration?

    public init(host: String = "127.0.0.1", port: Int = 8080, postgres: PostgresClient.Configuration? = nil) {
        self.host = host
        self.port = port
        self.postgres = postgres
    }

    /// `HOST` and `PORT`, and `DATABASE_URL` (`postgres://user:password@host:port/database`) for
    /// PostgreSQL; without it, todos are kept in memory.
    public init(environment: [String: String]) throws {
        host = environment["HOST"] ?? "127.0.0.1"
        port =
            try environment["PORT"].map { value in
                guard let port = Int(value), (0...65_535).contains(port) else { throw TodosConfigurationError.port(value) }
                return port
            } ?? 8080
        postgres = try environment["DATABASE_URL"].map(Self.postgres(url:))
    }

    static func postgres(url: String) throws -> PostgresClient.Configuration {
        guard let components = URLComponents(string: url), ["postgres", "postgresql"].contains(components.scheme),
            let host = components.host, let user = components.user
        else { throw TodosConfigurationError.databaseURL(url) }
        let database = String(components.path.drop { $0 == "/" })
        return PostgresClient.Configuration(
            host: host, port: components.port ?? 5432, username: user, password: components.password,
            database: database.isEmpty ? nil : database, tls: .disable)
    }
}

/// A configuration value the app cannot use.
public enum TodosConfigurationError: Error, CustomStringConvertible {
    case port(String)
    case databaseURL(String)

    public var description: String {
        switch self {
        case .port(let value): "PORT must be a number from 0 to 65535, not '\(value)'"
        case .databaseURL: "DATABASE_URL must be postgres://user[:password]@host[:port]/database"
        }
    }
}
