#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `postgres://` or `postgresql://` URL, read as libpq reads it:
/// `postgresql://[user[:password]@][host][:port][/dbname][?parameter=value&...]`.
///
/// - Every component and parameter is percent-decoded once (`100%25sure` is the password `100%sure`).
/// - Parameters override the components (`postgresql:///library?host=db&port=5433`).
/// - Without a user, the operating system's user name; without a database, the user's name; without
///   a host, the Unix socket in `/var/run/postgresql` (`/tmp` where that folder does not exist); a
///   host that starts with `/` is a socket folder. `hostaddr` is the address to connect to, `host`
///   the name the certificate must carry.
/// - `sslmode` is libpq's: `disable`, `allow` and `prefer` (TLS if the server offers it, the
///   certificate not checked), `require` (TLS, the certificate not checked, unless `sslrootcert` is
///   given: then as `verify-ca`), `verify-ca` (the certificate signed by `sslrootcert`, or by the
///   system's trust store without it), `verify-full` (the same, and issued for `host`). The default
///   is `prefer`. `allow` tries TLS first, where libpq tries without it first.
/// - `connect_timeout` is in seconds (`0`: no limit); the service's default is 5 s, where libpq waits
///   without limit. `application_name` is sent to the server (default `library-service`).
///
/// Not read: libpq's environment variables (`PGHOST`, `PGPASSWORD`, ...), its password file, several
/// hosts in one URL, and its other parameters, which are refused by name.
public struct PostgresURL: Sendable, Equatable {
    /// Where to connect.
    public enum Endpoint: Sendable, Equatable {
        /// TCP to `host` (a name or an address) on `port`.
        case tcp(host: String, port: Int)
        /// The Unix socket at `path`.
        case socket(path: String)
    }

    /// libpq's `sslmode`.
    public enum TLSMode: String, Sendable, Equatable, CaseIterable {
        case disable, allow, prefer, require
        case verifyCA = "verify-ca"
        case verifyFull = "verify-full"
    }

    public var endpoint: Endpoint
    /// The host name the URL gave (what `verify-full` checks the certificate against), or `nil` for a socket.
    public var host: String?
    public var user: String
    public var password: String?
    public var database: String
    public var tlsMode: TLSMode
    /// `sslrootcert`: a PEM file of the certificates that may sign the server's.
    public var rootCertificatePath: String?
    /// `connect_timeout`; `nil` waits without limit.
    public var connectTimeout: Duration?
    public var applicationName: String

    /// The parameters read; libpq's others are refused by name rather than ignored.
    static let parameters: Set<String> = [
        "host", "hostaddr", "port", "dbname", "user", "password", "sslmode", "sslrootcert", "connect_timeout",
        "application_name",
    ]

    /// Parses `url`; `systemUser` is the operating system's user name (libpq's default user).
    public init(parsing url: String, systemUser: String? = PostgresURL.systemUserName) throws(PostgresURLError) {
        guard let schemeEnd = url.range(of: "://"), ["postgres", "postgresql"].contains(url[..<schemeEnd.lowerBound])
        else { throw PostgresURLError("does not start with 'postgres://' or 'postgresql://'") }
        var rest = Substring(url[schemeEnd.upperBound...])

        // libpq: the user information ends at the first '@' before any '/'.
        var user: String?
        var password: String?
        if let at = rest.firstIndex(where: { $0 == "@" || $0 == "/" }), rest[at] == "@" {
            let userInformation = rest[..<at]
            rest = rest[rest.index(after: at)...]
            if let colon = userInformation.firstIndex(of: ":") {
                user = try Self.decoded(userInformation[..<colon], "the user")
                password = try Self.decoded(userInformation[userInformation.index(after: colon)...], "the password")
            } else {
                user = try Self.decoded(userInformation, "the user")
            }
        }

        var host: String?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { throw PostgresURLError("has an IPv6 address without its ']'") }
            host = String(rest[rest.index(after: rest.startIndex)..<close])
            rest = rest[rest.index(after: close)...]
        } else {
            let end = rest.firstIndex { ":/?,".contains($0) } ?? rest.endIndex
            host = try Self.decoded(rest[..<end], "the host")
            rest = rest[end...]
        }
        var port: String?
        if rest.hasPrefix(":") {
            rest = rest.dropFirst()
            let end = rest.firstIndex { "/?,".contains($0) } ?? rest.endIndex
            port = try Self.decoded(rest[..<end], "the port")
            rest = rest[end...]
        }
        if rest.hasPrefix(",") { throw PostgresURLError("names several hosts; library-service connects to one") }

        var database: String?
        if rest.hasPrefix("/") {
            rest = rest.dropFirst()
            let end = rest.firstIndex(of: "?") ?? rest.endIndex
            database = try Self.decoded(rest[..<end], "the database name")
            rest = rest[end...]
        }

        var values: [String: String] = [:]
        if rest.hasPrefix("?") {
            for pair in rest.dropFirst().split(separator: "&", omittingEmptySubsequences: true) {
                guard let equals = pair.firstIndex(of: "=") else {
                    throw PostgresURLError("has the parameter '\(pair)' without '=' and a value")
                }
                let key = try Self.decoded(pair[..<equals], "a parameter's name")
                let value = try Self.decoded(pair[pair.index(after: equals)...], "the parameter '\(key)'")
                guard Self.parameters.contains(key) else {
                    throw PostgresURLError(
                        "has the parameter '\(key)', which library-service does not read (it reads \(Self.parameters.sorted().joined(separator: ", ")))"
                    )
                }
                values[key] = value
            }
        }
        if let value = values["host"] { host = value }
        if let value = values["port"] { port = value }
        if let value = values["user"] { user = value }
        if let value = values["password"] { password = value }
        if let value = values["dbname"] { database = value }

        // Empty components are absent ones, as in libpq.
        guard let resolvedUser = user.flatMap({ $0.isEmpty ? nil : $0 }) ?? systemUser else {
            throw PostgresURLError("has no user, and the system's user name is unknown")
        }
        self.user = resolvedUser
        self.password = password
        self.database = database.flatMap { $0.isEmpty ? nil : $0 } ?? resolvedUser

        let portNumber: Int
        if let port, !port.isEmpty {
            guard let number = Int(port), (1...65535).contains(number) else {
                throw PostgresURLError("has the port '\(port)', which is not a number from 1 to 65535")
            }
            portNumber = number
        } else {
            portNumber = 5432
        }
        let hostName = host.flatMap { $0.isEmpty ? nil : $0 }
        if let address = values["hostaddr"], !address.isEmpty {
            endpoint = .tcp(host: address, port: portNumber)
            self.host = hostName ?? address
        } else if let hostName, !hostName.hasPrefix("/") {
            endpoint = .tcp(host: hostName, port: portNumber)
            self.host = hostName
        } else {
            endpoint = .socket(path: "\(hostName ?? Self.defaultSocketDirectory)/.s.PGSQL.\(portNumber)")
            self.host = nil
        }

        let mode = values["sslmode"] ?? "prefer"
        guard let tlsMode = TLSMode(rawValue: mode) else {
            throw PostgresURLError(
                "has sslmode '\(mode)', which is not one of \(TLSMode.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        rootCertificatePath = values["sslrootcert"].flatMap { $0.isEmpty ? nil : $0 }
        // libpq: `require` with a root certificate given verifies the chain, as `verify-ca` does.
        self.tlsMode = tlsMode == .require && rootCertificatePath != nil ? .verifyCA : tlsMode

        if let text = values["connect_timeout"] {
            guard let seconds = Int(text) else {
                throw PostgresURLError("has connect_timeout '\(text)', which is not a whole number of seconds")
            }
            // libpq: zero or less waits without limit; 1 is taken as 2.
            connectTimeout = seconds <= 0 ? nil : .seconds(max(seconds, 2))
        } else {
            connectTimeout = .seconds(5)
        }
        applicationName = values["application_name"] ?? "library-service"
    }

    /// The name the server's certificate is checked against and sent for SNI: the host, unless it is
    /// an address (SNI carries names only; the address is then checked against the certificate).
    public var certificateName: String? {
        guard let host else { return nil }
        var address = in6_addr()
        let isAddress = host.withCString { inet_pton(AF_INET, $0, &address) == 1 || inet_pton(AF_INET6, $0, &address) == 1 }
        return isAddress ? nil : host
    }

    /// The URL without its password, for logs and errors: `postgres://user@host:port/database`.
    public var redacted: String {
        let place: String
        switch endpoint {
        case .tcp(let address, let port):
            let shown = host ?? address
            place = (shown.contains(":") ? "[\(shown)]" : shown) + ":\(port)"
        case .socket(let path): place = path
        }
        return "postgres://\(user)@\(place)/\(database)"
    }

    /// libpq's default socket folder: Debian's, or the upstream one where Debian's is absent.
    static var defaultSocketDirectory: String {
        var status = stat()
        return stat("/var/run/postgresql", &status) == 0 ? "/var/run/postgresql" : "/tmp"
    }

    /// The user this process runs as, as libpq finds it.
    public static var systemUserName: String? {
        guard let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name else { return nil }
        return String(cString: name)
    }

    /// `text` with each `%XX` decoded once; a malformed escape, or `%00`, is an error, as in libpq.
    static func decoded(_ text: Substring, _ what: String) throws(PostgresURLError) -> String {
        guard text.contains("%") else { return String(text) }
        var bytes: [UInt8] = []
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        while index < utf8.endIndex {
            let byte = utf8[index]
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                index = utf8.index(after: index)
                continue
            }
            let first = utf8.index(after: index)
            guard first < utf8.endIndex, utf8.index(after: first) < utf8.endIndex,
                let high = hexValue(utf8[first]), let low = hexValue(utf8[utf8.index(after: first)])
            else { throw PostgresURLError("has an invalid percent-encoding in \(what)") }
            guard high != 0 || low != 0 else { throw PostgresURLError("has '%00' in \(what)") }
            bytes.append(high << 4 | low)
            index = utf8.index(index, offsetBy: 3)
        }
        let decoded = String(decoding: bytes, as: UTF8.self)
        guard Array(decoded.utf8) == bytes else {
            throw PostgresURLError("has percent-encoded bytes in \(what) that are not UTF-8")
        }
        return decoded
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

/// What is wrong with a `postgres://` URL, as a phrase that follows "the URL".
public struct PostgresURLError: Error, Equatable, CustomStringConvertible {
    public var reason: String
    init(_ reason: String) { self.reason = reason }
    public var description: String { "the URL \(reason)" }
}
