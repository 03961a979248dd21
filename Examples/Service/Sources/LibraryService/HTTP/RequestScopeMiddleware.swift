import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Runs before every route: gives the request an id, reads its body (``RequestBodyReader``), finds
/// its caller, creates its scope container, answers every error as JSON, and logs one line with the
/// outcome: `info` for answers below 500, `warning` for 503 (the database is unavailable) and `error`
/// for other 5xx, both with the error; a request whose client went away mid-body is logged at `info`
/// as aborted.
struct RequestScopeMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    /// ``LibraryContainer/request(id:caller:)``: the application container's scope creator (or, in
    /// the hand-wired benchmark contender, ``HandWiredRequestScope/init(requestID:caller:application:)``).
    let makeScope: @Sendable (String, Caller) -> any RequestHandlers
    let authenticator: Authenticator
    let bodyReader: RequestBodyReader
    let logger: Logger

    init(
        makeScope: @escaping @Sendable (String, Caller) -> any RequestHandlers, authenticator: Authenticator,
        configuration: ServiceConfiguration, logger: Logger
    ) {
        self.makeScope = makeScope
        self.authenticator = authenticator
        bodyReader = RequestBodyReader(maximumSize: configuration.maximumBodySize, timeout: configuration.bodyTimeout)
        self.logger = logger
    }

    func handle(
        _ request: Request, context: AppRequestContext,
        next: (Request, AppRequestContext) async throws -> Response
    ) async throws -> Response {
        let started = ContinuousClock.now
        let requestID = Self.requestID(from: request.headers[.xRequestID])
        var context = context
        context.maxUploadSize = bodyReader.maximumSize
        var caller = Caller.anonymous
        var response: Response
        var failure: (any Error)?
        do {
            let request = try await bodyReader.read(request, context: context)
            caller = try await authenticator.caller(for: request)
            context.requestScope = makeScope(requestID, caller)
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
            "request_id": .string(requestID), "caller": .string(caller.logValue),
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
