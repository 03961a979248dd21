import Trellis

@DIContainer(root: true)
struct AppContainer: RequestScopeDependencies {
    @Provide(.input)
    var baseURL: String

    @Provide(.shared, factory: StandInURLSession.shared, service: true)
    var session: any URLSessionProtocol

    @Provide(.shared, APIClient.self, with: [\Self.baseURL, \Self.session], service: true)
    var apiClient: any APIClientProtocol

    @Provide(.shared, asyncFactory: { (apiClient: any APIClientProtocol) async throws in try await Catalog.load(apiClient) })
    var catalog: any CatalogProtocol

    @Provide(.transient, factory: { (c: Self) in FeatureContainer(apiClient: c.apiClient) }, concrete: true)
    var loginBuilder: FeatureContainer

    @Provide(.transient, factory: { Settings.Container(label: "settings \"main\"") }, concrete: true)
    var settings: Settings.Container

    @Assisted(.scope)
    func request(id requestID: String) -> RequestScope
}

extension AppContainer {
    /// Helpers in an extension are fine; only initializers are not.
    var isProduction: Bool { baseURL.hasPrefix("https://") }
}
