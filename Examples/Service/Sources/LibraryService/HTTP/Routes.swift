import Hummingbird
import Logging

/// The service's routes. Every handler is a member of the request's container, read from
/// `context.scope`, which ``RequestScopeMiddleware`` created for this request inside
/// ``RequestLogMiddleware``.
package enum Routes {
    package static func router(logger: Logger, scopes: RequestScopeMiddleware) -> Router<AppRequestContext> {
        // HEAD answers as GET does, without the body.
        let router = Router(context: AppRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: RequestLogMiddleware(logger: logger))
        router.add(middleware: scopes)
        var methods: [String: [HTTPRequest.Method]] = [:]
        func on<Output: ResponseGenerator>(
            _ method: HTTPRequest.Method, _ path: String,
            _ handler: @escaping @Sendable (any RequestHandlers, Request, AppRequestContext) async throws -> Output
        ) {
            router.on(RouterPath(path), method: method) { request, context in
                try await handler(context.scope, request, context)
            }
            methods[path, default: []].append(method)
        }

        on(.get, "health") { scope, request, context in try await scope.health.check(request, context: context) }

        on(.get, "authors") { scope, request, context in try await scope.authors.list(request, context: context) }
        on(.post, "authors") { scope, request, context in try await scope.authors.create(request, context: context) }
        on(.get, "authors/:id") { scope, request, context in try await scope.authors.show(request, context: context) }
        on(.patch, "authors/:id") { scope, request, context in try await scope.authors.update(request, context: context) }
        on(.delete, "authors/:id") { scope, request, context in try await scope.authors.delete(request, context: context) }

        on(.get, "books") { scope, request, context in try await scope.books.list(request, context: context) }
        on(.post, "books") { scope, request, context in try await scope.books.create(request, context: context) }
        on(.get, "books/:id") { scope, request, context in try await scope.books.show(request, context: context) }
        on(.patch, "books/:id") { scope, request, context in try await scope.books.update(request, context: context) }
        on(.delete, "books/:id") { scope, request, context in try await scope.books.delete(request, context: context) }

        on(.post, "members") { scope, request, context in try await scope.members.register(request, context: context) }
        on(.get, "members/me") { scope, request, context in try await scope.members.me(request, context: context) }

        on(.get, "loans") { scope, request, context in try await scope.loans.list(request, context: context) }
        on(.post, "loans") { scope, request, context in try await scope.loans.create(request, context: context) }
        on(.get, "loans/:id") { scope, request, context in try await scope.loans.show(request, context: context) }
        on(.post, "loans/:id/return") { scope, request, context in try await scope.loans.giveBack(request, context: context) }

        // A path the service has, asked with a method it does not take there: 405 with `Allow`
        // (HTTP's answer), through the router's own matching, rather than the 404 of an unknown path.
        for (path, registered) in methods {
            let allowed = registered.contains(.get) ? registered + [.head] : registered
            for method in [HTTPRequest.Method.get, .head, .post, .put, .patch, .delete, .options]
            where !allowed.contains(method) {
                router.on(RouterPath(path), method: method) { _, _ -> Response in
                    throw APIError.methodNotAllowed(method, allowed: allowed)
                }
            }
        }
        return router
    }
}
