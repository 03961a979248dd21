import Foundation
import HTTPTypes
import LibraryService
import Testing

/// Inputs the databases cannot store or the JSON decoder cannot fit, answered before any database
/// sees them, with the field and the reason; methods a path does not take.
@Suite struct InputTests {
    @Test func textWithANulCharacterIs422OnEveryRouteAndIsNotStored() async throws {
        try await LiveService.run { service in
            let token = try await service.register()
            let author = try await service.http.send(.post, "/authors", json: #"{"name": "Kept"}"#, token: token)
                .decode(Author.self)
            let cases: [(HTTPRequest.Method, String, String, String?, String)] = [
                (.post, "/authors", #"{"name": "\u0000nul"}"#, token, "name"),
                (.post, "/authors", #"{"name": "\u0000"}"#, token, "name"),
                (.post, "/authors", #"{"name": "nul\u0000"}"#, token, "name"),
                (.patch, "/authors/\(author.id)", #"{"name": "a\u0000b"}"#, token, "name"),
                (.post, "/members", #"{"name": "Nul", "email": "nul\u0000@example.com"}"#, nil, "email"),
                (.post, "/members", #"{"name": "\u0000", "email": "nul@example.com"}"#, nil, "name"),
                (.post, "/books", #"{"author_id": \#(author.id), "title": "\u0000", "isbn": "9780316229296"}"#, token, "title"),
            ]
            for (method, path, json, caseToken, field) in cases {
                let reply = try await service.http.send(method, path, json: json, token: caseToken)
                #expect(reply.status == .unprocessableContent, "\(method) \(path) \(json): \(reply.body)")
                #expect(reply.error?.fields == [field: "must not contain NUL characters (U+0000)"], "\(json)")
            }
            #expect(try await service.http.send(.get, "/authors/\(author.id)").decode(Author.self).name == "Kept")
            #expect(try await service.count("authors") == 1)
            #expect(try await service.count("members") == 1)
            #expect(try await service.count("books") == 0)
        }
    }

    @Test func numbersThatDoNotFitAreNamedByField() async throws {
        try await LiveService.run { service in
            let token = try await service.register()
            let range = "must be a whole number from -9223372036854775808 to 9223372036854775807"
            let cases: [(String, String, String, String)] = [
                ("/books", #"{"author_id": 99999999999999999999, "title": "T", "isbn": "9780316229296"}"#, "author_id", range),
                ("/books", #"{"author_id": 1, "title": "T", "isbn": "9780316229296", "copies": 1e30}"#, "copies", range),
                (
                    "/books", #"{"author_id": 1, "title": "T", "isbn": "9780316229296", "copies": 1.5}"#, "copies",
                    "must be a whole number"
                ),
                (
                    "/books", #"{"author_id": 1, "title": "T", "isbn": "9780316229296", "published_year": -1e19}"#,
                    "published_year", range
                ),
                ("/loans", #"{"book_id": 9223372036854775808}"#, "book_id", range),
                ("/authors", #"{"name": 42}"#, "name", "must be a string"),
            ]
            for (path, json, field, problem) in cases {
                let reply = try await service.http.send(.post, path, json: json, token: token)
                #expect(reply.status == .badRequest, "\(json): \(reply.body)")
                #expect(
                    reply.error
                        == Reply.ErrorBody(
                            code: "malformed_body", message: "'\(field)' \(problem)", fields: [field: problem],
                            requestID: reply.requestID ?? "?"), "\(json)")
            }
            // What is not JSON, or not an object, still says so.
            let notJSON = try await service.http.send(.post, "/authors", json: #"{"name": "#, token: token)
            #expect(notJSON.error?.message == "the body is not valid JSON")
            let array = try await service.http.send(.post, "/authors", json: "[1]", token: token)
            #expect(array.error?.message == "the body must be a JSON object")
            #expect(try await service.count("books") == 0)
        }
    }

    @Test func emailAddressesWithSpacesOrControlCharactersAreRefused() async throws {
        try await LiveService.run { service in
            for email in [
                "ann smith@example.com", "ann@exa mple.com", "ann@example.com\\tx", "ann@@example.com", "ann@example..com",
                "ann@.com",
            ] {
                let reply = try await service.http.send(
                    .post, "/members", json: #"{"name": "Ann", "email": "\#(email)"}"#)
                #expect(reply.status == .unprocessableContent, "\(email): \(reply.body)")
                #expect(reply.error?.fields == ["email": "is not an email address"], "\(email)")
            }
            // Spaces around the address are trimmed, as for every text field.
            let trimmed = try await service.http.send(.post, "/members", json: #"{"name": "Ann", "email": "  ann@example.com "}"#)
            #expect(try trimmed.decode(Registration.self).member.email == "ann@example.com")
            #expect(try await service.count("members") == 1)
        }
    }

    @Test func aKnownPathWithAnotherMethodIs405WithAllow() async throws {
        try await LiveService.run { service in
            let cases: [(HTTPRequest.Method, String, String)] = [
                (.put, "/authors/1", "GET, PATCH, DELETE, HEAD"),
                (.delete, "/authors", "GET, POST, HEAD"),
                (.post, "/health", "GET, HEAD"),
                (.get, "/loans/1/return", "POST"),
                (.head, "/loans/1/return", "POST"),
                (.delete, "/members/me", "GET, HEAD"),
                (.options, "/books", "GET, POST, HEAD"),
            ]
            for (method, path, allow) in cases {
                let reply = try await service.http.send(method, path)
                #expect(reply.status == .methodNotAllowed, "\(method) \(path): \(reply.body)")
                #expect(reply.headers[.allow] == allow, "\(method) \(path)")
                if method != .head { #expect(reply.errorCode == "method_not_allowed") }
            }
            #expect(try await service.http.send(.get, "/nowhere").status == .notFound)
            #expect(try await service.http.send(.put, "/nowhere").status == .notFound)
            // HEAD answers as GET does, without a body.
            let head = try await service.http.send(.head, "/health")
            #expect(head.status == .ok && head.body.isEmpty)
        }
    }
}
