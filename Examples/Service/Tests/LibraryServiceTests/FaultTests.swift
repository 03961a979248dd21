import Foundation
import HTTPTypes
import LibraryService
import Testing

/// The same graph with one member replaced through the container's initializer: a database that
/// fails, a clock the test moves.
@Suite struct FaultTests {
    @Test func aDatabaseFailingMidRequestGives503AndWritesNothing() async throws {
        // The loan's insert fails after the copy was taken off the shelf in the same transaction.
        let faults = InjectedFaults(prefix: #"INSERT INTO "loans""#)
        try await LiveService.run(faults: faults) { service in
            let token = try await service.register()
            let author = try await service.http.send(.post, "/authors", json: #"{"name": "Octavia E. Butler"}"#, token: token)
                .decode(Author.self)
            let book = try await service.http.send(
                .post, "/books", json: #"{"author_id": \#(author.id), "title": "Kindred", "isbn": "9780807083697"}"#, token: token
            ).decode(Book.self)

            faults.isOn = true
            let reply = try await service.http.send(.post, "/loans", json: #"{"book_id": \#(book.id)}"#, token: token)
            #expect(reply.status == .serviceUnavailable)
            #expect(reply.errorCode == "database_unavailable")
            #expect(reply.headers[.retryAfter] == "1")
            #expect(try await service.count("loans") == 0)
            #expect(try await service.count("books", where: "available = 1") == 1)
            // One line for the request, a warning (the database is unavailable), with the reason.
            let line = service.logs.lines.first { $0.metadata["request_id"] == reply.requestID }
            #expect(line?.message == "POST /loans 503")
            #expect(line?.level == .warning)
            #expect(line?.metadata["error"]?.hasPrefix("database unavailable: injected failure: INSERT INTO \"loans\"") == true)

            faults.isOn = false
            #expect(
                try await service.http.send(.post, "/loans", json: #"{"book_id": \#(book.id)}"#, token: token).status == .created)
            #expect(try await service.count("books", where: "available = 0") == 1)
        }
    }

    @Test func healthIs503WhileTheDatabaseFails() async throws {
        let faults = InjectedFaults()
        try await LiveService.run(faults: faults) { (service: LiveService) async throws in
            #expect(try await service.http.send(.get, "/health").status == .ok)
            faults.isOn = true
            #expect(try await service.http.send(.get, "/health").status == .serviceUnavailable)
        }
    }

    @Test func theSweeperMarksLateLoansOverdueOnTheClockItIsGiven() async throws {
        let clock = FixedClock(1_900_000_000)
        try await LiveService.run(clock: clock, loanPeriod: .seconds(100), sweepInterval: .milliseconds(20)) { service in
            let token = try await service.register()
            let author = try await service.http.send(.post, "/authors", json: #"{"name": "Ted Chiang"}"#, token: token)
                .decode(Author.self)
            let book = try await service.http.send(
                .post, "/books", json: #"{"author_id": \#(author.id), "title": "Exhalation", "isbn": "9781101947883"}"#,
                token: token
            ).decode(Book.self)
            let loan = try await service.http.send(.post, "/loans", json: #"{"book_id": \#(book.id)}"#, token: token)
                .decode(Loan.self)
            #expect(try await service.container.sweeper.sweep() == 0)

            clock.advance(by: 101)
            var status = LoanStatus.active
            for _ in 0..<250 where status == .active {
                try await Task.sleep(for: .milliseconds(20))
                status = try await service.http.send(.get, "/loans/\(loan.id)", token: token).decode(Loan.self).status
            }
            #expect(status == .overdue)
            #expect(service.logs.lines.contains { $0.message == "loans marked overdue" })
        }
    }
}
