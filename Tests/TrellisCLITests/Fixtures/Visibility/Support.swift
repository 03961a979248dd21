// Types of the app, declared in a file of their own, as a Vapor backend declares its environment.

enum AppEnvironment: Sendable {
    case testing, production
}

struct DownloadController: Sendable {}

public struct AuthToken: Sendable {
    public let value: String
}

typealias Checks = [String: Bool]
