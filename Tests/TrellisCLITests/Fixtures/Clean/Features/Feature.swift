import Trellis

@DIContainer
final class FeatureContainer {
    @Provide(.input)
    var apiClient: any APIClientProtocol

    @Provide(.transient, factory: { (apiClient: any APIClientProtocol) in LoginViewModel(api: apiClient) }, concrete: true)
    var loginViewModel: LoginViewModel
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
