// Plain Swift stand-ins for the types the seed examples use (URLSession, Logger, view models...),
// so the seed examples compile on Linux without Apple-only frameworks.

protocol URLSessionProtocol: AnyObject, Sendable {}
final class StandInURLSession: URLSessionProtocol {
    static let shared = StandInURLSession()
}
final class MockURLSession: URLSessionProtocol {}

protocol NetworkServiceProtocol: AnyObject, Sendable {
    var session: any URLSessionProtocol { get }
}
final class NetworkService: NetworkServiceProtocol {
    let session: any URLSessionProtocol
    let baseURL: String
    init(session: any URLSessionProtocol, baseURL: String = "") {
        self.session = session
        self.baseURL = baseURL
    }
    convenience init(baseURL: String, session: any URLSessionProtocol) {
        self.init(session: session, baseURL: baseURL)
    }
}

protocol APIClientProtocol: AnyObject, Sendable {
    var baseURL: String { get }
}
final class APIClient: APIClientProtocol {
    let baseURL: String
    let config: AppConfig?
    let logger: Logger?
    init(baseURL: String) {
        self.baseURL = baseURL
        config = nil
        logger = nil
    }
    init(config: AppConfig, logger: Logger) {
        baseURL = config.baseURL
        self.config = config
        self.logger = logger
    }
    init() {
        baseURL = "default"
        config = nil
        logger = nil
    }
}
final class MockAPIClient: APIClientProtocol {
    let baseURL = "mock"
}

struct AppConfig: Sendable, Equatable {
    var baseURL: String = "https://api.example.com"
    var environment: String = "production"
}
final class Logger: Sendable {
    let label: String
    init(label: String = "app") { self.label = label }
}

protocol AnalyticsService: Sendable {}
struct RecordingAnalytics: AnalyticsService {}

final class HomeViewModel {
    let api: any APIClientProtocol
    init(api: any APIClientProtocol) { self.api = api }
}
final class ProfileViewModel {
    let api: any APIClientProtocol
    init(api: any APIClientProtocol) { self.api = api }
}

extension APIClient {
    convenience init(baseURL: String, timeout: Int) { self.init(baseURL: "\(baseURL)?timeout=\(timeout)") }
    convenience init(configuration: AppConfig, timeout: Int) { self.init(baseURL: configuration.baseURL, timeout: timeout) }
}
