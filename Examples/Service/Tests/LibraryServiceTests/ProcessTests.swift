import Foundation
import HTTPTypes
import HummingbirdTesting
import LibraryService
import NIOConcurrencyHelpers
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The real `library-service` binary, started and signalled as an operator would.
@Suite struct ProcessTests {
    @Test func servesHealthThenExitsZeroOnSIGTERM() async throws {
        let server = try await TestDatabase.withFresh { location in
            let server = try await RunningProgram.start(location: location)
            #expect(try await server.http.send(.get, "/health").status == .ok)
            #expect(try await server.terminate() == 0)
            return server
        }
        // The service's own log lines, in order: the database opens before the schema migrates,
        // the server listens after it, and the database closes after the server stopped.
        #expect(
            server.launched.messages == [
                "starting", "database open", "schema migrated", "schema migrated", "listening", "GET /health 200",
                "database closed", "stopped",
            ])
        let healthLine = server.launched.output.split(separator: "\n").first { $0.hasSuffix("[LibraryService] GET /health 200") }
        #expect(healthLine?.contains("request_id=") == true)
    }

    @Test func aBadConfigurationExitsTwoNamingTheVariable() async throws {
        let program = try Launched(environment: ["PORT": "eighty", "DATABASE_URL": "sqlite:/tmp/unused.sqlite"])
        let status = try await program.waitForExit(timeout: .seconds(10))
        #expect(status == 2)
        #expect(program.output == "library-service: PORT='eighty' is not a port number from 0 to 65535\n")
    }

    /// Writes keep coming while SIGTERM arrives: every write the server acknowledged is in the
    /// database when the program starts again on it.
    @Test func aGracefulShutdownDuringABurstLosesNoAcknowledgedWrite() async throws {
        try await TestDatabase.withFresh { location in try await Self.burst(location) }
    }

    private static func burst(_ location: DatabaseLocation) async throws {
        let first = try await RunningProgram.start(location: location)
        let registration = try await first.http.send(.post, "/members", json: #"{"name": "Ann", "email": "ann@example.com"}"#)
        let token = try registration.decode(Registration.self).token

        let acknowledged = NIOLockedValueBox<[Int]>([])
        let port = first.http.port
        let writers = Task {
            await withTaskGroup(of: Void.self) { group in
                for writer in 0..<8 {
                    group.addTask {
                        // Each writer keeps one connection and writes until the server closes it.
                        let client = TestClient(host: "127.0.0.1", port: port)
                        client.connect()
                        for index in 0..<10_000 {
                            guard
                                let reply = try? await HTTP.send(
                                    .post, "/authors", json: #"{"name": "w\#(writer)-\#(index)"}"#, token: token, on: client)
                            else { break }
                            if reply.status == .created, let author = try? reply.decode(Author.self) {
                                acknowledged.withLockedValue { $0.append(author.id) }
                            } else {
                                break
                            }
                        }
                        try? await client.shutdown()
                    }
                }
            }
        }
        for _ in 0..<6000 where acknowledged.withLockedValue({ $0.count }) < 100 { try await Task.sleep(for: .milliseconds(5)) }
        let status = try await first.terminate()
        await writers.value
        #expect(status == 0)
        let written = acknowledged.withLockedValue { $0 }
        #expect(written.count >= 100)

        let second = try await RunningProgram.start(location: location)
        var stored = Set<Int>()
        var after = 0
        while true {
            let page = try await second.http.send(.get, "/authors?limit=100&after=\(after)").decode(Page<Author>.self)
            stored.formUnion(page.items.map(\.id))
            guard let next = page.next else { break }
            after = next
        }
        #expect(Set(written).isSubset(of: stored), "lost: \(Set(written).subtracting(stored).sorted())")
        #expect(try await second.terminate() == 0)
    }
}

/// A `library-service` process that listens, with a client for it.
struct RunningProgram: Sendable {
    let launched: Launched
    let http: HTTP

    /// The binary SwiftPM built beside this test bundle.
    static var executable: URL {
        get throws {
            var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            for _ in 0..<4 {
                let candidate = directory.appendingPathComponent("library-service")
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                directory.deleteLastPathComponent()
            }
            let fallback = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent(".build/debug/library-service")
            guard FileManager.default.isExecutableFile(atPath: fallback.path) else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "library-service"])
            }
            return fallback
        }
    }

    /// Starts the program on an ephemeral port and waits until it listens.
    static func start(location: DatabaseLocation, environment: [String: String] = [:]) async throws -> RunningProgram {
        let url: String
        switch location {
        case .sqlite(let path): url = "sqlite:\(path)"
        case .postgres(let postgres): url = postgres
        }
        // A generous database timeout unless the test sets one (see `LiveService.run`).
        let launched = try Launched(
            environment: ["PORT": "0", "HOST": "127.0.0.1", "DATABASE_URL": url, "DATABASE_TIMEOUT_SECONDS": "15"]
                .merging(environment) { $1 })
        for _ in 0..<1000 {
            if let range = launched.output.range(of: #"port=(\d+) \[LibraryService\] listening"#, options: .regularExpression) {
                let digits = launched.output[range].drop { !$0.isNumber }.prefix { $0.isNumber }
                return RunningProgram(launched: launched, http: HTTP(port: Int(digits)!))
            }
            guard launched.process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        launched.process.terminate()
        throw ProgramError.didNotListen(launched.output)
    }

    /// SIGTERM, then the exit status.
    func terminate() async throws -> Int32 {
        try await launched.terminate()
    }
}

enum ProgramError: Error {
    case didNotListen(String)
    case didNotExit
}

/// A started process whose standard output and error go to one file.
struct Launched: Sendable {
    let process: Process
    let outputFile: URL

    init(environment: [String: String]) throws {
        outputFile = FileManager.default.temporaryDirectory.appendingPathComponent("library-service-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        let handle = try FileHandle(forWritingTo: outputFile)
        process = Process()
        process.executableURL = try RunningProgram.executable
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
    }

    var output: String { (try? String(contentsOf: outputFile, encoding: .utf8)) ?? "" }

    /// The lines logged at `level` (`error`, `warning`, ...).
    func lines(at level: String) -> [Substring] {
        output.split(separator: "\n").filter { $0.contains(" \(level) library: ") }
    }

    /// SIGTERM, then the exit status.
    func terminate(timeout: Duration = .seconds(30)) async throws -> Int32 {
        kill(process.processIdentifier, SIGTERM)
        return try await waitForExit(timeout: timeout)
    }

    /// The messages of the service's own log lines (`… [LibraryService] message`), in order.
    var messages: [String] {
        output.split(separator: "\n").compactMap { line in
            line.range(of: "[LibraryService] ").map { String(line[$0.upperBound...]) }
        }
    }

    func waitForExit(timeout: Duration) async throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            guard ContinuousClock.now < deadline else {
                process.terminate()
                throw ProgramError.didNotExit
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        return process.terminationStatus
    }
}
