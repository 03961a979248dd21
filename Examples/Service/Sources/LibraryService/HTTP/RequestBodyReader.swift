import Hummingbird
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1

/// Reads a request's whole body (up to the configured size) before the request is authenticated
/// or routed, within the configured time.
///
/// - A body that has not arrived after `timeout` is answered 408, and the connection's input is
///   closed, so that the connection is released: Hummingbird otherwise waits for the rest of a
///   body before it reads the next request, however long that takes.
/// - A body that stops because the client went away is a ``ClientAbort``, which the request's log
///   line reports as such, not as a failure of the service.
/// - A body over the limit is answered 413.
///
/// Handlers then decode a body that is already in memory.
struct RequestBodyReader: Sendable {
    let maximumSize: Int
    let timeout: Duration

    func read(_ request: Request, context: AppRequestContext) async throws -> Request {
        // A request with neither header has no body (RFC 9112, 6.3): nothing to wait for.
        if request.headers[.transferEncoding] == nil, request.headers[.contentLength] ?? "0" == "0" { return request }
        let channel = context.channel
        let timedOut = NIOLockedValueBox(false)
        let timer = channel.eventLoop.scheduleTask(in: .init(timeout)) {
            timedOut.withLockedValue { $0 = true }
            channel.close(mode: .input, promise: nil)
        }
        defer { timer.cancel() }
        var request = request
        do {
            let body = try await request.body.collect(upTo: maximumSize)
            // Closing the input may end the body early rather than fail it.
            if timedOut.withLockedValue({ $0 }) { throw timeoutError }
            request.body = .init(buffer: body)
            return request
        } catch let error as APIError {
            throw error
        } catch {
            if timedOut.withLockedValue({ $0 }) { throw timeoutError }
            if let error = error as? any HTTPResponseError, error.status == .contentTooLarge {
                throw APIError(.contentTooLarge, "body_too_large", "the body is larger than \(maximumSize) bytes")
            }
            if error is CancellationError { throw error }
            // A body that breaks HTTP's framing is the client's error; one that stops short because the
            // connection ended (NIO's parser reports the early end of the stream) is an abort.
            if let error = error as? HTTPParserError, error != .invalidEOFState {
                throw APIError(.badRequest, "bad_request", "the body is not valid HTTP: \(error)")
            }
            throw ClientAbort(reason: "\(error)")
        }
    }

    private var timeoutError: APIError {
        APIError(
            .requestTimeout, "body_timeout", "the body did not arrive within \(timeout.secondsText)",
            headers: [.connection: "close"])
    }
}

/// The client closed the connection before its request's body arrived: nobody reads the answer,
/// and the service did nothing wrong.
struct ClientAbort: HTTPResponseError {
    /// What reading the body reported (NIO's parser error for a connection closed mid-body).
    var reason: String
    var status: HTTPResponse.Status { .badRequest }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        try APIError.answering(self).response(from: request, context: context)
    }
}
