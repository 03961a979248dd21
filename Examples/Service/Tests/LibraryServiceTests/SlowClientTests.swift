import Foundation
import LibraryService
import NIOCore
import NIOPosix
import Testing

/// Clients that send part of a body: one that stops sending is answered 408 after the body timeout
/// and its connection closed; one that goes away is logged as an abort, not as a failure.
@Suite struct SlowClientTests {
    @Test func aBodyThatStopsArrivingIsAnswered408AndItsConnectionClosed() async throws {
        try await LiveService.run(bodyTimeout: .milliseconds(500)) { service in
            let token = try await service.register()
            // A route that reads its body, one that does not, and one whose caller is refused: the body
            // is read first in every case.
            for (path, authorization) in [("/authors", token), ("/loans/1/return", token), ("/authors", "not-a-token")] {
                let connection = try await RawConnection.open(port: service.http.port)
                let started = ContinuousClock.now
                try await connection.send(
                    "POST \(path) HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer \(authorization)\r\n"
                        + "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"name\": ")
                let reply = try await connection.readUntilClosed(timeout: .seconds(10))
                let elapsed = ContinuousClock.now - started
                #expect(reply.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"), "\(path): \(reply)")
                #expect(reply.contains(#""code":"body_timeout""#))
                #expect(reply.lowercased().contains("connection: close\r\n"))
                #expect(elapsed >= .milliseconds(500) && elapsed < .seconds(5), "\(path): \(elapsed)")
            }
            let lines = service.logs.lines.filter { $0.message.hasSuffix(" 408") }
            #expect(lines.map(\.message) == ["POST /authors 408", "POST /loans/1/return 408", "POST /authors 408"])
            #expect(try await service.count("authors") == 0)
            #expect(try await service.http.send(.get, "/health").status == .ok)
        }
    }

    @Test func aClientThatLeavesMidBodyIsLoggedAsAnAbortNotAsAFailure() async throws {
        try await LiveService.run { service in
            let token = try await service.register()
            let connection = try await RawConnection.open(port: service.http.port)
            try await connection.send(
                "POST /authors HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer \(token)\r\n"
                    + "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"name\": ")
            try await Task.sleep(for: .milliseconds(100))
            try await connection.close()

            var aborted: LogRecorder.Line?
            for _ in 0..<200 where aborted == nil {
                try await Task.sleep(for: .milliseconds(10))
                aborted = service.logs.lines.first { $0.message.hasPrefix("POST /authors aborted") }
            }
            #expect(aborted?.level == .info)
            #expect(aborted?.message == "POST /authors aborted: the client closed the connection before the whole body arrived")
            #expect(aborted?.metadata["request_id"] != nil)
            #expect(!service.logs.lines.contains { $0.level >= .warning }, "\(service.logs.lines.map(\.message))")
            #expect(try await service.count("authors") == 0)
            #expect(try await service.http.send(.get, "/health").status == .ok)
        }
    }
}

extension SlowClientTests {
    /// Not every broken body is an abort: one that breaks HTTP's framing is the client's error.
    @Test func aBodyThatBreaksHTTPFramingIs400AndNotAnAbort() async throws {
        try await LiveService.run { service in
            let connection = try await RawConnection.open(port: service.http.port)
            try await connection.send(
                "POST /authors HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "ZZ\r\n{}\r\n0\r\n\r\n")
            let reply = try await connection.readUntilClosed(timeout: .seconds(10))
            #expect(reply.hasPrefix("HTTP/1.1 400 Bad Request\r\n"), "\(reply)")
            #expect(reply.contains(#""code":"bad_request""#))
            let line = service.logs.lines.first { $0.message.hasPrefix("POST /authors") }
            #expect(line?.message == "POST /authors 400")
            #expect(line?.level == .info)
        }
    }
}

/// A TCP connection that sends raw bytes and reads what comes back until the server closes it.
struct RawConnection: Sendable {
    let channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>

    static func open(port: Int) async throws -> RawConnection {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton).connect(
            host: "127.0.0.1", port: port
        ) { channel in
            channel.eventLoop.makeCompletedFuture {
                try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
            }
        }
        return RawConnection(channel: channel)
    }

    func send(_ text: String) async throws {
        try await channel.channel.writeAndFlush(ByteBuffer(string: text))
    }

    func close() async throws {
        try await channel.channel.close()
    }

    /// Everything the server sends until it closes the connection; throws after `timeout`.
    func readUntilClosed(timeout: Duration) async throws -> String {
        try await withThrowingTaskGroup(of: String?.self) { group in
            group.addTask {
                var text = ""
                try await channel.executeThenClose { inbound, _ in
                    for try await buffer in inbound { text += String(buffer: buffer) }
                }
                return text
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let text = try await group.next()! else {
                try? await channel.channel.close()
                throw TestError("the server did not close the connection within \(timeout)")
            }
            return text
        }
    }
}
