import Foundation

/// What the service is told by its environment: where to listen, which database, how it behaves.
///
/// The application container takes it as an `.input`; every member that needs a setting reads it
/// from here, so the environment is read once, in `main`.
public struct ServiceConfiguration: Sendable, Equatable {
    /// The address to listen on; loopback unless told otherwise.
    public var host: String
    /// The port to listen on; `0` asks the system for a free one (tests).
    public var port: Int
    /// Which database the container opens.
    public var database: DatabaseLocation
    /// How long a loan lasts before the sweeper marks it overdue.
    public var loanPeriod: Duration
    /// How often the overdue sweeper runs.
    public var sweepInterval: Duration
    /// The largest request body the service reads, in bytes; larger ones get 413.
    public var maximumBodySize: Int

    /// A configuration with the service's defaults for everything not given.
    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        database: DatabaseLocation = .sqlite(path: "library.sqlite"),
        loanPeriod: Duration = .seconds(14 * 24 * 3600),
        sweepInterval: Duration = .seconds(60),
        maximumBodySize: Int = 64 * 1024
    ) {
        self.host = host
        self.port = port
        self.database = database
        self.loanPeriod = loanPeriod
        self.sweepInterval = sweepInterval
        self.maximumBodySize = maximumBodySize
    }

    /// Reads `HOST`, `PORT`, `DATABASE_URL`, `LOAN_PERIOD_SECONDS`, `SWEEP_INTERVAL_SECONDS` and
    /// `MAX_BODY_BYTES`; an unset variable keeps the default, a malformed one is an error that names it.
    public init(environment: [String: String]) throws(ConfigurationError) {
        self.init()
        if let host = environment["HOST"], !host.isEmpty { self.host = host }
        if let port = environment["PORT"] {
            guard let value = Int(port), (0...65535).contains(value) else {
                throw ConfigurationError(variable: "PORT", value: port, expected: "a port number from 0 to 65535")
            }
            self.port = value
        }
        if let url = environment["DATABASE_URL"], !url.isEmpty {
            guard let location = DatabaseLocation(url: url) else {
                throw ConfigurationError(
                    variable: "DATABASE_URL", value: url,
                    expected: "'sqlite:PATH' or 'postgres://USER:PASSWORD@HOST:PORT/DATABASE'")
            }
            self.database = location
        }
        for (variable, keyPath) in [
            ("LOAN_PERIOD_SECONDS", \ServiceConfiguration.loanPeriod), ("SWEEP_INTERVAL_SECONDS", \.sweepInterval),
        ] {
            guard let text = environment[variable] else { continue }
            guard let seconds = Double(text), seconds > 0 else {
                throw ConfigurationError(variable: variable, value: text, expected: "a positive number of seconds")
            }
            self[keyPath: keyPath] = .milliseconds(Int64(seconds * 1000))
        }
        if let text = environment["MAX_BODY_BYTES"] {
            guard let bytes = Int(text), bytes > 0 else {
                throw ConfigurationError(variable: "MAX_BODY_BYTES", value: text, expected: "a positive number of bytes")
            }
            maximumBodySize = bytes
        }
    }
}

/// Where the data lives. The application container turns it into a ``Database``.
public enum DatabaseLocation: Sendable, Equatable, CustomStringConvertible {
    /// An SQLite file, created if absent: the default, which needs nothing installed.
    case sqlite(path: String)
    /// A PostgreSQL server, given as a `postgres://` URL.
    case postgres(url: String)

    /// Parses `sqlite:PATH`, `sqlite://PATH` or a `postgres://` / `postgresql://` URL.
    public init?(url: String) {
        if url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") {
            self = .postgres(url: url)
        } else if url.hasPrefix("sqlite:") {
            var path = url.dropFirst("sqlite:".count)
            if path.hasPrefix("//") { path = path.dropFirst(2) }
            guard !path.isEmpty else { return nil }
            self = .sqlite(path: String(path))
        } else {
            return nil
        }
    }

    /// The location without a password, for logs.
    public var description: String {
        switch self {
        case .sqlite(let path): return "sqlite:\(path)"
        case .postgres(let url):
            guard var components = URLComponents(string: url) else { return "postgres://…" }
            if components.password != nil { components.password = "redacted" }
            return components.string ?? "postgres://…"
        }
    }
}

/// An environment variable the service cannot use.
public struct ConfigurationError: Error, CustomStringConvertible, Equatable {
    /// The variable's name.
    public var variable: String
    /// What it was set to.
    public var value: String
    /// What the service expects instead.
    public var expected: String

    public var description: String { "\(variable)='\(value)' is not \(expected)" }
}

/// The wall clock the service reads: loan dates, overdue checks. Tests pass a fixed one.
public protocol WallClock: Sendable {
    /// The current time, in whole seconds since 1970.
    func now() -> Int64
}

/// The system's clock.
public struct SystemClock: WallClock {
    public init() {}
    public func now() -> Int64 { Int64(Date().timeIntervalSince1970) }
}
