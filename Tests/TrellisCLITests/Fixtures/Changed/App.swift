import Trellis

// `Fixtures/Clean` after a change under review: `trellis diff` of their graphs is
// `Golden/Clean-Changed.diff.txt`.
@DIContainer(root: true, permanent: true)
struct AppContainer: RequestScopeDependencies, FeatureContainerDependencies {
    @Provide(.input)
    var baseURL: String

    @Provide(.shared, factory: StandInURLSession.shared)
    var session: any URLSessionProtocol

    @Provide(.shared, factory: { (apiClient: Lazy<any APIClientProtocol>) in Metrics(apiClient) }, concrete: true, into: \Self.probes)
    var metrics: Metrics

    @Provide(.transient, factory: { (session: Provider<any URLSessionProtocol>) in Probe(session) }, concrete: true, into: \Self.probes)
    var sessionProbe: Probe

    @Provide(.collection)
    var probes: [any HealthProbe]

    @Provide(.shared, APIClient.self, with: [\Self.baseURL, \Self.session, \Self.metrics], service: true)
    var apiClient: any APIClientProtocol

    @Provide(.shared, asyncFactory: { (apiClient: any APIClientProtocol) async in await Catalog.load(apiClient) })
    var catalog: any CatalogProtocol

    @Provide(.child)
    var loginBuilder: FeatureContainer

    @Assisted(.scope)
    func request(id requestID: String, caller: String) -> RequestScope
}
