import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOConcurrencyHelpers

/// The outermost middleware: gives the request an id (the client's `X-Request-ID` when it is a
/// sensible one), answers every error as JSON (``APIError``), and logs one line with the outcome:
/// `info` for answers below 500, `warning` for 503 (the database is unavailable) and `error` for
/// other 5xx, both with the error; a request whose client went away mid-body is logged at `info` as
/// aborted. The line names the caller that ``RequestScopeMiddleware``, inside it, found.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let logger: Logger

    func handle(
        _ request: Request, context: AppRequestContext,
        next: (Request, AppRequestContext) async throws -> Response
    ) async throws -> Response {
        let started = ContinuousClock.now
        let requestID = Self.requestID(from: request.headers[.xRequestID])
        var context = context
        context.requestID = requestID
        // The context travels inward by value: the middleware inside records the caller here.
        let caller = NIOLockedValueBox(Caller.anonymous)
        context.recordCaller = { found in caller.withLockedValue { $0 = found } }
        var response: Response
        var failure: (any Error)?
        do {
            response = try await next(request, context)
        } catch {
            failure = error
            response = APIError.answering(error).response(requestID: requestID)
            // A HEAD request's answer has the headers of the error, and no body.
            if request.method == .head { response = response.createHeadResponse() }
        }
        response.headers[.xRequestID] = requestID
        let abort = failure as? ClientAbort
        let level: Logger.Level =
            abort == nil && response.status.code >= 500
            ? (response.status == .serviceUnavailable ? .warning : .error) : .info
        // The line's metadata (and its formatted duration) only when it is written.
        guard logger.logLevel <= level else { return response }
        let elapsed = ContinuousClock.now - started
        let milliseconds = Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
        var metadata: Logger.Metadata = [
            "request_id": .string(requestID), "caller": .string(caller.withLockedValue { $0 }.logValue),
            "duration_ms": .string(String(format: "%.2f", milliseconds)),
        ]
        let route = "\(request.method) \(request.uri.path)"
        if let abort {
            metadata["reason"] = .string(abort.reason)
            logger.log(
                level: level, "\(route) aborted: the client closed the connection before the whole body arrived",
                metadata: metadata)
        } else {
            if level > .info { metadata["error"] = .string(failure.map { "\($0)" } ?? "") }
            logger.log(level: level, "\(route) \(response.status.code)", metadata: metadata)
        }
        return response
    }

    /// The client's `X-Request-ID` when it is a sensible one (1 to 64 letters, digits, `-`, `_`,
    /// `.`), otherwise a new random one.
    static func requestID(from header: String?) -> String {
        if let header, (1...64).contains(header.utf8.count),
            header.utf8.allSatisfy({
                $0 == 0x2D || $0 == 0x2E || $0 == 0x5F || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0)
                    || (0x61...0x7A).contains($0)
            })
        {
            return header
        }
        return randomHex(words: 1)
    }
}

extension HTTPField.Name {
    static let xRequestID = Self("X-Request-ID")!
}
