import Testing
import Trellis

// The remaining examples of seeds 000 and 001 and of the DocC articles, adapted only where Swift needs it
// (see "Spellings of the documents that Swift cannot compile" in What a container may contain).

// InnoDI's README, ".input - External Dependencies" (an input may have a protocol type without `any`).
@DIContainer
struct InputContainer {
    @Provide(.input)
    var config: AppConfig

    @Provide(.input)
    var analytics: AnalyticsService
}

// InnoDI's Korean README, ".input": two inputs.
@DIContainer
struct TwoInputsContainer {
    @Provide(.input)
    var baseURL: String

    @Provide(.input)
    var apiKey: String
}

// InnoDI's Korean README, ".shared" with a parameter closure; Scopes and factories, "Factories".
@DIContainer
struct NetworkContainer {
    @Provide(.input)
    var baseURL: String

    @Provide(
        .shared,
        factory: { (baseURL: String) in
            NetworkService(baseURL: baseURL, session: StandInURLSession.shared)
        })
    var networkService: any NetworkServiceProtocol

    @Provide(.shared, factory: { (baseURL: String) in APIClient(baseURL: baseURL, timeout: 30) })
    var apiClient: any APIClientProtocol
}

// InnoDI's Korean README, ".transient" (the parameter is named after the member: resolution is by name).
@DIContainer
struct ViewModelContainer {
    @Provide(.input)
    var networkService: any NetworkServiceProtocol

    @Provide(
        .transient,
        factory: { (networkService: any NetworkServiceProtocol) in
            NetworkViewModel(networkService: networkService)
        }, concrete: true)
    var homeViewModel: NetworkViewModel
}

final class NetworkViewModel {
    let networkService: any NetworkServiceProtocol
    init(networkService: any NetworkServiceProtocol) { self.networkService = networkService }
}

// InnoDI's README, "AutoWiring", the factory-closure alternative with a label that differs.
@DIContainer
struct ConfigurationClosureContainer {
    @Provide(.input)
    var config: AppConfig

    @Provide(
        .shared,
        factory: { (config: AppConfig) in
            APIClient(configuration: config, timeout: 30)
        })
    var apiClient: any APIClientProtocol
}

// InnoDI's README, "Dependency Inversion Principle"; its Korean README "protocol first" (arguments in declaration order).
@DIContainer
struct DIPContainer {
    @Provide(.shared, factory: APIClient())
    var apiClient: any APIClientProtocol

    @Provide(.shared, factory: StandInURLSession.shared, concrete: true)
    var session: StandInURLSession
}

// InnoDI's README "Init Override"; its Korean README "Init Override로 Mock 주입" (parameter named after the member).
@DIContainer
struct OverrideContainer {
    @Provide(.input)
    var baseURL: String

    @Provide(.shared, factory: { (baseURL: String) in APIClient(baseURL: baseURL) })
    var apiClient: any APIClientProtocol
}

// Scopes and factories, "Scopes".
@DIContainer
struct ScopesContainer {
    @Provide(.input)
    var config: AppConfig

    @Provide(.input)
    var analytics: AnalyticsService

    @Provide(.shared, factory: StandInURLSession.shared)
    var session: any URLSessionProtocol

    @Provide(.transient, factory: { (apiClient: any APIClientProtocol) in HomeViewModel(api: apiClient) }, concrete: true)
    var homeViewModel: HomeViewModel

    @Provide(.shared, factory: APIClient())
    var apiClient: any APIClientProtocol
}

@Suite("Documentation examples")
struct DocumentationExampleTests {
    @Test("Inputs are required initializer parameters, read back unchanged")
    func inputs() {
        let container = InputContainer(config: AppConfig(environment: "production"), analytics: RecordingAnalytics())
        #expect(container.config.environment == "production")
        #expect(container.analytics is RecordingAnalytics)
        let two = TwoInputsContainer(baseURL: "https://api.example.com", apiKey: "your-api-key")
        #expect(two.baseURL == "https://api.example.com" && two.apiKey == "your-api-key")
    }

    @Test("Parameter closures receive the members they name")
    func parameterClosures() {
        let container = NetworkContainer(baseURL: "https://api.example.com")
        #expect((container.networkService as? NetworkService)?.baseURL == "https://api.example.com")
        #expect(container.apiClient.baseURL == "https://api.example.com?timeout=30")
        #expect(ConfigurationClosureContainer(config: AppConfig(baseURL: "b")).apiClient.baseURL == "b?timeout=30")
    }

    @Test("Transient view models are new on each access and share the input")
    func transientViewModels() {
        let network = NetworkService(session: MockURLSession())
        let container = ViewModelContainer(networkService: network)
        #expect(container.homeViewModel !== container.homeViewModel)
        #expect(container.homeViewModel.networkService === network)
    }

    @Test("A concrete member with the opt-in is stored like any other")
    func concreteOptIn() {
        let container = DIPContainer()
        #expect(container.session === StandInURLSession.shared)
        #expect(container.apiClient.baseURL == "default")
    }

    @Test("Init override replaces the factory in tests")
    func initOverride() {
        #expect(OverrideContainer(baseURL: "https://api.example.com").apiClient is APIClient)
        let test = OverrideContainer(baseURL: "https://test.example.com", apiClient: MockAPIClient())
        #expect(test.apiClient is MockAPIClient)
    }

    @Test("documented scopes example: shared identity and transient freshness")
    func readmeScopes() {
        let container = ScopesContainer(config: AppConfig(), analytics: RecordingAnalytics())
        let vm1 = container.homeViewModel
        let vm2 = container.homeViewModel
        #expect(vm1 !== vm2)
        #expect(vm1.api === vm2.api)
        #expect(container.session === StandInURLSession.shared)
    }
}
