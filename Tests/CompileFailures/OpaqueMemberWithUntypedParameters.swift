// An opaque `.transient` member whose factory closure leaves its parameters' types out, as a
// Hummingbird application's does, with a misspelt parameter: Trellis's error on the parameter is the
// only one. The container's placeholder gives the member the type the closure returns
// (`Application<Router<Context>>`), not a type read from the closure's first call, which is generic
// here and reported inside the expansion ("reference to generic type 'Application' requires
// arguments").
import Trellis

protocol ApplicationProtocol {}
struct Context {}
struct Router<RequestContext> {}
struct Configuration: Sendable {}
struct Application<Responder>: ApplicationProtocol {
    init(router: Responder, configuration: Configuration) {}
}

@DIContainer(root: true)
final class AppContainer {
    @Provide(.input) var configuration: Configuration

    @Provide(.transient, factory: { configuraton in
        Application(router: Router<Context>(), configuration: configuraton)
    })
    var app: some ApplicationProtocol
}
