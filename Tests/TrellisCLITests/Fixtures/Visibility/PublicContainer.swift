import Trellis

// Public, as an executable in another module creates it, over the app's internal types.
@DIContainer(concrete: true)
public final class PublicContainer: Sendable {
    @Provide(.input) var environment: AppEnvironment
    @Provide(.input) var token: AuthToken
    @Provide(.shared, factory: DownloadController())
    var downloads: DownloadController
    @Provide(.shared, factory: { (environment: AppEnvironment) in [environment == .testing: DownloadController()] })
    var byEnvironment: [Bool: DownloadController]
    @Provide(.input) var checks: Checks
}

// Internal: its initializer may take internal types.
@DIContainer(concrete: true)
final class InternalContainer: Sendable {
    @Provide(.input) var environment: AppEnvironment
}
