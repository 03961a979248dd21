import Foundation
import HTTPTypes
import Testing

@testable import LibraryService

/// Many requests at once: each gets its own request container, all share the application's
/// services. `.ci/run` runs this suite under the thread sanitizer too.
@Suite struct ConcurrencyTests {
    @Test func twoHundredConcurrentRequestsEachHaveTheirOwnScope() async throws {
        try await LiveService.run { service in
            let token = try await service.register()
            let replies = try await withThrowingTaskGroup(of: (Int, Reply).self) { group in
                for index in 0..<200 {
                    group.addTask {
                        let reply =
                            index.isMultiple(of: 2)
                            ? try await service.http.send(.post, "/authors", json: #"{"name": "Author \#(index)"}"#, token: token)
                            : try await service.http.send(.get, "/health")
                        return (index, reply)
                    }
                }
                return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
            }
            #expect(replies.count == 200)
            for (index, reply) in replies {
                #expect(reply.status == (index.isMultiple(of: 2) ? .created : .ok), "\(index): \(reply.body)")
                if index.isMultiple(of: 2) { #expect(try reply.decode(Author.self).name == "Author \(index)") }
            }
            let ids = Set(replies.values.compactMap(\.requestID))
            #expect(ids.count == 200)

            // One log line per request, under the id its response carried, naming its own route.
            let lines = service.logs.lines.filter { $0.metadata["duration_ms"] != nil }
            for (index, reply) in replies {
                let logged = lines.filter { $0.metadata["request_id"] == reply.requestID }
                #expect(logged.count == 1)
                #expect(logged.first?.message == (index.isMultiple(of: 2) ? "POST /authors 201" : "GET /health 200"))
            }
            #expect(try await service.count("authors") == 100)
        }
    }

    @Test func scopesCreatedAtOnceShareTheApplicationsServicesOnly() async throws {
        try await LiveService.run { service in
            let container = service.container
            let scopes = await withTaskGroup(of: RequestScope.self) { group in
                for index in 0..<200 {
                    group.addTask { container.request(id: "r\(index)", caller: .member(id: index)) }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(Set(scopes.map(\.requestID)).count == 200)
            #expect(Set(scopes.map { ObjectIdentifier($0.unitOfWork) }).count == 200)
            for scope in scopes {
                #expect(scope.requestLogger[metadataKey: "request_id"] == .string(scope.requestID))
                #expect(scope.unitOfWork === scope.unitOfWork)
            }
            // The inputs a scope reads are the application's instances, not copies of its graph.
            let database = container.database as AnyObject
            for scope in scopes { #expect(scope.database as AnyObject === database) }
            #expect(container.serviceStartOrder.names == ["database", "migrations", "sweeper", "server"])
        }
    }
}
