import PostgresNIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// PostgreSQL's errors as the service tells them apart, with the server's own words.
///
/// PostgresNIO's `PSQLError` prints a fixed text (so that nothing reaches a client by accident);
/// the service logs what the server said instead, and answers the client with a code only.
enum PostgresErrors {
    /// `error` as a ``DatabaseError``, or unchanged if it is not the database's (the closure's own).
    static func translated(_ error: any Error) -> any Error {
        switch error {
        case let error as PSQLError:
            guard error.code == .server else {
                switch error.code {
                case .messageDecodingFailure, .unexpectedBackendMessage, .invalidCommandTag, .tooManyParameters,
                    .unsupportedAuthMechanism, .authMechanismRequiresPassword, .saslError, .listenFailed, .unlistenFailed:
                    return DatabaseError.failed(cause(of: error))
                default:
                    // The connection: closed by either side, broken, cancelled, or the pool shut down.
                    return DatabaseError.unavailable(cause(of: error))
                }
            }
            let state = error.serverInfo?[.sqlState] ?? ""
            let text = cause(of: error)
            if state.hasPrefix("23") { return DatabaseError.constraintViolation(text) }
            if isTransient(state) { return DatabaseError.unavailable(text) }
            return DatabaseError.failed(text)
        case let error as PostgresDecodingError:
            return DatabaseError.failed(
                "a column could not be decoded: \(error.code) of \(error.columnName) as \(error.targetType)")
        case is IOError, is ChannelError:
            return DatabaseError.unavailable(cause(of: error))
        default:
            return error
        }
    }

    /// An error of leasing a connection: the database's, or the pool's (closed, circuit breaker open).
    static func leaseFailed(_ error: any Error) -> DatabaseError {
        translated(error) as? DatabaseError ?? .unavailable("no connection: \(cause(of: error))")
    }

    /// SQLSTATE classes a retry can succeed after: connection exceptions (08), insufficient resources
    /// such as too many connections (53), operator intervention such as a shutdown in progress or a
    /// cancelled statement (57), and a serialization failure or deadlock (40001, 40P01), which the same
    /// transaction survives when it runs again.
    static func isTransient(_ state: String) -> Bool {
        state.hasPrefix("08") || state.hasPrefix("53") || state.hasPrefix("57") || state == "40001" || state == "40P01"
    }

    /// What went wrong, in words an operator can act on: the server's message and SQLSTATE, or the
    /// network's error.
    static func cause(of error: any Error) -> String {
        switch error {
        case let error as PSQLError:
            switch error.code {
            case .server:
                let message = error.serverInfo?[.message] ?? "an error without a message"
                let state = error.serverInfo?[.sqlState].map { " (SQLSTATE \($0))" } ?? ""
                let detail = error.serverInfo?[.detail].map { "; \($0)" } ?? ""
                return message + detail + state
            case .sslUnsupported:
                return "the server does not offer TLS, which sslmode requires"
            case .serverClosedConnection, .uncleanShutdown:
                return "the server closed the connection"
            case .clientClosedConnection:
                return "the connection was closed"
            case .poolClosed:
                return "the connection pool is closed"
            case .queryCancelled:
                return "the statement was cancelled"
            case .authMechanismRequiresPassword:
                return "the server asks for a password, and the URL has none"
            case .connectionError:
                return error.underlying.map { cause(of: $0) } ?? "the connection failed"
            default:
                let underlying = error.underlying.map { ": \(cause(of: $0))" } ?? ""
                return "\(error.code)\(underlying)"
            }
        case let error as ChannelError:
            if case .connectTimeout(let time) = error { return "no connection within \(Duration(time).secondsText)" }
            return "\(error)"
        case let error as NIOConnectionError:
            // Every address of the host was tried; the first one's error says why.
            if let first = error.connectionErrors.first { return cause(of: first.error) }
            return "cannot resolve \(error.host)"
        case let error as NIOSSLError:
            if "\(error)".contains("CERTIFICATE_VERIFY_FAILED") {
                return
                    "TLS: the server's certificate is not signed by an authority of sslrootcert (or of the system's trust store without it)"
            }
            return "TLS: \(error)"
        case let error as NIOSSLExtraError where error == .failedToValidateHostname:
            return "TLS: the server's certificate is not issued for the host of the URL"
        case let error as IOError:
            // "connection refused", as the system says it, without NIO's wrapping.
            return String(cString: strerror(error.errnoCode)).lowercased()
        default:
            // The pool's own errors (`ConnectionPoolError`) live in an underscored module; they are
            // told apart by their text rather than by importing it.
            let text = String(describing: error)
            if text.contains("connectionCreationCircuitBreakerTripped") {
                return "connections have been failing for a minute (the pool's circuit breaker is open)"
            }
            return text
        }
    }
}
