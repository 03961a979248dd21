import Testing
import Trellis

// InnoDI's README, Quick Start (with `\Self.baseURL`: Swift cannot infer `\.baseURL` in an attribute).
@DIContainer
struct QuickStartContainer {
    @Provide(.input)
    var baseURL: String

    @Provide(.shared, APIClient.self, with: [\Self.baseURL])
    var apiClient: any APIClientProtocol
}

// InnoDI's README, .shared in detail (the member read becomes a closure parameter).
@DIContainer
struct SharedContainer {
    @Provide(.shared, factory: StandInURLSession.shared)
    var session: any URLSessionProtocol

    @Provide(.shared, factory: { (session: any URLSessionProtocol) in NetworkService(session: session) })
    var networkService: any NetworkServiceProtocol
}

// The same, with a closure that takes the container.
@DIContainer
struct ContainerClosureContainer {
    @Provide(.shared, factory: StandInURLSession.shared)
    var session: any URLSessionProtocol

    @Provide(.shared, factory: { (c: Self) in NetworkService(session: c.session) })
    var networkService: any NetworkServiceProtocol
}

// InnoDI's README, .transient in detail.
@DIContainer
struct TransientContainer {
    @Provide(.input)
    var apiClient: any APIClientProtocol

    @Provide(.transient, factory: { (apiClient: any APIClientProtocol) in HomeViewModel(api: apiClient) }, concrete: true)
    var homeViewModel: HomeViewModel

    @Provide(.transient, factory: { (c: TransientContainer) in ProfileViewModel(api: c.apiClient) }, concrete: true)
    var profileViewModel: ProfileViewModel
}

// InnoDI's README, AutoWiring with two keys.
@DIContainer
struct AutoWiringContainer {
    @Provide(.input)
    var config: AppConfig

    @Provide(.input)
    var logger: Logger

    @Provide(.shared, APIClient.self, with: [\Self.config, \AutoWiringContainer.logger])
    var apiClient: any APIClientProtocol
}

@Suite("Examples of the documents Trellis implements")
struct InnoDIExampleTests {
    @Test("Quick start builds the AutoWired client from the input")
    func quickStart() {
        let container = QuickStartContainer(baseURL: "https://api.example.com")
        #expect(container.apiClient.baseURL == "https://api.example.com")
        #expect(container.apiClient === container.apiClient)
    }

    @Test("A shared member is built once and its dependents see it")
    func shared() {
        let container = SharedContainer()
        #expect(container.networkService === container.networkService)
        #expect(container.networkService.session === StandInURLSession.shared)
    }

    @Test("Overriding a shared member reaches the members built from it")
    func overridePropagates() {
        let mock = MockURLSession()
        let container = SharedContainer(session: mock)
        #expect(container.session === mock)
        #expect(container.networkService.session === mock)
        let closureContainer = ContainerClosureContainer(session: mock)
        #expect(closureContainer.networkService.session === mock)
    }

    @Test("A transient member is new on every access")
    func transient() {
        let container = TransientContainer(apiClient: MockAPIClient())
        #expect(container.homeViewModel !== container.homeViewModel)
        #expect(container.profileViewModel !== container.profileViewModel)
        #expect(container.profileViewModel.api === container.apiClient)
    }

    @Test("AutoWiring with two keys passes both members by label")
    func autoWiringTwoKeys() {
        let logger = Logger(label: "test")
        let container = AutoWiringContainer(config: AppConfig(baseURL: "u"), logger: logger)
        let client = container.apiClient as? APIClient
        #expect(client?.logger === logger)
        #expect(client?.config == AppConfig(baseURL: "u"))
    }
}
