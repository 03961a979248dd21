import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
import Trellis

@testable import Todos

/// A repository that fails, to show that a test replaces one member and the rest of the graph stays.
struct FailingRepository: TodoRepository {
    struct Unavailable: Error {}
    func all() async throws -> [Todo] { throw Unavailable() }
    func add(_ todo: Todo) async throws { throw Unavailable() }
    func markDone(_ id: UUID) async throws -> Todo? { throw Unavailable() }
}

@Suite("Todos, wired by Trellis")
struct TodosTests {
    let logger = Logger(label: "todos-tests")

    @Test("in memory: add, list, mark done, and a missing todo is 404")
    func inMemory() async throws {
        let app = AppContainer(configuration: TodosConfiguration(port: 0), logger: logger).app
        try await app.test(.router) { client in
            let created = try await client.execute(uri: "/todos", method: .post, body: ByteBuffer(string: #"{"title":"milk"}"#)) {
                #expect($0.status == .created)
                return try JSONDecoder().decode(Todo.self, from: $0.body)
            }
            let listed = try await client.execute(uri: "/todos", method: .get) {
                try JSONDecoder().decode([Todo].self, from: $0.body)
            }
            #expect(listed == [created])
            let done = try await client.execute(uri: "/todos/\(created.id)/done", method: .patch) {
                try JSONDecoder().decode(Todo.self, from: $0.body)
            }
            #expect(done.done)
            try await client.execute(uri: "/todos/\(UUID())/done", method: .patch) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/todos", method: .post, body: ByteBuffer(string: #"{"title":""}"#)) {
                #expect($0.status == .unprocessableContent)
            }
        }
    }

    @Test("a test replaces the repository; the router and app are built around it")
    func replacedRepository() async throws {
        let container = AppContainer(configuration: TodosConfiguration(port: 0), logger: logger, repository: FailingRepository())
        try await container.app.test(.router) { client in
            try await client.execute(uri: "/todos", method: .get) { #expect($0.status == .internalServerError) }
            try await client.execute(uri: "/health", method: .get) { #expect($0.status == .ok) }
        }
    }

    @Test("buildApplication gives the app the container's other services: the client when there is a database")
    func builtApplication() async throws {
        let app = try buildApplication(TodosConfiguration(port: 0), logger: logger)
        try await app.test(.router) { client in
            try await client.execute(uri: "/health", method: .get) { #expect($0.status == .ok) }
        }
        let inMemory = AppContainer(configuration: TodosConfiguration(port: 0), logger: logger)
        #expect(try inMemory.serviceStartOrder.services(excluding: "app").isEmpty)
        // The client connects only when it runs: no server is needed to build it.
        let configuration = try TodosConfiguration(environment: ["DATABASE_URL": "postgres://todos@127.0.0.1/todos"])
        let withDatabase = AppContainer(configuration: configuration, logger: logger)
        #expect(withDatabase.serviceStartOrder.names == ["postgres", "app"])
        #expect(try withDatabase.serviceStartOrder.services(excluding: "app").count == 1)
    }

    @Test("an app that is no service of its container takes the container's services with addServices, without 'try'")
    func servicesAsASequence() {
        let configuration = TodosConfiguration(port: 0)
        var app = Application(router: Router(), configuration: .init(address: .hostname(configuration.host, port: 0)))
        let container = AppContainer(configuration: configuration, logger: logger)
        // Hummingbird's `addServices(_:)` takes `some Sequence<any Service>`, which the order is.
        app.addServices(container.serviceStartOrder)
        #expect(app.services.count == 1)
        #expect(app.services.first is Application<RouterResponder<BasicRequestContext>>)
    }

    @Test("without a database, the client is no service: only the app runs")
    func servicesWithoutDatabase() {
        let container = AppContainer(configuration: TodosConfiguration(port: 0), logger: logger)
        #expect(container.postgres == nil)
        #expect(container.serviceStartOrder.names == ["app"])
    }

    @Test(
        "with a database, the client runs before the app, and todos are kept in PostgreSQL",
        .enabled(if: ProcessInfo.processInfo.environment["TEST_DATABASE_URL"] != nil))
    func postgres() async throws {
        let configuration = try TodosConfiguration(
            environment: ["PORT": "0", "DATABASE_URL": ProcessInfo.processInfo.environment["TEST_DATABASE_URL"] ?? ""])
        let container = AppContainer(configuration: configuration, logger: logger)
        #expect(container.serviceStartOrder.names == ["postgres", "app"])
        let postgres = try #require(container.postgres)
        let repository = try #require(container.repository as? PostgresTodoRepository)
        let app = container.app
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await postgres.run() }
            let title = "bread \(UUID())"
            try await app.test(.router) { client in
                // `.router` testing skips the app's own start, so the table is made here.
                try await repository.createTable()
                try await client.execute(uri: "/todos", method: .post, body: ByteBuffer(string: #"{"title":"\#(title)"}"#)) {
                    #expect($0.status == .created)
                }
                let listed = try await client.execute(uri: "/todos", method: .get) {
                    try JSONDecoder().decode([Todo].self, from: $0.body)
                }
                #expect(listed.contains { $0.title == title })
            }
            group.cancelAll()
        }
    }

    @Test("a bad PORT or DATABASE_URL is refused with what is expected")
    func configurationErrors() {
        #expect(throws: TodosConfigurationError.self) { try TodosConfiguration(environment: ["PORT": "http"]) }
        #expect(throws: TodosConfigurationError.self) { try TodosConfiguration(environment: ["DATABASE_URL": "mysql://x"]) }
    }
}
