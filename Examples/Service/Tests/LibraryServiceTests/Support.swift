import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LibraryService
import Logging
import NIOConcurrencyHelpers
import PostgresNIO
import SQLKit
import ServiceLifecycle
import Testing
import TrellisServiceLifecycle

/// Where a test's data lives: a new SQLite file, or, when `TEST_DATABASE_URL` names a PostgreSQL
/// server (as `.ci/run`'s second pass does), a new database on it. Either is removed afterwards.
enum TestDatabase {
    static var serverURL: String? {
        ProcessInfo.processInfo.environment["TEST_DATABASE_URL"].flatMap { $0.hasPrefix("postgres") ? $0 : nil }
    }

    static var kind: String { serverURL == nil ? "sqlite" : "postgres" }

    /// The PostgreSQL server's URL, parsed; `nil` on the SQLite pass.
    static var server: PostgresURL? { serverURL.flatMap { try? PostgresURL(parsing: $0) } }

    /// Runs `body` with a new database, then removes it, whether `body` threw or not.
    static func withFresh<T>(_ body: (DatabaseLocation) async throws -> T) async throws -> T {
        let location = try await fresh()
        let result: Result<T, any Error>
        do { result = .success(try await body(location)) } catch { result = .failure(error) }
        try await remove(location)
        return try result.get()
    }

    static func fresh() async throws -> DatabaseLocation {
        let name = "library_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
        guard let serverURL else {
            return .sqlite(path: FileManager.default.temporaryDirectory.appendingPathComponent("\(name).sqlite").path)
        }
        try await administer { connection in
            try await connection.query("CREATE DATABASE \(unescaped: name)", logger: Logger(label: "test-admin"))
        }
        return .postgres(url: url(serverURL, database: name))
    }

    /// Drops the database (closing what is still connected to it), or deletes the SQLite files.
    static func remove(_ location: DatabaseLocation) async throws {
        switch location {
        case .sqlite(let path):
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        case .postgres(let url):
            let name = try PostgresURL(parsing: url).database
            try await administer { connection in
                try await connection.query(
                    "DROP DATABASE IF EXISTS \(unescaped: name) WITH (FORCE)", logger: Logger(label: "test-admin"))
            }
        }
    }

    /// Whether a database of that name exists on the server.
    static func exists(_ name: String) async throws -> Bool {
        try await administer { connection in
            let rows = try await connection.query(
                "SELECT 1 FROM pg_database WHERE datname = \(name)", logger: Logger(label: "test-admin"))
            for try await _ in rows { return true }
            return false
        }
    }

    /// `url` with its database replaced (and every parameter kept).
    static func url(_ url: String, database: String) -> String {
        let query = url.firstIndex(of: "?").map { String(url[$0...]) } ?? ""
        let base = url[..<(url.firstIndex(of: "?") ?? url.endIndex)]
        let authority = base.range(of: "://").map { base[$0.upperBound...] } ?? base[...]
        let path = authority.firstIndex(of: "/").map { authority[..<$0] } ?? authority
        return String(base[..<path.endIndex]) + "/\(database)" + query
    }

    /// Runs `body` on a connection to the server's own database, as its administrator.
    @discardableResult
    static func administer<T>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
        guard let server, case .tcp(let host, let port) = server.endpoint else { throw TestError("no PostgreSQL server") }
        let configuration = PostgresConnection.Configuration(
            host: host, port: port, username: server.user, password: server.password, database: server.database, tls: .disable)
        let connection = try await PostgresConnection.connect(
            configuration: configuration, id: 1, logger: Logger(label: "test-admin"))
        let result: Result<T, any Error>
        do { result = .success(try await body(connection)) } catch { result = .failure(error) }
        try? await connection.close()
        return try result.get()
    }
}

struct TestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Log lines, kept for assertions.
final class LogRecorder: Sendable {
    struct Line: Sendable {
        var level: Logger.Level
        var message: String
        var metadata: [String: String]
    }

    private let storage = NIOLockedValueBox<[Line]>([])

    var lines: [Line] { storage.withLockedValue { $0 } }

    var logger: Logger {
        var logger = Logger(label: "library") { _ in Handler(recorder: self) }
        logger.logLevel = .info
        return logger
    }

    fileprivate func append(_ line: Line) { storage.withLockedValue { $0.append(line) } }

    private struct Handler: LogHandler {
        let recorder: LogRecorder
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .info

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            var all = metadata
            all.merge(event.metadata ?? [:]) { $1 }
            recorder.append(Line(level: event.level, message: "\(event.message)", metadata: all.mapValues { "\($0)" }))
        }
    }
}

/// A clock the test sets.
final class FixedClock: WallClock {
    private let time: NIOLockedValueBox<Int64>
    init(_ time: Int64) { self.time = NIOLockedValueBox(time) }
    func now() -> Int64 { time.withLockedValue { $0 } }
    func advance(by seconds: Int64) { time.withLockedValue { $0 += seconds } }
}

/// Which statements fail, switched on and off by a test: those starting with `prefix` (every one
/// for an empty prefix), while `isOn`.
final class InjectedFaults: Sendable {
    let prefix: String
    private let switchedOn = NIOLockedValueBox(false)

    init(prefix: String = "") { self.prefix = prefix }

    var isOn: Bool {
        get { switchedOn.withLockedValue { $0 } }
        set { switchedOn.withLockedValue { $0 = newValue } }
    }

    func fails(_ sql: String) -> Bool { isOn && sql.hasPrefix(prefix) }
}

/// A database that fails the statements `faults` picks, like a server going away mid-request;
/// everything else goes to the real one, in the same transaction. It stands in for the container's
/// `database` service, so it runs the real one.
struct FaultyDatabase: Database, Service {
    let base: any Database
    let faults: InjectedFaults
    var kind: String { base.kind }

    func transaction<Result: Sendable>(
        _ origin: TransactionOrigin, logger: Logger, _ body: @Sendable (any SQLDatabase) async throws -> Result
    ) async throws -> Result {
        try await base.transaction(origin, logger: logger) { db in try await body(FaultySQLDatabase(base: db, faults: faults)) }
    }

    func run() async throws {
        try await (base as! any Service).run()
    }
}

struct FaultySQLDatabase: SQLDatabase {
    let base: any SQLDatabase
    let faults: InjectedFaults
    var logger: Logger { base.logger }
    var eventLoop: any EventLoop { base.eventLoop }
    var version: (any SQLDatabaseReportedVersion)? { base.version }
    var dialect: any SQLDialect { base.dialect }
    var queryLogLevel: Logger.Level? { base.queryLogLevel }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        let text = serialize(query).sql
        if faults.fails(text) { return eventLoop.makeFailedFuture(DatabaseError.unavailable("injected failure: \(text)")) }
        return base.execute(sql: query, onRow)
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        let text = serialize(query).sql
        if faults.fails(text) { throw DatabaseError.unavailable("injected failure: \(text)") }
        try await base.execute(sql: query, onRow)
    }
}

/// An HTTP reply: status, headers, body.
struct Reply: Sendable {
    var status: HTTPResponse.Status
    var headers: HTTPFields
    var body: String

    func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        try JSONDecoder().decode(type, from: Data(body.utf8))
    }

    /// The `error` object of an error body, whole.
    struct ErrorBody: Decodable, Equatable {
        var code: String
        var message: String
        var fields: [String: String]?
        var requestID: String

        enum CodingKeys: String, CodingKey {
            case code, message, fields
            case requestID = "request_id"
        }
    }

    var error: ErrorBody? {
        struct Body: Decodable { var error: ErrorBody }
        return (try? decode(Body.self))?.error
    }

    var errorCode: String? { error?.code }

    /// The body as a JSON object, where a test needs to see a key whose value is `null`.
    var jsonObject: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any]
    }

    var requestID: String? { headers[HTTPField.Name("X-Request-ID")!] }
}

/// A real HTTP client for a server on loopback.
struct HTTP: Sendable {
    let port: Int

    func send(
        _ method: HTTPRequest.Method, _ path: String, json: String? = nil, token: String? = nil, headers: HTTPFields = [:]
    ) async throws -> Reply {
        try await TestClient.withClient(host: "127.0.0.1", port: port) { client in
            try await Self.send(method, path, json: json, token: token, headers: headers, on: client)
        }
    }

    static func send(
        _ method: HTTPRequest.Method, _ path: String, json: String? = nil, token: String? = nil, headers: HTTPFields = [:],
        on client: TestClient
    ) async throws -> Reply {
        var headers = headers
        if json != nil { headers[.contentType] = "application/json" }
        if let token { headers[.authorization] = "Bearer \(token)" }
        let response = try await client.execute(
            .init(path, method: method, headers: headers, body: json.map { ByteBuffer(string: $0) }))
        return Reply(
            status: response.status, headers: response.head.headerFields,
            body: response.body.map { String(buffer: $0) } ?? "")
    }
}

/// The real service, in process: the container built as `main` builds it (with whatever a test
/// overrides), its services run by a real ServiceGroup, the server on an ephemeral loopback port.
struct LiveService: Sendable {
    let container: LibraryContainer
    let http: HTTP
    let logs: LogRecorder

    static func run<T: Sendable>(
        location: DatabaseLocation? = nil,
        clock: any WallClock = SystemClock(),
        loanPeriod: Duration? = nil,
        sweepInterval: Duration? = nil,
        maximumBodySize: Int? = nil,
        bodyTimeout: Duration? = nil,
        databaseTimeout: Duration? = nil,
        faults: InjectedFaults? = nil,
        _ body: (LiveService) async throws -> T
    ) async throws -> T {
        if let location {
            return try await run(
                configuration: ServiceConfiguration(host: "127.0.0.1", port: 0, database: location), clock: clock,
                loanPeriod: loanPeriod, sweepInterval: sweepInterval, maximumBodySize: maximumBodySize,
                bodyTimeout: bodyTimeout, databaseTimeout: databaseTimeout, faults: faults, body)
        }
        return try await TestDatabase.withFresh { location in
            try await run(
                configuration: ServiceConfiguration(host: "127.0.0.1", port: 0, database: location), clock: clock,
                loanPeriod: loanPeriod, sweepInterval: sweepInterval, maximumBodySize: maximumBodySize,
                bodyTimeout: bodyTimeout, databaseTimeout: databaseTimeout, faults: faults, body)
        }
    }

    private static func run<T: Sendable>(
        configuration: ServiceConfiguration, clock: any WallClock, loanPeriod: Duration?, sweepInterval: Duration?,
        maximumBodySize: Int?, bodyTimeout: Duration?, databaseTimeout: Duration?, faults: InjectedFaults?,
        _ body: (LiveService) async throws -> T
    ) async throws -> T {
        var configuration = configuration
        if let loanPeriod { configuration.loanPeriod = loanPeriod }
        if let sweepInterval { configuration.sweepInterval = sweepInterval }
        if let maximumBodySize { configuration.maximumBodySize = maximumBodySize }
        if let bodyTimeout { configuration.bodyTimeout = bodyTimeout }
        // Generous unless a test asks: under the thread sanitizer a new PostgreSQL connection takes
        // about a second (SCRAM's key derivation, instrumented), and the tests run side by side.
        configuration.databaseTimeout = databaseTimeout ?? .seconds(15)
        let logs = LogRecorder()
        let logger = logs.logger
        let real = try DatabaseFactory.open(configuration, logger: logger)
        let container = try LibraryContainer(
            configuration: configuration, logger: logger, clock: clock,
            database: faults.map { FaultyDatabase(base: real, faults: $0) } ?? real)
        let group = try ServiceGroup(services: container.serviceStartOrder, logger: logger)
        let running = Task { try await group.run() }
        let service: LiveService
        do {
            service = LiveService(container: container, http: HTTP(port: try await container.server.port()), logs: logs)
        } catch {
            // The group's own error says why (the server's says only that it was stopped, when another
            // service failed first).
            await group.triggerGracefulShutdown()
            try await running.value
            throw error
        }
        let result: Result<T, any Error>
        do { result = .success(try await body(service)) } catch { result = .failure(error) }
        await group.triggerGracefulShutdown()
        try await running.value
        return try result.get()
    }

    /// Waits until `/health` answers 200 (the pool has a connection), at most 30 s.
    func warmUp() async throws {
        try await Self.warmUp(http)
    }

    static func warmUp(_ http: HTTP) async throws {
        for _ in 0..<300 {
            if try await http.send(.get, "/health").status == .ok { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw TestError("/health did not answer 200 within 30 s")
    }

    /// Registers a member; returns their token.
    func register(_ name: String = "Reader", email: String? = nil) async throws -> String {
        let email = email ?? "\(UUID().uuidString.prefix(8).lowercased())@example.com"
        let reply = try await http.send(.post, "/members", json: #"{"name": "\#(name)", "email": "\#(email)"}"#)
        #expect(reply.status == .created, "\(reply.body)")
        return try reply.decode(Registration.self).token
    }

    /// How many rows `table` has, read straight from the database.
    func count(_ table: String, where condition: String = "1 = 1") async throws -> Int {
        try await container.database.transaction(.service, logger: logs.logger) { db in
            try await db.raw("SELECT COUNT(*) AS n FROM \(unsafeRaw: table) WHERE \(unsafeRaw: condition)")
                .first(decodingColumn: "n", as: Int.self) ?? -1
        }
    }
}
