import Hummingbird

/// The service's routes. Every handler is a member of the request's container, read from
/// `context.scope`, which the middleware created for this request.
enum Routes {
    static func router(middleware: RequestScopeMiddleware) -> Router<AppRequestContext> {
        let router = Router(context: AppRequestContext.self)
        router.add(middleware: middleware)

        router.get("health") { request, context in try await context.scope.health.check(request, context: context) }

        router.group("authors")
            .get { request, context in try await context.scope.authors.list(request, context: context) }
            .post { request, context in try await context.scope.authors.create(request, context: context) }
            .get(":id") { request, context in try await context.scope.authors.show(request, context: context) }
            .patch(":id") { request, context in try await context.scope.authors.update(request, context: context) }
            .delete(":id") { request, context in try await context.scope.authors.delete(request, context: context) }

        router.group("books")
            .get { request, context in try await context.scope.books.list(request, context: context) }
            .post { request, context in try await context.scope.books.create(request, context: context) }
            .get(":id") { request, context in try await context.scope.books.show(request, context: context) }
            .patch(":id") { request, context in try await context.scope.books.update(request, context: context) }
            .delete(":id") { request, context in try await context.scope.books.delete(request, context: context) }

        router.group("members")
            .post { request, context in try await context.scope.members.register(request, context: context) }
            .get("me") { request, context in try await context.scope.members.me(request, context: context) }

        router.group("loans")
            .get { request, context in try await context.scope.loans.list(request, context: context) }
            .post { request, context in try await context.scope.loans.create(request, context: context) }
            .get(":id") { request, context in try await context.scope.loans.show(request, context: context) }
            .post(":id/return") { request, context in try await context.scope.loans.giveBack(request, context: context) }

        return router
    }
}
