import Trellis

@DIContainer
final class FeatureContainer {
    @Provide(.input)
    var apiClient: any APIClientProtocol

    @Provide(.transient, factory: { (apiClient: any APIClientProtocol) in LoginViewModel(api: apiClient) }, concrete: true)
    var loginViewModel: LoginViewModel
}

/// One per request: the caller passes its id, the app its API client.
@DIContainer
final class RequestScope {
    @Provide(.argument)
    var requestID: String

    @Provide(.input)
    var apiClient: any APIClientProtocol

    @Provide(.shared, factory: { (apiClient: any APIClientProtocol) in LoginViewModel(api: apiClient) }, concrete: true)
    var login: LoginViewModel
}

enum Settings {
    @DIContainer(validateDAG: false)
    struct Container {
        @Provide(.input)
        var label: String
    }
}

struct LoginViewModel {
    let api: any APIClientProtocol

    init(api: any APIClientProtocol) { self.api = api }
}
