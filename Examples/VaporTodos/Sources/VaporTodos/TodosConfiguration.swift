import Vapor

/// What the app reads from its environment.
public struct TodosConfiguration: Sendable {
    /// Where notifications are posted; `nil`: they are logged.
    public var webhookURL: URI?

    public init(webhookURL: URI? = nil) {
        self.webhookURL = webhookURL
    }

    /// `WEBHOOK_URL`, if set.
    public init(environment: [String: String]) {
        webhookURL = environment["WEBHOOK_URL"].map { URI(string: $0) }
    }
}
