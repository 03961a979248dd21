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
    /// The longest the service waits for a request's body; a client slower than this gets 408 and its
    /// connection is closed.
    public var bodyTimeout: Duration
    /// The longest a request waits for PostgreSQL, for a connection and its statements together;
    /// past it the request gets 503 with `Retry-After`. (SQLite, a local file, has no such wait.)
    public var databaseTimeout: Duration

    /// A configuration with the service's defaults for everything not given.
    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        database: DatabaseLocation = .sqlite(path: "library.sqlite"),
        loanPeriod: Duration = .seconds(14 * 24 * 3600),
        sweepInterval: Duration = .seconds(60),
        maximumBodySize: Int = 64 * 1024,
        bodyTimeout: Duration = .seconds(10),
        databaseTimeout: Duration = .milliseconds(1500)
    ) {
        self.host = host
        self.port = port
        self.database = database
        self.loanPeriod = loanPeriod
        self.sweepInterval = sweepInterval
        self.maximumBodySize = maximumBodySize
        self.bodyTimeout = bodyTimeout
        self.databaseTimeout = databaseTimeout
    }

    /// Reads `HOST`, `PORT`, `DATABASE_URL`, `LOAN_PERIOD_SECONDS`, `SWEEP_INTERVAL_SECONDS`,
    /// `MAX_BODY_BYTES`, `BODY_TIMEOUT_SECONDS` and `DATABASE_TIMEOUT_SECONDS`; an unset variable keeps
    /// the default, a malformed one is an error that names it.
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
            database = try DatabaseLocation(url: url)
        }
        for (variable, keyPath) in [
            ("LOAN_PERIOD_SECONDS", \ServiceConfiguration.loanPeriod), ("SWEEP_INTERVAL_SECONDS", \.sweepInterval),
            ("BODY_TIMEOUT_SECONDS", \.bodyTimeout), ("DATABASE_TIMEOUT_SECONDS", \.databaseTimeout),
        ] {
            guard let text = environment[variable] else { continue }
            guard let seconds = Double(text), seconds > 0, seconds < 1e9 else {
                throw ConfigurationError(variable: variable, value: text, expected: "a positive number of seconds")
            }
            self[keyPath: keyPath] = .milliseconds(Int64((seconds * 1000).rounded(.up)))
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
    /// A PostgreSQL server, given as a `postgres://` URL that ``PostgresURL`` reads as libpq does.
    case postgres(url: String)

    /// Parses `sqlite:PATH`, `sqlite://PATH` or a `postgres://` / `postgresql://` URL (checked
    /// here, so that a URL libpq would refuse is a configuration error).
    public init(url: String) throws(ConfigurationError) {
        if url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") {
            do {
                _ = try PostgresURL(parsing: url)
            } catch {
                throw ConfigurationError(
                    variable: "DATABASE_URL", value: Self.redacting(url), expected: "a usable PostgreSQL URL: it \(error.reason)")
            }
            self = .postgres(url: url)
        } else if url.hasPrefix("sqlite:"), case let path = url.dropFirst("sqlite:".count),
            case let file = path.hasPrefix("//") ? path.dropFirst(2) : path, !file.isEmpty
        {
            self = .sqlite(path: String(file))
        } else {
            throw ConfigurationError(
                variable: "DATABASE_URL", value: Self.redacting(url),
                expected: "'sqlite:PATH' or 'postgres://USER:PASSWORD@HOST:PORT/DATABASE'")
        }
    }

    /// The location without a password, for logs.
    public var description: String {
        switch self {
        case .sqlite(let path): return "sqlite:\(path)"
        case .postgres(let url): return (try? PostgresURL(parsing: url).redacted) ?? Self.redacting(url)
        }
    }

    /// `url` with what may be a password (between the first ':' of the user information and its '@')
    /// replaced, for a URL that could not be parsed.
    static func redacting(_ url: String) -> String {
        guard let scheme = url.range(of: "://"),
            let at = url[scheme.upperBound...].firstIndex(where: { $0 == "@" || $0 == "/" }), url[at] == "@",
            let colon = url[scheme.upperBound..<at].firstIndex(of: ":")
        else { return url }
        return url[..<url.index(after: colon)] + "redacted" + url[at...]
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
