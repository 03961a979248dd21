import Foundation
import Hummingbird

/// The `/todos` routes.
struct TodoController<Context: RequestContext> {
    let repository: any TodoRepository

    struct NewTodo: Decodable {
        let title: String
    }

    var routes: RouteCollection<Context> {
        RouteCollection(context: Context.self)
            .get { _, _ in try await repository.all() }
            .post { request, context -> EditedResponse<Todo> in
                let new = try await request.decode(as: NewTodo.self, context: context)
                guard !new.title.isEmpty else { throw HTTPError(.unprocessableContent, message: "a todo needs a title") }
                let todo = Todo(title: new.title)
                try await repository.add(todo)
                return EditedResponse(status: .created, response: todo)
            }
            .patch(":id/done") { _, context -> Todo in
                let id = try context.parameters.require("id", as: UUID.self)
                guard let todo = try await repository.markDone(id) else { throw HTTPError(.notFound) }
                return todo
            }
    }
}
