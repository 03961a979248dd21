import Foundation
import HTTPTypes
import LibraryService
import NIOConcurrencyHelpers
import Testing

/// How the database goes away mid-run, through ``LoopbackProxy``.
enum Outage: String, CaseIterable, Sendable {
    /// Nothing answers, connections stay open: a hung server or a network that drops packets.
    case unreachable
    /// Connections are closed and new ones refused: a stopped server.
    case stopped

    func begin(_ proxy: LoopbackProxy) async {
        switch self {
        case .unreachable: proxy.blackhole()
        case .stopped: await proxy.cut()
        }
    }

    /// What the service finds when it tries to connect (the proxied URL has `connect_timeout=10`,
    /// which leaves the thread sanitizer's slow connections time to succeed).
    var cause: String {
        switch self {
        case .unreachable: return "no connection within 10 s"
        case .stopped: return "connection refused"
        }
    }

    /// Registers a member before the outage. With the service's own timeout, a request can still
    /// take longer than 1.5 s while the thread sanitizer's slow connections are made: those 503s
    /// are retried (with a new address each time, should one have committed).
    static func register(_ http: HTTP) async throws -> String {
        for attempt in 0..<20 {
            let reply = try await http.send(.post, "/members", json: #"{"name": "Ann", "email": "ann\#(attempt)@example.com"}"#)
            if reply.status == .created { return try reply.decode(Registration.self).token }
            #expect(reply.status == .serviceUnavailable, "\(reply.body)")
        }
        throw TestError("no registration in 20 attempts")
    }

    /// Runs `body` with a new database on the test server, reached through a proxy on loopback:
    /// the URL to give the service (`connect_timeout=10`), and the proxy that takes the server away.
    static func withProxiedDatabase<T>(_ body: (String, LoopbackProxy) async throws -> T) async throws -> T {
        try await TestDatabase.withFresh { location in
            guard case .postgres(let url) = location, let server = TestDatabase.server,
                case .tcp(let host, let port) = server.endpoint
            else { throw TestError("needs a PostgreSQL server over TCP") }
            let proxy = try await LoopbackProxy.start(upstream: (host, port))
            let password = (server.password ?? "").addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let proxied =
                "postgres://\(server.user):\(password)@127.0.0.1:\(proxy.port)/\(try PostgresURL(parsing: url).database)"
                + "?sslmode=disable&connect_timeout=10"
            let result: Result<T, any Error>
            do { result = .success(try await body(proxied, proxy)) } catch { result = .failure(error) }
            await proxy.shutdown()
            return try result.get()
        }
    }
}

/// PostgreSQL going away while the service runs (`.ci/run`'s PostgreSQL pass): requests and
/// `/health` answer 503 within 2 s, the log says why once, the service recovers when the server is
/// back, and SIGTERM ends the program within 5 s meanwhile.
@Suite(.enabled(if: TestDatabase.serverURL != nil, "needs a PostgreSQL server (TEST_DATABASE_URL)"))
struct OutageTests {
    @Test(arguments: Outage.allCases)
    func requestsAnswer503WithinTwoSecondsAndTheServiceRecovers(outage: Outage) async throws {
        try await Outage.withProxiedDatabase { url, proxy in
            // The service's own timeout: what the 2 s are measured against.
            try await LiveService.run(location: .postgres(url: url), databaseTimeout: ServiceConfiguration().databaseTimeout) {
                service in
                try await service.warmUp()
                let token = try await Outage.register(service.http)

                await outage.begin(proxy)
                let requests: [(HTTPRequest.Method, String, String?)] = [
                    (.get, "/health", nil), (.post, "/authors", #"{"name": "Lost"}"#), (.get, "/books", nil),
                ]
                for (method, path, json) in requests {
                    let started = ContinuousClock.now
                    let reply = try await service.http.send(method, path, json: json, token: token)
                    let elapsed = ContinuousClock.now - started
                    #expect(reply.status == .serviceUnavailable, "\(method) \(path): \(reply.body)")
                    #expect(reply.errorCode == "database_unavailable")
                    #expect(reply.headers[.retryAfter] == "1")
                    // The service's answer within 2 s, as its request's log line times it (from the request
                    // to the response); seen from the client, which under the thread sanitizer shares two
                    // loaded cores with every other suite, within twice that.
                    let line = service.logs.lines.first { $0.metadata["request_id"] == reply.requestID }
                    let milliseconds = line?.metadata["duration_ms"].flatMap(Double.init) ?? .infinity
                    #expect(milliseconds >= 1500 && milliseconds < 2000, "\(method) \(path): \(milliseconds) ms")
                    #expect(elapsed < .seconds(4), "\(method) \(path) took \(elapsed)")
                }
                // One warning with the cause, whatever the number of failed requests (the connection
                // attempt that finds it may take the whole connect_timeout).
                var warnings: [LogRecorder.Line] = []
                for _ in 0..<300 where warnings.isEmpty {
                    try await Task.sleep(for: .milliseconds(50))
                    warnings = service.logs.lines.filter { $0.message == "database unreachable" }
                }
                #expect(warnings.count == 1)
                #expect(warnings.first?.level == .warning)
                #expect(warnings.first?.metadata["cause"] == outage.cause)

                try await proxy.restore()
                var status = HTTPResponse.Status.serviceUnavailable
                let restored = ContinuousClock.now
                while status != .ok, ContinuousClock.now - restored < .seconds(30) {
                    try await Task.sleep(for: .milliseconds(100))
                    status = try await service.http.send(.get, "/health").status
                }
                #expect(status == .ok)
                #expect(
                    try await service.http.send(.post, "/authors", json: #"{"name": "Back"}"#, token: token).status == .created)
                #expect(service.logs.lines.contains { $0.message == "database reachable" })
            }
        }
    }

    @Test(arguments: Outage.allCases)
    func sigtermWhileTheDatabaseIsGoneEndsTheProgramWithinFiveSeconds(outage: Outage) async throws {
        try await Outage.withProxiedDatabase { url, proxy in
            // The service's own timeout, which bounds the requests in flight at the signal.
            let program = try await RunningProgram.start(
                location: .postgres(url: url), environment: ["DATABASE_TIMEOUT_SECONDS": "1.5"])
            try await LiveService.warmUp(program.http)
            let token = try await Outage.register(program.http)
            await outage.begin(proxy)
            // Requests waiting for the database when the signal comes.
            let inFlight = Task {
                await withTaskGroup(of: Void.self) { group in
                    for index in 0..<8 {
                        group.addTask {
                            _ = try? await program.http.send(.post, "/authors", json: #"{"name": "w\#(index)"}"#, token: token)
                        }
                    }
                }
            }
            try await Task.sleep(for: .milliseconds(300))
            let started = ContinuousClock.now
            let status = try await program.launched.terminate(timeout: .seconds(20))
            let elapsed = ContinuousClock.now - started
            await inFlight.value
            #expect(status == 0)
            #expect(elapsed < .seconds(5), "exit took \(elapsed)")
            #expect(program.launched.messages.last == "stopped")
            #expect(program.launched.lines(at: "error").isEmpty, "\(program.launched.output)")
        }
    }

    @Test func aStartAgainstADatabaseThatDoesNotExistNamesItAndExitsOne() async throws {
        let url = TestDatabase.url(TestDatabase.serverURL!, database: "library_test_missing")
        let program = try Launched(environment: ["PORT": "0", "DATABASE_URL": url])
        #expect(try await program.waitForExit(timeout: .seconds(20)) == 1)
        let errors = program.lines(at: "error")
        #expect(errors.count == 1, "\(program.output)")
        #expect(
            errors.first?.contains(
                #"error=database unavailable: cannot connect to postgres://postgres@127.0.0.1:"#) == true)
        #expect(errors.first?.contains(#"database "library_test_missing" does not exist (SQLSTATE 3D000)"#) == true)
    }
}

/// Starting with no database to reach: the one error line names the cause and the program exits 1;
/// a SIGTERM while it waits ends it at once with 0. Needs no server (a closed port, or a proxy that
/// never answers), so it runs in both passes.
@Suite struct StartupTests {
    @Test func aStartWhenTheServerRefusesNamesTheCauseAndExitsOne() async throws {
        let proxy = try await LoopbackProxy.start(upstream: nil)
        await proxy.cut()  // now nothing listens on its port
        let started = ContinuousClock.now
        let program = try Launched(environment: [
            "PORT": "0", "DATABASE_URL": "postgres://library:secret@127.0.0.1:\(proxy.port)/library",
        ])
        #expect(try await program.waitForExit(timeout: .seconds(20)) == 1)
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(
            program.lines(at: "error").map { $0.drop { $0 != " " } } == [
                " error library: error=database unavailable: cannot connect to postgres://library@127.0.0.1:\(proxy.port)/library: connection refused [LibraryService] failed"
            ], "\(program.output)")
        #expect(!program.output.contains("secret"))
    }

    @Test func aStartWhenTheServerDoesNotAnswerFailsAfterTheConnectTimeout() async throws {
        let proxy = try await LoopbackProxy.start(upstream: nil)
        let started = ContinuousClock.now
        let program = try Launched(environment: [
            "PORT": "0", "DATABASE_URL": "postgres://library:secret@127.0.0.1:\(proxy.port)/library?connect_timeout=2",
        ])
        #expect(try await program.waitForExit(timeout: .seconds(20)) == 1)
        let elapsed = ContinuousClock.now - started
        #expect(elapsed >= .seconds(2) && elapsed < .seconds(6), "\(elapsed)")
        let errors = program.lines(at: "error")
        #expect(errors.count == 1, "\(program.output)")
        #expect(errors.first?.hasSuffix("/library: no connection within 2 s [LibraryService] failed") == true)
        await proxy.shutdown()
    }

    @Test func sigtermWhileTheStartWaitsForTheDatabaseExitsZeroAtOnce() async throws {
        let proxy = try await LoopbackProxy.start(upstream: nil)
        let program = try Launched(environment: [
            "PORT": "0", "DATABASE_URL": "postgres://library:secret@127.0.0.1:\(proxy.port)/library?connect_timeout=60",
        ])
        for _ in 0..<500 where !program.messages.contains("starting") { try await Task.sleep(for: .milliseconds(20)) }
        try await Task.sleep(for: .milliseconds(500))
        let started = ContinuousClock.now
        #expect(try await program.terminate(timeout: .seconds(20)) == 0)
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(program.messages == ["starting", "stopped"], "\(program.output)")
        await proxy.shutdown()
    }
}
