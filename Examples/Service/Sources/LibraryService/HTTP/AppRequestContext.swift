import Hummingbird

/// The router's request context: Hummingbird's core storage, plus the request's scope container,
/// which ``RequestScopeMiddleware`` creates before any route runs.
public struct AppRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The largest body a route reads; set from the configuration by the middleware.
    public var maxUploadSize: Int
    var requestScope: (any RequestHandlers)?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        maxUploadSize = 64 * 1024
    }

    /// The request's container. Routes run behind ``RequestScopeMiddleware``, so it is always there;
    /// a route registered outside it fails with 500 instead of crashing.
    public var scope: any RequestHandlers {
        get throws(APIError) {
            guard let requestScope else {
                throw APIError(.internalServerError, "internal_error", "route registered outside the request-scope middleware")
            }
            return requestScope
        }
    }
}

extension AppRequestContext {
    /// The path parameter `name` as an id; anything else is an unknown resource.
    func id(_ name: String = "id", of what: String) throws(APIError) -> Int {
        guard let text = parameters.get(name), let id = Int(text), id > 0 else {
            throw APIError(.notFound, "not_found", "no \(what) with id '\(parameters.get(name) ?? "")'")
        }
        return id
    }
}

extension Request {
    /// `?after=&limit=`, checked.
    func pageRequest() throws(ValidationError) -> PageRequest {
        var errors = ValidationError()
        var page = PageRequest()
        if let text = uri.queryParameters.get("limit") {
            if let limit = Int(text), (1...PageRequest.maximumLimit).contains(limit) {
                page.limit = limit
            } else {
                errors.fields["limit"] = "must be from 1 to \(PageRequest.maximumLimit)"
            }
        }
        if let text = uri.queryParameters.get("after") {
            if let after = Int(text), after >= 0 { page.after = after } else { errors.fields["after"] = "must be an id" }
        }
        try errors.throwIfAny()
        return page
    }

    /// The body as `Input`; malformed JSON or a body over the limit is the client's error.
    func input<Input: Decodable>(_ type: Input.Type, context: AppRequestContext) async throws -> Input {
        do {
            return try await decode(as: type, context: context)
        } catch let error as any HTTPResponseError {
            // Hummingbird's: NIOTooManyBytesError for a body over the limit, HTTPError for bad JSON.
            if error.status == .contentTooLarge {
                throw APIError(.contentTooLarge, "body_too_large", "the body is larger than \(context.maxUploadSize) bytes")
            }
            throw APIError(
                .badRequest, "malformed_body", (error as? HTTPError)?.body ?? "the body is not valid JSON for this route")
        }
    }
}
