import Foundation
import Hummingbird

/// An error the client is told about: a status, a stable code, a message, and for validation the
/// fields that are wrong. Every error response of the service has this JSON body:
///
/// ```json
/// {"error": {"code": "validation_failed", "message": "…", "fields": {"name": "is required"}, "request_id": "…"}}
/// ```
///
/// It is a Hummingbird `HTTPResponseError`: thrown anywhere, it is answered with that body.
public struct APIError: HTTPResponseError, Sendable, Equatable {
    public var status: HTTPResponse.Status
    public var code: String
    public var message: String
    public var fields: [String: String]?
    /// Headers the response carries besides the JSON ones (`Allow` on a 405).
    public var headers: HTTPFields

    public init(
        _ status: HTTPResponse.Status, _ code: String, _ message: String, fields: [String: String]? = nil,
        headers: HTTPFields = [:]
    ) {
        self.status = status
        self.code = code
        self.message = message
        self.fields = fields
        self.headers = headers
    }

    static func notFound(_ what: String, _ id: Int) -> APIError {
        APIError(.notFound, "not_found", "no \(what) with id \(id)")
    }

    static func conflict(_ message: String) -> APIError {
        APIError(.conflict, "conflict", message)
    }

    /// 405 for a path the service has, with a method it does not take there.
    static func methodNotAllowed(_ method: HTTPRequest.Method, allowed: [HTTPRequest.Method]) -> APIError {
        let allow = allowed.map(\.rawValue).joined(separator: ", ")
        return APIError(
            .methodNotAllowed, "method_not_allowed", "\(method.rawValue) is not allowed here; use \(allow)",
            headers: [.allow: allow])
    }

    /// The error any thrown error becomes on the wire; errors the service does not know are 500s,
    /// with the detail in the log only.
    static func answering(_ error: any Error) -> APIError {
        switch error {
        case let error as APIError:
            return error
        case let error as ValidationError:
            return APIError(.unprocessableContent, "validation_failed", "some fields are invalid", fields: error.fields)
        case DatabaseError.unavailable:
            return APIError(.serviceUnavailable, "database_unavailable", "the database is unavailable; retry later")
        case DatabaseError.constraintViolation:
            return APIError(.conflict, "conflict", "the change conflicts with another one; reload and retry")
        case let error as HTTPError:
            let code: String
            switch error.status {
            case .badRequest: code = "bad_request"
            case .contentTooLarge: code = "body_too_large"
            case .notFound: code = "not_found"
            case .methodNotAllowed: code = "method_not_allowed"
            default: code = "http_\(error.status.code)"
            }
            return APIError(error.status, code, error.body ?? error.status.reasonPhrase)
        case let error as ClientAbort:
            return APIError(error.status, "incomplete_body", "the connection closed before the whole body arrived")
        case let error as any HTTPResponseError:
            return APIError(error.status, "http_\(error.status.code)", error.status.reasonPhrase)
        default:
            // DatabaseError.failed and everything the service does not know.
            return APIError(.internalServerError, "internal_error", "the service failed; the log has the details")
        }
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        response(requestID: request.headers[.xRequestID] ?? "")
    }

    /// The JSON response, carrying the request's id.
    func response(requestID: String) -> Response {
        struct Body: Encodable {
            struct Detail: Encodable {
                var code: String
                var message: String
                var fields: [String: String]?
                var requestID: String

                enum CodingKeys: String, CodingKey {
                    case code, message, fields
                    case requestID = "request_id"
                }
            }
            var error: Detail
        }
        let body = Body(error: .init(code: code, message: message, fields: fields, requestID: requestID))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = (try? encoder.encode(body)) ?? Data("{}".utf8)
        var headers = self.headers
        headers[.contentType] = "application/json; charset=utf-8"
        if status == .serviceUnavailable { headers[.retryAfter] = "1" }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
