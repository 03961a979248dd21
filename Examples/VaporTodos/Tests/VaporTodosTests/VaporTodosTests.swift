import Foundation
import Testing
import Vapor
import VaporTesting

@testable import VaporTodos

/// Keeps what it is told, to show that a test replaces a member of the request's scope.
actor RecordingNotifier: Notifier {
    private(set) var messages: [String] = []

    func notify(_ message: String) { messages.append(message) }
}

@Suite("Todos on Vapor, wired by Trellis")
struct VaporTodosTests {
    @Test("add, list, mark done; a missing todo is 404, an empty title 422")
    func todos() async throws {
        let container = AppContainer(configuration: TodosConfiguration())
        try await withApp { app in
            configure(app, container: container)
            let tester = try app.testing()
            var created: Todo?
            try await tester.test(.POST, "todos", beforeRequest: { try $0.content.encode(["title": "milk"]) }) { response in
                #expect(response.status == .created)
                created = try response.content.decode(Todo.self)
            }
            let todo = try #require(created)
            try await tester.test(.GET, "todos") { response in
                let listed = try response.content.decode([Todo].self)
                #expect(listed == [todo])
            }
            try await tester.test(.PATCH, "todos/\(todo.id)/done") { response in
                let done = try response.content.decode(Todo.self)
                #expect(done.done)
            }
            try await tester.test(.PATCH, "todos/\(UUID())/done") { response in #expect(response.status == .notFound) }
            try await tester.test(.POST, "todos", beforeRequest: { try $0.content.encode(["title": " "]) }) { response in
                #expect(response.status == .unprocessableEntity)
            }
        }
    }

    @Test("a test replaces the notifier every request's scope builds from its request")
    func replacedNotifier() async throws {
        let recorder = RecordingNotifier()
        let container = AppContainer(
            configuration: TodosConfiguration(),
            scope: { owner, request in RequestScope(dependencies: owner, request: request, notifier: recorder) })
        try await withApp { app in
            configure(app, container: container)
            try await app.testing()
                .test(.POST, "todos", beforeRequest: { try $0.content.encode(["title": "bread"]) }) { response in
                    #expect(response.status == .created)
                }
        }
        #expect(await recorder.messages == ["added: bread"])
    }

    @Test("each request gets its own scope, which reads the app's repository")
    func scopePerRequest() async throws {
        let container = AppContainer(configuration: TodosConfiguration())
        try await withApp { app in
            let first = container.scope(for: Request(application: app, on: app.eventLoopGroup.any()))
            let second = container.scope(for: Request(application: app, on: app.eventLoopGroup.any()))
            #expect(first !== second)
            #expect(first.request !== second.request)
            #expect(first.repository as AnyObject === second.repository as AnyObject)
            #expect(first.notifier is LogNotifier)
        }
    }

    @Test("with a webhook configured, the notifier posts with the request's client")
    func webhookNotifier() async throws {
        let container = AppContainer(configuration: TodosConfiguration(webhookURL: "http://127.0.0.1:9/hook"))
        try await withApp { app in
            let notifier = container.scope(for: Request(application: app, on: app.eventLoopGroup.any())).notifier
            #expect((notifier as? WebhookNotifier)?.url.string == "http://127.0.0.1:9/hook")
        }
    }
}
