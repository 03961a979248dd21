import Foundation
import Logging
import PostgresNIO

/// Todos in PostgreSQL, through a `PostgresClient` (which runs as a service: see `AppContainer`).
public struct PostgresTodoRepository: TodoRepository {
    let client: PostgresClient
    let logger: Logger

    public init(client: PostgresClient, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    /// Creates the table, once the client runs (the app calls it before its server starts).
    public func createTable() async throws {
        try await client.query(
            "CREATE TABLE IF NOT EXISTS todos (id uuid PRIMARY KEY, title text NOT NULL, done boolean NOT NULL)",
            logger: logger)
    }

    public func all() async throws -> [Todo] {
        var todos: [Todo] = []
        let rows = try await client.query("SELECT id, title, done FROM todos ORDER BY title", logger: logger)
        for try await (id, title, done) in rows.decode((UUID, String, Bool).self) {
            todos.append(Todo(id: id, title: title, done: done))
        }
        return todos
    }

    public func add(_ todo: Todo) async throws {
        try await client.query(
            "INSERT INTO todos (id, title, done) VALUES (\(todo.id), \(todo.title), \(todo.done))", logger: logger)
    }

    public func markDone(_ id: UUID) async throws -> Todo? {
        let rows = try await client.query(
            "UPDATE todos SET done = true WHERE id = \(id) RETURNING id, title, done", logger: logger)
        for try await (id, title, done) in rows.decode((UUID, String, Bool).self) {
            return Todo(id: id, title: title, done: done)
        }
        return nil
    }
}
