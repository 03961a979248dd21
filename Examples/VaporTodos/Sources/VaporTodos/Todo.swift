import Foundation
import Vapor

/// One thing to do.
public struct Todo: Content, Equatable {
    public var id: UUID
    public var title: String
    public var done: Bool

    public init(id: UUID = UUID(), title: String, done: Bool = false) {
        self.id = id
        self.title = title
        self.done = done
    }
}

/// Where todos are kept.
public protocol TodoRepository: Sendable {
    func all() async throws -> [Todo]
    func add(_ todo: Todo) async throws
    func markDone(_ id: UUID) async throws -> Todo?
}

/// Todos in memory, in the order they were added.
public actor MemoryTodoRepository: TodoRepository {
    private var todos: [Todo] = []

    public init() {}

    public func all() -> [Todo] { todos }

    public func add(_ todo: Todo) { todos.append(todo) }

    public func markDone(_ id: UUID) -> Todo? {
        guard let index = todos.firstIndex(where: { $0.id == id }) else { return nil }
        todos[index].done = true
        return todos[index]
    }
}
