import Foundation
import Vapor

/// The todo routes' work for one request.
public struct TodoHandlers: Sendable {
    let repository: any TodoRepository
    let notifier: any Notifier
    let request: Request

    public init(repository: any TodoRepository, notifier: any Notifier, request: Request) {
        self.repository = repository
        self.notifier = notifier
        self.request = request
    }

    struct NewTodo: Content {
        var title: String
    }

    func list() async throws -> [Todo] {
        try await repository.all()
    }

    func create() async throws -> Response {
        let title = try request.content.decode(NewTodo.self).title.trimmingCharacters(in: .whitespaces)
        guard !title.isEmpty else { throw Abort(.unprocessableEntity, reason: "a todo needs a title") }
        let todo = Todo(title: title)
        try await repository.add(todo)
        try await notifier.notify("added: \(title)")
        return try await todo.encodeResponse(status: .created, for: request)
    }

    func markDone() async throws -> Todo {
        guard let id = request.parameters.get("id", as: UUID.self) else { throw Abort(.badRequest, reason: "not a todo id") }
        guard let todo = try await repository.markDone(id) else { throw Abort(.notFound) }
        try await notifier.notify("done: \(todo.title)")
        return todo
    }
}

/// Registers the routes; each handler creates the request's scope from `container`.
public func configure(_ app: Application, container: AppContainer) {
    app.get("health") { _ in HTTPStatus.ok }
    let todos = app.grouped("todos")
    todos.get { request in try await container.scope(for: request).todos.list() }
    todos.post { request in try await container.scope(for: request).todos.create() }
    todos.patch(":id", "done") { request in try await container.scope(for: request).todos.markDone() }
}
