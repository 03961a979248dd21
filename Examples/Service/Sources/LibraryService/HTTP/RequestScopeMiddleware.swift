import Hummingbird

/// Runs inside ``RequestLogMiddleware``, before every route: reads the request's body
/// (``RequestBodyReader``), finds its caller (``Authenticator``), and creates its scope container,
/// which the routes read as `context.scope`.
package struct RequestScopeMiddleware: RouterMiddleware {
    package typealias Context = AppRequestContext

    /// ``LibraryContainer/request(id:caller:)``: the application container's scope creator (or, in
    /// the hand-wired benchmark contender, ``HandWiredRequestScope/init(requestID:caller:application:)``).
    let makeScope: @Sendable (String, Caller) -> any RequestHandlers
    let authenticator: Authenticator
    let bodyReader: RequestBodyReader

    package init(
        makeScope: @escaping @Sendable (String, Caller) -> any RequestHandlers, authenticator: Authenticator,
        configuration: ServiceConfiguration
    ) {
        self.makeScope = makeScope
        self.authenticator = authenticator
        bodyReader = RequestBodyReader(maximumSize: configuration.maximumBodySize, timeout: configuration.bodyTimeout)
    }

    package func handle(
        _ request: Request, context: AppRequestContext,
        next: (Request, AppRequestContext) async throws -> Response
    ) async throws -> Response {
        var context = context
        context.maxUploadSize = bodyReader.maximumSize
        let request = try await bodyReader.read(request, context: context)
        let caller = try await authenticator.caller(for: request)
        context.recordCaller(caller)
        context.requestScope = makeScope(context.requestID, caller)
        return try await next(request, context)
    }
}
