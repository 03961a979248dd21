import Foundation
import Hummingbird

/// One thing to do.
public struct Todo: ResponseCodable, Equatable, Sendable {
    public var id: UUID
    public var title: String
    public var done: Bool

    public init(id: UUID = UUID(), title: String, done: Bool = false) {
        self.id = id
        self.title = title
        self.done = done
    }
}

/// Where todos are kept: in memory, or in PostgreSQL.
public protocol TodoRepository: Sendable {
    func all() async throws -> [Todo]
    func add(_ todo: Todo) async throws
    func markDone(_ id: UUID) async throws -> Todo?
}

/// Todos in memory, for tests and for running without a database.
public actor MemoryTodoRepository: TodoRepository {
    private var todos: [UUID: Todo] = [:]
    private var order: [UUID] = []

    public init() {}

    public func all() -> [Todo] { order.compactMap { todos[$0] } }

    public func add(_ todo: Todo) {
        if todos.updateValue(todo, forKey: todo.id) == nil { order.append(todo.id) }
    }

    public func markDone(_ id: UUID) -> Todo? {
        todos[id]?.done = true
        return todos[id]
    }
}
