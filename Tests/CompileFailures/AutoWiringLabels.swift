import Trellis

// AutoWiring passes each `with:` member labelled with its name. An initializer whose labels differ
// gets Swift's "incorrect argument label" on the AutoWiring type, and the excerpt under it shows
// Trellis's comment naming the factory closure to write instead.
struct BearerAuthenticationMiddleware: Sendable {
    let expectedToken: String
    init(expectedToken: String) { self.expectedToken = expectedToken }
}

@DIContainer(concrete: true)
final class AppContainer: Sendable {
    @Provide(.input)
    var authToken: String

    @Provide(.shared, BearerAuthenticationMiddleware.self, with: [\Self.authToken])
    var adminAuthentication: BearerAuthenticationMiddleware
}
