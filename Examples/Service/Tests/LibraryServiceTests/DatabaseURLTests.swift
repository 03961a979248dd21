import Foundation
import LibraryService
import Logging
import PostgresNIO
import Testing

/// `DATABASE_URL` read as libpq reads it: what each URL means, then (on the PostgreSQL pass) what
/// the server sees when the service connects with it.
@Suite struct DatabaseURLTests {
    @Test func componentsAreDecodedOnceAndParametersOverrideThem() throws {
        let url = try PostgresURL(parsing: "postgresql://li%40brary:100%25sure@db.example:6543/lib%2Frary?application_name=svc")
        #expect(url.user == "li@brary")
        #expect(url.password == "100%sure")
        #expect(url.endpoint == .tcp(host: "db.example", port: 6543))
        #expect(url.database == "lib/rary")
        #expect(url.applicationName == "svc")
        #expect(url.tlsMode == .prefer)
        #expect(url.connectTimeout == .seconds(5))
        #expect(url.redacted == "postgres://li@brary@db.example:6543/lib/rary")

        let overridden = try PostgresURL(
            parsing: "postgres://a:b@h1:1/d1?host=h2&port=2&user=u&password=p%26q&dbname=d2&connect_timeout=1")
        #expect(overridden.endpoint == .tcp(host: "h2", port: 2))
        #expect(overridden.user == "u" && overridden.password == "p&q" && overridden.database == "d2")
        #expect(overridden.connectTimeout == .seconds(2))  // libpq: 1 is taken as 2
        #expect(try PostgresURL(parsing: "postgres://u@h/d?connect_timeout=0").connectTimeout == nil)
        #expect(try PostgresURL(parsing: "postgres://u@[::1]:5433/d").endpoint == .tcp(host: "::1", port: 5433))
    }

    @Test func whatTheURLLeavesOutDefaultsAsInLibpq() throws {
        let bare = try PostgresURL(parsing: "postgresql://", systemUser: "operator")
        #expect(bare.user == "operator")
        #expect(bare.database == "operator")
        #expect(bare.password == nil)
        guard case .socket(let path) = bare.endpoint else {
            Issue.record("expected a Unix socket, got \(bare.endpoint)")
            return
        }
        #expect(path.hasSuffix("/.s.PGSQL.5432"))
        #expect(try PostgresURL(parsing: "postgres://h/", systemUser: "operator").endpoint == .tcp(host: "h", port: 5432))
        #expect(
            try PostgresURL(parsing: "postgres:///d?host=/run/pg&port=6000", systemUser: "o").endpoint
                == .socket(path: "/run/pg/.s.PGSQL.6000"))
        // `hostaddr` is where to connect; `host` stays the name the certificate must carry.
        let named = try PostgresURL(parsing: "postgres://u@db.internal/d?hostaddr=10.0.0.5&sslmode=verify-full")
        #expect(named.endpoint == .tcp(host: "10.0.0.5", port: 5432))
        #expect(named.certificateName == "db.internal")
        #expect(try PostgresURL(parsing: "postgres://u@127.0.0.1/d").certificateName == nil)
    }

    @Test func sslmodeIsLibpqs() throws {
        for mode in PostgresURL.TLSMode.allCases {
            #expect(try PostgresURL(parsing: "postgres://u@h/d?sslmode=\(mode.rawValue)").tlsMode == mode)
        }
        // libpq: `require` with a root certificate verifies the chain, as verify-ca does.
        #expect(try PostgresURL(parsing: "postgres://u@h/d?sslmode=require&sslrootcert=/ca.pem").tlsMode == .verifyCA)
    }

    @Test func aURLLibpqWouldRefuseIsAConfigurationErrorThatKeepsThePasswordOut() throws {
        let cases: [(String, String)] = [
            (
                "postgres://u:pw@h/d?sslmode=sometimes",
                "has sslmode 'sometimes', which is not one of disable, allow, prefer, require, verify-ca, verify-full"
            ),
            ("postgres://u:pw@h:99999/d", "has the port '99999', which is not a number from 1 to 65535"),
            ("postgres://u:100%sure@h/d", "has an invalid percent-encoding in the password"),
            ("postgres://u:pw@h/d%00", "has '%00' in the database name"),
            ("postgres://u:pw@h1,h2/d", "names several hosts; library-service connects to one"),
            ("postgres://u:pw@h/d?sslmode", "has the parameter 'sslmode' without '=' and a value"),
            ("postgres://u:pw@h/d?connect_timeout=soon", "has connect_timeout 'soon', which is not a whole number of seconds"),
            (
                "postgres://u:pw@h/d?target_session_attrs=any",
                "has the parameter 'target_session_attrs', which library-service does not read (it reads application_name, connect_timeout, dbname, host, hostaddr, password, port, sslmode, sslrootcert, user)"
            ),
        ]
        for (url, reason) in cases {
            #expect(throws: ConfigurationError.self) { try ServiceConfiguration(environment: ["DATABASE_URL": url]) }
            do {
                _ = try ServiceConfiguration(environment: ["DATABASE_URL": url])
            } catch {
                #expect(error.variable == "DATABASE_URL")
                #expect(error.expected == "a usable PostgreSQL URL: it \(reason)", "\(url)")
                #expect(!error.description.contains("pw") && !error.description.contains("100%sure"), "\(error)")
            }
        }
    }

    /// The program exits 2 for such a URL, naming the variable, before it connects to anything.
    @Test func theProgramExitsTwoForAURLLibpqWouldRefuse() async throws {
        let program = try Launched(environment: ["DATABASE_URL": "postgres://u:pw@127.0.0.1/d?sslmode=sometimes"])
        #expect(try await program.waitForExit(timeout: .seconds(20)) == 2)
        #expect(
            program.output
                == "library-service: DATABASE_URL='postgres://u:redacted@127.0.0.1/d?sslmode=sometimes' is not a usable PostgreSQL URL: it has sslmode 'sometimes', which is not one of disable, allow, prefer, require, verify-ca, verify-full\n"
        )
    }
}

/// The same URLs against the real server (`.ci/run`'s PostgreSQL pass, whose server
/// `Scripts/start-postgres.sh` gives a certificate for `localhost` from a throwaway authority, named
/// by `sslrootcert` in `TEST_DATABASE_URL`).
@Suite(.enabled(if: TestDatabase.serverURL != nil, "needs a PostgreSQL server (TEST_DATABASE_URL)"))
struct PostgresConnectionTests {
    @Test func aPasswordWithAPercentSignIsDecodedOnceAndAuthenticates() async throws {
        let role = "library_test_role_\(UInt32.random(in: 0...UInt32.max))"
        try await TestDatabase.administer { connection in
            try await connection.query(
                "CREATE ROLE \(unescaped: role) LOGIN PASSWORD '100%sure'", logger: Logger(label: "test-admin"))
        }
        do {
            try await TestDatabase.withFresh { location in
                guard case .postgres(let url) = location else { return }
                let database = try PostgresURL(parsing: url).database
                try await TestDatabase.administer { connection in
                    try await connection.query(
                        "ALTER DATABASE \(unescaped: database) OWNER TO \(unescaped: role)", logger: Logger(label: "test-admin"))
                }
                let server = try #require(TestDatabase.server)
                guard case .tcp(let host, let port) = server.endpoint else { return }
                let percent = "postgres://\(role):100%25sure@\(host):\(port)/\(database)?sslmode=disable"
                try await LiveService.run(location: .postgres(url: percent)) { service in
                    #expect(try await service.http.send(.get, "/health").status == .ok)
                    #expect(
                        try await service.http.send(.post, "/members", json: #"{"name": "A", "email": "a@example.com"}"#).status
                            == .created)
                    let user = try await service.container.database.transaction(.service, logger: service.logs.logger) { db in
                        try await db.raw("SELECT current_user AS name").first(decodingColumn: "name", as: String.self)
                    }
                    #expect(user == role)
                }
            }
        } catch {
            try? await dropRole(role)
            throw error
        }
        try await dropRole(role)
    }

    @Test func aTestsDatabaseIsDroppedWhenItsRunEnds() async throws {
        let name = try await LiveService.run { service in
            #expect(try await service.http.send(.get, "/health").status == .ok)
            guard case .postgres(let url) = service.container.configuration.database else { return "" }
            return try PostgresURL(parsing: url).database
        }
        #expect(name.hasPrefix("library_test_"))
        #expect(try await TestDatabase.exists(name) == false)
    }

    private func dropRole(_ role: String) async throws {
        try await TestDatabase.administer { connection in
            try await connection.query("DROP ROLE IF EXISTS \(unescaped: role)", logger: Logger(label: "test-admin"))
        }
    }

    /// Each sslmode against a server whose certificate is for `localhost`, signed by an authority
    /// the system does not trust: whether the connection is encrypted, or why it is refused.
    @Test func eachSSLModeConnectsAsLibpqWould() async throws {
        let server = try #require(TestDatabase.server)
        let authority = try #require(
            server.rootCertificatePath, "TEST_DATABASE_URL has no sslrootcert: start the server with Scripts/start-postgres.sh")
        guard case .tcp(_, let port) = server.endpoint else { return }
        let password = server.password ?? ""
        let byAddress = "postgres://\(server.user):\(password)@127.0.0.1:\(port)"
        let byName = "postgres://\(server.user):\(password)@localhost:\(port)"
        enum Outcome: Equatable {
            case encrypted(Bool)
            case refused(String)
        }
        let cases: [(String, String, Outcome)] = [
            (byAddress, "sslmode=disable", .encrypted(false)),
            (byAddress, "sslmode=allow", .encrypted(true)),
            (byAddress, "sslmode=prefer", .encrypted(true)),
            (byAddress, "", .encrypted(true)),  // libpq's default is prefer
            (byAddress, "sslmode=require", .encrypted(true)),
            (byAddress, "sslmode=require&sslrootcert=\(authority)", .encrypted(true)),
            (byAddress, "sslmode=verify-ca&sslrootcert=\(authority)", .encrypted(true)),
            (byName, "sslmode=verify-full&sslrootcert=\(authority)&hostaddr=127.0.0.1", .encrypted(true)),
            (
                byAddress, "sslmode=verify-full&sslrootcert=\(authority)",
                .refused("TLS: the server's certificate is not issued for the host of the URL")
            ),
            (
                byAddress, "sslmode=verify-ca",
                .refused(
                    "TLS: the server's certificate is not signed by an authority of sslrootcert (or of the system's trust store without it)"
                )
            ),
        ]
        try await TestDatabase.withFresh { location in
            guard case .postgres(let url) = location else { return }
            let database = try PostgresURL(parsing: url).database
            for (base, parameters, expected) in cases {
                let candidate = "\(base)/\(database)" + (parameters.isEmpty ? "" : "?\(parameters)")
                let outcome: Outcome
                do {
                    outcome = try await LiveService.run(location: .postgres(url: candidate)) { service in
                        .encrypted(
                            try await service.container.database.transaction(.service, logger: service.logs.logger) { db in
                                try await db.raw("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()")
                                    .first(decodingColumn: "ssl", as: Bool.self)
                            } ?? false)
                    }
                } catch {
                    // "database unavailable: cannot connect to postgres://…/<database>: <cause>"
                    let text = "\(error)"
                    outcome = .refused(text.range(of: "/\(database): ").map { String(text[$0.upperBound...]) } ?? text)
                }
                #expect(outcome == expected, "\(parameters)")
            }
        }
    }
}
