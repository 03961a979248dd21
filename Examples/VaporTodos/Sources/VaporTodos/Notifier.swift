import Vapor

/// Tells someone that a todo changed. Built for each request, from the request: it sends with the
/// request's HTTP client and logs with the request's logger, so its lines carry the request's id.
public protocol Notifier: Sendable {
    func notify(_ message: String) async throws
}

/// Posts each message to a webhook, with the request's client.
public struct WebhookNotifier: Notifier {
    let client: any Client
    let url: URI

    public func notify(_ message: String) async throws {
        let response = try await client.post(url) { try $0.content.encode(["text": message]) }
        guard (200..<300).contains(response.status.code) else {
            throw Abort(.badGateway, reason: "the webhook answered \(response.status.code)")
        }
    }
}

/// Logs each message, when no webhook is configured.
public struct LogNotifier: Notifier {
    let logger: Logger

    public func notify(_ message: String) async throws {
        logger.info("\(message)")
    }
}
