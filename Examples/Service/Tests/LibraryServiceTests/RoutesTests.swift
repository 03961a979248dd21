import Foundation
import HTTPTypes
import LibraryService
import Testing

/// Every route against the real server and database: bodies, status codes, what was written, and
/// bad input (malformed JSON, unknown ids, oversized bodies, missing identity) answered clearly with
/// nothing written.
@Suite struct RoutesTests {
    @Test func healthSaysWhichDatabase() async throws {
        try await LiveService.run { service in
            let reply = try await service.http.send(.get, "/health")
            #expect(reply.status == .ok)
            struct Health: Decodable, Equatable {
                var status: String
                var database: String
            }
            #expect(try reply.decode(Health.self) == Health(status: "ok", database: TestDatabase.kind))
            #expect(reply.requestID?.count == 16)
        }
    }

    @Test func authorsCreateReadListUpdateDelete() async throws {
        try await LiveService.run { service in
            let token = try await service.register()
            let created = try await service.http.send(.post, "/authors", json: #"{"name": "  Ursula K. Le Guin "}"#, token: token)
            #expect(created.status == .created)
            let author = try created.decode(Author.self)
            #expect(author.name == "Ursula K. Le Guin")
            #expect(created.headers[.location] == "/authors/\(author.id)")

            #expect(try await service.http.send(.get, "/authors/\(author.id)").decode(Author.self) == author)
            let renamed = try await service.http.send(
                .patch, "/authors/\(author.id)", json: #"{"name": "U. K. Le Guin"}"#, token: token)
            #expect(try renamed.decode(Author.self).name == "U. K. Le Guin")

            for name in ["A", "B", "C", "D"] {
                _ = try await service.http.send(.post, "/authors", json: #"{"name": "\#(name)"}"#, token: token)
            }
            let first = try await service.http.send(.get, "/authors?limit=2").decode(Page<Author>.self)
            #expect(first.items.map(\.name) == ["U. K. Le Guin", "A"])
            let second = try await service.http.send(.get, "/authors?limit=2&after=\(first.next!)").decode(Page<Author>.self)
            #expect(second.items.map(\.name) == ["B", "C"])
            let last = try await service.http.send(.get, "/authors?limit=2&after=\(second.next!)")
            #expect(try last.decode(Page<Author>.self).items.map(\.name) == ["D"])
            #expect(last.jsonObject?["next"] is NSNull)

            #expect(try await service.http.send(.delete, "/authors/\(author.id)", token: token).status == .noContent)
            #expect(try await service.http.send(.get, "/authors/\(author.id)").status == .notFound)
            #expect(try await service.count("authors") == 4)
        }
    }

    @Test func booksBelongToAuthorsAndKeepTheirLoans() async throws {
        try await LiveService.run { service in
            let token = try await service.register()
            let author = try await service.http.send(.post, "/authors", json: #"{"name": "Iain M. Banks"}"#, token: token)
                .decode(Author.self)
            let created = try await service.http.send(
                .post, "/books",
                json: #"{"author_id": \#(author.id), "title": "Excession", "isbn": "0-553-57537-3", "copies": 2}"#,
                token: token)
            #expect(created.status == .created, "\(created.body)")
            let book = try created.decode(Book.self)
            #expect(book.isbn == "0553575373" && book.copies == 2 && book.available == 2)

            let duplicate = try await service.http.send(
                .post, "/books", json: #"{"author_id": \#(author.id), "title": "Again", "isbn": "0553575373"}"#, token: token)
            #expect(duplicate.status == .conflict)

            let unknownAuthor = try await service.http.send(
                .post, "/books", json: #"{"author_id": 999, "title": "Nobody's", "isbn": "9780000000002"}"#, token: token)
            #expect(unknownAuthor.status == .unprocessableContent)
            #expect(
                unknownAuthor.error
                    == Reply.ErrorBody(
                        code: "validation_failed", message: "some fields are invalid",
                        fields: ["author_id": "no author with id 999"], requestID: unknownAuthor.requestID ?? "?"))

            let byAuthor = try await service.http.send(.get, "/books?author_id=\(author.id)").decode(Page<Book>.self)
            #expect(byAuthor.items == [book])
            #expect(try await service.http.send(.get, "/books?author_id=\(author.id + 1)").decode(Page<Book>.self).items.isEmpty)

            // An author with books stays; a book that was lent keeps its history.
            #expect(try await service.http.send(.delete, "/authors/\(author.id)", token: token).status == .conflict)
            _ = try await service.http.send(.post, "/loans", json: #"{"book_id": \#(book.id)}"#, token: token)
            let fewer = try await service.http.send(.patch, "/books/\(book.id)", json: #"{"copies": 1}"#, token: token)
            #expect(try fewer.decode(Book.self).available == 0)
            let tooFew = try await service.http.send(.patch, "/books/\(book.id)", json: #"{"copies": 0}"#, token: token)
            #expect(tooFew.status == .unprocessableContent)
            #expect(try await service.http.send(.delete, "/books/\(book.id)", token: token).status == .conflict)
            let isbnChange = try await service.http.send(
                .patch, "/books/\(book.id)", json: #"{"isbn": "9780000000002"}"#, token: token)
            #expect(isbnChange.status == .unprocessableContent)
            #expect(isbnChange.error?.fields == ["isbn": "cannot be changed"])
            #expect(try await service.count("books") == 1)
        }
    }

    @Test func loansTakeAndReturnCopies() async throws {
        let clock = FixedClock(1_800_000_000)
        try await LiveService.run(clock: clock, loanPeriod: .seconds(3600)) { service in
            let ann = try await service.register("Ann")
            let bob = try await service.register("Bob")
            let author = try await service.http.send(.post, "/authors", json: #"{"name": "N. K. Jemisin"}"#, token: ann)
                .decode(Author.self)
            let book = try await service.http.send(
                .post, "/books", json: #"{"author_id": \#(author.id), "title": "The Fifth Season", "isbn": "9780316229296"}"#,
                token: ann
            ).decode(Book.self)

            let lent = try await service.http.send(.post, "/loans", json: #"{"book_id": \#(book.id)}"#, token: ann)
            #expect(lent.status == .created)
            let loan = try lent.decode(Loan.self)
            #expect(loan.status == .active && loan.borrowedAt == 1_800_000_000 && loan.dueAt == 1_800_003_600)
            #expect(try await service.http.send(.get, "/books/\(book.id)").decode(Book.self).available == 0)

            let none = try await service.http.send(.post, "/loans", json: #"{"book_id": \#(book.id)}"#, token: bob)
            #expect(none.status == .conflict)
            #expect(try await service.count("loans") == 1)

            // A member sees only their own loans.
            #expect(try await service.http.send(.get, "/loans/\(loan.id)", token: bob).status == .notFound)
            #expect(try await service.http.send(.get, "/loans", token: bob).decode(Page<Loan>.self).items.isEmpty)
            #expect(try await service.http.send(.get, "/loans", token: ann).decode(Page<Loan>.self).items == [loan])

            clock.advance(by: 60)
            let returned = try await service.http.send(.post, "/loans/\(loan.id)/return", token: ann)
            #expect(try returned.decode(Loan.self).status == .returned)
            #expect(try returned.decode(Loan.self).returnedAt == 1_800_000_060)
            #expect(try await service.http.send(.post, "/loans/\(loan.id)/return", token: ann).status == .conflict)
            #expect(try await service.http.send(.get, "/books/\(book.id)").decode(Book.self).available == 1)
        }
    }

    @Test func membersKnowThemselves() async throws {
        try await LiveService.run { service in
            let token = try await service.register("Ann", email: "Ann@Example.com")
            let me = try await service.http.send(.get, "/members/me", token: token).decode(Member.self)
            #expect(me.name == "Ann" && me.email == "ann@example.com")
            let again = try await service.http.send(.post, "/members", json: #"{"name": "Other", "email": "ann@example.com"}"#)
            #expect(again.status == .conflict)
            #expect(try await service.count("members") == 1)
        }
    }

    @Test func badInputIsAnsweredAndWritesNothing() async throws {
        try await LiveService.run(maximumBodySize: 1024) { service in
            let token = try await service.register()
            let cases: [(HTTPRequest.Method, String, String?, String?, HTTPResponse.Status, String)] = [
                (.post, "/authors", #"{"name": "No one"}"#, nil, .unauthorized, "missing_identity"),
                (.post, "/authors", #"{"name": "Bad token"}"#, "not-a-token", .unauthorized, "invalid_token"),
                (.post, "/authors", #"{"name": "#, token, .badRequest, "malformed_body"),
                (.post, "/authors", #"{"name": 42}"#, token, .badRequest, "malformed_body"),
                (.post, "/authors", #"{"name": "   "}"#, token, .unprocessableContent, "validation_failed"),
                (.post, "/authors", #"{}"#, token, .unprocessableContent, "validation_failed"),
                (
                    .post, "/authors", #"{"name": "\#(String(repeating: "x", count: 2000))"}"#, token, .contentTooLarge,
                    "body_too_large"
                ),
                (.post, "/books", #"{"title": "T", "isbn": "123"}"#, token, .unprocessableContent, "validation_failed"),
                (
                    .post, "/books", #"{"author_id": 1, "title": "T", "isbn": "9780316229296", "copies": 0}"#, token,
                    .unprocessableContent, "validation_failed"
                ),
                (
                    .post, "/members", #"{"name": "Ann", "email": "not-an-email"}"#, nil, .unprocessableContent,
                    "validation_failed"
                ),
                (.post, "/loans", #"{"book_id": 404}"#, token, .unprocessableContent, "validation_failed"),
                (.post, "/loans", #"{}"#, token, .unprocessableContent, "validation_failed"),
                (.get, "/authors/404", nil, nil, .notFound, "not_found"),
                (.get, "/authors/abc", nil, nil, .notFound, "not_found"),
                (.patch, "/authors/404", #"{"name": "X"}"#, token, .notFound, "not_found"),
                (.delete, "/books/404", nil, token, .notFound, "not_found"),
                (.post, "/loans/404/return", nil, token, .notFound, "not_found"),
                (.get, "/loans", nil, nil, .unauthorized, "missing_identity"),
                (.get, "/members/me", nil, nil, .unauthorized, "missing_identity"),
                (.get, "/books?limit=1000", nil, nil, .unprocessableContent, "validation_failed"),
                (.get, "/books?after=x", nil, nil, .unprocessableContent, "validation_failed"),
                (.get, "/nowhere", nil, nil, .notFound, "not_found"),
            ]
            for (method, path, json, caseToken, status, code) in cases {
                let reply = try await service.http.send(method, path, json: json, token: caseToken)
                #expect(reply.status == status, "\(method) \(path) \(json ?? ""): \(reply.body)")
                #expect(reply.errorCode == code, "\(method) \(path): \(reply.body)")
                #expect(reply.error?.requestID == reply.requestID)
            }
            for table in ["authors", "books", "loans"] { #expect(try await service.count(table) == 0) }
            #expect(try await service.count("members") == 1)
        }
    }

    @Test func aClientRequestIDIsKeptAndLogged() async throws {
        try await LiveService.run { service in
            let reply = try await service.http.send(.get, "/health", headers: [HTTPField.Name("X-Request-ID")!: "trace-42"])
            #expect(reply.requestID == "trace-42")
            let bogus = try await service.http.send(
                .get, "/health", headers: [HTTPField.Name("X-Request-ID")!: "no spaces allowed"])
            #expect(bogus.requestID != "no spaces allowed")
            let line = service.logs.lines.first { $0.metadata["request_id"] == "trace-42" }
            #expect(line?.message == "GET /health 200")
            #expect(line?.metadata["duration_ms"] != nil)
        }
    }
}
