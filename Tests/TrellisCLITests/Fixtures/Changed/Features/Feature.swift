import Trellis

@DIContainer
final class FeatureContainer {
    @Provide(.input)
    var apiClient: any APIClientProtocol

    @Provide(.transient, factory: { (apiClient: any APIClientProtocol) in LoginViewModel(api: apiClient) }, concrete: true)
    var loginViewModel: LoginViewModel
}

/// One per request: the caller passes its id and name, the app its API client.
@DIContainer
final class RequestScope {
    @Provide(.argument)
    var requestID: String

    @Provide(.argument)
    var caller: String

    @Provide(.input)
    var apiClient: any APIClientProtocol

    @Provide(.shared, factory: { (apiClient: any APIClientProtocol) in LoginViewModel(api: apiClient) }, concrete: true)
    var login: LoginViewModel
}

@DIContainer
struct AuditContainer {
    @Provide(.input)
    var sink: any AuditSink
}
