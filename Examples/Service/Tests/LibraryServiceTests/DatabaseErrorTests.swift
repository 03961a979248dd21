import Foundation
import HTTPTypes
import LibraryService
import Logging
import SQLKit
import Testing

/// What the database answers besides rows: an error a retry will not fix is a 500 whose log line
/// carries the database's own message; one it may fix is a 503 with `Retry-After` (the outage tests
/// cover a server that goes away, the fault tests a statement that fails).
@Suite struct DatabaseErrorTests {
    @Test func anErrorOfTheDatabaseIs500WithItsMessageInTheRequestsLogLine() async throws {
        try await LiveService.run { service in
            let token = try await service.register()
            // The schema loses a table under the running service, as a botched manual change would.
            try await service.container.database.transaction(.service, logger: service.logs.logger) { db in
                try await db.raw("DROP TABLE loans").run()
            }
            let reply = try await service.http.send(.get, "/loans", token: token)
            #expect(reply.status == .internalServerError)
            #expect(reply.errorCode == "internal_error")
            #expect(reply.headers[.retryAfter] == nil)
            // The client learns nothing of the schema; the log line of that request has it all.
            #expect(!reply.body.contains("loans\""))
            let line = service.logs.lines.first { $0.metadata["request_id"] == reply.requestID }
            #expect(line?.message == "GET /loans 500")
            #expect(line?.level == .error)
            let expected =
                TestDatabase.kind == "sqlite"
                ? "database error: no such table: loans" : #"database error: relation "loans" does not exist (SQLSTATE 42P01)"#
            #expect(line?.metadata["error"] == expected)
            // The rest of the service still answers.
            #expect(try await service.http.send(.get, "/health").status == .ok)
        }
    }

    @Test func aConstraintTheRequestCouldNotSeeIsStill409() async throws {
        try await LiveService.run { service in
            let token = try await service.register()
            // A unique index the handler does not check for, so that the database itself refuses.
            try await service.container.database.transaction(.service, logger: service.logs.logger) { db in
                try await db.raw("CREATE UNIQUE INDEX authors_unique_name ON authors (name)").run()
            }
            #expect(try await service.http.send(.post, "/authors", json: #"{"name": "Once"}"#, token: token).status == .created)
            let again = try await service.http.send(.post, "/authors", json: #"{"name": "Once"}"#, token: token)
            #expect(again.status == .conflict)
            #expect(again.errorCode == "conflict")
            #expect(try await service.count("authors") == 1)
        }
    }
}
