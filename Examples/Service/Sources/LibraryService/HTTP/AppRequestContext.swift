import Foundation
import Hummingbird
import NIOCore

/// The router's request context: Hummingbird's core storage, plus the request's scope container,
/// which ``RequestScopeMiddleware`` creates before any route runs, and its id.
public struct AppRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The largest body a route reads; set from the configuration by the middleware.
    public var maxUploadSize: Int
    /// The connection, which ``RequestBodyReader`` closes for reading when a body is too slow.
    let channel: any Channel
    var requestScope: (any RequestHandlers)?
    /// The request's id, which ``RequestLogMiddleware`` gives it.
    var requestID = ""
    /// Tells ``RequestLogMiddleware`` who the caller is, for its log line.
    var recordCaller: @Sendable (Caller) -> Void = { _ in }

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
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

    /// The body (read by ``RequestBodyReader``) as `Input`. JSON that does not parse, or whose values
    /// do not fit the route's fields, is the client's error (400), named by field where there is one.
    func input<Input: Decodable>(_ type: Input.Type, context: AppRequestContext) async throws -> Input {
        let body = try await body.collect(upTo: context.maxUploadSize)
        do {
            return try JSONDecoder().decode(type, from: Data(body.readableBytesView))
        } catch let error as DecodingError {
            throw APIError.malformedBody(error)
        }
    }
}

extension APIError {
    /// 400 for a body that is not JSON, or whose values do not fit the fields they are in.
    static func malformedBody(_ error: DecodingError) -> APIError {
        let field: String
        let problem: String
        switch error {
        case .typeMismatch(let type, let context):
            field = context.fieldName
            problem = "must be \(Self.name(of: type))"
        case .valueNotFound(let type, let context):
            field = context.fieldName
            problem = "must be \(Self.name(of: type)), not null"
        case .keyNotFound(let key, let context):
            field = (context.codingPath + [key]).map(\.stringValue).joined(separator: ".")
            problem = "is required"
        case .dataCorrupted(let context):
            field = context.fieldName
            problem = context.debugDescription
        @unknown default:
            field = ""
            problem = "\(error)"
        }
        guard !field.isEmpty else {
            if case .typeMismatch = error { return APIError(.badRequest, "malformed_body", "the body must be a JSON object") }
            return APIError(.badRequest, "malformed_body", "the body is not valid JSON")
        }
        return APIError(.badRequest, "malformed_body", "'\(field)' \(problem)", fields: [field: problem])
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Int.Type, is Int64.Type: return "a whole number"
        case is Bool.Type: return "true or false"
        default: return String(describing: type).hasPrefix("Dictionary") ? "a JSON object" : "a \(type)"
        }
    }
}

extension DecodingError.Context {
    /// `title`, `items.2.name`: where in the body the error is.
    fileprivate var fieldName: String { codingPath.map(\.stringValue).joined(separator: ".") }
}

extension KeyedDecodingContainer {
    /// An integer field. Foundation's decoder on Linux reports a number that is not a whole number,
    /// or does not fit in 64 bits, as "not valid JSON" with no field; this says which field and why.
    func decodeWholeNumberIfPresent(forKey key: Key) throws -> Int? {
        do {
            return try decodeIfPresent(Int.self, forKey: key)
        } catch let error as DecodingError {
            guard case .dataCorrupted(let context) = error, context.codingPath.isEmpty else { throw error }
            throw wholeNumberError(forKey: key)
        } catch {
            // swift-foundation's own error for the number (`numberIsNotRepresentableInSwift`), which
            // its decoder turns into "not valid JSON" when it leaves `init(from:)`.
            throw wholeNumberError(forKey: key)
        }
    }

    private func wholeNumberError(forKey key: Key) -> DecodingError {
        let number = try? decodeIfPresent(Double.self, forKey: key)
        let problem =
            if let number, number.rounded() != number {
                "must be a whole number"
            } else {
                "must be a whole number from \(Int.min) to \(Int.max)"
            }
        return DecodingError.dataCorrupted(.init(codingPath: codingPath + [key], debugDescription: problem))
    }
}
